import ChainConfig
import ChainService
import ChainStorage
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension ChainServerCommand {
    /// `chain-server keys add|list|revoke`, on the storage the configuration names (a running
    /// server may have it open: SQLite's WAL and PostgreSQL both allow it).
    static func manageKeys(_ command: CommandLineOptions.Command, _ configuration: ServerConfiguration) -> Never {
        do {
            let store = try configuration.openStorage()
            defer { store.close() }
            switch command {
            case .addKey(let name, let role):
                let key = APIKey.make()
                try store.addKey(StoredKey(name: name, role: role, digest: APIKey.digest(of: key), created: timestamp()))
                // The key alone on the last line, for scripts: `tail -n 1`.
                print("added key \(name) (\(role.rawValue)); it is shown once, here:")
                print(key)
            case .listKeys:
                for key in try store.listKeys() {
                    print([key.name, key.role.rawValue, key.created, key.revoked.map { "revoked " + $0 } ?? "active"].joined(separator: "\t"))
                }
            case .revokeKey(let name):
                guard try store.revokeKey(named: name, at: timestamp()) else {
                    store.close()
                    fail("keys revoke: no key in force is named \(name)", code: 1)
                }
                print("revoked key \(name); its sessions end")
            default:
                break
            }
        } catch {
            fail("keys: \(error)", code: 1)
        }
        exit(0)
    }

    /// Now, ISO 8601 in UTC to the second.
    private static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
