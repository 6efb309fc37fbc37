/// Finds an action's column in the registry's handler table. Every validated menu item and
/// every command looks its action up once; Swift's seeded SipHash would be the largest
/// single cost of validating an item, so this hashes with FNV-1a over the UTF-8 bytes into
/// a linear-probed table kept at most half full. Only registered names are stored, so a
/// name a client sends can lengthen no probe.
struct ActionColumns: Sendable {
    private var slots: [(name: String, column: Int)?] = []

    init() {}

    /// Gives each name its position in `names` as its column.
    init(_ names: [String]) {
        var capacity = 8
        while capacity < 2 * names.count { capacity *= 2 }
        slots = Array(repeating: nil, count: capacity)
        for (column, name) in names.enumerated() {
            var index = Self.hash(name) & (capacity - 1)
            while slots[index] != nil { index = (index + 1) & (capacity - 1) }
            slots[index] = (name: name, column: column)
        }
    }

    subscript(name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = Self.hash(name) & mask
        while let slot = slots[index] {
            if slot.name == name { return slot.column }
            index = (index + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash)
        }
    }
}
