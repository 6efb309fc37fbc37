import ChainModel

extension Moment {
    /// The origin `now` counts from: when the process first asked.
    private static let origin = ContinuousClock.now

    /// Now, on the continuous clock: when a command is performed, for undo coalescing.
    package static var now: Moment {
        let (seconds, attoseconds) = (ContinuousClock.now - origin).components
        return Moment(nanoseconds: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
