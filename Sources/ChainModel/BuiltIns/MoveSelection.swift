/// Moves a grid's cursor through its working set (`moveSelection`): without `extend` the
/// selection becomes the cursor's image, with it the range from the anchor to the cursor, in
/// grid order. Disabled where the move would leave the working set, or when it is empty.
/// Not an undo step: selection never is.
public struct MoveSelection: Command {
    public typealias Performer = ImageGrid
    public static let action = "moveSelection"

    public let direction: MoveDirection
    public let extend: Bool

    public init(direction: MoveDirection, extend: Bool = false) {
        self.direction = direction
        self.extend = extend
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("direction", "extend")
        direction = try arguments.required("direction")
        extend = try arguments.optional("extend") ?? false
    }

    public var arguments: Arguments {
        extend ? ["direction": direction.argumentJSON, "extend": .bool(true)] : ["direction": direction.argumentJSON]
    }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        switch move(grid, in: input.catalog.workingSet(of: grid, in: input.session)) {
        case .success: .handles(.enabled)
        case .failure(let blocked): .handles(.disabled(blocked.reason))
        }
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        let workingSet = context.catalog.workingSet(of: grid, in: context.session)
        guard case .success(let target) = move(grid, in: workingSet), let cursor = workingSet.id(at: target) else { return }
        var selection = ImageSelection.one(cursor)
        var anchor = cursor
        if extend {
            anchor = [grid.anchor, grid.cursor].lazy.compactMap { $0 }.first { workingSet.contains($0) } ?? cursor
            let from = workingSet.position(of: anchor) ?? target
            selection = workingSet.slice(Swift.min(from, target)...Swift.max(from, target))
        }
        context.session.select(selection, inGrid: grid.path, cursor: cursor, anchor: anchor)
        context.emit(.selectionChanged(grid: grid.path, selection: selection))
        // The cursor's position in the working set, so a client can scroll to an image it has
        // not loaded yet.
        context.result = [
            (key: "cursor", value: cursor.argumentJSON), (key: "position", value: target.argumentJSON),
            (key: "count", value: .number(Double(selection.count))),
        ]
    }

    /// The cursor's position after the move, or why it cannot move.
    private func move(_ grid: ImageGrid, in workingSet: WorkingSet) -> Result<Int, MoveDirection.Blocked> {
        let position = grid.cursor.flatMap(workingSet.position(of:))
        return direction.target(from: position, count: workingSet.count, columns: grid.columns)
    }
}
