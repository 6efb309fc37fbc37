/// A window's undo stack: the names of its next undo and redo, and how deep each goes.
public struct UndoState: Codable, Sendable, Hashable {
    public var undo: String?
    public var redo: String?
    public var undoDepth: Int
    public var redoDepth: Int
}
