import ChainHTTP
import Testing

/// `Authorization: Bearer <token>`: the scheme in any case, whitespace around the token.
@Suite("BearerToken")
struct BearerTokenTests {
    @Test(arguments: [
        ("Bearer abc", "abc"),
        ("bearer abc", "abc"),
        ("BEARER abc", "abc"),
        ("Bearer  abc ", "abc"),
        ("  Bearer\tabc\t", "abc"),
        ("Bearer a.b-c_d~e+f/g=", "a.b-c_d~e+f/g="),
        ("Bearer " + String(repeating: "t", count: 512), String(repeating: "t", count: 512)),
    ])
    func bearerTokenIsRead(header: String, token: String) {
        #expect(BearerToken.parse(header) == token)
    }

    @Test(arguments: [
        "", "Bearer", "Bearer ", "Bearer    ", "Basic abc", "Token abc", "Bearerabc", "abc",
        "Bearer " + String(repeating: "t", count: 513),
    ])
    func bearerTokenIsRefused(header: String) {
        #expect(BearerToken.parse(header) == nil)
    }
}
