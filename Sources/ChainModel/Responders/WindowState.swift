/// A window without its grid, viewer and compare: the path, undo stack, auto-advance and
/// following that the window's own commands (undo, redo, close, unfollow, auto-advance)
/// read. Those commands take this rather than `Window`, so a menu pass validating them
/// copies four fields of the window, not the whole window with its responders' state.
public struct WindowState: Sendable {
    public let path: ResponderPath
    public let undoStack: UndoStack
    public let autoAdvance: Bool
    public let following: String?

    public var id: String { path.string }

    init(_ window: borrowing Window) {
        path = window.path
        undoStack = window.undoStack
        autoAdvance = window.autoAdvance
        following = window.following
    }
}
