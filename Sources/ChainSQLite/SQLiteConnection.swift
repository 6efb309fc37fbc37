internal import CSQLite

/// One SQLite database connection: open with explicit flags, run SQL, prepare statements.
///
/// `@unchecked Sendable` because it wraps a C handle opened with `SQLITE_OPEN_NOMUTEX`:
/// SQLite does no locking of its own here, so a connection (and its statements) must be used
/// by one thread at a time. Its owners guarantee that — the catalog writer thread owns its
/// connection outright, and reader connections are lent out one caller at a time under a
/// mutex — and the type only needs to cross threads to reach them.
package final class SQLiteConnection: @unchecked Sendable {
    /// How a connection is opened; both add `NOMUTEX` and extended result codes.
    package enum Mode: Sendable {
        case readWriteCreate
        case readOnly

        package var flags: Int32 {
            let common = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            switch self {
            case .readWriteCreate: return common | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readOnly: return common | SQLITE_OPEN_READONLY
            }
        }
    }

    package let path: String
    private var handle: OpaquePointer?
    /// Statements kept prepared for the hot paths, keyed by their SQL; finalized on close.
    private var cache: [String: SQLiteStatement] = [:]

    package init(path: String, mode: Mode) throws {
        self.path = path
        var database: OpaquePointer?
        let result = sqlite3_open_v2(path, &database, mode.flags, nil)
        guard result == SQLITE_OK, let database else {
            // Even a failed open may allocate a handle, which carries the message and must be closed.
            let error = SQLiteError(code: result, connection: database, sql: nil)
            sqlite3_close(database)
            throw error
        }
        handle = database
    }

    deinit {
        // Backstop only: owners close explicitly (checked). close_v2 defers the close until
        // any statement still alive is finalized instead of failing.
        cache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
    }

    // MARK: Configuration

    /// How long a statement waits on another connection's lock before failing with SQLITE_BUSY.
    package func setBusyTimeout(milliseconds: Int32) throws {
        try check(sqlite3_busy_timeout(live(), milliseconds))
    }

    /// The boolean `sqlite3_db_config` options we set, named so callers need not import C.
    package enum Option: Sendable {
        case defensive
        case doubleQuotedStringsInDML
        case doubleQuotedStringsInDDL

        package var code: Int32 {
            switch self {
            case .defensive: SQLITE_DBCONFIG_DEFENSIVE
            case .doubleQuotedStringsInDML: SQLITE_DBCONFIG_DQS_DML
            case .doubleQuotedStringsInDDL: SQLITE_DBCONFIG_DQS_DDL
            }
        }
    }

    /// Sets a boolean `sqlite3_db_config` option and returns the setting now in effect.
    @discardableResult
    package func configure(_ option: Option, enabled: Bool) throws -> Bool {
        var current: Int32 = -1
        try check(csqlite_db_config_int(live(), option.code, enabled ? 1 : 0, &current))
        return current == 1
    }

    // MARK: Running SQL

    /// Runs one or more statements that return no rows of interest (DDL, PRAGMA, BEGIN …).
    package func execute(_ sql: String) throws {
        let database = try live()
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(database, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(database))
            throw SQLiteError(code: result, message: text, sql: sql)
        }
    }

    /// Runs one statement from the statement cache with what `bind` binds: for what a group
    /// commit repeats per batch (`SAVEPOINT`, `RELEASE`, a session's rows), so it is parsed
    /// once per connection, not per use.
    package func executeCached(_ sql: String, bind: (SQLiteStatement) throws -> Void = { _ in }) throws {
        let statement = try cachedStatement(sql)
        try bind(statement)
        try statement.run()
    }

    /// A new statement the caller owns and finalizes.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        let database = try live()
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: database, sql: sql) }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in SQL text", sql: sql)
        }
        return SQLiteStatement(handle: statement, sql: sql)
    }

    /// A statement kept prepared on this connection, reset and with its binds cleared.
    /// Only valid until the next `cachedStatement` call with the same SQL.
    package func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = cache[sql] {
            try statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs `sql` with `bind` and returns the first column of the first row as an integer.
    package func scalarInt64(_ sql: String, bind: (SQLiteStatement) throws -> Void = { _ in }) throws -> Int64? {
        let statement = try cachedStatement(sql)
        try bind(statement)
        let value = try statement.step() ? statement.optionalInt64(at: 0) : nil
        // Reset at once: a statement left mid-result keeps its read transaction open.
        try statement.reset()
        return value
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    package var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// `false` while a transaction is open.
    package var isAutocommit: Bool { handle.map { sqlite3_get_autocommit($0) != 0 } ?? true }

    // MARK: Lifetime

    package var isOpen: Bool { handle != nil }

    /// Finalizes the cached statements and closes the connection. Idempotent.
    ///
    /// Uses `sqlite3_close`, which fails rather than leaks when a statement is still alive;
    /// the handle is then handed to `sqlite3_close_v2` so it is released once that
    /// statement goes, and the failure is reported.
    package func close() throws {
        guard let database = handle else { return }
        var firstError: (any Error)?
        for statement in cache.values {
            do { try statement.finalize() } catch { firstError = firstError ?? error }
        }
        cache.removeAll()
        handle = nil
        let result = sqlite3_close(database)
        if result != SQLITE_OK {
            let error = SQLiteError(code: result, connection: database, sql: nil)
            sqlite3_close_v2(database)
            throw error
        }
        if let firstError { throw firstError }
    }

    private func live() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "connection is closed") }
        return handle
    }

    private func check(_ result: Int32) throws {
        guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
    }
}
