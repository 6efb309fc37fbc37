/// The zoom every pane of a compare shows (`setZoom`): `scale` a multiple of the size at
/// which the whole picture fits its pane (1 fits, 2 shows it twice as large, up to 16), and
/// `center` the point of the picture at the pane's centre, as fractions of its width and
/// height (0 left or top, 1 right or bottom). Relative, so pictures of different sizes line
/// up the same part of the scene.
public struct CompareZoom: Sendable, Equatable {
    /// Scales accepted: above 0 (a scale below 1 shows the picture smaller than its pane),
    /// at most 16.
    public static let maxScale = 16.0
    /// The whole picture in its pane, centred: where a compare starts.
    public static let fit = CompareZoom(scale: 1, centerX: 0.5, centerY: 0.5)

    public var scale: Double
    public var centerX: Double
    public var centerY: Double

    public init(scale: Double, centerX: Double, centerY: Double) {
        self.scale = scale
        self.centerX = centerX
        self.centerY = centerY
    }

    /// Whether every member is in range: 0 < scale ≤ 16, centre in [0, 1]².
    public var isValid: Bool {
        scale > 0 && scale <= Self.maxScale && (0...1).contains(centerX) && (0...1).contains(centerY)
    }
}
