import ChainModel
import ChainStorage

/// Who a new session acts for, by `auth.mode`: the anonymous editor (`open`), the holder of
/// a key in force (`keys`), or the user a trusted proxy names (`proxy`).
package struct PrincipalGate: Sendable {
    /// Why no session may be made.
    package enum Refusal: Error, Equatable {
        /// No key, or one unknown or revoked: the client should ask for a key.
        case keyRequired(String)
        /// No user named where one is needed.
        case unauthenticated(String)
        /// The request came from where no principal may be vouched for.
        case forbidden(String)
        /// Storage could not be asked about the key.
        case unavailable
    }

    package let mode: AuthMode
    /// The role of a user a proxy names that no key in force names (`auth.proxyRole`).
    package let proxyRole: Role
    package let storage: any CatalogStorage

    package init(mode: AuthMode, proxyRole: Role = .viewer, storage: any CatalogStorage) {
        self.mode = mode
        self.proxyRole = proxyRole
        self.storage = storage
    }

    /// The principal of a request to create a session: its bearer credential, the
    /// `X-Forwarded-User` it carries, and whether it came through a trusted proxy.
    package func principal(bearer: String?, forwardedUser: String?, fromTrustedProxy: Bool) throws(Refusal) -> Principal {
        switch mode {
        case .open:
            return .anonymous
        case .keys:
            guard let bearer else {
                throw .keyRequired("this server needs an API key: send Authorization: Bearer <key> (made with chain-server keys add)")
            }
            guard let key = try activeKey(bearer) else { throw .keyRequired("the API key is unknown or revoked") }
            return key.principal
        case .proxy:
            guard fromTrustedProxy else {
                throw .forbidden("sessions are made through the trusted proxy (http.trustedProxies), which names the user")
            }
            guard let user = forwardedUser?.trimmingASCIISpaces, Principal.isValidName(user) else {
                throw .unauthenticated("the proxy named no user: X-Forwarded-User must be 1 to 64 letters, digits or . _ - @")
            }
            let role = try named(user)?.role ?? proxyRole
            return Principal(name: user, role: role)
        }
    }

    private func activeKey(_ key: String) throws(Refusal) -> StoredKey? {
        do { return try storage.activeKey(digest: APIKey.digest(of: key)) } catch { throw .unavailable }
    }

    /// The key in force named `name`, which gives a proxy's user its role.
    private func named(_ name: String) throws(Refusal) -> StoredKey? {
        do { return try storage.listKeys().first { $0.name == name && $0.revoked == nil } } catch { throw .unavailable }
    }
}

extension String {
    fileprivate var trimmingASCIISpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
