/// A colour label, as photo tools mark images for a purpose ("red: to retouch").
public enum ColorLabel: UInt8, NamedAttribute {
    case none, red, yellow, green, blue, purple

    public static let attribute = Attribute(slot: 1)
    public static let descriptor = describe(name: "label", title: "Label")
}
