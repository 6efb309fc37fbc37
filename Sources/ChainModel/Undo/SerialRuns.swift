/// A set of undo-entry serials as ascending, disjoint runs (`[1...100, 104...104]`). A
/// stack that took a hundred consecutive registrations is one run, so naming it, comparing
/// what storage holds with what the stacks hold, and deleting what went cost as many steps
/// as there are runs, not entries.
public struct SerialRuns: Sendable, Equatable, CustomStringConvertible {
    /// Ascending, with a gap of at least one serial between neighbours.
    public private(set) var runs: [ClosedRange<Int>]

    public init() {
        runs = []
    }

    /// The union of `runs`, in any order, overlapping or touching. Merged in place, in one copy
    /// of `runs` (none when they come as an array already in order and disjoint, as a stack's
    /// runs do): this runs for every command that changes a session.
    public init(merging runs: some Sequence<ClosedRange<Int>>) {
        var merged = Array(runs)
        if zip(merged, merged.dropFirst()).contains(where: { $0.lowerBound > $1.lowerBound }) {
            merged.sort { $0.lowerBound < $1.lowerBound }
        }
        var kept = 0
        for index in merged.indices {
            let run = merged[index]
            if kept > 0, run.lowerBound <= merged[kept - 1].upperBound + 1 {
                merged[kept - 1] = merged[kept - 1].lowerBound ... max(merged[kept - 1].upperBound, run.upperBound)
            } else {
                if kept != index { merged[kept] = run }
                kept += 1
            }
        }
        if kept < merged.count { merged.removeLast(merged.count - kept) }
        self.runs = merged
    }

    /// The set of `serials`, in any order.
    public init(_ serials: some Sequence<Int>) {
        self.init(merging: serials.map { $0 ... $0 })
    }

    public var isEmpty: Bool { runs.isEmpty }

    /// The largest serial, or `nil` when empty.
    public var last: Int? { runs.last?.upperBound }

    public var count: Int { runs.reduce(0) { $0 + $1.count } }

    /// The serials of this set that `other` lacks, by one walk over both.
    public func subtracting(_ other: SerialRuns) -> SerialRuns {
        var left: [ClosedRange<Int>] = []
        var index = 0
        for run in runs {
            var start = run.lowerBound
            while index < other.runs.count, other.runs[index].upperBound < start { index += 1 }
            var probe = index
            while probe < other.runs.count, other.runs[probe].lowerBound <= run.upperBound {
                let cut = other.runs[probe]
                if cut.lowerBound > start { left.append(start ... cut.lowerBound - 1) }
                start = max(start, cut.upperBound + 1)
                // A cut reaching past this run may cover the next one too: keep it.
                if cut.upperBound > run.upperBound { break }
                probe += 1
            }
            index = probe
            if start <= run.upperBound { left.append(start ... run.upperBound) }
        }
        var difference = SerialRuns()
        difference.runs = left
        return difference
    }

    /// `1...3, 7` (a lone serial without its range).
    public var description: String {
        runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ")
    }
}
