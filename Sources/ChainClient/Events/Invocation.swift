import Foundation

/// A call to a remote handler (`invoke`): the command that reached it, with its context.
/// Answer it once with `answer(_:)`; the waiting command answers accordingly.
public struct Invocation: Codable, Sendable, Hashable {
    public var call: String
    public var handler: String
    public var action: String
    public var args: JSONValue
    public var responder: String
    public var context: Context
    /// RFC 3339: after it the command answers `504 handler-timeout`.
    public var deadline: String
    var session: ChainSession?

    public struct Context: Codable, Sendable, Hashable {
        public var window: String?
        /// At most 1,000 ids; `selectionCount` is the total.
        public var selection: [String]
        public var selectionCount: Int
        public var image: String?
    }

    enum CodingKeys: String, CodingKey {
        case call, handler, action, args, responder, context, deadline
    }

    /// Settles the call (`POST …/calls/{call}`); a `not-found` problem when it was already
    /// settled or timed out.
    public func answer(_ answer: CallAnswer) async throws {
        guard let session else { throw ChainClientError.invalidURL("an invocation decoded apart from its session") }
        try await session.answer(call: call, answer)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.call == rhs.call && lhs.handler == rhs.handler }
    public func hash(into hasher: inout Hasher) { hasher.combine(call) }
}
