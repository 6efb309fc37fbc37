import ChainSupport
import Testing

/// Ids and bytes from the OS CSPRNG, and the encodings tokens and tags are spelled in.
@Suite("SecureRandom, Hex, Base64URL")
struct EncodingTests {
    @Test func idsAre32LowercaseHexDigitsAndDistinct() {
        for _ in 0..<200 {
            let id = SecureRandom.id()
            #expect(id.count == 32)
            #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        }
        let ids = (0..<2_000).map { _ in SecureRandom.id() }
        #expect(Set(ids).count == ids.count)
    }

    @Test func bytesHaveTheAskedCountAndVary() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(1).count == 1)
        #expect(SecureRandom.bytes(33).count == 33)
        let sample = SecureRandom.bytes(4_096)
        #expect(Set(sample).count > 200)
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func base64URLMatchesRFC4648WithoutPadding(input: String, encoded: String) {
        #expect(Base64URL.encode(Array(input.utf8)) == encoded)
    }

    @Test func base64URLUsesDashAndUnderscore() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encode([0xFF, 0xFF]) == "__8")
    }

    @Test func hexIsTwoLowercaseDigits() {
        #expect(Hex.byte(0) == "00")
        #expect(Hex.byte(0x0A) == "0a")
        #expect(Hex.byte(0xFF) == "ff")
    }

    @Test func hexOfBytesJoinsTheirDigits() {
        #expect(Hex.string([0x00, 0x0A, 0xFF]) == "000aff")
        #expect(Hex.string([]) == "")
    }
}
