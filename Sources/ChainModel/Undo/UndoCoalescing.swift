/// What lets a registration fold into the undo entry below it rather than push its own:
/// consecutive steps of one kind on the same images, each within `window` of the one
/// before (`increaseRating` pressed five times is one "Undo Increase Rating"). The entry
/// keeps the values from before the first of them.
///
/// The time is the caller's (`CommandDispatcher.perform(…, now:)`), so the model reads no
/// clock. It is not stored: after a restart the next step starts an entry of its own.
public struct UndoCoalescing: Sendable {
    /// How long after one step the next may still fold into its entry.
    public static let window: Duration = .seconds(2)

    /// Which registrations fold together, and on what.
    public struct Key: Sendable, Equatable {
        public let kind: String
        public let images: ImageSelection

        public init(kind: String, images: ImageSelection) {
            self.kind = kind
            self.images = images
        }
    }

    public let key: Key
    /// When the latest step folded into the entry was performed.
    public let time: Moment

    public init(_ key: Key, at time: Moment) {
        self.key = key
        self.time = time
    }

    /// Whether `next` folds into an entry whose latest step is this one.
    func isContinued(by next: UndoCoalescing) -> Bool {
        key == next.key && next.time >= time && next.time - time <= Self.window
    }
}
