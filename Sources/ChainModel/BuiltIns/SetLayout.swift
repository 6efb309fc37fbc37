/// Records how many tiles a row of the grid's client shows (`setLayout`), for up and down
/// moves. Layout, not content: not an undo step, and always enabled.
public struct SetLayout: Command {
    public typealias Performer = ImageGrid
    public static let action = "setLayout"

    public let columns: Int

    public init(columns: Int) {
        self.columns = columns
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("columns")
        columns = try arguments.required("columns")
        guard (1...ImageGrid.maxColumns).contains(columns) else {
            throw ArgumentError(field: "columns", reason: .outOfRange("\(columns) is not in 1...\(ImageGrid.maxColumns)"))
        }
    }

    public var arguments: Arguments { ["columns": columns.argumentJSON] }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict { .handles(.enabled) }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        context.session.setColumns(columns, inGrid: grid.path)
        context.result = [(key: "columns", value: columns.argumentJSON)]
    }
}
