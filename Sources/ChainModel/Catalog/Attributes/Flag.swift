/// A cull flag: pick, reject, or neither.
public enum Flag: UInt8, ImageAttribute, CaseIterable, CustomStringConvertible {
    case none, pick, reject

    public static let attribute = Attribute(slot: 2)
    public static let descriptor = describe(name: "flag", title: "Flag", valueNames: allCases.map(\.description))

    public var code: UInt8 { rawValue }
    public init(uncheckedCode code: UInt8) { self = Flag(rawValue: code) ?? .none }

    public var description: String {
        switch self {
        case .none: "none"
        case .pick: "pick"
        case .reject: "reject"
        }
    }

    public init(argument json: JSON, field: String) throws(ArgumentError) {
        self = try NamedValue.decode(json, field: field, names: Flag.descriptor.valueNames)
    }

    public var argumentJSON: JSON { .string(description) }
}
