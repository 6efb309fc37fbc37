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
