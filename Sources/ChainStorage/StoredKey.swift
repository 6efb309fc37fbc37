import ChainModel

/// An API key as storage holds it (`auth.mode` `keys`): the principal it names and the
/// SHA-256 digest of the key, never the key itself.
package struct StoredKey: Sendable, Equatable {
    package var name: String
    package var role: Role
    package var digest: [UInt8]
    /// When it was added, ISO 8601 in UTC.
    package var created: String
    /// When it was revoked, ISO 8601 in UTC; `nil` while it is in force.
    package var revoked: String?

    package init(name: String, role: Role, digest: [UInt8], created: String, revoked: String? = nil) {
        self.name = name
        self.role = role
        self.digest = digest
        self.created = created
        self.revoked = revoked
    }

    package var principal: Principal { Principal(name: name, role: role) }
}
