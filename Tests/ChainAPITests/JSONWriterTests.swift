import ChainAPI
import ChainModel
import ChainService
import Testing

/// The wire writer: nested objects and arrays written in place, integers without strings,
/// literal member names copied as they are and run-time ones escaped.
@Suite("JSON writer")
struct JSONWriterTests {
    struct Inner: WireObject {
        let id: ImageID
        let tags: [String]

        func members(_ member: inout JSONObjectWriter) {
            member("id", id)
            member("tags", tags)
        }
    }

    struct Outer: WireObject {
        let items: [Inner]
        let name: String
        let count: Int?

        func members(_ member: inout JSONObjectWriter) {
            member("items", items)
            member(JSONKey(name), true)
            member("count", count)
            member("missing", ifPresent: count)
        }
    }

    static func text(_ value: some WireObject) -> String {
        String(decoding: value.encoded(), as: UTF8.self)
    }

    @Test func nestedObjectsAndArraysAreWrittenInOrder() {
        let outer = Outer(items: [Inner(id: ImageID(7), tags: ["a", "b\"c"]), Inner(id: ImageID(1_000_000), tags: [])],
                          name: "we\\ird\nname", count: nil)
        #expect(Self.text(outer) == #"{"items":[{"id":"img-7","tags":["a","b\"c"]},{"id":"img-1000000","tags":[]}],"we\\ird\nname":true,"count":null}"#)
    }

    @Test(arguments: [0, 7, -7, 10, 1234567890, Int.max, Int.min])
    func integersAreWrittenAsDecimal(value: Int) {
        var writer = JSONWriter()
        writer.integer(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func aLargeBodyParsesBackWhole() throws {
        let items = (1...2_000).map { Inner(id: ImageID(Int64($0)), tags: ["tag \($0)"]) }
        let bytes = Outer(items: items, name: "n", count: 2_000).encoded()
        let parsed = try JSONParser.parse(bytes, maxDepth: 8)
        #expect(parsed["items"]?.arrayValue?.count == 2_000)
        #expect(parsed["items"]?.arrayValue?.last?["id"] == "img-2000")
        #expect(parsed["count"] == 2_000)
        #expect(parsed["missing"] == 2_000)
    }
}

/// The path split the router matches on, byte by byte.
@Suite("Router path segments")
struct RouterSegmentsTests {
    @Test(arguments: [
        ("/", [String]()),
        ("/healthz", ["healthz"]),
        ("/v1/sessions/abc/menu", ["v1", "sessions", "abc", "menu"]),
        ("/web/main.js", ["web", "main.js"]),
        ("/v1/images/ímg-1", ["v1", "images", "ímg-1"]),
    ])
    func aPathSplitsOnItsSlashes(path: String, segments: [String]) {
        #expect(Router.segments(of: path)?.map(String.init) == segments)
    }

    @Test(arguments: ["", "//", "////", "/v1/", "/v1//images", "healthz", "//v1"])
    func aPathWithAnEmptySegmentHasNone(path: String) {
        #expect(Router.segments(of: path) == nil)
    }
}
