import Foundation
import Testing

@testable import ChainClient

/// `JSONParser` reads what JSONDecoder reads into the same `JSONValue`, and refuses what is
/// not JSON (so the event falls back to JSONDecoder, which says why).
@Suite("ChainClient JSONParser")
struct JSONParserTests {
    @Test(arguments: [
        "null", "true", "false", "0", "-0", "1", "-2.5e3", "1E2", "0.125", "12345678901234567", "-9007199254740993",
        #""""#, #""1""#, #""é\u00e9\ud83d\ude00""#, #""a\nb\"c\\d\/e\tf\bg\fh\ri""#, #" "padded" "#,
        "[]", "{}", "[ ]", "{ }", #"[null, 1, true, "a", [], {}]"#,
        #"{"a": null, "b": {"c": [1, {"d": false}]}, "": "empty"}"#,
        #"{"call":"c-1","context":{"selection":["img-1","img-2"],"selectionCount":2,"window":"main"},"args":{}}"#,
    ])
    func readsWhatJSONDecoderReads(json: String) throws {
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(JSONParser.parse(json) == expected)
    }

    @Test(arguments: [
        "", " ", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{a:1}", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul",
        #""\x""#, #""\ud800""#, #""\udc00""#, #""\u12g4""#, "\"a\u{01}b\"", "\"open", "[1] 2", "[", #"{"a": 1, "a": 2}"#, "{\"a\":", "NaN", "1e999",
    ])
    func refusesWhatIsNotJSON(json: String) {
        #expect(JSONParser.parse(json) == nil)
    }

    @Test func refusesNestingTooDeepForTheStack() {
        #expect(JSONParser.parse(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)) == nil)
        #expect(JSONParser.parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)) != nil)
    }
}
