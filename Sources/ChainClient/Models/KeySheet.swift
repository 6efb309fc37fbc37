/// Every key that does something now (`GET …/keys`): a cheat sheet.
public struct KeySheet: Codable, Sendable, Hashable {
    public var firstResponder: String?
    public var keys: [Entry]

    public struct Entry: Codable, Sendable, Hashable {
        public var key: String
        public var modifiers: [String]
        public var action: String
        public var args: JSONValue?
        public var responder: String?
        public var title: String?
        public var enabled: Bool
        /// `binding` or `menu`.
        public var source: String
    }
}
