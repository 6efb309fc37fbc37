/// Changes the order a grid shows its images in (`setSort {"by", "order"}`, `order`
/// ascending by default). Not an undo step, always enabled; a menu item sorting by the grid's
/// key (and order, when the item names one) shows `on`.
public struct SetSort: Command {
    public typealias Performer = ImageGrid
    public static let action = "setSort"

    public let by: ImageSort.Key
    /// `nil`: ascending when performed, either order when validated.
    public let order: ImageSort.Order?

    public init(by: ImageSort.Key, order: ImageSort.Order? = nil) {
        self.by = by
        self.order = order
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("by", "order")
        by = try arguments.required("by")
        order = try arguments.optional("order")
    }

    public var arguments: Arguments {
        order.map { ["by": by.argumentJSON, "order": $0.argumentJSON] } ?? ["by": by.argumentJSON]
    }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        let sort = grid.view.sort
        return .handles(.enabled(state: sort.by == by && (order == nil || order == sort.order) ? .on : .off))
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        var view = grid.view
        view.sort = ImageSort(by: by, order: order ?? .asc)
        context.changeView(of: grid, to: view)
    }
}
