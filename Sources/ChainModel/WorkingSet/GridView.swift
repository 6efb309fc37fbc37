/// How a grid looks at the catalog: a filter and a sort. What it shows through them is its
/// working set (`WorkingSet`). Stored with the session; not an undo step.
public struct GridView: Sendable, Hashable {
    public var filter: ImageFilter
    public var sort: ImageSort

    public init(filter: ImageFilter = .all, sort: ImageSort = .catalogOrder) {
        self.filter = filter
        self.sort = sort
    }

    /// The whole catalog in id order: a new grid's view.
    public static let all = GridView()

    /// Whether the view shows the catalog as it is (every image, by id ascending), so its
    /// working set is the catalog's own order with nothing to build.
    public var isCatalogOrder: Bool { filter.isEmpty && sort == .catalogOrder }

    /// The attributes whose values decide membership or order, a bit per slot: a change to
    /// any other leaves the working set as it was. Computed without allocating: every command
    /// asks whether a kept working set still holds.
    public var readMask: UInt16 {
        var mask = filter.allowed.presentSlots
        if filter.minRating != nil || sort.by == .rating { mask |= 1 << UInt16(Rating.attribute.slot) }
        return mask
    }

    /// `{"filter": {...}, "sort": {"by", "order"}}`, as the session object shows it.
    public var json: JSON { .object([(key: "filter", value: filter.argumentJSON), (key: "sort", value: sort.argumentJSON)]) }

    /// The view a `json` wrote (stored sessions); `ArgumentError` naming the member at fault.
    public init(json: JSON) throws(ArgumentError) {
        guard let members = json.objectMembers else {
            throw ArgumentError(field: "view", reason: .wrongType(expected: "an object", found: json.kindName))
        }
        let arguments = Arguments(members)
        try arguments.allowOnly("filter", "sort")
        filter = try arguments.optional("filter") ?? .all
        sort = .catalogOrder
        if let sort = arguments["sort"] {
            guard let members = sort.objectMembers else {
                throw ArgumentError(field: "sort", reason: .wrongType(expected: "an object", found: sort.kindName))
            }
            let parts = Arguments(members)
            try parts.allowOnly("by", "order")
            self.sort = ImageSort(by: try parts.required("by"), order: try parts.optional("order") ?? .asc)
        }
    }
}
