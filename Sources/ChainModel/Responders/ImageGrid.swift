/// The image grid of a browser window. It shows its working set (the catalog through its
/// `view`: a filter and a sort) and owns the selection (ordered image ids without repeats), the cursor
/// keyboard navigation starts from, the anchor a range extends from, and how many tiles its
/// client shows per row.
public struct ImageGrid: ImageTarget, Equatable {
    /// The widest row `setLayout` accepts.
    public static let maxColumns = 100

    public let path: ResponderPath
    public internal(set) var selection = ImageSelection()
    /// The image keyboard navigation starts from; `nil` when the selection is empty.
    public internal(set) var cursor: ImageID?
    /// Where an extending move's range starts: the image a plain move or a selection landed on.
    public internal(set) var anchor: ImageID?
    /// Tiles per row in the client, for up and down moves (`setLayout`); 1 until told.
    public internal(set) var columns = 1
    /// The filter and sort its working set is the catalog through (`setFilter`, `setSort`).
    public internal(set) var view = GridView.all

    public var kind: ResponderKind { .grid }
    public var targetImages: ImageSelection { selection }
    public var emptyReason: String { "selection is empty" }
}
