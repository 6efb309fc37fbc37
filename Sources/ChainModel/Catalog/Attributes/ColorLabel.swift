/// A colour label, as photo tools mark images for a purpose ("red: to retouch").
public enum ColorLabel: UInt8, ImageAttribute, CaseIterable, CustomStringConvertible {
    case none, red, yellow, green, blue, purple

    public static let attribute = Attribute(slot: 1)
    public static let descriptor = describe(name: "label", title: "Label", valueNames: allCases.map(\.description))

    public var code: UInt8 { rawValue }
    public init(uncheckedCode code: UInt8) { self = ColorLabel(rawValue: code) ?? .none }

    public var description: String {
        switch self {
        case .none: "none"
        case .red: "red"
        case .yellow: "yellow"
        case .green: "green"
        case .blue: "blue"
        case .purple: "purple"
        }
    }

    public init(argument json: JSON, field: String) throws(ArgumentError) {
        self = try NamedValue.decode(json, field: field, names: ColorLabel.descriptor.valueNames)
    }

    public var argumentJSON: JSON { .string(description) }
}
