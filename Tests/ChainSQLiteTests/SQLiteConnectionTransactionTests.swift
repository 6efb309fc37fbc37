import ChainSQLite
import ChainTestSupport
import Foundation
import Testing

/// `transaction { }` and `savepoint { }`: what commits, what rolls back, and which error the
/// caller hears.
@Suite struct SQLiteConnectionTransactionTests {
    struct Refused: Error {}

    static func withTable(_ body: (SQLiteConnection) throws -> Void) throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/t.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            try connection.execute("CREATE TABLE t (v INTEGER NOT NULL)")
            try body(connection)
        }
    }

    static func values(_ connection: SQLiteConnection) throws -> Int64? {
        try connection.scalarInt64("SELECT group_concat(v, '') FROM t")
    }

    @Test func aTransactionCommitsWhatItsBodyWroteAndReturnsItsValue() throws {
        try Self.withTable { connection in
            let value = try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1), (2)")
                return 42
            }
            #expect(value == 42)
            #expect(connection.isAutocommit)
            #expect(try Self.values(connection) == 12)
        }
    }

    @Test func aThrowingBodyRollsBackAndItsErrorIsRethrown() throws {
        try Self.withTable { connection in
            #expect(throws: Refused.self) {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (1)")
                    throw Refused()
                }
            }
            #expect(connection.isAutocommit, "nothing is left open")
            let stored = try Self.values(connection)
            #expect(stored == nil)
        }
    }

    @Test func aFailingSavepointUndoesOnlyItsOwnWrites() throws {
        try Self.withTable { connection in
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                let undone = Result {
                    try connection.savepoint("batch") {
                        try connection.execute("INSERT INTO t VALUES (2)")
                        throw Refused()
                    }
                }
                #expect(throws: Refused.self) { try undone.get() }
                try connection.savepoint("batch") { try connection.execute("INSERT INTO t VALUES (3)") }
            }
            #expect(try Self.values(connection) == 13)
        }
    }
}
