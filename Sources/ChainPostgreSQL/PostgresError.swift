/// A failure PostgreSQL or libpq reported.
package struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505`, `40001`, …); empty when libpq failed alone.
    package let sqlState: String
    package let message: String
    /// The connection is gone (server down or restarted, network cut): reconnect before
    /// the next statement. What the statement in flight did is not known from here.
    package let connectionLost: Bool
    package let sql: String?

    package init(connectionLost message: String, url: String) {
        sqlState = ""
        self.message = "cannot reach \(url): " + message.trimmingTrailingNewlines
        connectionLost = true
        sql = nil
    }

    package init(result: PostgresResult, connectionMessage: String, connectionLost: Bool, sql: String) {
        sqlState = result.errorField(UInt8(ascii: "C")) ?? ""
        let primary = result.errorField(UInt8(ascii: "M")) ?? connectionMessage
        message = primary.trimmingTrailingNewlines
        // Class 08 is connection trouble; 57P01–57P03 a server shutting down or starting. An
        // error with no SQLSTATE at all is libpq's own: the server never answered (its socket
        // closed, say), whatever libpq's status says yet.
        self.connectionLost = connectionLost || sqlState.isEmpty || sqlState.hasPrefix("08")
            || ["57P01", "57P02", "57P03"].contains(sqlState)
        self.sql = sql
    }

    package var description: String {
        let state = sqlState.isEmpty ? "" : " (\(sqlState))"
        return "PostgreSQL: \(message)\(state)"
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last.isNewline || last == " " { text.removeLast() }
        return String(text)
    }
}
