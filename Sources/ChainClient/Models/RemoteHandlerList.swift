/// The handlers of a session (`GET …/handlers`).
struct RemoteHandlerList: Codable, Sendable {
    var handlers: [RemoteHandlerInfo]
}
