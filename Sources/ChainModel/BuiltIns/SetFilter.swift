/// Changes which images a grid shows (`setFilter {"filter": {...}}`); the empty filter
/// shows the whole catalog. A view, not content: not an undo step, always enabled; a menu
/// item whose filter is the grid's shows `on`.
public struct SetFilter: Command {
    public typealias Performer = ImageGrid
    public static let action = "setFilter"

    public let filter: ImageFilter

    public init(filter: ImageFilter) {
        self.filter = filter
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("filter")
        filter = try arguments.required("filter")
    }

    public var arguments: Arguments { ["filter": filter.argumentJSON] }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        .handles(.enabled(state: grid.view.filter == filter ? .on : .off))
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        var view = grid.view
        view.filter = filter
        context.changeView(of: grid, to: view)
    }
}

extension PerformContext {
    /// Gives the grid `view`, keeps its viewer's image placed in the new working set, and
    /// reports the view and how many images it shows as the result: what `setFilter` and
    /// `setSort` do.
    mutating func changeView(of grid: ImageGrid, to view: GridView) {
        session.setView(view, inGrid: grid.path)
        if let viewer = session.viewer(of: grid), let image = viewer.image {
            var regridded = grid
            regridded.view = view
            session.show(image, inViewer: viewer.path, at: catalog.place(of: image, in: regridded))
        }
        guard let changed = session.responder(at: grid.path) as? ImageGrid else { return }
        result = [
            (key: "view", value: view.json), (key: "total", value: .number(Double(catalog.workingSet(of: changed, in: session).count))),
        ]
    }
}
