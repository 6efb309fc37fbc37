/// Per attribute slot, an optional 16-bit mask of codes, held inline in a few words rather
/// than in an array: a filter rides in every grid's view, which every window copy and every
/// working-set lookup carries, and an array there costs a retain per copy and a hashed buffer
/// per lookup.
public struct SlotMasks: Sendable, Hashable {
    /// Slot `s`'s mask in bits `16 (s % 4) ..< 16 (s % 4) + 16` of the word `s / 4`.
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// Bit `s` set when slot `s` has a mask.
    private var present: UInt8 = 0

    /// How many slots fit: as many as the catalog may have attributes.
    public static let capacity = Attribute.maxCount

    public init() {}

    public subscript(slot: Int) -> UInt16? {
        get {
            precondition(slot >= 0 && slot < Self.capacity, "attribute slot \(slot) out of range")
            guard present & 1 << UInt8(slot) != 0 else { return nil }
            return UInt16(truncatingIfNeeded: (slot < 4 ? low : high) >> UInt64(16 * (slot % 4)))
        }
        set {
            precondition(slot >= 0 && slot < Self.capacity, "attribute slot \(slot) out of range")
            let shift = UInt64(16 * (slot % 4))
            var word = (slot < 4 ? low : high) & ~(0xFFFF << shift)
            if let newValue {
                word |= UInt64(newValue) << shift
                present |= 1 << UInt8(slot)
            } else {
                present &= ~(1 << UInt8(slot))
            }
            if slot < 4 { low = word } else { high = word }
        }
    }

    /// Whether no slot has a mask.
    public var isEmpty: Bool { present == 0 }

    /// The slots that have a mask, as bits (`1 << slot`).
    public var presentSlots: UInt16 { UInt16(present) }
}
