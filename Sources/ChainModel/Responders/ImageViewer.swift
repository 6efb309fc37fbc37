/// Shows one image, or none. It sits below the grid in a browser window and directly
/// below the window in a viewer window.
public struct ImageViewer: RatingTarget, Equatable {
    public let path: ResponderPath
    public internal(set) var image: ImageID?
    /// Whether the viewer is part of a browser window (where `closeViewer` applies).
    public let isInBrowser: Bool

    public var kind: ResponderKind { .viewer }
    public var ratedImages: [ImageID] { image.map { [$0] } ?? [] }
    public var emptyReason: String { "viewer shows no image" }
}
