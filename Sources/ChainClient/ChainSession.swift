import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One session on the server: its id and token, and every endpoint under `/v1/sessions/{id}`
/// (commands, events and handlers in `ChainSession+…` files).
public struct ChainSession: Sendable {
    public let id: String
    public let token: String
    let transport: ChainTransport

    init(id: String, token: String, transport: ChainTransport) {
        self.id = id
        self.token = token
        self.transport = transport
    }

    /// The server's base URL.
    public var serverURL: URL { transport.baseURL }

    var path: String { "/v1/sessions/" + ChainTransport.segment(id) }

    func request(_ method: String, _ rest: String, query: [URLQueryItem] = [], headers: [String: String] = [:], body: Data? = nil) throws -> URLRequest {
        try transport.request(method, path + rest, query: query, token: token, headers: headers, body: body)
    }

    func get<T: Decodable>(_ type: T.Type, _ rest: String, query: [URLQueryItem] = []) async throws -> T {
        try transport.decode(type, try await transport.expect(try request("GET", rest, query: query)))
    }

    /// `GET /v1/sessions/{id}`: windows, selection, first responder, chain, version.
    public func state() async throws -> SessionState {
        try await get(SessionState.self, "")
    }

    /// `GET /v1/sessions/{id}` with `If-None-Match`: nil when the session has not changed
    /// since `etag` (304), else the session and its new tag.
    public func state(ifNoneMatch etag: String) async throws -> (SessionState, etag: String?)? {
        try await conditional(SessionState.self, "", etag: etag)
    }

    /// `DELETE /v1/sessions/{id}`: its streams get `ended` `deleted`.
    public func delete() async throws {
        _ = try await transport.expect(try request("DELETE", ""))
    }

    /// The menu bar validated against the current chain; `explain` adds each item's trace.
    public func menu(explain: Bool = false) async throws -> Menu {
        try await get(Menu.self, "/menu", query: explain ? [URLQueryItem(name: "explain", value: "1")] : [])
    }

    /// The menu with `If-None-Match`: nil when unchanged since `etag`.
    public func menu(ifNoneMatch etag: String) async throws -> (Menu, etag: String?)? {
        try await conditional(Menu.self, "/menu", etag: etag)
    }

    /// Every key that does something now, for the current chain.
    public func keys() async throws -> KeySheet {
        try await get(KeySheet.self, "/keys")
    }

    /// A responder kind's context menu, validated from `responder` (as if `image` were clicked).
    public func contextMenu(responder: String, image: String? = nil) async throws -> ContextMenu {
        var query = [URLQueryItem(name: "responder", value: responder)]
        if let image { query.append(URLQueryItem(name: "image", value: image)) }
        return try await get(ContextMenu.self, "/context-menu", query: query)
    }

    /// `PUT …/watches`: declares the controls shown outside the menus; answers them validated.
    public func watch(_ controls: [WatchedControl]) async throws -> Watches {
        let body = try transport.encode(["items": controls])
        return try transport.decode(Watches.self, try await transport.expect(try request("PUT", "/watches", body: body)))
    }

    /// `GET …/watches`: the watched controls, validated now.
    public func watches() async throws -> Watches {
        try await get(Watches.self, "/watches")
    }

    /// A page of a grid's whole selection, in selection order.
    public func selection(window: String = "main", limit: Int? = nil, after: String? = nil) async throws -> SelectionPage {
        var query = [URLQueryItem(name: "window", value: window)]
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let after { query.append(URLQueryItem(name: "after", value: after)) }
        return try await get(SelectionPage.self, "/selection", query: query)
    }

    /// A page of a grid's working set (its filter and sort), in its order.
    public func grid(window: String = "main", offset: Int = 0, limit: Int? = nil) async throws -> GridPage {
        var query = [URLQueryItem(name: "window", value: window), URLQueryItem(name: "offset", value: String(offset))]
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await get(GridPage.self, "/grid", query: query)
    }

    func conditional<T: Decodable>(_ type: T.Type, _ rest: String, etag: String) async throws -> (T, etag: String?)? {
        let answer = try await transport.expect(try request("GET", rest, headers: ["If-None-Match": etag]))
        if answer.status == 304 { return nil }
        return (try transport.decode(type, answer), answer.header("etag"))
    }
}
