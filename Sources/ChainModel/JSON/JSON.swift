/// A JSON value: command arguments, event payloads and results are made of these.
///
/// Objects keep their members in order, so what a client sends and what the server
/// answers read the same way; lookups scan, which is fastest for the handful of members
/// arguments have.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as the nearest double. `fractionLost` marks one read from a literal with a
    /// fraction no double near it can hold (`4503599627370496.5`: from 2^52 up every double
    /// is an integer), so that `intValue` refuses it; it is the same number to `==`.
    case number(Double, fractionLost: Bool = false)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a, _), .number(b, _)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of an object (the first, when a client repeats a name).
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The kind of value, as error messages name it.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as an integer when it is a number with no fractional part, within ±(2^53 − 1):
    /// past that, doubles skip integers, and a literal such as `9007199254740993` has
    /// already been read as its neighbour.
    public var intValue: Int? {
        guard case .number(let value, let fractionLost) = self, !fractionLost, value.rounded() == value,
              value.magnitude < 0x1p53 else { return nil }
        return Int(value)
    }

    public var objectMembers: [(key: String, value: JSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}
