/// Clears a browser window's viewer; focus goes back to the grid.
public struct CloseViewer: Command {
    public typealias Performer = ImageViewer
    public static let action = "closeViewer"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ viewer: ImageViewer, _ input: HandlerInput) -> HandlerVerdict {
        guard viewer.isInBrowser else { return .declined("a viewer window closes with closeWindow") }
        return .handles(viewer.image == nil ? .disabled(viewer.emptyReason) : .enabled)
    }

    public func perform(_ viewer: ImageViewer, _ context: inout PerformContext) throws(CommandError) {
        context.session.show(nil, inViewer: viewer.path)
        context.emit(.imageShown(viewer: viewer.path, image: nil))
        if context.session.firstResponder == viewer.path, let grid = viewer.path.parent {
            try context.session.focus(grid)
            context.emit(.focusChanged(from: viewer.path, to: grid))
        }
    }
}

/// Shows the next or previous image of the viewer's working set (its grid's; the whole
/// catalog in a viewer window) in the viewer (`nextImage`, `previousImage`); disabled at the
/// end or the start. From an image that no longer passes the grid's filter, the neighbours
/// are those it had (it stays pinned where it stood).
public struct StepImage<Step: ImageStep>: Command {
    public typealias Performer = ImageViewer
    public static var action: String { Step.action }

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ viewer: ImageViewer, _ input: HandlerInput) -> HandlerVerdict {
        guard let image = viewer.image else { return .handles(.disabled(viewer.emptyReason)) }
        let next = input.catalog.image(Step.offset, from: image, steppedBy: viewer, inWindowAt: input.slot.windowIndex, of: input.session)
        return .handles(next == nil ? .disabled(Step.endReason) : .enabled)
    }

    public func perform(_ viewer: ImageViewer, _ context: inout PerformContext) throws(CommandError) {
        guard let next = Self.neighbour(of: viewer, in: context.catalog, context.session) else { return }
        let place = context.catalog.place(of: next, in: context.session.grid(of: viewer))
        context.session.show(next, inViewer: viewer.path, at: place)
        context.emit(.imageShown(viewer: viewer.path, image: next))
        context.result = [(key: "image", value: next.argumentJSON)]
    }

    /// The image one step from the viewer's in its working set, or `nil` at the end.
    static func neighbour(of viewer: ImageViewer, in catalog: some CatalogReading, _ session: Session) -> ImageID? {
        guard let image = viewer.image else { return nil }
        return catalog.image(Step.offset, from: image, steppedBy: viewer, in: session)
    }
}

/// Which way `StepImage` goes.
public protocol ImageStep: Sendable {
    static var action: String { get }
    static var endReason: String { get }
    /// +1 forward, -1 back.
    static var offset: Int { get }
}

public enum Forward: ImageStep {
    public static let action = "nextImage"
    public static let endReason = "at the end of the grid"
    public static let offset = 1
}

public enum Backward: ImageStep {
    public static let action = "previousImage"
    public static let endReason = "at the start of the grid"
    public static let offset = -1
}

public typealias NextImage = StepImage<Forward>
public typealias PreviousImage = StepImage<Backward>
