/// Why a command's arguments were refused, naming the field, so a client can point at it.
public struct ArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case missing
        case wrongType(expected: String, found: String)
        case outOfRange(String)
        case unexpected
    }

    public var field: String
    public var reason: Reason

    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .missing: "argument \"\(field)\" is missing"
        case .wrongType(let expected, let found): "argument \"\(field)\" must be \(expected), not \(found)"
        case .outOfRange(let detail): "argument \"\(field)\" is out of range: \(detail)"
        case .unexpected: "unexpected argument \"\(field)\""
        }
    }
}
