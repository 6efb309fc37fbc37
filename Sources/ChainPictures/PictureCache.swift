/// Encoded pictures kept in memory under their versions, within `capacity` bytes: past it the
/// least recently used go first. A few hundred previews at most, so finding the oldest by a
/// scan costs less than keeping an order.
package struct PictureCache: Sendable {
    private struct Entry: Sendable {
        var bytes: [UInt8]
        var used: UInt64
    }

    package let capacity: Int
    package private(set) var size = 0
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    package var count: Int { entries.count }

    /// The picture kept under `version`, now the most recently used.
    package mutating func picture(_ version: String) -> [UInt8]? {
        guard entries[version] != nil else { return nil }
        clock += 1
        entries[version]?.used = clock
        return entries[version]?.bytes
    }

    /// Keeps `bytes` under `version`, letting the least recently used go while over capacity;
    /// a picture larger than the whole capacity is not kept.
    package mutating func keep(_ bytes: [UInt8], as version: String) {
        guard bytes.count <= capacity else { return }
        clock += 1
        if let old = entries.updateValue(Entry(bytes: bytes, used: clock), forKey: version) { size -= old.bytes.count }
        size += bytes.count
        while size > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            entries.removeValue(forKey: oldest.key)
            size -= oldest.value.bytes.count
        }
    }
}
