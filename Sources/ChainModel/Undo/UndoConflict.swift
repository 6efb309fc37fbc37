/// An image an undo or redo left as it was, because it no longer holds the value the entry
/// set: someone changed it since (another editor, or this one from another window).
public struct UndoConflict: Sendable, Equatable {
    public var image: ImageID
    public var attribute: Attribute
    /// The value the entry set, which undoing it would take back.
    public var expected: UInt8
    /// The value the image holds now, left as it is.
    public var current: UInt8

    public init(image: ImageID, attribute: Attribute, expected: UInt8, current: UInt8) {
        self.image = image
        self.attribute = attribute
        self.expected = expected
        self.current = current
    }

    /// As the answer lists it: `{"image": "img-3", "attribute": "rating", "expected": 5, "current": 2}`.
    public var json: JSON {
        .object([
            (key: "image", value: image.argumentJSON), (key: "attribute", value: .string(attribute.name)),
            (key: "expected", value: attribute.json(expected)), (key: "current", value: attribute.json(current)),
        ])
    }
}
