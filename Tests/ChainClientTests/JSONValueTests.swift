import ChainClient
import Foundation
import Testing

/// `JSONValue` decodes every kind of JSON value as sent, whichever order it tries them in.
@Suite("ChainClient JSONValue")
struct JSONValueTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(0)),
        ("1", .number(1)),
        ("-2.5e3", .number(-2500)),
        (#""""#, .string("")),
        (#""1""#, .string("1")),
        (#""true""#, .string("true")),
        (#""é\u00e9\ud83d\ude00""#, .string("éé😀")),
        ("[]", .array([])),
        ("{}", .object([:])),
        (#"[null, 1, true, "a", [], {}]"#, .array([nil, 1, true, "a", .array([]), .object([:])])),
        (#"{"a": null, "b": {"c": [1, {"d": false}]}, "": "empty"}"#, .object(["a": nil, "b": ["c": [1, ["d": false]]], "": "empty"])),
    ])
    func decodesEachKind(json: String, expected: JSONValue) throws {
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) == expected)
    }

    @Test func aMemberSetToNullStaysAMember() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"image": null}"#.utf8))
        #expect(value.objectValue?.keys.sorted() == ["image"])
        #expect(value["image"] == .null)
    }

    @Test func encodesBackToTheSameValue() throws {
        let value: JSONValue = ["rated": 3, "images": ["img-1", "img-2"], "ok": true, "none": nil, "half": 0.5]
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
    }
}
