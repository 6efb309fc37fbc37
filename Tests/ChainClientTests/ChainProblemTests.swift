import ChainClient
import ChainConfig
import Foundation
import Testing

/// Every problem+json the library can provoke comes back as a thrown `ChainProblem` with its
/// type, status, title, detail and extra members.
@Suite("ChainClient problems, live")
struct ChainProblemTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let kind: ChainProblemKind
        let status: Int
        let provoke: @Sendable (ChainSession) async throws -> Void
        var testDescription: String { kind.rawValue }
    }

    static let cases: [Case] = [
        Case(kind: .malformed, status: 400) { session in
            var deep: JSONValue = 1
            for _ in 0..<40 { deep = [deep] }
            try await session.perform(.action("setRating", ["rating": deep]))
        },
        Case(kind: .unauthorized, status: 401) { session in
            _ = try await ChainClient(url: session.serverURL).session(id: session.id, token: "not-the-token").state()
        },
        Case(kind: .notFound, status: 404) { session in try await session.perform(.action("noSuchAction")) },
        Case(kind: .unhandled, status: 409) { session in try await session.perform(.action("autoRate")) },
        Case(kind: .disabled, status: 409) { session in try await session.perform(.setRating(5)) },
        Case(kind: .invalidArgument, status: 422) { session in
            try await session.perform(.select(["img-1"]))
            try await session.perform(.setRating(7))
        },
        Case(kind: .tooLarge, status: 413) { session in
            try await session.perform(.select((0..<120_000).map { "img-\($0)" }))
        },
        Case(kind: .preconditionFailed, status: 412) { session in
            try await session.perform(.select(["img-1"]), ifMatch: 0)
        },
        Case(kind: .idempotencyKeyReused, status: 422) { session in
            try await session.perform(.select(["img-1"]), idempotencyKey: "same")
            try await session.perform(.select(["img-2"]), idempotencyKey: "same")
        },
        Case(kind: .keyConflict, status: 409) { session in
            _ = try await session.register(
                RemoteHandlerRequest(action: "stars", on: "main/grid", keyBindings: [ContributedKeyBinding(key: "rightArrow")]))
        },
        Case(kind: .rejected, status: 422) { session in
            try await session.perform(.select(["img-1"]))
            let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled())
            let answering = Task { for try await call in handler { try await call.answer(.error(title: "No", detail: "never")) } }
            defer { answering.cancel() }
            _ = try await eventually { try await session.handlers().contains { $0.live } }
            try await session.perform(.action("autoRate"))
        },
        Case(kind: .handlerTimeout, status: 504) { session in
            try await session.perform(.select(["img-1"]))
            let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled())
            let silent = Task { for try await _ in handler {} }
            defer { silent.cancel() }
            _ = try await eventually { try await session.handlers().contains { $0.live } }
            try await session.perform(.action("autoRate"))
        },
    ]

    @Test(arguments: cases)
    func eachProblemIsAThrownChainProblem(_ test: Case) async throws {
        // Only the timeout's case waits a short call timeout: a handler that does answer may
        // take more than a second on a loaded machine.
        let configure = { (configuration: inout ServerConfiguration) in
            if test.kind == .handlerTimeout { configuration.callTimeoutSeconds = 1 }
        }
        try await ClientTestServer.withSession(configure) { _, session in
            let problem = await #expect(throws: ChainProblem.self) { try await test.provoke(session) }
            #expect(problem?.kind == test.kind)
            #expect(problem?.status == test.status)
            #expect(problem?.type.hasSuffix("/problems/\(test.kind.rawValue)") == true)
            #expect(problem?.title.isEmpty == false)
            #expect(problem?.members["status"]?.intValue == test.status)
        }
    }

    @Test func extraMembersAreKept() async throws {
        try await ClientTestServer.withSession { _, session in
            let problem = await #expect(throws: ChainProblem.self) { try await session.perform(.action("autoRate")) }
            #expect(problem?["action"]?.stringValue == "autoRate")
            #expect(problem?["chain"]?.arrayValue?.last?.stringValue == "app")
            #expect(problem?.detail?.contains("autoRate") == true)
        }
    }
}
