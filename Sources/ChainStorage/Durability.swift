/// How hard a commit works to survive power loss. The raw values are what configuration
/// files spell; each storage engine maps them to its own settings.
package enum Durability: String, Sendable, CaseIterable {
    /// A completed write survives power loss: the commit is synced before it completes.
    /// Group commit amortises the sync over every batch in the group.
    case full
    /// Synced only at checkpoints: never corrupt, but the last commits before a power cut
    /// (not a process crash) may be lost.
    case normal
    /// No syncing at all: for tests and throwaway catalogs.
    case off
}
