/// How a session's principal is known (`auth.mode`).
package enum AuthMode: String, Sendable, CaseIterable {
    /// Every client is the anonymous editor: the default, allowed on a loopback address only
    /// unless `auth.allowOpen` says otherwise.
    case open
    /// A session is created with `Authorization: Bearer <api key>` (`chain-server keys add`).
    case keys
    /// A trusted proxy (`http.trustedProxies`) names the user in `X-Forwarded-User`.
    case proxy
}
