import Foundation
import Synchronization
import Testing

@testable import ChainServer

#if canImport(Glibc)
import Glibc
#endif

/// The server accepts connections on a thread of its own and deals them to the worker threads,
/// so a burst of connections cannot pile onto one worker and leave another core idle.
@Suite("HTTPAcceptor")
struct HTTPAcceptorTests {
    #if canImport(Glibc)
    @Test func connectionsOpenedAtOnceAreDealtToEveryWorker() throws {
        let threads = Mutex<[pthread_t]>([])
        let handler = RecordingHandler { _, respond in
            threads.withLock { $0.append(pthread_self()) }
            respond(HTTPResponse(status: 200))
        }
        let server = try handler.startServer { $0.threads = 2 }
        defer { server.shutdown(timeout: .seconds(1)) }

        // All sixteen are connected before any request, as a browser or a load generator
        // opens its pool; then each asks once, and the handler notes the worker that ran it.
        let connections = try (0..<16).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections {
            #expect(try connection.request("GET", "/which").status == 200)
        }
        let perWorker = Dictionary(threads.withLock { $0 }.map { ($0, 1) }, uniquingKeysWith: +)

        // libmicrohttpd deals by descriptor number, and other tests running meanwhile take
        // descriptors too, so the split is near even rather than exactly 8 and 8.
        #expect(perWorker.count == 2)
        #expect(perWorker.values.allSatisfy { $0 >= 4 }, "connections per worker: \(perWorker.values.sorted())")
    }
    #endif

    @Test func aStoppedServersPortCanBeListenedOnAgain() throws {
        let first = try RecordingHandler().startServer()
        let port = first.port
        #expect(try RawHTTPConnection(port: port).request("GET", "/").status == 200)
        first.shutdown(timeout: .seconds(1))

        let second = try RecordingHandler().startServer { $0.port = port }
        defer { second.shutdown(timeout: .seconds(1)) }

        #expect(second.port == port)
        #expect(try RawHTTPConnection(port: port).request("GET", "/again").status == 200)
    }
}
