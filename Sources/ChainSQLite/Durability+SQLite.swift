import ChainStorage

extension Durability {
    /// `PRAGMA synchronous` on the writer connection.
    package var sqlitePragma: String {
        switch self {
        case .full: "PRAGMA synchronous = FULL"
        case .normal: "PRAGMA synchronous = NORMAL"
        case .off: "PRAGMA synchronous = OFF"
        }
    }
}
