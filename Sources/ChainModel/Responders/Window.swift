/// A window: a browser (window → grid → viewer, or grid → compare while it compares) or a
/// viewer window (window → viewer).
/// Each window owns its undo stack.
public struct Window: Responder {
    public enum Kind: String, Sendable, CaseIterable {
        case browser
        case viewer
    }

    /// Made once with the window; its grid's and viewer's paths hang below it, so the
    /// chain walk never builds a path.
    public let path: ResponderPath
    public let windowKind: Kind
    public internal(set) var grid: ImageGrid?
    public internal(set) var viewer: ImageViewer
    /// What the browser compares, shown instead of its viewer; `nil` when it does not.
    public internal(set) var compare: ImageCompare?
    public internal(set) var undoStack = UndoStack()
    /// Whether a rating, label or flag given by its viewer (or by its grid when one image is
    /// selected) moves on to the next image (`toggleAutoAdvance`, `Advance`).
    public internal(set) var autoAdvance = false
    /// The session whose viewer this window's viewer shows (`follow`), until `unfollow` or a
    /// navigation of the window's own; `nil` when it follows nobody.
    public internal(set) var following: String?

    public var id: String { path.string }
    public var kind: ResponderKind { .window }

    init(id: String, kind: Kind, image: ImageID? = nil) {
        path = ResponderPath(unchecked: id)
        windowKind = kind
        switch kind {
        case .browser:
            let gridPath = path.appending("grid")
            grid = ImageGrid(path: gridPath)
            viewer = ImageViewer(path: gridPath.appending("viewer"), image: image, isInBrowser: true)
        case .viewer:
            grid = nil
            viewer = ImageViewer(path: path.appending("viewer"), image: image, isInBrowser: false)
        }
    }

    /// Where focus goes when the window becomes key: its grid, or its viewer.
    public var defaultResponder: ResponderPath { grid?.path ?? viewer.path }
}
