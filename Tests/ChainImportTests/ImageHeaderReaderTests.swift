import ChainImport
import ChainTestSupport
import Foundation
import Testing

@Suite struct ImageHeaderReaderTests {
    typealias Dimensions = ImageHeaderReader.Dimensions

    static let samples: [(name: String, bytes: [UInt8], width: Int, height: Int)] = [
        ("jpeg baseline", ImageFixtures.jpeg(width: 4032, height: 3024), 4032, 3024),
        ("jpeg progressive", ImageFixtures.jpeg(width: 640, height: 959, frameMarker: 0xC2), 640, 959),
        ("jpeg after 60 KiB of metadata", ImageFixtures.jpeg(width: 17, height: 5, metadataBytes: 60_000), 17, 5),
        ("png", ImageFixtures.png(width: 1920, height: 1080), 1920, 1080),
        ("tiff little-endian SHORT", ImageFixtures.tiff(width: 3000, height: 2000, littleEndian: true), 3000, 2000),
        ("tiff big-endian SHORT", ImageFixtures.tiff(width: 3000, height: 2000, littleEndian: false), 3000, 2000),
        ("tiff little-endian LONG", ImageFixtures.tiff(width: 70_000, height: 3, littleEndian: true, long: true), 70_000, 3),
        ("tiff big-endian LONG", ImageFixtures.tiff(width: 12, height: 90_000, littleEndian: false, long: true), 12, 90_000),
        ("raw with thumbnail (II)", ImageFixtures.rawWithThumbnail(width: 6048, height: 4024, littleEndian: true), 6048, 4024),
        ("raw with thumbnail (MM)", ImageFixtures.rawWithThumbnail(width: 6048, height: 4024, littleEndian: false), 6048, 4024),
        ("heic primary item", ImageFixtures.heic(width: 4032, height: 3024), 4032, 3024),
    ]

    @Test(arguments: samples.indices)
    func readsKnownDimensions(sample index: Int) {
        let sample = Self.samples[index]
        #expect(ImageHeaderReader.dimensions(in: sample.bytes) == Dimensions(width: sample.width, height: sample.height),
                "\(sample.name)")
    }

    /// Every truncation of every sample gives either nothing or the right answer, never a crash.
    @Test(arguments: samples.indices)
    func truncatedHeadersNeverCrash(sample index: Int) {
        let sample = Self.samples[index]
        let expected = Dimensions(width: sample.width, height: sample.height)
        let stride = max(1, sample.bytes.count / 2_000)
        for length in Swift.stride(from: 0, to: sample.bytes.count, by: stride) {
            let found = ImageHeaderReader.dimensions(in: Array(sample.bytes.prefix(length)))
            #expect(found == nil || found == expected, "\(sample.name) cut at \(length)")
        }
    }

    /// Random byte corruption of the samples: any answer is acceptable, a trap is not.
    @Test func corruptedHeadersNeverCrash() {
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let small = Self.samples.filter { $0.bytes.count < 2_000 }
        for round in 0..<4_000 {
            var bytes = small[round % small.count].bytes
            for _ in 0..<(1 + next() % 4) {
                bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
            }
            _ = ImageHeaderReader.dimensions(in: bytes)
        }
    }

    static let garbage: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("jpeg magic only", [0xFF, 0xD8]),
        ("jpeg with zero height (DNL)", ImageFixtures.jpeg(width: 10, height: 0)),
        ("jpeg scan before frame",
         [0xFF, 0xD8] + ImageFixtures.segment(0xDA, [1, 2, 3]) + ImageFixtures.jpeg(width: 5, height: 5)),
        ("jpeg segment length below 2", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0]),
        ("png with zero width", ImageFixtures.png(width: 0, height: 10)),
        ("tiff IFD beyond the end", Array("II".utf8) + [42, 0, 0xFF, 0xFF, 0xFF, 0x7F]),
        ("tiff IFD claiming 65535 entries", Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0xFF, 0xFF, 1, 0]),
        ("bigtiff", Array("II".utf8) + [43, 0, 8, 0, 0, 0]),
        ("raw whose full image lies beyond the header",
         ImageFixtures.rawWithThumbnail(width: 10, height: 10, littleEndian: true, subIFDOffset: 90_000)),
        ("iso box of size 1 without large size", ImageFixtures.be32(1) + Array("ftyp".utf8)),
        ("iso meta shorter than its full box header",
         ImageFixtures.box("ftyp", Array("heic".utf8)) + ImageFixtures.be32(10) + Array("meta".utf8) + [0, 0]),
        ("cr3-like iso media without image items",
         ImageFixtures.box("ftyp", Array("crx ".utf8)) + ImageFixtures.box("moov", [0, 0, 0, 0])),
        ("text", Array("just some notes, not an image".utf8)),
    ]

    @Test(arguments: garbage.indices)
    func malformedHeadersGiveNoDimensions(case index: Int) {
        #expect(ImageHeaderReader.dimensions(in: Self.garbage[index].bytes) == nil, "\(Self.garbage[index].name)")
    }

    @Test func readsFromFilesOnlyTheFirst64KiB() throws {
        try TemporaryDirectory.with { directory in
            let near = directory + "/near.jpg"
            let far = directory + "/far.jpg"
            try TemporaryDirectory.write(ImageFixtures.jpeg(width: 300, height: 200, metadataBytes: 50_000), to: near)
            try TemporaryDirectory.write(ImageFixtures.jpeg(width: 300, height: 200, metadataBytes: 70_000), to: far)
            #expect(ImageHeaderReader.dimensions(ofFileAt: near) == Dimensions(width: 300, height: 200))
            #expect(ImageHeaderReader.dimensions(ofFileAt: far) == nil)  // frame header past the limit
            let header = try ImageHeaderReader.readHeader(ofFileAt: far)
            #expect(header.bytes.count == ImageHeaderReader.headerLimit)
            #expect(header.fileSize > Int64(ImageHeaderReader.headerLimit))
            #expect(ImageHeaderReader.dimensions(ofFileAt: directory + "/missing.jpg") == nil)
            #expect(throws: (any Error).self) { try ImageHeaderReader.readHeader(ofFileAt: directory + "/missing.jpg") }
        }
    }
}
