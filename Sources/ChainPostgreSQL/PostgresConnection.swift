internal import CPostgreSQL
import Glibc

/// One PostgreSQL connection through libpq: connect by URL, run SQL, run statements it keeps
/// prepared, and reconnect after the server went away.
///
/// `@unchecked Sendable` for the same reason as `SQLiteConnection`: libpq allows one thread
/// at a time on a connection, and its owners (the writer thread, the reader pool) guarantee
/// that; the type only crosses threads to reach them.
package final class PostgresConnection: @unchecked Sendable {
    /// Seconds a connection attempt may take before it fails, unless the URL says otherwise.
    package static let connectTimeoutSeconds = 5

    /// The URL with any password replaced, for messages.
    package let displayURL: String
    private let url: String
    /// Run after every (re)connection: the session settings the owner needs.
    private let setup: [String]
    private var handle: OpaquePointer?
    /// Statements prepared on this connection, by SQL: their server-side names.
    private var prepared: [String: String] = [:]
    /// Set when a statement failed for a reason that ends the connection. libpq may still
    /// call it OK then: a server shutting down sends its FATAL message first, which comes
    /// back as the statement's error before libpq reads the end of the socket.
    private var broken = false

    package init(url: String, setup: [String] = []) throws {
        self.url = url
        self.setup = setup
        displayURL = Self.redacted(url)
        try connect()
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Whether the connection is up, as far as libpq last saw.
    package var isConnected: Bool { !broken && (handle.map { PQstatus($0) == CONNECTION_OK } ?? false) }

    /// Whether a transaction is open (or failed and not yet rolled back).
    package var inTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Drops the connection, if any, and connects again; prepared statements start over.
    package func reconnect() throws {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared.removeAll()
        broken = false
        try connect()
    }

    /// Runs one or more statements with no parameters, by the simple protocol (DDL, BEGIN…).
    package func execute(_ sql: String) throws {
        let connection = try live()
        let result = PostgresResult(PQexec(connection, sql))
        try check(result, sql: sql)
    }

    /// Runs one statement with `parameters` ($1, $2, …), prepared once per connection and
    /// kept: the hot paths parse and plan nothing per call. Results come back in binary.
    @discardableResult
    package func query(_ sql: String, _ parameters: [PostgresValue] = []) throws -> PostgresResult {
        let connection = try live()
        let name = try preparedName(for: sql, parameterCount: parameters.count, on: connection)
        let result = PostgresValue.withCArrays(parameters) { values, lengths, formats in
            PostgresResult(PQexecPrepared(connection, name, Int32(parameters.count), values, lengths, formats, 1))
        }
        try check(result, sql: sql)
        return result
    }

    /// One statement of a pipeline: SQL with `$n` parameters, prepared once per connection.
    package struct Statement: Sendable {
        package var sql: String
        package var parameters: [PostgresValue]

        package init(_ sql: String, _ parameters: [PostgresValue] = []) {
            self.sql = sql
            self.parameters = parameters
        }
    }

    /// Sends every statement at once in libpq's pipeline mode, with one sync, and reads the
    /// results in order: one round trip for all of them. A failing statement makes the server
    /// skip the ones after it; every result is read all the same, so the connection is left
    /// idle, and the first failure is returned beside the results. Throws only when the
    /// statements could not be sent.
    ///
    /// With `flushAfter`, the server is asked to send the results up to that statement at
    /// once rather than at the sync: they reach the client even if the connection is lost
    /// later in the pipeline.
    package func pipeline(_ statements: [Statement], flushAfter: Int? = nil) throws -> (results: [PostgresResult], failure: PipelineFailure?) {
        let connection = try live()
        // Prepared before the pipeline starts, synchronously: only new SQL costs a round trip.
        var names: [String] = []
        for (index, statement) in statements.enumerated() {
            do {
                names.append(try preparedName(for: statement.sql, parameterCount: statement.parameters.count, on: connection))
            } catch let error as PostgresError {
                return ([], PipelineFailure(index: index, error: error))
            }
        }
        guard PQenterPipelineMode(connection) == 1 else { throw lostError("cannot enter pipeline mode") }
        defer { PQexitPipelineMode(connection) }
        for (index, (statement, name)) in zip(statements, names).enumerated() {
            let sent = PostgresValue.withCArrays(statement.parameters) { values, lengths, formats in
                PQsendQueryPrepared(connection, name, Int32(statement.parameters.count), values, lengths, formats, 1)
            }
            guard sent == 1 else { throw lostError("cannot send a statement") }
            if index == flushAfter, PQsendFlushRequest(connection) != 1 { throw lostError("cannot send a flush request") }
        }
        guard PQpipelineSync(connection) == 1 else { throw lostError("cannot send the pipeline's sync") }

        var results: [PostgresResult] = []
        var failure: PipelineFailure?
        for (index, statement) in statements.enumerated() {
            // Each statement's result, then a NULL that ends it.
            let result = PostgresResult(PQgetResult(connection))
            while let extra = PQgetResult(connection) { PQclear(extra) }
            switch result.status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                break
            case PGRES_PIPELINE_ABORTED:
                break
            default:
                let error = error(from: result, sql: statement.sql)
                if error.connectionLost { broken = true }
                if failure == nil { failure = PipelineFailure(index: index, error: error) }
            }
            results.append(result)
        }
        // The sync's own result; a connection lost on the way has none.
        let sync = PostgresResult(PQgetResult(connection))
        if sync.status != PGRES_PIPELINE_SYNC, failure == nil {
            failure = PipelineFailure(index: statements.count, error: lostError("the pipeline ended early"))
        }
        return (results, failure)
    }

    /// Runs `body`'s reads in one REPEATABLE READ transaction: everything it reads is as of
    /// one moment, whatever commits meanwhile.
    package func snapshot<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isConnected { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Starts listening on `channel` (an identifier, not user input).
    package func listen(_ channel: String) throws {
        try execute("LISTEN \(channel)")
    }

    /// The notifications that arrived, waiting until one does, `wake` (a descriptor) becomes
    /// readable, or `milliseconds` pass. Throws when the connection is lost.
    package func notifications(waitingUpTo milliseconds: Int32, orUntilReadable wake: Int32) throws -> [PostgresNotification] {
        let connection = try live()
        var payloads = receivedNotifications(connection)
        guard payloads.isEmpty else { return payloads }
        let socket = PQsocket(connection)
        guard socket >= 0 else { throw lostError("the connection has no socket") }
        var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 2, milliseconds) > 0, descriptors[0].revents != 0 else { return [] }
        guard PQconsumeInput(connection) == 1, PQstatus(connection) == CONNECTION_OK else {
            throw lostError("the connection closed")
        }
        payloads = receivedNotifications(connection)
        return payloads
    }

    private func receivedNotifications(_ connection: OpaquePointer) -> [PostgresNotification] {
        var payloads: [PostgresNotification] = []
        while let notification = PQnotifies(connection) {
            payloads.append(PostgresNotification(
                channel: String(cString: notification.pointee.relname), payload: String(cString: notification.pointee.extra)))
            PQfreemem(notification)
        }
        return payloads
    }

    /// Closes the connection. Idempotent.
    package func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared.removeAll()
    }

    // MARK: Internals

    private func connect() throws {
        // Defaults first: a value in the URL (expanded from dbname) overrides them. Over
        // TCP, keepalives and a user timeout turn a silent network cut into a lost
        // connection within seconds, instead of a read that blocks for as long as the
        // kernel keeps trying.
        let keywords = [
            "connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
            "tcp_user_timeout", "application_name", "dbname",
        ]
        let values = ["\(Self.connectTimeoutSeconds)", "1", "10", "5", "3", "30000", "chain-server", url]
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in PQconnectdbParams(keywordPointers, valuePointers, 1) }
        }
        guard let connection else { throw PostgresError(connectionLost: "out of memory", url: displayURL) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(connectionLost: message, url: displayURL)
        }
        cpq_silence_notices(connection)
        handle = connection
        do {
            for statement in setup { try execute(statement) }
        } catch {
            // A connection without its settings (say, the wrong durability) must not be used.
            close()
            throw error
        }
    }

    private func preparedName(for sql: String, parameterCount: Int, on connection: OpaquePointer) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "chain_\(prepared.count + 1)"
        let result = PostgresResult(PQprepare(connection, name, sql, Int32(parameterCount), nil))
        try check(result, sql: sql)
        prepared[sql] = name
        return name
    }

    private func check(_ result: PostgresResult, sql: String) throws {
        switch result.status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let error = error(from: result, sql: sql)
            if error.connectionLost { broken = true }
            throw error
        }
    }

    private func error(from result: PostgresResult, sql: String) -> PostgresError {
        PostgresError(
            result: result, connectionMessage: handle.map { String(cString: PQerrorMessage($0)) } ?? "",
            connectionLost: handle.map { PQstatus($0) == CONNECTION_BAD } ?? true, sql: sql)
    }

    private func lostError(_ what: String) -> PostgresError {
        broken = true
        let message = handle.map { String(cString: PQerrorMessage($0)) } ?? ""
        return PostgresError(connectionLost: what + (message.isEmpty ? "" : ": " + message), url: displayURL)
    }

    private func live() throws -> OpaquePointer {
        guard let handle else { throw PostgresError(connectionLost: "the connection is closed", url: displayURL) }
        return handle
    }

    /// `url` with the password (URL or `password=` form) replaced by `***`.
    package static func redacted(_ url: String) -> String {
        var text = Substring(url)
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") {
            let credentials = text[scheme.upperBound..<at]
            if let colon = credentials.firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        if let range = text.range(of: "password=") {
            let end = text[range.upperBound...].firstIndex(where: { $0 == " " || $0 == "&" }) ?? text.endIndex
            text.replaceSubrange(range.upperBound..<end, with: "***")
        }
        return String(text)
    }
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
