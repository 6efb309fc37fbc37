/// The image grid of a browser window. It shows the whole catalog in id order and owns
/// the selection: ordered image ids without repeats.
public struct ImageGrid: RatingTarget, Equatable {
    public let path: ResponderPath
    public internal(set) var selection: [ImageID] = []

    public var kind: ResponderKind { .grid }
    public var ratedImages: [ImageID] { selection }
    public var emptyReason: String { "selection is empty" }

    /// Keeps the first occurrence of each id, in the order given.
    mutating func select(_ ids: [ImageID]) {
        var seen = Set<ImageID>(minimumCapacity: ids.count)
        selection = ids.filter { seen.insert($0).inserted }
    }
}
