/// Shows one image, or none. It sits below the grid in a browser window and directly
/// below the window in a viewer window.
public struct ImageViewer: RatingTarget, Equatable {
    public let path: ResponderPath
    /// Whether the viewer is part of a browser window (where `closeViewer` applies).
    public let isInBrowser: Bool
    /// The shown image as the list rating commands apply to (empty or one id), kept
    /// rather than built, so validating and performing a rating allocate nothing for it.
    public private(set) var ratedImages: [ImageID]

    init(path: ResponderPath, image: ImageID?, isInBrowser: Bool) {
        self.path = path
        self.isInBrowser = isInBrowser
        ratedImages = image.map { [$0] } ?? []
    }

    public internal(set) var image: ImageID? {
        get { ratedImages.first }
        set { ratedImages = newValue.map { [$0] } ?? [] }
    }

    public var kind: ResponderKind { .viewer }
    public var emptyReason: String { "viewer shows no image" }
}
