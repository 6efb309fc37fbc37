import Foundation

/// Remote handlers, one endpoint each; `actionHandler(for:on:…)` puts them together.
extension ChainSession {
    /// `POST …/handlers`: adds `request.action` to `request.responder` (overriding a built-in
    /// of that name there). Live only while the session has an open event stream.
    public func register(_ request: RemoteHandlerRequest) async throws -> RemoteHandlerInfo {
        let post = try self.request("POST", "/handlers", body: try transport.encode(request))
        return try transport.decode(RemoteHandlerInfo.self, try await transport.expect(post))
    }

    /// `GET …/handlers`.
    public func handlers() async throws -> [RemoteHandlerInfo] {
        try await get(RemoteHandlerList.self, "/handlers").handlers
    }

    /// `PATCH …/handlers/{id}`: the handler's current validation, used in every menu
    /// validation and walk from now on.
    @discardableResult
    public func updateHandler(_ id: String, validation: RemoteValidation) async throws -> RemoteHandlerInfo {
        let body = try transport.encode(["validation": validation])
        let patch = try request("PATCH", "/handlers/" + ChainTransport.segment(id), body: body)
        return try transport.decode(RemoteHandlerInfo.self, try await transport.expect(patch))
    }

    /// `DELETE …/handlers/{id}`: the handler, its items and its bindings go.
    public func removeHandler(_ id: String) async throws {
        _ = try await transport.expect(try request("DELETE", "/handlers/" + ChainTransport.segment(id)))
    }

    /// `POST …/calls/{call}`: settles an `invoke`; the first answer wins, and a call already
    /// settled (or timed out) is a `not-found` problem.
    public func answer(call: String, _ answer: CallAnswer) async throws {
        let body = try answer.json().map { Data($0) } ?? transport.encode(answer)
        let post = try request("POST", "/calls/" + ChainTransport.segment(call), body: body)
        _ = try await transport.expect(post)
    }
}
