import ChainHTTP
import ChainModel
import ChainTestSupport
import Foundation
import Testing

/// The server's own head limits (`HTTPHeadLimits`), on both sides of each, and on both sides
/// of libmicrohttpd's line beyond them (the connection memory), where the library answers.
@Suite("HTTP head limits")
struct HTTPHeadLimitsTests {
    /// A head whose raw target is `targetBytes` long and whose header fields (Host first) take
    /// `sectionBytes` as sent, in `fields` fields.
    static func head(targetBytes: Int = 5, sectionBytes: Int = 9, fields: Int = 1) -> String {
        let target = "/page" + (targetBytes > 5 ? "?q=" + String(repeating: "a", count: targetBytes - 8) : "")
        var lines = ["Host: a"]  // 9 bytes as sent
        var used = 9
        for index in 1..<max(1, fields) {
            let name = "X-\(index)"
            // Every field but the last takes the fewest bytes it can: `X-N: v`.
            let value = index == fields - 1 ? "" : "v"
            lines.append("\(name): \(value)")
            used += name.utf8.count + value.utf8.count + 4
        }
        if sectionBytes > used {
            // The rest in one padding field (or the last one).
            let pad = sectionBytes - used - (fields > 1 ? 0 : "X-Pad".utf8.count + 4)
            if fields > 1 {
                lines[lines.count - 1] += String(repeating: "a", count: pad)
            } else {
                lines.append("X-Pad: " + String(repeating: "a", count: pad))
            }
        }
        return "GET \(target) HTTP/1.1\r\n" + lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// Sends `head` to a server of the default limits; its answer, whether the connection then
    /// closed (when `awaitClose`), and what the handler saw.
    static func exchange(_ head: String, awaitClose: Bool = false) throws -> (RawHTTPResponse, closed: Bool, handler: RecordingHandler) {
        let handler = RecordingHandler()
        let (response, closed) = try handler.exchange(head, awaitClose: awaitClose)
        return (response, closed, handler)
    }

    @Test func theHeadsTheTestsMakeAreAsLongAsAsked() {
        let made = Self.head(targetBytes: 8192, sectionBytes: 8192, fields: 100)
        let lines = made.split(separator: "\r\n", omittingEmptySubsequences: false)
        let target = lines[0].split(separator: " ")[1]
        #expect(target.utf8.count == 8192)
        let fields = lines.dropFirst().prefix { !$0.isEmpty }
        #expect(fields.count == 100)
        #expect(fields.reduce(0) { $0 + $1.utf8.count + 2 } == 8192)
        let one = Self.head(sectionBytes: 5000).split(separator: "\r\n").dropFirst().prefix { !$0.isEmpty }
        #expect(one.reduce(0) { $0 + $1.utf8.count + 2 } == 5000)
    }

    @Test(arguments: [(8192, 200), (8193, 414), (16_000, 414)])
    func theRequestTarget(bytes: Int, status: Int) throws {
        let (response, closed, handler) = try Self.exchange(Self.head(targetBytes: bytes), awaitClose: status != 200)
        #expect(response.status == status)
        if status == 200 {
            #expect(handler.requests.count == 1)
        } else {
            #expect(handler.rejections == [.targetTooLong(limit: 8192)])
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(closed, "the rest of a refused request is never read as a next one")
        }
    }

    @Test(arguments: [(8192, 200), (8193, 431), (20_000, 431)])
    func theHeaderSection(bytes: Int, status: Int) throws {
        let (response, _, handler) = try Self.exchange(Self.head(sectionBytes: bytes))
        #expect(response.status == status)
        if status == 431 {
            #expect(handler.rejections == [.headerTooLarge(limit: 8192, fields: 100)])
            #expect(response.headers["content-type"] == "application/problem+json")
        }
    }

    @Test(arguments: [(100, 200), (101, 431), (250, 431)])
    func theFieldCount(fields: Int, status: Int) throws {
        let (response, _, handler) = try Self.exchange(Self.head(sectionBytes: 0, fields: fields))
        #expect(response.status == status)
        #expect(handler.rejections == (status == 431 ? [.headerTooLarge(limit: 8192, fields: 100)] : []))
    }

    /// The largest head the limits allow fits the default connection memory: it reaches the
    /// handler, and so does its answer.
    @Test func theLargestHeadWithinEveryLimitIsServed() throws {
        let (response, _, handler) = try Self.exchange(Self.head(targetBytes: 8192, sectionBytes: 8192, fields: 100))
        #expect(response.status == 200)
        #expect(handler.requests.count == 1)
    }

    /// Past the connection memory (24 KiB) libmicrohttpd answers before the server sees the
    /// head: its own HTML, no `Content-Type`. Just short of it, the server's limits answer.
    @Test(arguments: [
        (Self.head(targetBytes: 23_000), 414, true),
        (Self.head(targetBytes: 26_000), 414, false),
        (Self.head(sectionBytes: 23_000), 431, true),
        (Self.head(sectionBytes: 26_000), 431, false),
    ])
    func theLibrarysLineIsTheConnectionMemory(head: String, status: Int, ours: Bool) throws {
        let (response, _, handler) = try Self.exchange(head)
        #expect(response.status == status)
        #expect((response.headers["content-type"] == "application/problem+json") == ours)
        #expect(handler.rejections.count == (ours ? 1 : 0))
        #expect(handler.requests.isEmpty)
    }

    @Test func aConnectionMemoryTooSmallForTheLimitsDoesNotStart() {
        #expect(throws: HTTPServerError.self) {
            _ = try RecordingHandler().startServer { $0.connectionMemoryLimitBytes = 16 << 10 }
        }
        #expect(throws: Never.self) {
            let server = try RecordingHandler().startServer {
                $0.connectionMemoryLimitBytes = 16 << 10
                $0.headLimits = HTTPHeadLimits(maxTargetBytes: 4096, maxSectionBytes: 4096, maxFields: 64)
            }
            server.shutdown(timeout: .seconds(1))
        }
    }
}
