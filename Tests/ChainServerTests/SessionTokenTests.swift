import Testing

@testable import ChainServer

/// Session credentials: token and id shapes, their randomness, base64url and the digest compare.
@Suite("SessionToken")
struct SessionTokenTests {
    static let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func tokensAre43CharactersOfBase64URL() {
        for _ in 0..<200 {
            let token = SessionToken.make()
            #expect(token.count == 43)
            #expect(token.allSatisfy(Self.base64URLAlphabet.contains))
        }
    }

    @Test func tokensAndIdsAreDistinct() {
        let tokens = (0..<2_000).map { _ in SessionToken.make() }
        let ids = (0..<2_000).map { _ in SessionToken.makeID() }

        #expect(Set(tokens).count == tokens.count)
        #expect(Set(ids).count == ids.count)
    }

    @Test func idsAre32LowercaseHexDigits() {
        for _ in 0..<200 {
            let id = SessionToken.makeID()
            #expect(id.count == 32)
            #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        }
    }

    @Test func randomBytesHaveTheAskedCountAndVary() {
        #expect(SessionToken.randomBytes(0).isEmpty)
        #expect(SessionToken.randomBytes(1).count == 1)
        #expect(SessionToken.randomBytes(33).count == 33)
        let sample = SessionToken.randomBytes(4_096)
        #expect(Set(sample).count > 200)
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func base64URLMatchesRFC4648WithoutPadding(input: String, encoded: String) {
        #expect(SessionToken.base64URL(Array(input.utf8)) == encoded)
    }

    @Test func base64URLUsesDashAndUnderscore() {
        #expect(SessionToken.base64URL([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(SessionToken.base64URL([0xFF, 0xFF]) == "__8")
    }

    @Test func hexIsTwoLowercaseDigits() {
        #expect(SessionToken.hex(0) == "00")
        #expect(SessionToken.hex(0x0A) == "0a")
        #expect(SessionToken.hex(0xFF) == "ff")
    }

    @Test func digestIsSHA256OfTheTokensUTF8() {
        let token = SessionToken.make()

        #expect(SessionToken.digest(of: token) == SHA256.digest(Array(token.utf8)))
        #expect(SessionToken.digest(of: token) != SessionToken.digest(of: token + "x"))
    }

    @Test func constantTimeEqualComparesEveryByte() {
        let digest = SessionToken.digest(of: "token")
        var lastDiffers = digest
        lastDiffers[31] ^= 0x01
        var firstDiffers = digest
        firstDiffers[0] ^= 0x80

        #expect(SessionToken.constantTimeEqual(digest, digest))
        #expect(SessionToken.constantTimeEqual([], []))
        #expect(!SessionToken.constantTimeEqual(digest, lastDiffers))
        #expect(!SessionToken.constantTimeEqual(digest, firstDiffers))
        #expect(!SessionToken.constantTimeEqual(digest, Array(digest.dropLast())))
        #expect(!SessionToken.constantTimeEqual(digest, digest + [0]))
    }
}
