extension ImageSelection {
    /// The last id, or `nil` when empty.
    public var last: ImageID? { runs.last.map { ImageID($0.end - 1) } }

    /// The id at `position` (0-based), or `nil` outside `0..<count`: a walk over the runs,
    /// which are few (a dense catalog's order is one run).
    public func id(at position: Int) -> ImageID? {
        guard position >= 0, position < count else { return nil }
        var skipped = 0
        for run in runs {
            if position < skipped + run.count { return ImageID(run.first + Int64(position - skipped)) }
            skipped += run.count
        }
        return nil
    }

    /// The ids at `positions`, in order, as runs: a range of a million ids of a dense catalog
    /// is one run.
    public func slice(_ positions: ClosedRange<Int>) -> ImageSelection {
        let lower = Swift.max(positions.lowerBound, 0)
        let upper = Swift.min(positions.upperBound, count - 1)
        guard lower <= upper else { return ImageSelection() }
        var sliced: [Run] = []
        var skipped = 0
        for run in runs {
            let runLower = skipped
            let runUpper = skipped + run.count - 1
            skipped += run.count
            guard runUpper >= lower else { continue }
            guard runLower <= upper else { break }
            let from = Swift.max(lower, runLower) - runLower
            let to = Swift.min(upper, runUpper) - runLower
            sliced.append(Run(first: run.first + Int64(from), count: to - from + 1))
        }
        return ImageSelection(runs: sliced)
    }
}
