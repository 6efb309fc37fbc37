/// What the catalog knows of each image that sorting by name or capture time needs, held as
/// the two orders already sorted: a working set is then built by walking one of them and
/// keeping the images that pass the filter, with no sort per build. Names and capture times
/// do not change after import, so the orders are made once per catalog load (or import).
public struct ImageSortKeys: Sendable {
    /// One image's keys: its name and its capture instant (milliseconds since the epoch, UTC;
    /// `nil` when unknown).
    public struct Entry: Sendable, Equatable {
        public var id: ImageID
        public var name: String
        public var captureTime: Int64?

        public init(id: ImageID, name: String, captureTime: Int64? = nil) {
            self.id = id
            self.name = name
            self.captureTime = captureTime
        }
    }

    /// Ids in ascending key order (ties by id), each with the number of its run of equal keys,
    /// so a descending walk can reverse the runs and keep ties ascending; then the images that
    /// have no key, by id.
    struct Ordering: Sendable {
        var ids: [ImageID] = []
        var groups: [Int32] = []
        var unkeyed: [ImageID] = []

        init() {}

        init<Key: Comparable>(_ entries: [Entry], key: (Entry) -> Key?) {
            var keyed: [(key: Key, id: ImageID)] = []
            keyed.reserveCapacity(entries.count)
            for entry in entries {
                if let value = key(entry) { keyed.append((value, entry.id)) } else { unkeyed.append(entry.id) }
            }
            // No image has the key (no capture times yet): the order is the catalog's, which a
            // build walks itself, so a million ids are not kept for it.
            if keyed.isEmpty { unkeyed = [] }
            keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
            unkeyed.sort()
            ids.reserveCapacity(keyed.count)
            groups.reserveCapacity(keyed.count)
            var group: Int32 = 0
            for index in keyed.indices {
                if index > 0, keyed[index].key != keyed[index - 1].key { group += 1 }
                ids.append(keyed[index].id)
                groups.append(group)
            }
        }

        var count: Int { ids.count + unkeyed.count }

        /// Calls `body` with every id in `order`: keyed ones by key (runs of equal keys
        /// ascending by id either way), then the unkeyed ones by id.
        func forEach(_ order: ImageSort.Order, _ body: (ImageID) -> Void) {
            switch order {
            case .asc:
                for id in ids { body(id) }
            case .desc:
                var end = ids.count
                while end > 0 {
                    var start = end - 1
                    while start > 0, groups[start - 1] == groups[end - 1] { start -= 1 }
                    for index in start..<end { body(ids[index]) }
                    end = start
                }
            }
            for id in unkeyed { body(id) }
        }
    }

    let byName: Ordering
    let byCaptureTime: Ordering

    /// No keys: name and capture-time orders hold no image (each falls back to id order for
    /// the images they lack).
    public static let none = ImageSortKeys(entries: [])

    public init(entries: [Entry]) {
        byName = Ordering(entries) { $0.name }
        byCaptureTime = Ordering(entries) { $0.captureTime }
    }

    /// How many images the keys cover.
    public var count: Int { byName.count }
}
