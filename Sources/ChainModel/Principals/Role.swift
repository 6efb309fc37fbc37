/// What a principal may do with the catalog. Ordered: each role may do what the one below it may.
public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Reads everything it may see; every catalog write validates disabled ("read-only").
    case viewer
    /// Rates, labels and flags; the role every client has in `open` mode.
    case editor
    /// An editor who may also see image paths and import over HTTP.
    case admin

    public static func < (lhs: Role, rhs: Role) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .admin: 2
        }
    }
}
