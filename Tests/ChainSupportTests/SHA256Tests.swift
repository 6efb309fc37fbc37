import ChainSupport
import Testing

/// SHA-256 against published vectors (FIPS 180-4 examples) and lengths around the padding
/// boundaries, where one- and two-block messages meet.
@Suite("SHA256")
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { Hex.string(bytes) }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVector(message: String, digest: String) {
        #expect(Self.hex(SHA256.digest(Array(message.utf8))) == digest)
    }

    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (1000, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func paddingBoundary(length: Int, digest: String) {
        #expect(Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }

    @Test func everyByteValue() {
        let digest = SHA256.digest((0...255).map { UInt8($0) })

        #expect(digest.count == 32)
        #expect(Self.hex(digest) == "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880")
    }

    @Test func acceptsAnyCollectionOfBytes() {
        #expect(SHA256.digest("abc".utf8) == SHA256.digest([0x61, 0x62, 0x63]))
        #expect(SHA256.digest([UInt8]("xabcx".utf8).dropFirst().dropLast()) == SHA256.digest(Array("abc".utf8)))
    }
}
