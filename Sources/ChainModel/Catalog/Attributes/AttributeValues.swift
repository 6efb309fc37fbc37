/// Some or all attribute values of one image, packed one byte per attribute slot; a slot
/// holding `Attribute.absent` is not set.
public struct AttributeValues: Sendable, Hashable {
    private var packed: UInt64 = .max

    public init() {}

    /// Every attribute at its first value (`0`, `none`): what a new image has.
    public static let defaults: AttributeValues = {
        var values = AttributeValues()
        for attribute in Attribute.all { values[attribute] = 0 }
        return values
    }()

    public subscript(attribute: Attribute) -> UInt8? {
        get {
            let code = UInt8(truncatingIfNeeded: packed >> (8 * UInt64(attribute.slot)))
            return code == Attribute.absent ? nil : code
        }
        set {
            let shift = 8 * UInt64(attribute.slot)
            packed = packed & ~(0xFF << shift) | UInt64(newValue ?? Attribute.absent) << shift
        }
    }

    public subscript<A: ImageAttribute>(type: A.Type) -> A? {
        get { self[A.attribute].map(A.init(uncheckedCode:)) }
        set { self[A.attribute] = newValue?.code }
    }

    /// The attributes set, in slot order.
    public var attributes: [Attribute] { Attribute.all.filter { self[$0] != nil } }
    public var isEmpty: Bool { packed == .max }
}
