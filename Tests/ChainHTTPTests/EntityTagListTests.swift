import ChainHTTP
import Testing

/// `If-Match` / `If-None-Match` values read as RFC 9110 spells them, tag by tag.
@Suite("Entity tag lists")
struct EntityTagListTests {
    typealias Tag = EntityTagList.Tag

    @Test(arguments: [
        ("\"7\"", [Tag(isWeak: false, opaque: "7")]),
        ("\"s7\", W/\"m3.9\"", [Tag(isWeak: false, opaque: "s7"), Tag(isWeak: true, opaque: "m3.9")]),
        // An empty tag, and tags holding a comma, `%` and `@`: visible characters but `"`.
        ("\"\"", [Tag(isWeak: false, opaque: "")]),
        ("\"j,qXr%@Me\", W/\"Authorization\"", [Tag(isWeak: false, opaque: "j,qXr%@Me"), Tag(isWeak: true, opaque: "Authorization")]),
        // Whitespace around elements and empty elements are skipped.
        ("\t \"G$<Z\"\t\t ,\t \t", [Tag(isWeak: false, opaque: "G$<Z")]),
        (" , ,\"1\",, ", [Tag(isWeak: false, opaque: "1")]),
        ("", []),
    ])
    func readsEachTag(value: String, tags: [Tag]) {
        #expect(EntityTagList(value) == .tags(tags))
    }

    @Test(arguments: ["*", " * ", "\t*"])
    func aLoneStarIsAny(value: String) {
        #expect(EntityTagList(value) == .any)
    }

    @Test(arguments: ["7", "W/x", "w/\"7\"", "\"1\" \"2\"", "\"unterminated", "\"1\", *", "\"a\"b\"", "\"tab\there\"", "\"\u{7F}\""])
    func anythingElseIsMalformed(value: String) {
        #expect(EntityTagList(value) == nil)
    }
}
