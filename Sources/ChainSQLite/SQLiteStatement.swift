internal import CSQLite

/// One prepared statement with typed binds and column reads.
///
/// Not `Sendable`: a statement belongs to its connection, and so to the one thread using
/// that connection at a time. Bind indexes are 1-based and column indexes 0-based, as in C.
package final class SQLiteStatement {
    private var handle: OpaquePointer?
    package let sql: String

    package init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        // Backstop only: owners finalize explicitly (checked) before closing the connection,
        // and there is nobody left to report a failure to here.
        if let handle { sqlite3_finalize(handle) }
    }

    // MARK: Binding

    package func bind(_ value: Int64?, at index: Int) throws {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(live(), Int32(index), value))
    }

    package func bind(_ value: Int?, at index: Int) throws {
        try bind(value.map(Int64.init), at: index)
    }

    package func bind(_ value: Double?, at index: Int) throws {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_double(live(), Int32(index), value))
    }

    package func bind(_ value: String?, at index: Int) throws {
        guard var value else { return try bindNull(at: index) }
        let statement = try live()
        // withUTF8 may hand out a nil base address for an empty string, which SQLite would
        // take as NULL; an empty literal keeps it the empty text it is.
        let result = value.isEmpty
            ? csqlite_bind_text_transient(statement, Int32(index), "", 0)
            : value.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { text in
                    csqlite_bind_text_transient(statement, Int32(index), text.baseAddress, Int32(text.count))
                }
            }
        try check(result)
    }

    package func bind(_ value: [UInt8]?, at index: Int) throws {
        guard let value else { return try bindNull(at: index) }
        let statement = try live()
        // A NULL pointer would bind SQL NULL, so an empty blob is bound as a zero-length blob.
        let result = value.isEmpty
            ? sqlite3_bind_zeroblob(statement, Int32(index), 0)
            : value.withUnsafeBytes { bytes in
                csqlite_bind_blob_transient(statement, Int32(index), bytes.baseAddress, Int32(bytes.count))
            }
        try check(result)
    }

    package func bindNull(at index: Int) throws {
        try check(sqlite3_bind_null(live(), Int32(index)))
    }

    /// Makes the statement ready to run again with new binds.
    package func reset() throws {
        let statement = try live()
        try check(sqlite3_reset(statement))
        try check(sqlite3_clear_bindings(statement))
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is ready to read, `false` when done.
    @discardableResult
    package func step() throws -> Bool {
        let statement = try live()
        let result = sqlite3_step(statement)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: result, connection: sqlite3_db_handle(statement), sql: sql)
            // Clears the failure so the statement can be reused or finalized cleanly; it only
            // repeats the error already captured above.
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Steps until done: for statements run for their effect.
    package func run() throws {
        while try step() {}
    }

    /// Steps through every row, mapping each. The statement ends done (or reset on error), so
    /// it never holds a read transaction open after returning.
    package func rows<T>(_ map: (SQLiteStatement) throws -> T) throws -> [T] {
        var result: [T] = []
        do {
            while try step() { result.append(try map(self)) }
        } catch {
            // Only matters when `map` threw mid-result; step already reset itself on its errors,
            // and sqlite3_reset would merely repeat one of those.
            if let handle { sqlite3_reset(handle) }
            throw error
        }
        return result
    }

    // MARK: Columns

    package var columnCount: Int { handle.map { Int(sqlite3_column_count($0)) } ?? 0 }

    package func isNull(at column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    package func int64(at column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    package func int(at column: Int) -> Int {
        Int(truncatingIfNeeded: int64(at: column))
    }

    package func optionalInt64(at column: Int) -> Int64? {
        isNull(at: column) ? nil : int64(at: column)
    }

    package func optionalInt(at column: Int) -> Int? {
        isNull(at: column) ? nil : int(at: column)
    }

    package func double(at column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// The column as UTF-8 text, `nil` for SQL NULL.
    package func text(at column: Int) -> String? {
        guard !isNull(at: column) else { return nil }
        // sqlite3_column_text before sqlite3_column_bytes, so the length is that of the text.
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as bytes, `nil` for SQL NULL.
    package func blob(at column: Int) -> [UInt8]? {
        guard !isNull(at: column) else { return nil }
        guard let bytes = sqlite3_column_blob(handle, Int32(column)) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    // MARK: Lifetime

    /// Releases the statement; later use throws. Idempotent.
    package func finalize() throws {
        guard let statement = handle else { return }
        let database = sqlite3_db_handle(statement)
        handle = nil
        let result = sqlite3_finalize(statement)
        guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: database, sql: sql) }
    }

    private func live() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "statement already finalized", sql: sql) }
        return handle
    }

    private func check(_ result: Int32) throws {
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, connection: handle.flatMap { sqlite3_db_handle($0) }, sql: sql)
        }
    }
}
