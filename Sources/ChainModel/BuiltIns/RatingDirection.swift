/// Which way `ChangeRating` moves.
public protocol RatingDirection: Sendable {
    static var action: String { get }
    static var delta: Int { get }
    static var limit: Rating { get }
    static var undoName: String { get }
    /// Why the command is disabled when every image is at `limit` already, kept as a
    /// constant because every menu validation may ask for it.
    static var stuckReason: String { get }
}
