import Foundation

/// An event of a session's stream (`GET …/events`), decoded.
public enum ChainEvent: Sendable, Hashable {
    /// First on every (re)connection the server could not resume: the whole state.
    case hello(Hello)
    /// A command performed on the session, by any of its clients.
    case command(CommandAnswer)
    /// Items whose validation changed, and contributed items that came or went.
    case menu(MenuChange)
    /// Committed catalog changes, from any session.
    case catalog(CatalogChange)
    /// A grid's working set changed: `{"window", "total", "etag"}`.
    case view(JSONValue)
    /// A call to one of the session's remote handlers.
    case invoke(Invocation)
    /// Another session's presence changed.
    case presence(JSONValue)
    /// The stream's last event: `deleted`, `expired` or `shutdown`.
    case ended(reason: String)
    /// An event this client does not know, as sent.
    case other(name: String, data: JSONValue)

    public struct Hello: Codable, Sendable, Hashable {
        public var session: SessionState
        public var menu: Menu
        public var catalogVersion: Int
        public var watches: Watches?
    }

    public struct MenuChange: Codable, Sendable, Hashable {
        public var etag: String
        public var items: [ItemValidation]
        public var added: [JSONValue]?
        public var removed: [String]?
    }

    public struct CatalogChange: Codable, Sendable, Hashable {
        public var catalogVersion: Int
        public var images: [JSONValue]
        public var count: Int
        public var truncated: Bool
    }

    /// Decodes one SSE event; one the client cannot read becomes `.other`. The data is parsed
    /// by `JSONParser` and the models built from it; JSONDecoder (not cheap on Linux: 18% of
    /// a remote handler's CPU went to it) reads only `hello` and what the fast path refuses.
    init(_ event: ServerSentEvent, session: ChainSession) {
        if let json = JSONParser.parse(event.data), let fast = ChainEvent(name: event.name, json: json, session: session) {
            self = fast
            return
        }
        let data = Data(event.data.utf8)
        let decoder = JSONDecoder()
        do {
            switch event.name {
            case "hello": self = .hello(try decoder.decode(Hello.self, from: data))
            case "command": self = .command(try decoder.decode(CommandAnswer.self, from: data))
            case "menu": self = .menu(try decoder.decode(MenuChange.self, from: data))
            case "catalog": self = .catalog(try decoder.decode(CatalogChange.self, from: data))
            case "invoke":
                var invocation = try decoder.decode(Invocation.self, from: data)
                invocation.session = session
                self = .invoke(invocation)
            case "view": self = .view(try decoder.decode(JSONValue.self, from: data))
            case "presence": self = .presence(try decoder.decode(JSONValue.self, from: data))
            case "ended": self = .ended(reason: try decoder.decode(JSONValue.self, from: data)["reason"]?.stringValue ?? "")
            default: self = .other(name: event.name, data: try decoder.decode(JSONValue.self, from: data))
            }
        } catch {
            self = .other(name: event.name, data: (try? decoder.decode(JSONValue.self, from: data)) ?? .string(event.data))
        }
    }
}
