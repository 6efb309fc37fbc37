/// A remote handler's answer to "validate this": what the menu shows for its action.
public struct RemoteValidation: Codable, Sendable, Hashable {
    public var enabled: Bool
    /// `on`, `off` or `mixed`.
    public var state: String
    public var title: String?
    public var hidden: Bool

    public init(enabled: Bool = true, state: String = "off", title: String? = nil, hidden: Bool = false) {
        self.enabled = enabled
        self.state = state
        self.title = title
        self.hidden = hidden
    }

    public static func enabled(_ title: String? = nil, state: String = "off") -> Self { Self(enabled: true, state: state, title: title) }
    public static func disabled(_ title: String? = nil) -> Self { Self(enabled: false, title: title) }
}
