/// How many images of a set have each value of one attribute: enough to answer
/// on/off/mixed and "can any image move up or down" without looking at the images again.
public struct ValueHistogram: Equatable, Sendable {
    /// The most values an attribute may have.
    public static let capacity = 8
    /// Held inline: menus validate several items per histogram and allocate none for it.
    private var counts: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Images of the set that the catalog does not hold.
    public var missing = 0

    public init() {}

    public static func == (lhs: ValueHistogram, rhs: ValueHistogram) -> Bool {
        lhs.missing == rhs.missing && (0..<UInt8(capacity)).allSatisfy { lhs[$0] == rhs[$0] }
    }

    public subscript(code: UInt8) -> Int {
        get {
            precondition(Int(code) < Self.capacity)
            return withUnsafeBytes(of: counts) { $0.load(fromByteOffset: Int(code) * MemoryLayout<Int>.stride, as: Int.self) }
        }
        set {
            precondition(Int(code) < Self.capacity)
            withUnsafeMutableBytes(of: &counts) { $0.storeBytes(of: newValue, toByteOffset: Int(code) * MemoryLayout<Int>.stride, as: Int.self) }
        }
    }

    public subscript<A: ImageAttribute>(value: A) -> Int {
        get { self[value.code] }
        set { self[value.code] = newValue }
    }

    /// Images counted with a value (missing ones excluded).
    public var total: Int {
        counts.0 + counts.1 + counts.2 + counts.3 + counts.4 + counts.5 + counts.6 + counts.7
    }

    /// `on` when every counted image has `code`, `mixed` when some do, `off` when none.
    public func state(for code: UInt8) -> CheckState {
        let matching = self[code]
        if matching == 0 { return .off }
        return matching == total ? .on : .mixed
    }

    public func state<A: ImageAttribute>(for value: A) -> CheckState { state(for: value.code) }
}
