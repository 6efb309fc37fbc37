/// The order a grid shows its images in (`setSort {"by", "order"}`). Ties sort by id,
/// ascending in either order; images with no capture time sort after those with one, in
/// either order.
public struct ImageSort: Sendable, Hashable {
    public enum Key: String, Sendable, CaseIterable {
        case id, name, captureTime, rating
    }

    public enum Order: String, Sendable, CaseIterable {
        case asc, desc
    }

    public var by: Key
    public var order: Order

    public init(by: Key = .id, order: Order = .asc) {
        self.by = by
        self.order = order
    }

    /// By id, ascending: the catalog's own order.
    public static let catalogOrder = ImageSort()

    public var argumentJSON: JSON { .object([(key: "by", value: .string(by.rawValue)), (key: "order", value: .string(order.rawValue))]) }
}

extension ImageSort.Key: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        self = try Self.named(json, field: field)
    }
}

extension ImageSort.Order: ArgumentValue {
    public init(argument json: JSON, field: String) throws(ArgumentError) {
        self = try Self.named(json, field: field)
    }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case a JSON string names, or the argument error listing every name.
    static func named(_ json: JSON, field: String) throws(ArgumentError) -> Self {
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = json.stringValue else {
            throw ArgumentError(field: field, reason: .wrongType(expected: "one of \(names)", found: json.kindName))
        }
        guard let value = Self(rawValue: text) else {
            throw ArgumentError(field: field, reason: .outOfRange("\"\(text.prefix(40))\" is not one of \(names)"))
        }
        return value
    }

    public var argumentJSON: JSON { .string(rawValue) }
}
