/// The images a grid shows, in its order: the catalog through the grid's `GridView`. What
/// every keyboard move, step, select-all and `GET …/grid` page walks.
///
/// The catalog's own order (no filter, by id) is the catalog's runs, with nothing built.
/// Any other is a list of ids with, beside it, each id's position in a dense table indexed by
/// id, so a step finds where it stands in one load rather than a scan of a million ids.
///
/// A working set may carry one **pinned** image: the image a viewer shows that no longer
/// passes the filter, kept at the place it had (`pinning(_:at:)`), so the viewer neither loses
/// its place nor its neighbours ("never lose your place").
public struct WorkingSet: Sendable {
    enum Order: Sendable {
        case catalog(ImageSelection)
        case listed(ids: [ImageID], positions: [Int32])
    }

    let order: Order
    /// A digest of the ids in order: equal digests, equal working sets (`tag`).
    let digest: UInt64
    /// The pinned image and its position, when it is not in `order`.
    public private(set) var pinned: (id: ImageID, position: Int)?

    init(order: Order, digest: UInt64) {
        self.order = order
        self.digest = digest
    }

    /// The catalog's own order.
    public init(catalogOrder: ImageSelection) {
        var digest = Digest()
        for run in catalogOrder.runs {
            digest.add(run.first)
            digest.add(Int64(run.count))
        }
        self.init(order: .catalog(catalogOrder), digest: digest.value)
    }

    /// `ids`, in that order (no repeats).
    public init(listed ids: [ImageID]) {
        var positions: [Int32] = []
        var digest = Digest()
        if let highest = ids.max() {
            positions = Array(repeating: -1, count: Int(highest.rawValue) + 1)
            for (position, id) in ids.enumerated() {
                positions[Int(id.rawValue)] = Int32(position)
                digest.add(id.rawValue)
            }
        }
        self.init(order: .listed(ids: ids, positions: positions), digest: digest.value)
    }

    /// How many images the set has, the pinned one included.
    public var count: Int { baseCount + (pinned == nil ? 0 : 1) }
    public var isEmpty: Bool { count == 0 }

    private var baseCount: Int {
        switch order {
        case .catalog(let selection): selection.count
        case .listed(let ids, _): ids.count
        }
    }

    /// Identifies the set's members and order: it changes exactly when they do (but for hash
    /// collisions), so clients compare it to know whether a page they hold went stale.
    public var tag: String {
        var digest = Digest()
        digest.add(Int64(bitPattern: self.digest))
        if let pinned {
            digest.add(pinned.id.rawValue)
            digest.add(Int64(pinned.position))
        }
        return "ws-" + String(digest.value, radix: 16) + "-" + String(count)
    }

    /// The image at `position`, or `nil` outside `0..<count`.
    public func id(at position: Int) -> ImageID? {
        guard position >= 0, position < count else { return nil }
        var base = position
        if let pinned {
            if position == pinned.position { return pinned.id }
            if position > pinned.position { base -= 1 }
        }
        switch order {
        case .catalog(let selection): return selection.id(at: base)
        case .listed(let ids, _): return ids[base]
        }
    }

    /// Where `id` stands, or `nil` when the set lacks it.
    public func position(of id: ImageID) -> Int? {
        if let pinned, pinned.id == id { return pinned.position }
        guard let base = basePosition(of: id) else { return nil }
        guard let pinned else { return base }
        return base >= pinned.position ? base + 1 : base
    }

    public func contains(_ id: ImageID) -> Bool { position(of: id) != nil }

    /// Where `id` stands among the images that pass the filter, the pinned one left out.
    public func basePosition(of id: ImageID) -> Int? {
        switch order {
        case .catalog(let selection):
            return selection.position(of: id)
        case .listed(_, let positions):
            let slot = Int(truncatingIfNeeded: id.rawValue)
            guard slot >= 0, slot < positions.count, positions[slot] >= 0 else { return nil }
            return Int(positions[slot])
        }
    }

    /// The set with `id` pinned at `position` (clamped to the set), unless it is in it already.
    public func pinning(_ id: ImageID, at position: Int) -> WorkingSet {
        guard basePosition(of: id) == nil else { return self }
        var pinned = self
        pinned.pinned = (id, Swift.min(Swift.max(position, 0), baseCount))
        return pinned
    }

    /// Up to `limit` ids from `offset`, in order.
    public func ids(from offset: Int, limit: Int) -> [ImageID] {
        guard offset >= 0, offset < count, limit > 0 else { return [] }
        let end = Swift.min(count, offset + limit)
        if pinned == nil, case .catalog(let selection) = order { return Array(selection.slice(offset...(end - 1))) }
        return (offset..<end).compactMap(id(at:))
    }

    /// The ids at `positions`, in order, as a selection.
    public func slice(_ positions: ClosedRange<Int>) -> ImageSelection {
        let lower = Swift.max(positions.lowerBound, 0)
        let upper = Swift.min(positions.upperBound, count - 1)
        guard lower <= upper else { return ImageSelection() }
        return ImageSelection(unique: ids(from: lower, limit: upper - lower + 1))
    }

    /// Every image of the set, in id order (`selectAll`): as runs, a sorted set of the whole
    /// catalog is one run where its order would be a million, and the session stores its
    /// selection with every command.
    public var members: ImageSelection {
        var ids: [ImageID]
        switch order {
        case .catalog(let selection):
            guard let pinned else { return selection }
            ids = Array(selection)
            ids.insert(pinned.id, at: ids.firstIndex { $0 > pinned.id } ?? ids.count)
        case .listed(_, let positions):
            ids = []
            ids.reserveCapacity(count)
            for slot in positions.indices where positions[slot] >= 0 || Int64(slot) == pinned?.id.rawValue {
                ids.append(ImageID(Int64(slot)))
            }
        }
        return ImageSelection(unique: ids)
    }

    /// FNV-1a over 64-bit words.
    struct Digest {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ word: Int64) {
            value = (value ^ UInt64(bitPattern: word)) &* 0x100_0000_01b3
        }
    }
}
