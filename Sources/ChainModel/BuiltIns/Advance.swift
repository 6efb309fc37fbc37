/// Where auto-advance moved after a rating, label or flag command: from the image it
/// changed to the next of the working set, `to` nil at the end (no wrap).
public struct Advance: Sendable, Equatable {
    public var from: ImageID
    public var to: ImageID?

    public init(from: ImageID, to: ImageID?) {
        self.from = from
        self.to = to
    }

    /// The `advance` argument rating, label and flag commands take: `true` or `false`
    /// overrides the window's `autoAdvance` once; absent (or null) follows it.
    static let argument = "advance"

    static func override(in arguments: Arguments) throws(ArgumentError) -> Bool? {
        try override(arguments[argument])
    }

    /// The override the `advance` member's value gives, `nil` when absent or null.
    static func override(_ json: JSON?) throws(ArgumentError) -> Bool? {
        guard let json, !json.isNull else { return nil }
        return try Bool(argument: json, field: argument)
    }
}

extension PerformContext {
    /// After undo or redo wrote `changes` back: when they are one image's and the window
    /// shows another (its viewer, or its grid's one-image selection, as after auto-advance),
    /// it shows that image again. A compare shows its images already and is left as it is.
    mutating func reveal(_ changes: ChangeSet, in windowID: String) {
        guard let image = changes.segments.first?.images.first,
              changes.segments.allSatisfy({ $0.images.count == 1 && $0.images.first == image }),
              let window = session.window(windowID), window.compare == nil else { return }
        if let shown = window.viewer.image {
            guard shown != image else { return }
            session.show(image, inViewer: window.viewer.path)
            emit(.imageShown(viewer: window.viewer.path, image: image))
        } else if let grid = window.grid, grid.selection.count == 1, grid.selection.first != image {
            let selection = ImageSelection(unique: [image])
            session.select(selection, inGrid: grid.path)
            emit(.selectionChanged(grid: grid.path, selection: selection))
        }
    }

    /// After a rating, label or flag change by `target`: with auto-advance on for its
    /// window (or `override`), a viewer shows the next image of its grid's order and a
    /// grid whose selection is that one image selects the next. Recorded in `advanced`.
    /// Not an undo step: undo shows the changed image again (`UndoCommand`).
    mutating func advance(after target: AnyImageTarget, override: Bool?) {
        // The window's flag read in place: every rating, label and flag asks, and
        // `session.window(_:)` would copy the whole window.
        guard let windowID, let index = session.windowIndex(of: windowID), override ?? session.windows[index].autoAdvance else { return }
        // The working set as it was before the change (a catalog transaction's is): an image
        // the change takes out of the view still leads to its old neighbour.
        if case .viewer(let viewer) = target, let image = viewer.image {
            let next = NextImage.neighbour(of: viewer, in: catalog, session)
            if let next {
                session.show(next, inViewer: viewer.path, at: catalog.place(of: next, in: session.grid(of: viewer)))
                emit(.imageShown(viewer: viewer.path, image: next))
            }
            advanced = Advance(from: image, to: next)
        } else if case .grid(let grid) = target, grid.selection.count == 1, let image = grid.selection.first {
            let set = catalog.workingSet(of: grid, in: session)
            let next = set.position(of: image).flatMap { set.id(at: $0 + 1) }
            if let next {
                let selection = ImageSelection(unique: [next])
                session.select(selection, inGrid: grid.path)
                emit(.selectionChanged(grid: grid.path, selection: selection))
            }
            advanced = Advance(from: image, to: next)
        }
    }
}
