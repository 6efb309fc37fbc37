import Testing

@Suite("Field names compared ignoring ASCII case")
struct ASCIICaseTests {
    @Test func foldsOnlyASCIILetters() {
        #expect("Content-Length".equalsIgnoringASCIICase("content-LENGTH"))
        #expect("authorization".equalsIgnoringASCIICase("AUTHORIZATION"))
        #expect("x-a-very-long-field-name-past-fifteen-bytes".equalsIgnoringASCIICase("X-A-Very-Long-Field-Name-Past-Fifteen-Bytes"))
        #expect("".equalsIgnoringASCIICase(""))
        #expect(!"Host".equalsIgnoringASCIICase("Hosts"))
        #expect(!"Host".equalsIgnoringASCIICase("Hist"))
        // `@` and `` ` `` sit next to the letters and are not folded into them.
        #expect(!"@".equalsIgnoringASCIICase("`"))
        #expect(!"[".equalsIgnoringASCIICase("{"))
        // Letters outside ASCII are compared exactly.
        #expect("Émile".equalsIgnoringASCIICase("ÉMILE"))
        #expect(!"émile".equalsIgnoringASCIICase("ÉMILE"))
    }
}
