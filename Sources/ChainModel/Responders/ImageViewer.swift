/// Shows one image, or none. It sits below the grid in a browser window and directly
/// below the window in a viewer window.
public struct ImageViewer: ImageTarget, Equatable {
    public let path: ResponderPath
    /// Whether the viewer is part of a browser window (where `closeViewer` applies).
    public let isInBrowser: Bool
    /// The shown image as the selection attribute commands apply to (empty or one id),
    /// kept rather than built, so validating a command allocates nothing for it.
    public private(set) var targetImages: ImageSelection

    init(path: ResponderPath, image: ImageID?, isInBrowser: Bool) {
        self.path = path
        self.isInBrowser = isInBrowser
        targetImages = image.map(ImageSelection.one) ?? ImageSelection()
    }

    public internal(set) var image: ImageID? {
        get { targetImages.first }
        set { targetImages = newValue.map(ImageSelection.one) ?? ImageSelection() }
    }

    /// Where the image stood in its grid's working set when it was shown: where it stays
    /// once a change makes it fail the grid's filter, so stepping goes on to the neighbours it
    /// had. `nil` in a viewer window, or for an image the working set lacked.
    public internal(set) var position: Int?

    public var kind: ResponderKind { .viewer }
    public var emptyReason: String { "viewer shows no image" }
}
