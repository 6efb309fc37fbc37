import Foundation

/// An RFC 9457 problem+json answer, thrown by every call that receives one: its `type`, the
/// HTTP `status`, `title`, `detail`, and every other member the server added (`action`,
/// `chain`, `responder`, `field`, `version`, `conflicts`…) in `members`.
public struct ChainProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem's `type` URI, e.g. `…/problems/not-found`.
    public let type: String
    public let status: Int
    public let title: String
    public let detail: String?
    /// The whole body, extra members included.
    public let members: [String: JSONValue]

    /// The kind, from the last path segment of `type`.
    public var kind: ChainProblemKind { ChainProblemKind(typeURI: type) }

    /// An extra member, e.g. `problem["version"]` of a precondition failure.
    public subscript(member: String) -> JSONValue? { members[member] }

    public init(status: Int, body: [String: JSONValue]) {
        self.status = body["status"]?.intValue ?? status
        type = body["type"]?.stringValue ?? "about:blank"
        title = body["title"]?.stringValue ?? "HTTP \(status)"
        detail = body["detail"]?.stringValue
        members = body
    }

    /// A problem from an answer's status and body; a body that is not a JSON object still
    /// gives a problem (its start as the detail), so every failed answer throws one.
    init(status: Int, data: Data) {
        if let body = try? JSONDecoder().decode([String: JSONValue].self, from: data) {
            self.init(status: status, body: body)
        } else {
            let text = String(decoding: data.prefix(200), as: UTF8.self)
            self.init(status: status, body: ["title": .string("HTTP \(status)"), "detail": .string(text)])
        }
    }

    public var description: String {
        "\(status) \(kind.rawValue): \(title)" + (detail.map { " (\($0))" } ?? "")
    }
}
