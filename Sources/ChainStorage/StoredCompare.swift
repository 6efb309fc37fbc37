import ChainModel

/// A window's compare as `SessionStateCoding` stores it: `{"images": [4, 9, 2], "current": 0,
/// "zoom": [2, 0.5, 0.25]}`, the select first, `current` the current candidate's index among
/// the others, and the zoom as scale, centre x, centre y.
package struct StoredCompare: WireValue {
    package let compare: SessionArchive.CompareArchive

    package init(_ compare: SessionArchive.CompareArchive) {
        self.compare = compare
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object("images", compare.images.lazy.map { Int($0.rawValue) })
            object("current", compare.current)
            object("zoom", JSON.array([.number(compare.zoom.scale), .number(compare.zoom.centerX), .number(compare.zoom.centerY)]))
        }
    }

    /// The compare `json` stores; range checks are left to `Session(restoring:)`.
    package static func decode(_ json: JSON) throws(SessionStateCoding.Malformed) -> SessionArchive.CompareArchive {
        guard let images = json["images"]?.arrayValue, let current = json["current"]?.intValue,
              let zoom = json["zoom"]?.arrayValue, zoom.count == 3
        else { throw SessionStateCoding.Malformed(reason: "a compare member is missing or has the wrong type") }
        let ids = try images.map { (image) throws(SessionStateCoding.Malformed) -> ImageID in
            guard let raw = image.intValue else { throw SessionStateCoding.Malformed(reason: "a compared image is not an id") }
            return ImageID(Int64(raw))
        }
        let numbers = try zoom.map { (value) throws(SessionStateCoding.Malformed) -> Double in
            guard case .number(let number, _) = value else { throw SessionStateCoding.Malformed(reason: "the compare's zoom is not numbers") }
            return number
        }
        return SessionArchive.CompareArchive(
            images: ids, current: current, zoom: CompareZoom(scale: numbers[0], centerX: numbers[1], centerY: numbers[2]))
    }
}
