/// A cull flag: pick, reject, or neither.
public enum Flag: UInt8, NamedAttribute {
    case none, pick, reject

    public static let attribute = Attribute(slot: 2)
    public static let descriptor = describe(name: "flag", title: "Flag")
}
