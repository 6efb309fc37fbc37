/// One server-sent event as framed on the wire: `id:`, `event:`, `data:` lines, a blank line.
public struct ServerSentEvent: Sendable, Hashable {
    public var id: String?
    /// `event:`'s value; `message` when the event named none.
    public var name: String
    public var data: String

    public init(id: String? = nil, name: String = "message", data: String) {
        self.id = id
        self.name = name
        self.data = data
    }
}
