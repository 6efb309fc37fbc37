/// A per-image attribute the catalog stores (`rating`, `label`, `flag`): a small closed set
/// of values, each stored as a one-byte code.
///
/// A conforming type is all the model needs to carry a new attribute: the generic
/// `SetAttribute` command, `ChangeSet`, undo, the catalogs, histograms and events work on
/// its `Attribute` descriptor and never name it.
public protocol ImageAttribute: ArgumentValue, Hashable {
    /// The attribute; its `slot` is its place in `Attribute.types`.
    static var attribute: Attribute { get }
    /// Its names and wire forms.
    static var descriptor: AttributeDescriptor { get }
    /// `0..<attribute.valueCount`; what the catalogs store.
    var code: UInt8 { get }
    /// `code` must be below `attribute.valueCount`.
    init(uncheckedCode code: UInt8)
    /// Registers `SetAttribute<Self>` (`setRating`, …) on `kind`. A requirement, not only an
    /// extension method, so the registry's loop over `Attribute.types` reaches each type's
    /// own witness, where the command is specialized for that type; through the existential
    /// it would run generic, asking the runtime for metadata on every validation.
    static func registerSetCommand(in registry: inout HandlerRegistry, on kind: ResponderKind)
}

extension ImageAttribute {
    /// Registers `SetAttribute<Self>` (`setRating`, …) on `kind`.
    public static func registerSetCommand(in registry: inout HandlerRegistry, on kind: ResponderKind) {
        registry.register(SetAttribute<Self>.self, on: kind)
    }

    /// Builds the descriptor of `Self` from its own conversions, so a conforming type
    /// states its names once.
    static func describe(name: String, title: String, valueNames: [String]) -> AttributeDescriptor {
        precondition(valueNames.count <= ValueHistogram.capacity, "an attribute has at most \(ValueHistogram.capacity) values")
        return AttributeDescriptor(
            name: name, title: title, valueNames: valueNames,
            encode: { Self(uncheckedCode: $0).argumentJSON },
            decode: { json, field throws(ArgumentError) in try Self(argument: json, field: field).code }
        )
    }
}
