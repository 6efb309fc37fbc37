/// What the responder chain reads from the image catalog.
///
/// Validation asks for counts per value over a selection, never for the images one by one,
/// so a large selection validates in one pass over dense storage.
public protocol CatalogReading {
    var imageCount: Int { get }
    func contains(_ id: ImageID) -> Bool
    /// `id`'s code for `attribute`, or `nil` when the catalog lacks the image.
    func code(of id: ImageID, _ attribute: Attribute) -> UInt8?
    /// Each image's code in order, `Attribute.absent` for images the catalog lacks.
    func codes(of images: ImageSelection, _ attribute: Attribute) -> [UInt8]
    func histogram(of images: ImageSelection, _ attribute: Attribute) -> ValueHistogram
    /// Every image in catalog (grid) order.
    func allImages() -> ImageSelection
    /// The image after / before `id` in grid order; `nil` at the end / start.
    func id(after id: ImageID) -> ImageID?
    func id(before id: ImageID) -> ImageID?
    /// The images `view` passes, in its order. Implementations keep the last ones built while
    /// the catalog holds still: every validation of a move or a step asks.
    func workingSet(for view: GridView) -> WorkingSet
}

/// A catalog that can also take writes: a batch is one operation.
public protocol Catalog: CatalogReading, Sendable {
    func apply(_ changes: ChangeSet)
}

extension CatalogReading {
    public func value<A: ImageAttribute>(_ type: A.Type, of id: ImageID) -> A? {
        code(of: id, A.attribute).map(A.init(uncheckedCode:))
    }

    public func rating(of id: ImageID) -> Rating? { value(Rating.self, of: id) }

    /// What `changes` would overwrite, as a batch that writes it back (what undo records).
    /// Images the catalog lacks are left out.
    public func previousValues(of changes: ChangeSet) -> ChangeSet {
        // Closures, not `code(of:_:)` partially applied: those box a copy of the catalog (a
        // transaction, on the command path) twice per command.
        changes.previousValues(code: { code(of: $0, $1) }, codes: { codes(of: $0, $1) })
    }
}
