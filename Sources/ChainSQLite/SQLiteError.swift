internal import CSQLite

/// A failed SQLite call, with what SQLite itself said about it.
///
/// `code` is the extended result code (connections are opened with `SQLITE_OPEN_EXRESCODE`),
/// so `SQLITE_CONSTRAINT_CHECK` and `SQLITE_CONSTRAINT_UNIQUE` stay distinguishable;
/// `primaryCode` folds it back to the primary code for coarse checks.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    package let code: Int32
    package let message: String
    /// The statement that failed, when there was one: the first thing to look at in a log.
    package let sql: String?

    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Reads the message SQLite keeps on the connection for its most recent failure.
    package init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql)
    }

    package var primaryCode: Int32 { code & 0xFF }

    package var description: String {
        let base = "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)"
        return sql.map { "\(base) [\($0)]" } ?? base
    }
}
