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

/// A browser window's grid: its selection (at most 1,000 ids listed), cursor, layout and view.
public struct Grid: Codable, Sendable, Hashable {
    public var selection: [String]
    public var selectionCount: Int?
    public var selectionTruncated: Bool?
    public var cursor: String?
    public var columns: Int?
    /// `{"filter": {...}, "sort": {"by", "order"}}`.
    public var view: JSONValue?
    /// The working set's size.
    public var total: Int?
}

/// What a viewer shows.
public struct Viewer: Codable, Sendable, Hashable {
    public var image: String?
}

/// A window's undo stack: the names of its next undo and redo, and how deep each goes.
public struct UndoState: Codable, Sendable, Hashable {
    public var undo: String?
    public var redo: String?
    public var undoDepth: Int
    public var redoDepth: Int
}

/// A window's compare: its select, candidates and the zoom every pane shares.
public struct Compare: Codable, Sendable, Hashable {
    public var select: String?
    public var candidates: [String]
    public var candidate: String?
    public var zoom: JSONValue?
}
