import ChainModel

/// Which streaming sessions' menus depend on which images (their grids' selections and the
/// images their viewers show), so a commit finds the sessions it may have changed without
/// validating every session's menu.
///
/// A session watching few images is indexed by image: a small change looks its ids up. A
/// session watching many (a select-all) is kept as sorted id ranges and tested against the
/// change's ranges. A large change tests every watcher's ranges, which for any session
/// costs a binary search per range of the smaller side.
package struct ImageWatchIndex: Sendable {
    /// Sessions watching at most this many ids go into the per-image table.
    package static let narrowLimit = 512
    /// Changes of at most this many ids are looked up id by id.
    package static let smallChange = 4096

    private var watched: [String: [Range<Int64>]] = [:]
    private var byImage: [Int64: [String]] = [:]
    private var wide: Set<String> = []

    package init() {}

    package var sessionCount: Int { watched.count }

    /// Sets what `session` watches, replacing what it watched before.
    package mutating func watch(_ session: String, _ ranges: [Range<Int64>]) {
        if watched[session] == ranges { return }
        unwatch(session)
        watched[session] = ranges
        let count = ranges.reduce(0) { $0 + $1.count }
        if count > Self.narrowLimit {
            wide.insert(session)
        } else {
            for range in ranges {
                for id in range { byImage[id, default: []].append(session) }
            }
        }
    }

    package mutating func unwatch(_ session: String) {
        guard let ranges = watched.removeValue(forKey: session) else { return }
        if wide.remove(session) != nil { return }
        for range in ranges {
            for id in range {
                byImage[id]?.removeAll { $0 == session }
                if byImage[id]?.isEmpty == true { byImage[id] = nil }
            }
        }
    }

    /// The sessions watching any image of `changed` (sorted, non-overlapping ranges).
    package func sessions(touching changed: [Range<Int64>]) -> Set<String> {
        let count = changed.reduce(0) { $0 + $1.count }
        var found = Set<String>()
        if count <= Self.smallChange {
            for range in changed {
                for id in range {
                    if let sessions = byImage[id] { found.formUnion(sessions) }
                }
            }
            for session in wide where Self.intersects(watched[session] ?? [], changed) { found.insert(session) }
        } else {
            for (session, ranges) in watched where Self.intersects(ranges, changed) { found.insert(session) }
        }
        return found
    }

    /// Whether two sorted lists of disjoint ranges share an id: each range of the shorter
    /// list is looked for in the longer one by binary search.
    package static func intersects(_ a: [Range<Int64>], _ b: [Range<Int64>]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        for range in short {
            var low = 0
            var high = long.count
            while low < high {
                let middle = (low + high) / 2
                if long[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
            }
            if low < long.count, long[low].lowerBound < range.upperBound { return true }
        }
        return false
    }

    /// Sorted, merged id ranges of what `session`'s menus depend on: every grid's selection
    /// and every viewer's and compare's images.
    package static func ranges(watchedBy session: Session) -> [Range<Int64>] {
        var ranges: [Range<Int64>] = []
        for window in session.windows {
            if let selection = window.grid?.selection {
                for run in selection.runs { ranges.append(run.first..<(run.first + Int64(run.count))) }
            }
            if let image = window.viewer.image { ranges.append(image.rawValue..<(image.rawValue + 1)) }
            for image in window.compare?.images ?? [] { ranges.append(image.rawValue..<(image.rawValue + 1)) }
        }
        return merged(ranges)
    }

    /// Sorted, merged ranges of the images `changes` writes.
    package static func ranges(of changes: ChangeSet) -> [Range<Int64>] {
        var ranges: [Range<Int64>] = []
        for segment in changes.segments {
            for run in segment.images.runs { ranges.append(run.first..<(run.first + Int64(run.count))) }
        }
        return merged(ranges)
    }

    package static func merged(_ ranges: [Range<Int64>]) -> [Range<Int64>] {
        guard ranges.count > 1 else { return ranges }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int64>] = [sorted[0]]
        for range in sorted.dropFirst() {
            let last = result[result.count - 1]
            if range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
