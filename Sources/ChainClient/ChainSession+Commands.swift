import Foundation

/// Commands and key presses: performed once, whatever the network does. Every request carries
/// an `Idempotency-Key`, the same on each retry, so the server answers a retry with its first
/// answer (`Idempotent-Replayed: true`) instead of performing the command again.
extension ChainSession {
    /// Performs `command` (`POST …/commands`).
    /// - Parameters:
    ///   - ifMatch: a session version; when the session has moved on, a
    ///     `precondition-failed` problem and nothing is performed.
    ///   - idempotencyKey: the key to send (default: a new UUID for this call).
    ///   - explain: adds the walk's trace to the answer.
    @discardableResult
    public func perform(_ command: Command, ifMatch version: Int? = nil, idempotencyKey: String? = nil, explain: Bool = false)
        async throws -> CommandAnswer
    {
        try await send("/commands", body: command.body, ifMatch: version, key: idempotencyKey, explain: explain)
    }

    /// Presses a key (`POST …/keys`): the chain's key bindings, else the menus' key equivalents.
    @discardableResult
    public func press(_ key: String, modifiers: [String] = [], ifMatch version: Int? = nil, idempotencyKey: String? = nil, explain: Bool = false)
        async throws -> CommandAnswer
    {
        try await send("/keys", body: Self.keyBody(key, modifiers), ifMatch: version, key: idempotencyKey, explain: explain)
    }

    /// What `command` would do (`?dryRun=1`): target, validation, effects; nothing changes.
    public func dryRun(_ command: Command) async throws -> DryRunAnswer {
        try await tryOut("/commands", body: command.body)
    }

    /// What pressing `key` would do (`POST …/keys?dryRun=1`).
    public func dryRunKey(_ key: String, modifiers: [String] = []) async throws -> DryRunAnswer {
        try await tryOut("/keys", body: Self.keyBody(key, modifiers))
    }

    private static func keyBody(_ key: String, _ modifiers: [String]) -> JSONValue {
        ["key": .string(key), "modifiers": .array(modifiers.map(JSONValue.string))]
    }

    private func send(_ rest: String, body: JSONValue, ifMatch version: Int?, key: String?, explain: Bool) async throws -> CommandAnswer {
        var headers = ["Idempotency-Key": key ?? UUID().uuidString]
        if let version { headers["If-Match"] = "\"\(version)\"" }
        let query = explain ? [URLQueryItem(name: "explain", value: "1")] : []
        let request = try request("POST", rest, query: query, headers: headers, body: try transport.encode(body))
        let answer = try await transport.expectRetrying(request)
        var decoded = try transport.decode(CommandAnswer.self, answer)
        decoded.replayed = answer.header("idempotent-replayed") == "true"
        return decoded
    }

    private func tryOut(_ rest: String, body: JSONValue) async throws -> DryRunAnswer {
        let request = try request("POST", rest, query: [URLQueryItem(name: "dryRun", value: "1")], body: try transport.encode(body))
        return try transport.decode(DryRunAnswer.self, try await transport.expectRetrying(request))
    }
}
