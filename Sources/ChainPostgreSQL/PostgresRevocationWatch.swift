import ChainSupport

/// Who hears that a key was revoked (`PostgresSchema.keysChannel`): set once the server
/// watches, called from the listener thread.
package final class PostgresRevocationWatch: Sendable {
    private let onRevoked = Lock<(@Sendable () -> Void)?>(nil)

    package init() {}

    package func set(_ callback: @escaping @Sendable () -> Void) {
        onRevoked.withLock { $0 = callback }
    }

    package func heard() {
        onRevoked.withLock { $0 }?()
    }
}
