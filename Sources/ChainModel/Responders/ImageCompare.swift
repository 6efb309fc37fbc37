/// What a browser window compares, shown instead of its viewer (`main/grid/compare`): the
/// `select` (the image the others are held against) and 1–7 `candidates`, one of them the
/// current candidate that stepping, swapping and making select act on, and one zoom every
/// pane shares. Present only while the window compares (`compare`, `closeCompare`).
///
/// Rating, label and flag commands sent to it change the select, or the compared image an
/// `image` argument names.
public struct ImageCompare: ImageTarget, Equatable {
    /// Fewest and most images one compare holds, select included.
    public static let imageLimits = 2...8

    public let path: ResponderPath
    /// The image the candidates are held against.
    public private(set) var select: ImageID
    /// The other images, in the order they came; never empty, never holding the select.
    public private(set) var candidates: [ImageID]
    /// The index in `candidates` of the current candidate.
    public private(set) var current: Int
    /// The zoom and centre every pane shows.
    public internal(set) var zoom: CompareZoom
    /// The select as the selection attribute commands apply to, kept so validating a command
    /// allocates nothing for it (as `ImageViewer` does).
    public private(set) var targetImages: ImageSelection

    /// A compare of `images` (2–8, no repeats; not checked here): the first is the select.
    init(path: ResponderPath, images: [ImageID], current: Int = 0, zoom: CompareZoom = .fit) {
        self.path = path
        select = images[0]
        candidates = Array(images.dropFirst())
        self.current = current
        self.zoom = zoom
        targetImages = .one(images[0])
    }

    public var kind: ResponderKind { .compare }
    public var emptyReason: String { "compare shows no image" }

    /// The select, then the candidates.
    public var images: [ImageID] { [select] + candidates }
    public var currentCandidate: ImageID { candidates[current] }

    public func contains(_ image: ImageID) -> Bool { image == select || candidates.contains(image) }

    /// Makes `image` (a candidate) the select; the select takes its place among the
    /// candidates, and the current candidate stays at the same position.
    mutating func makeSelect(_ image: ImageID) {
        guard let index = candidates.firstIndex(of: image) else { return }
        candidates[index] = select
        select = image
        targetImages = .one(image)
    }

    /// Moves the current candidate by `step`; the caller has checked it stays inside.
    mutating func stepCandidate(by step: Int) {
        current += step
    }

    /// Takes `image` out; the select's place goes to the current candidate. Leaves at least
    /// one candidate: the caller has checked there were two or more.
    mutating func remove(_ image: ImageID) {
        if image == select {
            select = candidates.remove(at: current)
            targetImages = .one(select)
        } else if let index = candidates.firstIndex(of: image) {
            candidates.remove(at: index)
            if index < current { current -= 1 }
        }
        current = Swift.min(current, candidates.count - 1)
    }
}
