/// Names one image attribute for code that handles every attribute alike: the writer,
/// the mirror, undo, histograms, events, filters and the wire.
///
/// Only the slot is stored, so passing an attribute around copies one integer; what it
/// is called and how its values are spelt is looked up in its `AttributeDescriptor`.
public struct Attribute: Sendable, Hashable, CustomStringConvertible {
    /// Every attribute type, each at the index of its `slot`. A new attribute is appended here.
    public static let types: [any ImageAttribute.Type] = [Rating.self, ColorLabel.self, Flag.self]
    public static let all: [Attribute] = types.map { $0.attribute }
    private static let descriptors: [AttributeDescriptor] = types.map { $0.descriptor }

    /// The most attributes `AttributeValues` packs.
    public static let maxCount = 8
    /// The code a dense column holds for an image the catalog does not have.
    public static let absent: UInt8 = .max

    /// Index in `all` and in dense storage.
    public let slot: Int

    init(slot: Int) {
        precondition(slot < Attribute.maxCount, "at most \(Attribute.maxCount) attributes")
        self.slot = slot
    }

    public var descriptor: AttributeDescriptor { Self.descriptors[slot] }

    /// The wire member, argument and column name (`rating`).
    public var name: String { descriptor.name }
    /// As menus and undo titles spell it (`Rating`).
    public var title: String { descriptor.title }
    /// Each code's text form, for query filters and traces (`"3"`, `"red"`).
    public var valueNames: [String] { descriptor.valueNames }
    public var valueCount: Int { descriptor.valueNames.count }
    /// `set` + title: the action that gives images one value (`setRating`).
    public var action: String { descriptor.action }
    /// `Set Rating`: what undo calls a change of this attribute.
    public var undoName: String { descriptor.undoName }
    /// `ratingChanged`: the event a change emits.
    public var eventType: String { descriptor.eventType }

    /// The wire form of `code`: a number for ratings, a name for labels and flags.
    public func json(_ code: UInt8) -> JSON { descriptor.encode(code) }

    /// The code of a wire value, or the argument error naming `field`.
    public func code(_ json: JSON, field: String) throws(ArgumentError) -> UInt8 { try descriptor.decode(json, field) }

    /// The code whose text form is `text` (`"red"`, `"3"`), for query parameters.
    public func code(named text: some StringProtocol) -> UInt8? {
        valueNames.firstIndex { $0 == text }.map(UInt8.init)
    }

    public static func named(_ name: some StringProtocol) -> Attribute? { all.first { $0.name == name } }

    public var description: String { name }
}
