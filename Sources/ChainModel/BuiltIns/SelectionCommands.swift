/// Replaces the grid's selection with the given images, in order, repeats dropped.
public struct Select: Command {
    public typealias Performer = ImageGrid
    public static let action = "select"

    public let images: [ImageID]

    public init(images: [ImageID]) {
        self.images = images
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("images")
        images = try arguments.required("images")
    }

    public var arguments: Arguments { ["images": images.argumentJSON] }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        if let index = images.firstIndex(where: { !input.catalog.contains($0) }) {
            return .refused(.notFound(kind: .image, name: images[index].description, field: "images[\(index)]"))
        }
        return .handles(.enabled)
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        context.replaceSelection(of: grid.path, with: ImageSelection(images))
    }
}

/// Selects every image of the grid's working set (in id order: see `WorkingSet.members`);
/// enabled when it has any.
public struct SelectAll: Command {
    public typealias Performer = ImageGrid
    public static let action = "selectAll"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        guard input.catalog.isWorkingSetEmpty(of: grid, in: input.session) else { return .handles(.enabled) }
        return .handles(.disabled(input.catalog.imageCount == 0 ? "catalog is empty" : "the grid's filter passes no image"))
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        context.replaceSelection(of: grid.path, with: context.catalog.workingSet(of: grid, in: context.session).members)
    }
}

/// Empties the grid's selection; enabled when it is not empty.
public struct DeselectAll: Command {
    public typealias Performer = ImageGrid
    public static let action = "deselectAll"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        .handles(grid.selection.isEmpty ? .disabled(grid.emptyReason) : .enabled)
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        context.replaceSelection(of: grid.path, with: ImageSelection())
    }
}

/// Shows an image (the given one, else the first selected) in the grid's viewer and
/// focuses the viewer; an open compare closes (a browser shows one or the other).
public struct OpenImage: Command {
    public typealias Performer = ImageGrid
    public static let action = "openImage"

    public let image: ImageID?

    public init(image: ImageID? = nil) {
        self.image = image
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("image")
        image = try arguments.optional("image")
    }

    public var arguments: Arguments { image.map { ["image": $0.argumentJSON] } ?? .empty }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        guard let id = image ?? grid.selection.first else { return .handles(.disabled("selection is empty")) }
        guard input.catalog.contains(id) else { return .refused(.notFound(kind: .image, name: id.description, field: "image")) }
        return .handles(.enabled)
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        guard let id = image ?? grid.selection.first else { return }
        let viewer = grid.path.appending("viewer")
        let previous = context.session.firstResponder
        if let compare = context.session.window(viewer.window)?.compare { context.emit(.compareClosed(compare.path)) }
        context.session.show(id, inViewer: viewer, at: context.catalog.place(of: id, in: grid))
        try context.session.focus(viewer)
        context.emit(.imageShown(viewer: viewer, image: id), from: viewer)
        if previous != viewer { context.emit(.focusChanged(from: previous, to: viewer), from: viewer) }
        context.result = [(key: "image", value: id.argumentJSON), (key: "viewer", value: .string(viewer.string))]
    }
}

/// Opens the first selected image in a new viewer window, which becomes key.
public struct OpenInNewWindow: Command {
    public typealias Performer = ImageGrid
    public static let action = "openInNewWindow"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ grid: ImageGrid, _ input: HandlerInput) -> HandlerVerdict {
        if grid.selection.isEmpty { return .handles(.disabled(grid.emptyReason)) }
        return .handles(input.session.canOpenWindow ? .enabled : .disabled(Session.windowLimitReason))
    }

    public func perform(_ grid: ImageGrid, _ context: inout PerformContext) throws(CommandError) {
        guard let image = grid.selection.first else { return }
        try NewWindow(kind: .viewer, image: image).perform(Application(), &context)
    }
}

extension PerformContext {
    /// Sets the grid's selection (repeats dropped), emits `selectionChanged` and reports the
    /// new count as the result: what every selection command does.
    mutating func replaceSelection(of grid: ResponderPath, with selection: ImageSelection) {
        session.select(selection, inGrid: grid)
        emit(.selectionChanged(grid: grid, selection: selection))
        result = [(key: "count", value: .number(Double(selection.count)))]
    }
}
