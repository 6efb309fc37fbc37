import Foundation
import Testing

@testable import ChainClient

/// A call's answer written by hand is the bytes the transport's JSONEncoder (sorted keys,
/// slashes unescaped) writes, and means the same where escapes may be spelled otherwise.
@Suite("ChainClient CallAnswer JSON")
struct CallAnswerJSONTests {
    private func encoded(_ answer: CallAnswer) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(answer))
    }

    @Test(arguments: [
        CallAnswer.result(nil),
        .result(["rated": 3, "half": 0.5, "list": [true, false, nil, "a/b"], "nested": ["z": 1, "a": -2]]),
        .changes([ImageChange(image: "img-1", rating: 4), ImageChange(image: "img-2", label: "red", flag: "pick")], result: ["rated": 2]),
        .changes([], result: [:]),
        .error(title: "Auto Rate failed"),
        .error(title: "Quote \" and backslash \\", detail: "tab\tnewline\n"),
    ])
    func sameBytesAsJSONEncoder(answer: CallAnswer) throws {
        #expect(answer.json() == (try encoded(answer)))
    }

    @Test func controlCharactersMeanTheSame() throws {
        let answer = CallAnswer.error(title: "bell \u{07} \u{1F} \u{08} \u{0C}", detail: "é 😀")
        let written = try #require(answer.json())
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(written))
        #expect(try decoded == JSONValue(encoding: answer))
    }

    @Test func nonFiniteNumbersAreLeftToJSONEncoder() {
        #expect(CallAnswer.result(.number(.infinity)).json() == nil)
        #expect(CallAnswer.changes([], result: ["x": .number(.nan)]).json() == nil)
    }
}
