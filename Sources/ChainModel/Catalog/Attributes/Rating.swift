/// A star rating from 0 (no rating) to 5.
public struct Rating: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = 0...5
    public static let none = Rating(uncheckedValue: 0)
    public static let max = Rating(uncheckedValue: 5)

    public let value: Int

    /// `nil` when `value` is outside `0...5`.
    public init?(_ value: Int) {
        guard Rating.range.contains(value) else { return nil }
        self.value = value
    }

    init(uncheckedValue value: Int) {
        self.value = value
    }

    public var description: String { String(value) }

    /// The rating one star up or down, clamped to the range.
    public func moved(by delta: Int) -> Rating {
        Rating(uncheckedValue: Swift.min(Swift.max(value + delta, 0), 5))
    }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.value < rhs.value }
}

extension Rating: ImageAttribute {
    public static let attribute = Attribute(slot: 0)
    public static let descriptor = describe(name: "rating", title: "Rating", valueNames: range.map(String.init))

    public var code: UInt8 { UInt8(value) }
    public init(uncheckedCode code: UInt8) { self.init(uncheckedValue: Int(code)) }
}
