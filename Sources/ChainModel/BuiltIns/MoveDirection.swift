/// Where `moveSelection` takes a grid's cursor: by one tile, by a row of `columns` tiles, by a
/// page of five rows, or to an end of the working set.
public enum MoveDirection: String, Sendable, CaseIterable, ArgumentValue {
    case left, right, up, down, home, end, pageUp, pageDown

    /// Rows a page move crosses.
    public static let pageRows = 5

    public init(argument json: JSON, field: String) throws(ArgumentError) {
        let text = try String(argument: json, field: field)
        guard let direction = MoveDirection(rawValue: text) else {
            let names = MoveDirection.allCases.map(\.rawValue).joined(separator: ", ")
            throw ArgumentError(field: field, reason: .outOfRange("\"\(text.prefix(40))\" is not one of \(names)"))
        }
        self = direction
    }

    public var argumentJSON: JSON { .string(rawValue) }

    /// The position the cursor moves to from `position` in a working set of `count` images
    /// shown `columns` to a row, or why it cannot move. With no cursor (`nil`), every move
    /// but `end` lands on the first image, as a list's first arrow press does. Single steps
    /// and rows never wrap or clamp: at an edge they are disabled. Pages clamp to the ends,
    /// and are disabled only at the end they go to.
    public func target(from position: Int?, count: Int, columns: Int) -> Result<Int, Blocked> {
        guard count > 0 else { return .failure(.empty) }
        let last = count - 1
        guard let position, position >= 0, position <= last else { return .success(self == .end ? last : 0) }
        let target: Int
        switch self {
        case .left: target = position - 1
        case .right: target = position + 1
        case .up: target = position - columns
        case .down: target = position + columns
        case .home: target = 0
        case .end: target = last
        case .pageUp: target = Swift.max(0, position - columns * Self.pageRows)
        case .pageDown: target = Swift.min(last, position + columns * Self.pageRows)
        }
        if target < 0 || (target == position && target == 0) { return .failure(.atStart) }
        if target > last || (target == position && target == last) { return .failure(.atEnd) }
        return .success(target)
    }

    /// Why a move is disabled.
    public enum Blocked: Error, Sendable, Equatable {
        case empty, atStart, atEnd

        public var reason: String {
            switch self {
            case .empty: "the grid is empty"
            case .atStart: "at the start of the grid"
            case .atEnd: "at the end of the grid"
            }
        }
    }
}
