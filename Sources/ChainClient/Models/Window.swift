/// A window of a session: a browser window (grid, viewer, maybe a compare) or a viewer window.
public struct Window: Codable, Sendable, Hashable {
    public var id: String
    /// `browser` or `viewer`.
    public var kind: String
    public var grid: Grid?
    public var viewer: Viewer?
    public var undo: UndoState?
    public var autoAdvance: Bool?
    public var compare: Compare?
}
