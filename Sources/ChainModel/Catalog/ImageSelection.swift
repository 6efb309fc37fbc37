/// Image ids in a given order, without repeats, held as runs of consecutive ids: selecting
/// a million-image catalog is one run, not a million entries.
public struct ImageSelection: Sendable, Equatable, Sequence {
    /// `count` ids from `first` up.
    public struct Run: Sendable, Equatable {
        public var first: Int64
        public var count: Int

        public init(first: Int64, count: Int) {
            self.first = first
            self.count = count
        }

        var end: Int64 { first + Int64(count) }
    }

    public private(set) var runs: [Run] = []
    public private(set) var count = 0
    /// Whether the runs ascend without overlap, so a position is found by binary search.
    private var isAscending = true

    public init() {}

    /// Keeps the first occurrence of each id, in the order given.
    public init(_ ids: some Sequence<ImageID>) {
        var seen = Set<ImageID>()
        for id in ids where seen.insert(id).inserted { appendUnique(id) }
    }

    /// `ids` are known to hold no repeats (a catalog's own order, a change's images).
    public init(unique ids: some Sequence<ImageID>) {
        for id in ids { appendUnique(id) }
    }

    public init(runs: [Run]) {
        for run in runs where run.count > 0 { appendUnique(run) }
    }

    public static func one(_ id: ImageID) -> ImageSelection { ImageSelection(runs: [Run(first: id.rawValue, count: 1)]) }

    public var isEmpty: Bool { count == 0 }
    public var first: ImageID? { runs.first.map { ImageID($0.first) } }

    /// Appends an id that is not in the selection yet.
    mutating func appendUnique(_ id: ImageID) {
        appendUnique(Run(first: id.rawValue, count: 1))
    }

    private mutating func appendUnique(_ run: Run) {
        count += run.count
        if let last = runs.last {
            if last.end == run.first {
                runs[runs.count - 1].count += run.count
                return
            }
            if run.first < last.end { isAscending = false }
        }
        runs.append(run)
    }

    /// The first `limit` ids.
    public func prefix(_ limit: Int) -> [ImageID] {
        var ids: [ImageID] = []
        ids.reserveCapacity(Swift.min(limit, count))
        for id in self {
            guard ids.count < limit else { break }
            ids.append(id)
        }
        return ids
    }

    /// Where `id` stands in the selection, or `nil`.
    public func position(of id: ImageID) -> Int? {
        guard let run = runIndex(of: id) else { return nil }
        // Positions before the run: summed only when asked, as positions are rare.
        return runs[..<run].reduce(0) { $0 + $1.count } + Int(id.rawValue - runs[run].first)
    }

    public func contains(_ id: ImageID) -> Bool { runIndex(of: id) != nil }

    /// The run holding `id`: by binary search when the runs ascend, else by a scan.
    private func runIndex(of id: ImageID) -> Int? {
        let raw = id.rawValue
        guard isAscending else { return runs.firstIndex { raw >= $0.first && raw < $0.end } }
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].end <= raw { low = middle + 1 } else { high = middle }
        }
        return low < runs.count && runs[low].first <= raw ? low : nil
    }

    /// Up to `limit` ids after `after` (from the start when `nil`), and whether more follow;
    /// `nil` when `after` is not in the selection.
    public func page(after: ImageID?, limit: Int) -> (ids: [ImageID], more: Bool)? {
        var skip = 0
        if let after {
            guard let position = position(of: after) else { return nil }
            skip = position + 1
        }
        var ids: [ImageID] = []
        ids.reserveCapacity(Swift.min(limit, Swift.max(0, count - skip)))
        var index = 0
        for run in runs {
            if index + run.count <= skip {
                index += run.count
                continue
            }
            var raw = run.first + Int64(Swift.max(0, skip - index))
            index = Swift.max(index, skip)
            while raw < run.end, ids.count < limit {
                ids.append(ImageID(raw))
                raw += 1
                index += 1
            }
            if ids.count == limit { break }
        }
        return (ids, skip + ids.count < count)
    }

    public static func == (lhs: ImageSelection, rhs: ImageSelection) -> Bool { lhs.runs == rhs.runs }

    public func makeIterator() -> Iterator { Iterator(runs: runs) }

    public struct Iterator: IteratorProtocol {
        let runs: [Run]
        var run = 0
        var current: Int64 = 0
        var end: Int64 = 0

        init(runs: [Run]) {
            self.runs = runs
        }

        public mutating func next() -> ImageID? {
            if current == end {
                guard run < runs.count else { return nil }
                current = runs[run].first
                end = runs[run].end
                run += 1
            }
            defer { current += 1 }
            return ImageID(current)
        }
    }

    public var underestimatedCount: Int { count }
}

extension ImageSelection: ExpressibleByArrayLiteral {
    public init(arrayLiteral ids: ImageID...) { self.init(ids) }
}
