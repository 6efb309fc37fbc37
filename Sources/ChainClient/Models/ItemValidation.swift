/// One item's or control's validation, as watches and `menu` events give it.
public struct ItemValidation: Codable, Sendable, Hashable {
    public var id: String
    public var title: String?
    public var action: String?
    public var args: JSONValue?
    public var enabled: Bool
    public var state: String
    public var hidden: Bool
    public var target: String?
}
