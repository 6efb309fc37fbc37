import ChainHTTP
import Testing

/// Client addresses as the per-address limits count them, and as requests report them.
@Suite("HTTPClientAddress")
struct HTTPClientAddressTests {
    private func address(_ host: String, port: UInt16 = 9) throws -> HTTPClientAddress {
        let socket = try #require(HTTPSocketAddress(host: host, port: port))
        return socket.withSockaddrPointer { HTTPClientAddress(copying: $0) }
    }

    @Test(arguments: ["10.1.2.3", "127.0.0.1", "::1", "fe80::1:2", "::ffff:10.1.2.3"])
    func copiesAnAddressItIsLentAndWritesItBack(host: String) throws {
        #expect(try address(host).text == host)
    }

    @Test func theSameHostIsOneClientWhateverItsPort() throws {
        #expect(try address("10.1.2.3", port: 1) == address("10.1.2.3", port: 2))
        #expect(try address("10.1.2.3") != address("10.1.2.4"))
        #expect(try address("::1") != address("0.0.0.1"), "families differ though the bytes may not")
    }

    @Test func anAddressThatCannotBeReadIsOneUnknownClient() {
        #expect(HTTPClientAddress(copying: nil) == HTTPClientAddress(copying: nil))
        #expect(HTTPClientAddress(copying: nil).text == "")
    }
}
