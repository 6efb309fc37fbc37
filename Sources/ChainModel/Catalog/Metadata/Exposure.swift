/// How a picture was exposed; each member `nil` when the file does not say.
public struct Exposure: Equatable, Sendable {
    /// Shutter time as photographers write it: `"1/250"`, `"2"`, `"0.8"`.
    public var time: String?
    /// The f-number: `5.6`.
    public var aperture: Double?
    public var iso: Int?
    /// Millimetres (actual, not 35 mm equivalent).
    public var focalLength: Double?

    public init(time: String? = nil, aperture: Double? = nil, iso: Int? = nil, focalLength: Double? = nil) {
        self.time = time
        self.aperture = aperture.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.iso = iso.flatMap { $0 > 0 ? $0 : nil }
        self.focalLength = focalLength.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// The shutter time of `seconds`: `1/n` below a second when that is what it is (within
    /// 5 %), else the seconds with at most one decimal (`0.4`, `2.5`, `30`).
    public static func time(seconds: Double) -> String? {
        guard seconds > 0, seconds.isFinite else { return nil }
        if seconds < 1 {
            let inverse = 1 / seconds
            let denominator = inverse.rounded()
            if denominator >= 2, abs(inverse - denominator) <= 0.05 * inverse { return "1/\(Int(denominator))" }
        }
        let tenths = Int((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// The shutter time of an EXIF rational: as written when its numerator is 1 (`1/250`),
    /// else through `time(seconds:)` (`10/2500` is `1/250`, `30/1` is `30`).
    public static func time(numerator: Int, denominator: Int) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        if numerator == 1 { return denominator == 1 ? "1" : "1/\(denominator)" }
        return time(seconds: Double(numerator) / Double(denominator))
    }

    /// A value worth showing rounded to what cameras print: `5.6`, not `5.599999`.
    public static func rounded(_ value: Double, places: Int = 2) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
