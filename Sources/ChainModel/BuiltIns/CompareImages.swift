/// Opens a compare in the grid's browser window (`compare`), in place of its viewer: the
/// given images (default: the selection), repeats dropped, the first as the select and the
/// rest as candidates; focus goes to it. Disabled with fewer than 2 or more than 8 images;
/// an unknown id answers 404. Not an undo step.
public struct CompareImages: Command {
    public typealias Performer = ImageGrid
    public static let action = "compare"

    public let images: [ImageID]?

    public init(images: [ImageID]? = nil) {
        self.images = images
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("images")
        images = try arguments.optional("images")
    }

    public var arguments: Arguments { images.map { ["images": $0.argumentJSON] } ?? .empty }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        if let images, let index = images.firstIndex(where: { !input.catalog.contains($0) }) {
            return .refused(.notFound(kind: .image, name: images[index].description, field: "images[\(index)]"))
        }
        let count = images.map { ImageSelection($0).count } ?? grid.selection.count
        guard ImageCompare.imageLimits.contains(count) else {
            let limits = ImageCompare.imageLimits
            let what = images == nil ? "the selection has" : "images names"
            return .handles(.disabled("compare takes \(limits.lowerBound) to \(limits.upperBound) images; \(what) \(count)"))
        }
        return .handles(.enabled)
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        let compared = Array(images.map { ImageSelection($0) } ?? grid.selection)
        guard ImageCompare.imageLimits.contains(compared.count), let id = grid.path.windowID,
              let window = context.session.window(id) else { return }
        let previous = context.session.firstResponder
        if window.viewer.image != nil { context.emit(.imageShown(viewer: window.viewer.path, image: nil)) }
        guard let path = context.session.openCompare(compared, inWindow: id) else { return }
        context.reportCompare(inWindow: id)
        if previous != path { context.emit(.focusChanged(from: previous, to: path), from: path) }
    }
}

/// Closes the compare; focus goes back to the grid. Not an undo step.
public struct CloseCompare: Command {
    public typealias Performer = ImageCompare
    public static let action = "closeCompare"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ compare: ImageCompare, _ input: HandlerInput) -> HandlerVerdict { .handles(.enabled) }

    public func perform(_ compare: ImageCompare, _ context: inout PerformContext) throws(CommandError) {
        guard let id = compare.path.windowID else { return }
        let previous = context.session.firstResponder
        context.session.closeCompare(inWindow: id)
        context.emit(.compareClosed(compare.path))
        let now = context.session.firstResponder
        if previous != now { context.emit(.focusChanged(from: previous, to: now), from: now) }
    }
}

extension PerformContext {
    /// Emits `compareChanged` for window `id`'s compare and answers its state: what every
    /// command that opens or changes a compare does.
    mutating func reportCompare(inWindow id: String) {
        guard let compare = session.window(id)?.compare else { return }
        emit(.compareChanged(compare), from: compare.path)
        result = [(key: "compare", value: .string(compare.path.string))] + compare.stateJSON
    }
}
