import ChainHTTP
import ChainModel
import ChainService
import ChainStorage
import ChainSupport
import Foundation

/// Commands and key equivalents: each request becomes a `CommandRunner` call, and the
/// runner's result becomes the answer. `If-Match` and `Idempotency-Key` become the call's
/// conditions.
package struct CommandRoutes: Sendable {
    /// Visible ASCII, 1 to 128 characters (API.md).
    package static let maxIdempotencyKeyLength = 128

    package let runner: CommandRunner
    package let menuBar: MenuBar
    package let maxJSONDepth: Int
    package let log: Logger

    package init(runner: CommandRunner, menuBar: MenuBar, maxJSONDepth: Int, log: Logger) {
        self.runner = runner
        self.menuBar = menuBar
        self.maxJSONDepth = maxJSONDepth
        self.log = log
    }

    /// A command, or a batch of them (`BatchRequest`); with `?dryRun=1`, what it would do.
    package func command(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let body = try request.jsonObject(maxDepth: maxJSONDepth)
        if BatchRequest.isBatch(body) {
            let batch = try BatchRequest(body: body, menuBar: menuBar, maxDepth: maxJSONDepth)
            let (answer, conditions) = try prepare(request, respond)
            if request.dryRun {
                runner.dryRun(batch: batch.steps, undoName: batch.undoName, on: request.session, conditions: conditions, answer: answer)
            } else {
                runner.run(
                    batch: batch.steps, undoName: batch.undoName, on: request.session, explain: request.explain,
                    conditions: conditions, answer: answer)
            }
            return
        }
        let command = try CommandRequest(body: body, menuBar: menuBar, maxDepth: maxJSONDepth)
        try run(command, request, respond)
    }

    /// A key press: walked along the chain in the session's turn (bindings first, then menu
    /// key equivalents), so what takes the key is decided against the chain as it is then.
    package func key(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let key = try KeyRequest(body: try request.jsonObject(maxDepth: maxJSONDepth)).equivalent
        let (answer, conditions) = try prepare(request, respond)
        if request.dryRun {
            runner.dryRun(key: key, on: request.session, conditions: conditions, answer: answer)
        } else {
            runner.run(key: key, on: request.session, explain: request.explain, conditions: conditions, answer: answer)
        }
    }

    private func run(_ command: CommandRequest, _ request: SessionRequest, _ respond: Route.Respond) throws(Problem) {
        let (answer, conditions) = try prepare(request, respond)
        if request.dryRun {
            runner.dryRun(command.invocation, from: command.target, on: request.session, conditions: conditions, answer: answer)
        } else {
            runner.run(command.invocation, from: command.target, on: request.session, explain: request.explain, conditions: conditions, answer: answer)
        }
    }

    /// How the runner answers the request, and the conditions its headers set.
    private func prepare(
        _ request: SessionRequest, _ respond: Route.Respond
    ) throws(Problem) -> (CommandRunner.Answer, CommandConditions) {
        let (id, explain, log, catalog) = (request.session.id, request.explain, log, runner.catalog)
        let conditions = CommandConditions(
            versionMatches: try Self.versionMatches(request.http.header("if-match")),
            idempotency: try Self.idempotency(request.http))
        let answer: CommandRunner.Answer = { ending in
            let response = Self.response(to: ending, sessionID: id, explain: explain, log: log, catalog: catalog)
            // The answers here spell the header so: no case folding on every command.
            let contentType = response.headers.first { $0.name == "Content-Type" }?.value ?? ""
            let stored = StoredAnswer(status: response.status, contentType: contentType, body: response.body)
            return PreparedAnswer(stored: stored) { respond(response) }
        }
        return (answer, conditions)
    }

    package static func response(
        to ending: CommandRunner.Ending, sessionID id: String, explain: Bool, log: Logger, catalog: any CatalogReading
    ) -> HTTPResponse {
        switch ending {
        case .performed(let outcome, let version):
            return .json(200, CommandAnswer(outcome: outcome, sessionID: id, version: version, explain: explain, catalog: catalog))
        case .failed(let failure): return Problem(failure).response
        case .notStored(let error): return Problem.storage(error, log: log).response
        case .sessionEnded: return SessionRequest.endedProblem.response
        case .handlerTimedOut(let timeout):
            return Problem(.handlerTimeout, "the remote handler's client did not answer within \(timeout); nothing changed").response
        case .handlerDisconnected:
            return Problem(.handlerDisconnected, "the remote handler's client closed its last event stream before answering; nothing changed").response
        case .preconditionFailed(let version):
            return Problem(.preconditionFailed, "the session is at version \(version), not the one If-Match names; nothing was performed", [
                (key: "version", value: .number(Double(version))),
            ]).response
        case .replayed(let stored):
            return HTTPResponse(status: stored.status, headers: [
                HTTPResponse.Header(name: "Content-Type", value: stored.contentType),
                HTTPResponse.Header(name: "Idempotent-Replayed", value: "true"),
            ], body: stored.body)
        case .keyReused:
            return Problem(.idempotencyKeyReused, "this Idempotency-Key was used before with another request; nothing was performed").response
        case .rehearsed(let run, let version):
            return .json(200, DryRunAnswer(run: run, version: version))
        }
    }

    /// `If-Match`: `*`, or a list of entity tags, each the version in quotes (`"7"`) or the
    /// session's `ETag` (`"s7"`); weak tags never match (RFC 9110 §13.1.1 compares strongly).
    package static func versionMatches(_ header: String?) throws(Problem) -> (@Sendable (Int) -> Bool)? {
        guard let header else { return nil }
        guard let list = EntityTagList(header) else {
            throw Problem(.malformed, "If-Match must be * or entity tags like \"7\"", [(key: "field", value: "If-Match")])
        }
        guard case .tags(let tags) = list else { return { _ in true } }
        var versions: Set<Int> = []
        for tag in tags where !tag.isWeak {
            var opaque = Substring(tag.opaque)
            if opaque.hasPrefix("s") { opaque = opaque.dropFirst() }
            if let version = Int(opaque) { versions.insert(version) }
        }
        let accepted = versions
        return { accepted.contains($0) }
    }

    /// `Idempotency-Key`, with the request's fingerprint: method, path and body.
    package static func idempotency(_ http: HTTPRequest) throws(Problem) -> CommandConditions.Idempotency? {
        guard let key = http.header("idempotency-key") else { return nil }
        guard (1...maxIdempotencyKeyLength).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Problem(.malformed, "Idempotency-Key must be 1 to \(maxIdempotencyKeyLength) visible ASCII characters", [
                (key: "field", value: "Idempotency-Key"),
            ])
        }
        var message = Array(http.method.utf8) + [0] + Array(http.path.utf8) + [0]
        message += http.body
        return CommandConditions.Idempotency(key: key, fingerprint: SHA256.digest(message))
    }
}
