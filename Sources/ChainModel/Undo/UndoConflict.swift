/// An image an undo or redo left as it was, because it no longer holds the value the entry
/// set: someone changed it since (another editor, or this one from another window).
public struct UndoConflict: Sendable, Equatable {
    public var image: ImageID
    public var attribute: Attribute
    /// The value the entry set, which undoing it would take back.
    public var expected: UInt8
    /// The value the image holds now, left as it is.
    public var found: UInt8
    /// Who gave the image the value found: the model cannot know, and leaves it `nil`; the
    /// service fills it in from the catalog's history.
    public var by: String?

    public init(image: ImageID, attribute: Attribute, expected: UInt8, found: UInt8, by: String? = nil) {
        self.image = image
        self.attribute = attribute
        self.expected = expected
        self.found = found
        self.by = by
    }

    /// As the answer lists it: `{"image": "img-3", "attribute": "rating", "expected": 5, "found": 2, "by": "eve"}`.
    public var json: JSON {
        .object([
            (key: "image", value: image.argumentJSON), (key: "attribute", value: .string(attribute.name)),
            (key: "expected", value: attribute.json(expected)), (key: "found", value: attribute.json(found)),
            (key: "by", value: by.map(JSON.string) ?? .null),
        ])
    }
}
