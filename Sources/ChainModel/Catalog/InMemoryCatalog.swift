import ChainSupport

/// A catalog held in memory, for the model's tests and benchmarks: dense columns behind
/// one lock (names and capture times kept beside them), and the last working set built for
/// each view until the catalog changes.
public final class InMemoryCatalog: Catalog {
    private struct Storage {
        var columns = AttributeColumns()
        var names: [ImageID: String] = [:]
        var captureTimes: [ImageID: Int64] = [:]
        var keys: ImageSortKeys?
        var workingSets: [GridView: WorkingSet] = [:]
        /// The view asked for last: comparing two views costs less than hashing one.
        var lastWorkingSet: (view: GridView, set: WorkingSet)?

        mutating func changed() {
            keys = nil
            valuesChanged()
        }

        mutating func valuesChanged() {
            workingSets = [:]
            lastWorkingSet = nil
        }
    }

    private let storage = Lock(Storage())

    public init() {}

    public convenience init(images: [Image]) {
        self.init()
        insert(images)
    }

    public convenience init(ratings: [(id: ImageID, rating: Rating)]) {
        self.init()
        insert(ratings.map { Image(id: $0.id, name: "", rating: $0.rating) })
    }

    /// Adds images (or replaces their values and names). Ids must be positive.
    public func insert(_ images: [Image]) {
        storage.withLock { storage in
            storage.columns.insert(images.lazy.map { ($0.id, $0.values) })
            for image in images where !image.name.isEmpty { storage.names[image.id] = image.name }
            storage.changed()
        }
    }

    /// Gives `id` a capture instant (ms since the epoch, UTC), or takes it away.
    public func setCaptureTime(_ time: Int64?, of id: ImageID) {
        storage.withLock { storage in
            storage.captureTimes[id] = time
            storage.changed()
        }
    }

    public func workingSet(for view: GridView) -> WorkingSet {
        storage.withLock { storage in
            if let last = storage.lastWorkingSet, last.view == view { return last.set }
            if let known = storage.workingSets[view] {
                storage.lastWorkingSet = (view, known)
                return known
            }
            let needsKeys = view.sort.by == .name || view.sort.by == .captureTime
            if needsKeys, storage.keys == nil {
                storage.keys = ImageSortKeys(entries: storage.columns.order.map { id in
                    ImageSortKeys.Entry(id: id, name: storage.names[id] ?? "", captureTime: storage.captureTimes[id])
                })
            }
            let built = WorkingSet(view: view, columns: storage.columns, keys: needsKeys ? storage.keys ?? .none : .none)
            storage.workingSets[view] = built
            storage.lastWorkingSet = (view, built)
            return built
        }
    }

    public var imageCount: Int { storage.withLock { $0.columns.imageCount } }
    public func contains(_ id: ImageID) -> Bool { storage.withLock { $0.columns.contains(id) } }
    public func code(of id: ImageID, _ attribute: Attribute) -> UInt8? { storage.withLock { $0.columns.code(of: id, attribute) } }

    public func codes(of images: ImageSelection, _ attribute: Attribute) -> [UInt8] {
        storage.withLock { $0.columns.codes(of: images, attribute) }
    }

    public func histogram(of images: ImageSelection, _ attribute: Attribute) -> ValueHistogram {
        storage.withLock { $0.columns.histogram(of: images, attribute) }
    }

    public func allImages() -> ImageSelection { storage.withLock { $0.columns.order } }
    public func id(after id: ImageID) -> ImageID? { storage.withLock { $0.columns.id(after: id) } }
    public func id(before id: ImageID) -> ImageID? { storage.withLock { $0.columns.id(before: id) } }

    public func image(_ id: ImageID) -> Image? {
        storage.withLock { storage in
            storage.columns.values(of: id).map { Image(id: id, name: storage.names[id] ?? "", values: $0) }
        }
    }

    public func apply(_ changes: ChangeSet) {
        storage.withLock { storage in
            storage.columns.apply(changes)
            storage.valuesChanged()
        }
    }
}
