/// How many images of a set have each rating: enough to answer on/off/mixed and
/// "can any image move up or down" without looking at the images again.
public struct RatingHistogram: Equatable, Sendable {
    public private(set) var counts: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    /// Images of the set that the catalog does not hold.
    public var missing = 0

    public init() {}

    public static func == (lhs: RatingHistogram, rhs: RatingHistogram) -> Bool {
        lhs.counts == rhs.counts && lhs.missing == rhs.missing
    }

    public subscript(rating: Rating) -> Int {
        get {
            switch rating.value {
            case 0: counts.0
            case 1: counts.1
            case 2: counts.2
            case 3: counts.3
            case 4: counts.4
            default: counts.5
            }
        }
        set {
            switch rating.value {
            case 0: counts.0 = newValue
            case 1: counts.1 = newValue
            case 2: counts.2 = newValue
            case 3: counts.3 = newValue
            case 4: counts.4 = newValue
            default: counts.5 = newValue
            }
        }
    }

    /// Images counted with a rating (missing ones excluded).
    public var total: Int { counts.0 + counts.1 + counts.2 + counts.3 + counts.4 + counts.5 }

    /// `on` when every counted image has `rating`, `mixed` when some do, `off` when none.
    public func state(for rating: Rating) -> CheckState {
        let matching = self[rating]
        if matching == 0 { return .off }
        return matching == total ? .on : .mixed
    }
}
