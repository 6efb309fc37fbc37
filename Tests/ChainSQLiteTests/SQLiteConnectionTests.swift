import ChainSQLite
import ChainTestSupport
import Foundation
import Testing

@Suite struct SQLiteConnectionTests {
    @Test func errorsCarrySQLiteMessageCodeAndStatement() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/t.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            let error = try #require(throws: SQLiteError.self) { try connection.execute("SELEC 1") }
            #expect(error.primaryCode == 1)  // SQLITE_ERROR
            #expect(error.message.contains("syntax error"))
            #expect(error.sql == "SELEC 1")

            try connection.execute("CREATE TABLE t (v INTEGER CHECK (v > 0))")
            let insert = try connection.prepare("INSERT INTO t VALUES (?1)")
            try insert.bind(-1, at: 1)
            let check = try #require(throws: SQLiteError.self) { try insert.run() }
            #expect(check.code == 275)  // SQLITE_CONSTRAINT_CHECK: extended codes are on
            // The failed step was cleared, so the statement can be reused and finalizes cleanly.
            try insert.reset()
            try insert.bind(2, at: 1)
            try insert.run()
            try insert.finalize()
        }
    }

    @Test func bindsAndReadsEveryType() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/t.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            let statement = try connection.prepare("SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7")
            try statement.bind(Int64.min, at: 1)
            try statement.bind("Zürich ☕️ \u{0}tail", at: 2)
            try statement.bind("", at: 3)
            try statement.bind([UInt8](), at: 4)
            try statement.bind([0, 1, 255] as [UInt8], at: 5)
            try statement.bind(2.5, at: 6)
            try statement.bind(nil as String?, at: 7)
            #expect(try statement.step())
            #expect(statement.int64(at: 0) == Int64.min)
            #expect(statement.text(at: 1) == "Zürich ☕️ \u{0}tail")
            #expect(statement.text(at: 2) == "")
            #expect(statement.blob(at: 3) == [])
            #expect(statement.blob(at: 4) == [0, 1, 255])
            #expect(statement.double(at: 5) == 2.5)
            #expect(statement.isNull(at: 6) && statement.text(at: 6) == nil && statement.optionalInt(at: 6) == nil)
            #expect(try statement.step() == false)
            try statement.finalize()
        }
    }

    @Test func configuresOptionsAndRefusesUseAfterClose() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/t.sqlite", mode: .readWriteCreate)
            #expect(try connection.configure(.defensive, enabled: true))
            #expect(try connection.configure(.doubleQuotedStringsInDML, enabled: false) == false)
            // With double-quoted string literals off, "x" must name a column.
            #expect(throws: SQLiteError.self) { try connection.execute("SELECT \"no such column\"") }
            _ = try connection.cachedStatement("SELECT 1")
            try connection.close()
            try connection.close()
            #expect(!connection.isOpen)
            #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        }
    }

    @Test func closeFailsWhileAStatementIsAlive() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/t.sqlite", mode: .readWriteCreate)
            let statement = try connection.prepare("SELECT 1")
            let error = try #require(throws: SQLiteError.self) { try connection.close() }
            #expect(error.primaryCode == 5)  // SQLITE_BUSY: unfinalized statement
            try statement.finalize()  // the deferred close completes now
        }
    }

    @Test func readOnlyConnectionsCannotWrite() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/t.sqlite"
            let writer = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try writer.execute("CREATE TABLE t (v)")
            try writer.close()
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            defer { try? reader.close() }
            let error = try #require(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
            #expect(error.primaryCode == 8)  // SQLITE_READONLY
        }
    }
}
