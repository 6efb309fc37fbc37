/// The camera a picture was taken with, as its maker names it (EXIF `Make` and `Model`).
public struct Camera: Equatable, Sendable {
    public var make: String?
    public var model: String?

    /// `nil` when neither is known (blank EXIF strings count as unknown).
    public init?(make: String?, model: String?) {
        let make = make.flatMap(Self.cleaned)
        let model = model.flatMap(Self.cleaned)
        guard make != nil || model != nil else { return nil }
        self.make = make
        self.model = model
    }

    /// The text without surrounding spaces or NULs (EXIF pads fixed fields); `nil` when empty.
    public static func cleaned(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\0" }.reversed().drop { $0 == " " || $0 == "\0" }
        return trimmed.isEmpty ? nil : String(trimmed.reversed())
    }
}
