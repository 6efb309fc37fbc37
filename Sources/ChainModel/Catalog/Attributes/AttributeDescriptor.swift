/// What an attribute is called and how its values are spelt, stated once by its type.
public struct AttributeDescriptor: Sendable {
    public let name: String
    public let title: String
    public let valueNames: [String]
    /// Spelt out once: every change and every validation of the attribute asks.
    public let action: String
    public let undoName: String
    public let eventType: String
    let encode: @Sendable (UInt8) -> JSON
    let decode: @Sendable (JSON, String) throws(ArgumentError) -> UInt8

    init(
        name: String, title: String, valueNames: [String], encode: @escaping @Sendable (UInt8) -> JSON,
        decode: @escaping @Sendable (JSON, String) throws(ArgumentError) -> UInt8
    ) {
        self.name = name
        self.title = title
        self.valueNames = valueNames
        action = "set" + title
        undoName = "Set " + title
        eventType = name + "Changed"
        self.encode = encode
        self.decode = decode
    }
}
