/// Why a picture could not be read or written; `reason` is the engine's own words.
package struct PictureError: Error, Sendable, Equatable, CustomStringConvertible {
    package let reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { reason }
}
