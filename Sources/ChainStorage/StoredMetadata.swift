import ChainModel

/// The `images` columns that hold an image's `ImageMetadata`, in both engines' schemas, and
/// their values for one image. `capture_ms` (milliseconds since the epoch, UTC) sits beside
/// the RFC 3339 text so that sorting by capture time reads a number.
package enum StoredMetadata {
    /// How a column's value is typed in SQL.
    package enum Kind: Sendable {
        case text, integer, real
    }

    /// A column's value for one image.
    package enum Value: Equatable, Sendable {
        case text(String)
        case integer(Int64)
        case real(Double)

        /// The value as PostgreSQL parses it from text (array parameters are sent as text).
        package var literal: String {
            switch self {
            case .text(let text): text
            case .integer(let value): String(value)
            case .real(let value): "\(value)"
            }
        }
    }

    package static let columns: [(name: String, kind: Kind)] = [
        ("capture_time", .text), ("capture_ms", .integer), ("camera_make", .text), ("camera_model", .text),
        ("lens", .text), ("exposure_time", .text), ("aperture", .real), ("iso", .integer),
        ("focal_length", .real), ("orientation", .integer),
    ]

    /// The values of `columns` for `metadata`, `nil` for SQL NULL.
    package static func values(of metadata: ImageMetadata) -> [Value?] {
        [
            metadata.captureTime.map { .text($0.text) }, metadata.captureTime.map { .integer($0.milliseconds) },
            metadata.camera?.make.map { .text($0) }, metadata.camera?.model.map { .text($0) },
            metadata.lens.map { .text($0) }, metadata.exposure.time.map { .text($0) },
            metadata.exposure.aperture.map { .real($0) }, metadata.exposure.iso.map { .integer(Int64($0)) },
            metadata.exposure.focalLength.map { .real($0) }, .integer(Int64(metadata.orientation)),
        ]
    }

    /// The metadata of a row whose `columns` start at `first`; the closures read a column by
    /// its index in the row.
    package static func metadata(
        from first: Int, text: (Int) -> String?, optionalInt64: (Int) -> Int64?, optionalDouble: (Int) -> Double?
    ) -> ImageMetadata {
        var captureTime: CaptureTime?
        if let text = text(first), let milliseconds = optionalInt64(first + 1) {
            captureTime = CaptureTime(text: text, milliseconds: milliseconds)
        }
        return ImageMetadata(
            captureTime: captureTime,
            camera: Camera(make: text(first + 2), model: text(first + 3)),
            lens: text(first + 4),
            exposure: Exposure(
                time: text(first + 5), aperture: optionalDouble(first + 6), iso: optionalInt64(first + 7).map(Int.init),
                focalLength: optionalDouble(first + 8)),
            orientation: optionalInt64(first + 9).map(Int.init) ?? 1)
    }
}
