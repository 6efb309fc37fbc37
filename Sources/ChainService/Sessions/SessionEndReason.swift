/// Why a session ended, as its `ended` event says.
package enum SessionEndReason: String, Sendable {
    /// `DELETE …/sessions/{id}`, here or on another instance.
    case deleted
    /// Unused for longer than the idle expiry.
    case expired
    /// The server is stopping.
    case shutdown
    /// The key of the session's principal was revoked (`chain-server keys revoke`), here or
    /// through storage shared with other instances.
    case revoked
}
