/// What a picture file says of how it was taken: read at import from its EXIF (libvips) or
/// its raw metadata (libraw), stored beside the image, shown on image objects.
public struct ImageMetadata: Equatable, Sendable {
    public var captureTime: CaptureTime?
    public var camera: Camera?
    public var lens: String?
    public var exposure: Exposure
    /// EXIF orientation, 1–8: how the stored pixels turn to stand upright (1: as stored).
    public var orientation: Int

    public init(
        captureTime: CaptureTime? = nil, camera: Camera? = nil, lens: String? = nil,
        exposure: Exposure = Exposure(), orientation: Int = 1
    ) {
        self.captureTime = captureTime
        self.camera = camera
        self.lens = lens
        self.exposure = exposure
        self.orientation = (1...8).contains(orientation) ? orientation : 1
    }

    /// Nothing known: no capture time, camera, lens or exposure, upright as stored.
    public static let unknown = ImageMetadata()

    /// Whether the stored pixels lie on their side (orientations 5–8): the upright picture's
    /// width is the stored height.
    public var swapsSides: Bool { orientation >= 5 }
}
