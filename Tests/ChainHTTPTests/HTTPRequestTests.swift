import ChainHTTP
import Testing

/// Header lookup over the fields as sent, and the declared length read in place.
@Suite("HTTP request fields")
struct HTTPRequestTests {
    @Test func aHeaderIsFoundInAnyCaseAndRepeatsAreJoined() {
        let request = HTTPRequest(
            method: "GET", path: "/", query: [:],
            fields: [.init(name: "Accept", value: "a"), .init(name: "X-Thing", value: "1"), .init(name: "accept", value: "b")],
            body: [], remoteAddress: "")
        #expect(request.header("accept") == "a, b")
        #expect(request.header("X-THING") == "1")
        #expect(request.header("x-thin") == nil)
        #expect(request.header("X-Thing2") == nil)
    }

    @Test(arguments: [("12", UInt64(12)), (" 0\t", 0), ("18446744073709551615", UInt64.max)])
    func aDeclaredLengthIsRead(text: String, length: UInt64) {
        let read = text.utf8CString.withUnsafeBufferPointer { HTTPRequest.contentLength(UnsafeBufferPointer(rebasing: $0.dropLast())) }
        #expect(read == length)
    }

    @Test(arguments: ["", " ", "-1", "+5", "1 2", "0x10", "18446744073709551616", "١٢"])
    func aMalformedLengthIsNone(text: String) {
        let read = text.utf8CString.withUnsafeBufferPointer { HTTPRequest.contentLength(UnsafeBufferPointer(rebasing: $0.dropLast())) }
        #expect(read == nil)
    }
}
