import ChainHTTP
import ChainTestSupport
import Testing

/// How handler answers are turned into what goes on the wire, including answers the HTTP layer
/// must not send as written.
@Suite("HTTPResponse")
struct HTTPResponseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var answers: [HTTPResponse]
        var status: Int
        var contentType: String?
        var body: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "text body", answers: [HTTPResponse(status: 201, contentType: "text/plain", text: "made")],
             status: 201, contentType: "text/plain", body: "made"),
        Case(name: "second answer ignored",
             answers: [HTTPResponse(status: 200, contentType: "text/plain", text: "first"),
                       HTTPResponse(status: 500, contentType: "text/plain", text: "second")],
             status: 200, contentType: "text/plain", body: "first"),
        Case(name: "body without type gets octet-stream", answers: [HTTPResponse(status: 200, body: [1, 2, 3])],
             status: 200, contentType: "application/octet-stream", body: "\u{1}\u{2}\u{3}"),
        Case(name: "no body, no type", answers: [HTTPResponse(status: 204)], status: 204, contentType: nil, body: ""),
        Case(name: "invalid status becomes bare 500",
             answers: [HTTPResponse(status: 42, contentType: "text/plain", text: "odd")],
             status: 500, contentType: nil, body: ""),
        Case(name: "header injection becomes bare 500",
             answers: [HTTPResponse(status: 200, headers: [.init(name: "X-Evil", value: "a\r\nSet-Cookie: x=1")])],
             status: 500, contentType: nil, body: ""),
        Case(name: "handler Content-Length is left to libmicrohttpd",
             answers: [HTTPResponse(status: 200, headers: [.init(name: "Content-Length", value: "99"),
                                                           .init(name: "Content-Type", value: "text/plain")],
                                    body: Array("four".utf8))],
             status: 200, contentType: "text/plain", body: "four"),
    ]

    @Test(arguments: cases)
    func answerGoesOnTheWire(_ example: Case) throws {
        let answers = example.answers
        let handler = RecordingHandler { _, respond in answers.forEach(respond) }
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)

        let response = try connection.request("GET", "/")

        #expect(response.status == example.status)
        #expect(response.headers["content-type"] == example.contentType)
        #expect(response.text == example.body)
        #expect(response.headers["x-evil"] == nil)
        #expect(response.headers["set-cookie"] == nil)
        // The connection stays usable after every kind of answer.
        #expect(try connection.request("GET", "/").status == example.status)
    }

    @Test func headerLookupIgnoresLetterCase() {
        let response = HTTPResponse(status: 200, contentType: "text/plain", text: "x")

        #expect(response.header("content-type") == "text/plain")
        #expect(response.header("CONTENT-TYPE") == "text/plain")
        #expect(response.body == Array("x".utf8))
    }
}
