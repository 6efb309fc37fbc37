import ChainModel
import Foundation

/// A made-up but plausible catalog for demos and tests: trips of a few dozen photos each
/// ("Lisbon tram 014.jpg"), camera-sized dimensions and a skewed spread of ratings, as a
/// real library has (many unrated, few five-star).
///
/// Deterministic: the same `count` always gives the same records, on every platform, so a
/// demo catalog and the tests against it never drift.
package enum DemoCatalog {
    package static let places = [
        "Lisbon", "Kyoto", "Reykjavik", "Oaxaca", "Tbilisi", "Porto", "Hanoi", "Edinburgh",
        "Valparaiso", "Marrakesh", "Trieste", "Hobart",
    ]
    package static let subjects = [
        "tram", "harbour", "market", "rooftops", "alley", "cathedral", "portrait", "sunset",
        "street food", "bridge", "night walk", "mural", "ferry", "station", "garden",
    ]
    /// Relative weights of ratings 0 through 5.
    package static let ratingWeights = [40, 8, 14, 20, 12, 6]
    /// Sensor sizes of common cameras and phones, landscape.
    package static let sensors = [(6000, 4000), (4032, 3024), (5472, 3648), (8256, 5504), (4000, 3000)]
    /// 2024-03-02T09:00:00Z: the first demo photo's import time; later ones follow it.
    package static let firstAddedAt: TimeInterval = 1_709_370_000

    /// Where demo image `number` (from 1) has its picture, which `DemoPictures` draws.
    package static func picturePath(of number: Int, in directory: String) -> String {
        directory + "/demo-\(number).jpg"
    }

    /// The first `count` records; with `picturesDirectory`, record `n` (from 1) has the path
    /// `<picturesDirectory>/demo-<n>.jpg`, where `DemoPictures` draws it.
    package static func records(count: Int, picturesDirectory: String? = nil) -> [ImageRecord] {
        var random = SplitMix64(seed: 0x0C0FFEE_5EED)
        var records: [ImageRecord] = []
        records.reserveCapacity(max(0, count))
        var shotsLeftAtPlace = 0
        var place = 0
        var numberAtPlace = [Int](repeating: 0, count: places.count)
        while records.count < count {
            if shotsLeftAtPlace == 0 {
                place = random.next(below: places.count)
                shotsLeftAtPlace = 12 + random.next(below: 36)
            }
            shotsLeftAtPlace -= 1
            numberAtPlace[place] += 1
            let subject = subjects[random.next(below: subjects.count)]
            let name = "\(places[place]) \(subject) \(String(zeroPadded: numberAtPlace[place], width: 3)).jpg"

            var (width, height) = sensors[random.next(below: sensors.count)]
            if random.next(below: 10) < 3 { swap(&width, &height) }
            // JPEG at camera quality: roughly 0.25 to 0.55 bytes per pixel.
            let byteSize = Int64(width * height) * Int64(25 + random.next(below: 31)) / 100
            let addedAt = Date(timeIntervalSince1970: firstAddedAt + Double(records.count * 97))

            records.append(ImageRecord(
                name: name, rating: rating(random.next(below: ratingWeights.reduce(0, +))),
                path: picturesDirectory.map { picturePath(of: records.count + 1, in: $0) },
                byteSize: byteSize, width: width, height: height, format: "jpeg",
                addedAt: addedAt.formatted(.iso8601)
            ))
        }
        return records
    }

    /// Maps a draw in `0..<sum(ratingWeights)` to the rating whose weight band holds it.
    private static func rating(_ draw: Int) -> Rating {
        var remaining = draw
        for (value, weight) in ratingWeights.enumerated() {
            if remaining < weight { return Rating(value) ?? .none }
            remaining -= weight
        }
        return .none
    }

}

/// SplitMix64: tiny and fully specified, unlike the standard library's generators (which
/// make no promise to give the same sequence across releases).
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`; the modulo bias is irrelevant at these sizes.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
