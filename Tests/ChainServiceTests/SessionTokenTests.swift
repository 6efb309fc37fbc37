import ChainService
import ChainSupport
import Testing

/// Session credentials: the token's shape, its randomness and the digest compare.
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

    @Test func tokensAreDistinct() {
        let tokens = (0..<2_000).map { _ in SessionToken.make() }

        #expect(Set(tokens).count == tokens.count)
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
