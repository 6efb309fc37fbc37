import Synchronization

/// A catalog held in memory: the model's own for tests and benchmarks, and the server's
/// mirror of its durable store (ratings only; names stay in the store).
///
/// Ratings live in a dense array indexed by image id, so a lookup is one load and a
/// histogram over 10,000 ids is a tight loop under one lock.
public final class InMemoryCatalog: Catalog {
    struct Storage {
        /// `ratings[id]` is the rating of image `id`, or `absent`.
        var ratings: [UInt8] = []
        /// Ids present, ascending: the grid order.
        var order: [ImageID] = []
        var names: [ImageID: String] = [:]
    }

    static let absent: UInt8 = .max
    private let storage = Mutex(Storage())

    public init() {}

    public convenience init(images: [Image]) {
        self.init()
        insert(images.map { ($0.id, $0.rating) }, names: images.map { ($0.id, $0.name) })
    }

    public convenience init(ratings: [(id: ImageID, rating: Rating)]) {
        self.init()
        insert(ratings.map { ($0.id, $0.rating) }, names: [])
    }

    /// Adds images (or replaces their ratings). Ids must be positive.
    public func insert(_ entries: [(ImageID, Rating)], names: [(ImageID, String)]) {
        storage.withLock { storage in
            var added = false
            for (id, rating) in entries {
                precondition(id.rawValue > 0, "image ids are positive")
                let slot = Int(id.rawValue)
                if slot >= storage.ratings.count {
                    storage.ratings.append(contentsOf: repeatElement(Self.absent, count: slot - storage.ratings.count + 1))
                }
                if storage.ratings[slot] == Self.absent { added = true }
                storage.ratings[slot] = UInt8(rating.value)
            }
            for (id, name) in names { storage.names[id] = name }
            if added {
                let ratings = storage.ratings
                storage.order = ratings.indices.filter { ratings[$0] != Self.absent }.map { ImageID(Int64($0)) }
            }
        }
    }

    public var imageCount: Int { storage.withLock { $0.order.count } }

    public func contains(_ id: ImageID) -> Bool { rating(of: id) != nil }

    public func rating(of id: ImageID) -> Rating? {
        storage.withLock { storage in Self.rating(at: id, in: storage.ratings) }
    }

    public func name(of id: ImageID) -> String? { storage.withLock { $0.names[id] } }

    public func image(_ id: ImageID) -> Image? {
        storage.withLock { storage in
            Self.rating(at: id, in: storage.ratings).map { Image(id: id, name: storage.names[id] ?? "", rating: $0) }
        }
    }

    public func histogram(of ids: [ImageID]) -> RatingHistogram {
        storage.withLock { storage in
            var counts = (0, 0, 0, 0, 0, 0, 0)
            storage.ratings.withUnsafeBufferPointer { ratings in
                for id in ids {
                    let slot = Int(truncatingIfNeeded: id.rawValue)
                    let rating = slot > 0 && slot < ratings.count ? ratings[slot] : Self.absent
                    switch rating {
                    case 0: counts.0 += 1
                    case 1: counts.1 += 1
                    case 2: counts.2 += 1
                    case 3: counts.3 += 1
                    case 4: counts.4 += 1
                    case 5: counts.5 += 1
                    default: counts.6 += 1
                    }
                }
            }
            var histogram = RatingHistogram()
            for (value, count) in [counts.0, counts.1, counts.2, counts.3, counts.4, counts.5].enumerated() {
                histogram[Rating(uncheckedValue: value)] = count
            }
            histogram.missing = counts.6
            return histogram
        }
    }

    public func allIDs() -> [ImageID] { storage.withLock { $0.order } }

    public func id(after id: ImageID) -> ImageID? {
        storage.withLock { storage in
            let index = Self.insertionIndex(of: id, in: storage.order)
            let next = index < storage.order.count && storage.order[index] == id ? index + 1 : index
            return next < storage.order.count ? storage.order[next] : nil
        }
    }

    public func id(before id: ImageID) -> ImageID? {
        storage.withLock { storage in
            let index = Self.insertionIndex(of: id, in: storage.order)
            return index > 0 ? storage.order[index - 1] : nil
        }
    }

    public func apply(_ changes: [RatingChange]) {
        storage.withLock { storage in
            for change in changes {
                let slot = Int(change.id.rawValue)
                if slot > 0, slot < storage.ratings.count, storage.ratings[slot] != Self.absent {
                    storage.ratings[slot] = UInt8(change.rating.value)
                }
            }
        }
    }

    private static func rating(at id: ImageID, in ratings: [UInt8]) -> Rating? {
        let slot = Int(truncatingIfNeeded: id.rawValue)
        guard slot > 0, slot < ratings.count, ratings[slot] != absent else { return nil }
        return Rating(uncheckedValue: Int(ratings[slot]))
    }

    /// The first index whose id is not less than `id`.
    private static func insertionIndex(of id: ImageID, in order: [ImageID]) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
