extension CatalogStore {
    /// How hard a commit works to survive power loss; maps to `PRAGMA synchronous` on the
    /// writer connection. The raw values are what configuration files spell.
    enum Durability: String, Sendable, CaseIterable {
        /// Every commit syncs the WAL before its completions run: a completed write survives
        /// power loss. Group commit amortises the sync over every batch in the group.
        case full
        /// The WAL is synced only at checkpoints: never corrupt, but the last commits before
        /// a power cut (not a process crash) may be lost.
        case normal
        /// No syncing at all: for tests and throwaway catalogs.
        case off

        var pragma: String {
            switch self {
            case .full: "PRAGMA synchronous = FULL"
            case .normal: "PRAGMA synchronous = NORMAL"
            case .off: "PRAGMA synchronous = OFF"
            }
        }
    }
}
