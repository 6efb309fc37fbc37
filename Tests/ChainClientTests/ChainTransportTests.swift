import Foundation
import Testing

@testable import ChainClient

/// Request URLs built from the base URL parsed once, and path segments encoded as before.
@Suite("ChainClient transport")
struct ChainTransportTests {
    @Test(arguments: [("c-12", "c-12"), ("h_1.~x", "h_1.~x"), ("a b/c", "a%20b%2Fc"), ("é?#%", "%C3%A9%3F%23%25"), ("", "")])
    func segmentsEncodeAllButUnreservedCharacters(text: String, expected: String) {
        #expect(ChainTransport.segment(text) == expected)
    }

    @Test(arguments: ["http://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://example.com/prefix", "http://example.com/prefix/"])
    func requestsKeepTheBasePath(base: String) throws {
        let transport = ChainTransport(baseURL: try #require(URL(string: base)), configuration: .ephemeral, retry: RetryPolicy())
        let prefix = base.hasSuffix("/") ? String(base.dropLast()) : base
        for _ in 0..<2 {
            let request = try transport.request("POST", "/v1/sessions/s-1/calls/c-1", query: [URLQueryItem(name: "dryRun", value: "1")], token: "t")
            #expect(request.url?.absoluteString == prefix + "/v1/sessions/s-1/calls/c-1?dryRun=1")
            #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        }
    }
}
