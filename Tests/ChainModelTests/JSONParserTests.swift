import Testing

@testable import ChainModel

struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e2, true, false, null], "b": "x\u00e9\n\"", "c": {}}"#)
        #expect(value["a"] == [1, -250, true, false, nil])
        #expect(value["b"] == "xé\n\"")
        #expect(value["c"] == .object([]))
    }

    @Test func keepsMemberOrderAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": "\ud83d\ude00"}"#)
        #expect(value.objectMembers?.map(\.key) == ["z", "a"])
        #expect(value["a"] == "😀")
    }

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("{", "expected a quoted member name"),
        ("{\"a\" 1}", "expected ':'"),
        ("[1,]", "unexpected character"),
        ("01", "unexpected content after the value"),
        ("\"abc", "unterminated string"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\ud800\"", "unpaired surrogate"),
        ("tru", "invalid literal"),
        ("1e999", "number out of range"),
        ("[1] x", "unexpected content after the value"),
        ("-", "invalid number"),
    ])
    func refusesMalformedInput(text: String, reason: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func refusesARepeatedMemberNameInSmallAndLargeObjects() throws {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(#"{"a": 1, "a": 2}"#) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(#"{"x": {"b": 1, "c": 2, "b": 3}}"#) }
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        #expect(try JSONParser.parse("{" + many + "}")["k39"] == 39)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("{" + many + #", "k3": 0}"#) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("{" + many + #", "k39": 0}"#) }
        #expect(try JSONParser.parse(#"[{"a": 1}, {"a": 2}]"#) == [["a": 1], ["a": 2]])
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        // A truncated four-byte sequence is repaired to one U+FFFD of the same length: still refused.
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xF0, 0x9F, 0x98, 0x22]) }
        // An overlong `/`, a lone continuation byte, an encoded surrogate, and each after an escape.
        for bad: [UInt8] in [[0xC0, 0xAF], [0x80], [0xED, 0xA0, 0x80]] {
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22] + bad + [0x22]) }
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0x5C, 0x6E] + bad + [0x22]) }
        }
    }

    @Test func aLiteralThatIsNotAnIntegerNeverParsesToOne() throws {
        #expect(try JSONParser.parse("1e-400") == .number(.leastNonzeroMagnitude))
        #expect(try JSONParser.parse("-1e-400") == .number(-.leastNonzeroMagnitude))
        #expect(try JSONParser.parse("2.00000000000000000001") == .number(Double(2).nextUp))
        #expect(try JSONParser.parse("1.99999999999999999999") == .number(Double(2).nextDown))
        #expect(try JSONParser.parse("-2.00000000000000000001") == .number(Double(-2).nextDown))
        #expect(try JSONParser.parse("-1.99999999999999999999") == .number(Double(-2).nextUp))
        #expect(try JSONParser.parse("0.00000000000000000001e1") == .number(1e-19))
        #expect(try JSONParser.parse("1e-99999999999999999999999") == .number(.leastNonzeroMagnitude))
        #expect(try JSONParser.parse("0e-99999999999999999999999") == .number(0))
    }

    @Test(arguments: [
        "0.0000000000000000000010000000000000000000001e21",  // 1.0000000000000000000001
        "-0.0000000000000000000010000000000000000000001e21",
        "0.00000000000000000000150000000000000000000001e22",  // 15.0000000000000000000001
        "1.000000000000000000001e1",
        "0.00000000000000000000045035996273704965e37",  // 4503599627370496.5
    ])
    func leadingZerosDoNotHideAFraction(literal: String) throws {
        #expect(try JSONParser.parse(literal).intValue == nil)
    }

    @Test func fromTwoToThe52ndAFractionIsKeptAsAMarkNotAsTheNextInteger() throws {
        // Every double from 2^52 up is an integer: the nearest one stays, marked, and is no Int.
        for literal in ["4503599627370496.5", "4503599627370496.1", "45035996273704961e-1", "9007199254740991.5"] {
            let value = try JSONParser.parse(literal)
            #expect(value.intValue == nil, "\(literal)")
            #expect(value == .number(Double(literal)!), "\(literal) is the nearest double, not the next")
        }
        #expect(try JSONParser.parse("-4503599627370496.5").intValue == nil)
        #expect(try JSONParser.parse("4503599627370496").intValue == 4_503_599_627_370_496)
        #expect(try JSONParser.parse("-4503599627370496").intValue == -4_503_599_627_370_496)
        #expect(try JSONParser.parse("4503599627370496.000").intValue == 4_503_599_627_370_496)
        #expect(try JSONParser.parse("4.503599627370497e15").intValue == 4_503_599_627_370_497)
        // What the encoder writes for a large integer reads back as the same integer.
        let large = JSON.number(4_503_599_627_370_496)
        #expect(try JSONParser.parse(large.text).intValue == 4_503_599_627_370_496)
    }

    @Test func pastTwoToThe53rdNoNumberIsAnInt() throws {
        #expect(try JSONParser.parse("9007199254740991").intValue == 9_007_199_254_740_991)
        // 9007199254740993 has no double; it reads as 9007199254740992, which must not pass for it.
        #expect(try JSONParser.parse("9007199254740993").intValue == nil)
        #expect(try JSONParser.parse("9007199254740992").intValue == nil)
    }

    @Test func integersSpeltWithFractionsOrExponentsStayIntegers() throws {
        for (literal, value) in [("5", 5.0), ("5.0", 5), ("500e-2", 5), ("0.5e1", 5), ("5E+0", 5), ("-0.0", 0), ("0e-400", 0),
                                 ("1e17", 1e17), ("123456789.000000000000000000000", 123_456_789), ("1.5e1", 15),
                                 ("0.00000000000000000000015e23", 15), ("150000000000000000000000e-22", 15), ("0.000e5", 0)] {
            #expect(try JSONParser.parse(literal) == .number(value), "\(literal)")
            if value < 0x1p53 { #expect(try JSONParser.parse(literal).intValue == Int(value), "\(literal)") }
        }
    }

    @Test func keepsValidUTF8ExactlyWithOrWithoutEscapes() throws {
        for text in ["é", "ümlaut and 日本", "😀", "\u{FFFD} written out", "a\u{FFFD}b"] {
            #expect(try JSONParser.parse(Array(("\"" + text + "\"").utf8)) == .string(text))
            #expect(try JSONParser.parse(Array(("\"\\n" + text + "\"").utf8)) == .string("\n" + text))
        }
    }

    @Test func limitsNestingWithoutExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONParser.parse(deep, maxDepth: 32)
            Issue.record("deep input parsed")
        } catch {
            #expect(error.tooDeep)
        }
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try JSONParser.parse(ok, maxDepth: 32) }
    }

    @Test func encodesWhatItParses() throws {
        let text = #"{"name":"a\"b\\c\n","n":5,"f":2.5,"list":[true,null]}"#
        let value = try JSONParser.parse(text)
        #expect(value.text == text)
        #expect(try JSONParser.parse(value.text) == value)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("Lisbon tram 014.jpg", #""Lisbon tram 014.jpg""#),
        ("\"", #""\"""#),
        ("a\\b", #""a\\b""#),
        ("tab\there\r\n", #""tab\there\r\n""#),
        ("\u{01}x\u{1F}", #""\u0001x\u001f""#),
        ("★ Hanoï \"q\" 漢", #""★ Hanoï \"q\" 漢""#),
        ("end\\", #""end\\""#),
    ])
    func stringsAreEscapedOnlyWhereJSONNeedsIt(_ value: String, _ encoded: String) throws {
        var output: [UInt8] = []
        JSON.writeString(value, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == encoded)
        #expect(try JSONParser.parse(encoded) == .string(value))
    }

    @Test func integersAreExactAndFractionsAreNot() {
        #expect(JSON.number(5).intValue == 5)
        #expect(JSON.number(5.5).intValue == nil)
        #expect(JSON.string("5").intValue == nil)
    }
}
