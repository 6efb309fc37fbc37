/// The image grid of a browser window. It shows the whole catalog in id order and owns
/// the selection: ordered image ids without repeats.
public struct ImageGrid: ImageTarget, Equatable {
    public let path: ResponderPath
    public internal(set) var selection = ImageSelection()

    public var kind: ResponderKind { .grid }
    public var targetImages: ImageSelection { selection }
    public var emptyReason: String { "selection is empty" }
}
