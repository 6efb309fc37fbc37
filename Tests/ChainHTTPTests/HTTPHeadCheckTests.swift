import ChainModel
import ChainTestSupport
import Foundation
import Testing

/// Heads whose framing cannot be trusted (RFC 9112 §6.3, §3.2) are answered 400 and their
/// connection closed before any body is read, so nothing smuggled after them is served.
@Suite("HTTP head checks")
struct HTTPHeadCheckTests {
    /// Sends `bytes` on a fresh connection; the one answer, and (when `awaitClose`) whether
    /// the server then closed the connection.
    private func exchange(
        _ bytes: String, awaitClose: Bool = true, handler: RecordingHandler = RecordingHandler()
    ) throws -> (RawHTTPResponse, closed: Bool, handler: RecordingHandler) {
        let (response, closed) = try handler.exchange(bytes, awaitClose: awaitClose)
        return (response, closed, handler)
    }

    @Test(arguments: [
        // Content-Length beside chunked: the chunked body ends early and a GET hides after it.
        ("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n",
         "Content-Length and Transfer-Encoding"),
        // Two lengths: whichever one a proxy used, the other hides a second request.
        ("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 38\r\n\r\n{}GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n",
         "Content-Length must be sent once"),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "Content-Length must be sent once"),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", "transfer coding"),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked \r\n\r\n0\r\n\r\n", "transfer coding"),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "transfer coding"),
        ("POST /upload HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.0"),
        ("GET /page HTTP/1.1\r\n\r\n", "must carry Host"),
        ("GET /page HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "Host must be sent once"),
        ("GET /pa\u{01}ge HTTP/1.1\r\nHost: a\r\n\r\n", "control byte"),
        ("GET /pa%7Fge HTTP/1.1\r\nHost: a\r\n\r\n", "control byte"),
        // A raw NUL: libmicrohttpd's C string would end at it and serve `/page`.
        ("GET /page\u{0}junk HTTP/1.1\r\nHost: a\r\n\r\n", "NUL byte"),
        ("GET /page?x=1\u{0} HTTP/1.1\r\nHost: a\r\n\r\n", "NUL byte"),
    ])
    func headThatCannotBeTrustedIsRefusedAndTheConnectionClosed(head: String, reason: String) throws {
        let (response, closed, handler) = try exchange(head)

        #expect(response.status == 400)
        #expect(response.headers["content-type"] == "application/problem+json")
        #expect(closed)
        #expect(handler.requests.isEmpty, "nothing after the refused head may reach the handler")
        guard case .malformedHead(let said) = try #require(handler.rejections.first) else {
            Issue.record("expected a malformed-head rejection, got \(handler.rejections)")
            return
        }
        #expect(said.contains(reason))
    }

    @Test(arguments: [
        "GET /page HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /page HTTP/1.0\r\n\r\n",
        "GET /page?a=1&b=%41 HTTP/1.1\r\nHost: a\r\n\r\n",
        "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}",
    ])
    func soundHeadsAreServed(head: String) throws {
        let (response, _, handler) = try exchange(head, awaitClose: false)

        #expect(response.status == 200)
        #expect(handler.rejections.isEmpty)
        #expect(handler.requests.count == 1)
    }

    /// The answers libmicrohttpd 0.9.75 writes itself, before any of our code sees the
    /// request, as docs/server.md lists them: its own HTML, no `Content-Type`. A library that
    /// starts answering differently fails here, and the table must change with it.
    @Test(arguments: [
        ("GET /page HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 40_000) + "\r\n\r\n", 431),
        ("GET /" + String(repeating: "a", count: 40_000) + " HTTP/1.1\r\nHost: a\r\n\r\n", 414),
        ("GET /page\r\nHost: a\r\n\r\n", 400),
        ("GET /page HTTP/1.1\r\nHost: a\r\nNoColonHere\r\n\r\n", 400),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n", 400),
        ("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET /page HTTP/2.0\r\nHost: a\r\n\r\n", 505),
    ])
    func errorsTheLibraryWritesItselfAreAsDocumented(head: String, status: Int) throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(Array(head.utf8))
        let response = try connection.readResponse()

        #expect(response.status == status)
        #expect(response.headers["content-type"] == nil)
        #expect(handler.requests.isEmpty && handler.rejections.isEmpty)
    }
}
