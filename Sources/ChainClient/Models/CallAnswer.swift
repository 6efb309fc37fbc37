/// A remote handler's answer to an `invoke` (`POST …/calls/{call}`).
public enum CallAnswer: Sendable, Hashable, Encodable {
    /// The command answers 200 with this result.
    case result(JSONValue)
    /// The changes are written durably and undoably (under the handler's undo name); the
    /// command answers 200 with `result` once they are committed.
    case changes([ImageChange], result: JSONValue = [:])
    /// The command answers `422 /problems/rejected` with this title and detail; nothing changes.
    case error(title: String, detail: String? = nil)

    private enum Key: String, CodingKey {
        case result, changes, error, title, detail
    }

    /// `{"result"}`, `{"result", "changes"}` or `{"error": {"title", "detail"}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .result(let result):
            try container.encode(result, forKey: .result)
        case .changes(let changes, let result):
            try container.encode(result, forKey: .result)
            try container.encode(changes, forKey: .changes)
        case .error(let title, let detail):
            var error = container.nestedContainer(keyedBy: Key.self, forKey: .error)
            try error.encode(title, forKey: .title)
            try error.encodeIfPresent(detail, forKey: .detail)
        }
    }
}
