/// The role of the principal a session acts for, provided by the application responder:
/// what tells a catalog write's validation that the session is read-only.
public enum RoleKey: ContextKey {
    public typealias Value = Role
}

extension Role {
    /// Why a catalog write validates disabled for a viewer; the reason the HTTP edge
    /// answers with `403 /problems/forbidden` rather than a plain disabled command.
    public static let readOnlyReason = "read-only"

    /// Whether the role may change catalog values (ratings, labels, flags, their undo).
    public var mayWriteCatalog: Bool { self >= .editor }

    /// Whether image objects carry the file's `path` on the server: an admin's only.
    public var seesPaths: Bool { self == .admin }
}

extension Validation {
    /// A catalog write seen from a viewer's session: disabled, keeping the check mark and
    /// title the write's own validation gave (a viewer still sees which rating is set).
    @inline(never)
    public static func readOnly(keeping validation: Validation = .enabled) -> Validation {
        .disabled(Role.readOnlyReason, state: validation.state, title: validation.title)
    }

    /// Whether this is the read-only validation, as opposed to any other disabled one.
    public var isReadOnly: Bool { !isEnabled && reason == Role.readOnlyReason }
}
