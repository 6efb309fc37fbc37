/// Why a picture could not be read or written; `reason` is the engine's own words.
struct PictureError: Error, Sendable, Equatable, CustomStringConvertible {
    let reason: String

    var description: String { reason }
}
