import ChainStorage

extension Durability {
    /// The writer connection's setting. `full` waits for the commit's WAL to be flushed;
    /// `normal` and `off` let PostgreSQL flush it a moment later (a database crash may lose
    /// the last commits, never corrupt). Whether PostgreSQL syncs at all is its own `fsync`.
    package var postgresSetting: String {
        switch self {
        case .full: "SET synchronous_commit = on"
        case .normal, .off: "SET synchronous_commit = off"
        }
    }
}
