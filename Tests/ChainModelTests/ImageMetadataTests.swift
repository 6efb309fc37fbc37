import ChainModel
import Testing

/// Capture times from EXIF's wall clock and offset; shutter times as photographers write them.
@Suite struct ImageMetadataTests {
    @Test(arguments: [
        ("2024:05:01 10:20:30", "+02:00", "2024-05-01T10:20:30+02:00", Int64(1_714_551_630_000)),
        ("2024:05:01 10:20:30", nil, "2024-05-01T10:20:30Z", 1_714_558_830_000),
        ("2024:05:01 10:20:30", "-05:30", "2024-05-01T10:20:30-05:30", 1_714_578_630_000),
        ("2024:05:01 10:20:30", "+00:00", "2024-05-01T10:20:30+00:00", 1_714_558_830_000),
        ("1970:01:01 00:00:00", "Z", "1970-01-01T00:00:00+00:00", 0),
        ("2000:02:29 23:59:59", "+0100", "2000-02-29T23:59:59+01:00", 951_865_199_000),
        ("2024:05:01 10:20:30", "garbage", "2024-05-01T10:20:30Z", 1_714_558_830_000),
    ] as [(String, String?, String, Int64)])
    func captureTimeFromEXIF(date: String, offset: String?, text: String, milliseconds: Int64) throws {
        let time = try #require(CaptureTime(exif: date, offset: offset))
        #expect(time.text == text)
        #expect(time.milliseconds == milliseconds)
    }

    @Test(arguments: ["", "    :  :     :  :  ", "0000:00:00 00:00:00", "2023:02:29 10:00:00", "2024:13:01 10:00:00", "2024-05-01"])
    func blankOrImpossibleDatesAreUnknown(date: String) {
        #expect(CaptureTime(exif: date) == nil)
    }

    @Test(arguments: [
        (1, 250, "1/250"), (10, 2500, "1/250"), (1, 1, "1"), (30, 1, "30"), (13, 10, "1.3"), (1, 3, "1/3"), (4, 10, "0.4"), (10, 13, "0.8"), (5, 2, "2.5"),
    ])
    func shutterTimes(numerator: Int, denominator: Int, text: String) {
        #expect(Exposure.time(numerator: numerator, denominator: denominator) == text)
    }

    @Test func unknownValuesAreNilAndOrientationStaysInRange() {
        #expect(Exposure(time: nil, aperture: 0, iso: 0, focalLength: -1) == Exposure())
        #expect(Exposure.time(seconds: 0) == nil)
        #expect(ImageMetadata(orientation: 9).orientation == 1)
        #expect(ImageMetadata(orientation: 6).swapsSides && !ImageMetadata(orientation: 3).swapsSides)
        #expect(Camera(make: "  ", model: "\0") == nil)
        #expect(Camera(make: "Canon ", model: nil)?.make == "Canon")
    }
}
