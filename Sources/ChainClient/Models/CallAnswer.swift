/// A remote handler's answer to an `invoke` (`POST …/calls/{call}`).
public enum CallAnswer: Sendable, Hashable {
    /// The command answers 200 with this result.
    case result(JSONValue)
    /// The changes are written durably and undoably (under the handler's undo name); the
    /// command answers 200 with `result` once they are committed.
    case changes([ImageChange], result: JSONValue = [:])
    /// The command answers `422 /problems/rejected` with this title and detail; nothing changes.
    case error(title: String, detail: String? = nil)

    var body: JSONValue {
        get throws {
            switch self {
            case .result(let result):
                return ["result": result]
            case .changes(let changes, let result):
                return ["result": result, "changes": try JSONValue(encoding: changes)]
            case .error(let title, let detail):
                var error: [String: JSONValue] = ["title": .string(title)]
                if let detail { error["detail"] = .string(detail) }
                return ["error": .object(error)]
            }
        }
    }
}
