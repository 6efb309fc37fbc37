/// An attribute whose values are a few names (`label`, `flag`): an enum of `UInt8` codes
/// whose cases, spelt as declared, are its wire values. Conforming gives it everything
/// `ImageAttribute` asks but its slot and descriptor.
public protocol NamedAttribute: ImageAttribute, CaseIterable, RawRepresentable where RawValue == UInt8 {}

extension NamedAttribute {
    public var code: UInt8 { rawValue }

    public init(uncheckedCode code: UInt8) {
        self = Self(rawValue: code) ?? Self.allCases.first!
    }

    /// The descriptor of an attribute named `name`, its values its cases' names.
    static func describe(name: String, title: String) -> AttributeDescriptor {
        describe(name: name, title: title, valueNames: allCases.map { String(describing: $0) })
    }

    public init(argument json: JSON, field: String) throws(ArgumentError) {
        let names = Self.descriptor.valueNames
        // Spelt out only for an error: every menu validation decodes these arguments.
        func expected() -> String { "one of " + names.joined(separator: ", ") }
        guard let text = json.stringValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: expected(), found: json.kindName))
        }
        guard let index = names.firstIndex(of: text) else {
            throw ArgumentError(field: field, reason: .outOfRange("\"\(text.prefix(40))\" is not \(expected())"))
        }
        self.init(uncheckedCode: UInt8(index))
    }

    public var argumentJSON: JSON { .string(Self.descriptor.valueNames[Int(code)]) }
}
