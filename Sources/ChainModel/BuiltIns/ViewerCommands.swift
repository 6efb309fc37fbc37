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

/// Shows the next or previous image of the grid order in the viewer (`nextImage`,
/// `previousImage`); disabled at the end or the start.
public struct StepImage<Step: ImageStep>: Command {
    public typealias Performer = ImageViewer
    public static var action: String { Step.action }

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ viewer: ImageViewer, _ input: HandlerInput) -> HandlerVerdict {
        guard let image = viewer.image else { return .handles(.disabled(viewer.emptyReason)) }
        return .handles(Step.neighbour(of: image, in: input.catalog) == nil ? .disabled(Step.endReason) : .enabled)
    }

    public func perform(_ viewer: ImageViewer, _ context: inout PerformContext) throws(CommandError) {
        guard let image = viewer.image, let next = Step.neighbour(of: image, in: context.catalog) else { return }
        context.session.show(next, inViewer: viewer.path)
        context.emit(.imageShown(viewer: viewer.path, image: next))
        context.result = [(key: "image", value: next.argumentJSON)]
    }
}

/// Which way `StepImage` goes.
public protocol ImageStep: Sendable {
    static var action: String { get }
    static var endReason: String { get }
    static func neighbour(of image: ImageID, in catalog: some CatalogReading) -> ImageID?
}

public enum Forward: ImageStep {
    public static let action = "nextImage"
    public static let endReason = "at the end of the grid"
    public static func neighbour(of image: ImageID, in catalog: some CatalogReading) -> ImageID? { catalog.id(after: image) }
}

public enum Backward: ImageStep {
    public static let action = "previousImage"
    public static let endReason = "at the start of the grid"
    public static func neighbour(of image: ImageID, in catalog: some CatalogReading) -> ImageID? { catalog.id(before: image) }
}

public typealias NextImage = StepImage<Forward>
public typealias PreviousImage = StepImage<Backward>
