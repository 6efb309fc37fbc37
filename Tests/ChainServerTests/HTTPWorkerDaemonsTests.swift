import Foundation
import Synchronization
import Testing

@testable import ChainServer

#if canImport(Glibc)
import Glibc
#endif

/// Each worker thread is a daemon with a listen socket of its own on the shared port
/// (`SO_REUSEPORT`), so the kernel deals a burst of connections among the workers instead of
/// letting whichever wakes first take most of them.
@Suite("HTTP worker daemons")
struct HTTPWorkerDaemonsTests {
    #if canImport(Glibc)
    @Test func connectionsOpenedAtOnceReachEveryWorker() throws {
        let threads = Mutex<[pthread_t]>([])
        let handler = RecordingHandler { _, respond in
            threads.withLock { $0.append(pthread_self()) }
            respond(HTTPResponse(status: 200))
        }
        let server = try handler.startServer { $0.threads = 2 }
        defer { server.shutdown(timeout: .seconds(1)) }

        // All 32 are connected before any request, as a browser or a load generator opens
        // its pool; then each asks once, and the handler notes the worker that ran it.
        let connections = try (0..<32).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections {
            #expect(try connection.request("GET", "/which").status == 200)
        }
        let perWorker = Dictionary(threads.withLock { $0 }.map { ($0, 1) }, uniquingKeysWith: +)

        // The kernel deals by a hash of the client's port, so the split is near even rather
        // than exactly 16 and 16: fewer than 6 on either side has odds of about 1 in 10,000.
        // (A thread pool sharing one listen socket put 12 or more of 16 on one worker in 3
        // runs of 5.)
        #expect(perWorker.count == 2)
        #expect(perWorker.values.allSatisfy { $0 >= 6 }, "connections per worker: \(perWorker.values.sorted())")
    }
    #endif

    @Test func aPortSomeServerListensOnIsInUseEvenWhenBothShareTheirOwnPort() throws {
        // Both servers listen with SO_REUSEPORT, which would let the second quietly share the
        // first's port (and take half its connections); the probe bind refuses it instead.
        let first = try RecordingHandler().startServer { $0.threads = 2 }
        defer { first.shutdown(timeout: .seconds(1)) }
        let second = HTTPServer(configuration: .init(port: first.port, threads: 2), handler: RecordingHandler())

        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
            try second.start()
        }
        second.shutdown(timeout: .seconds(1))
        for _ in 0..<8 {
            #expect(try RawHTTPConnection(port: first.port).request("GET", "/").status == 200)
        }
    }

    @Test func aStoppedServersPortCanBeListenedOnAgain() throws {
        let first = try RecordingHandler().startServer { $0.threads = 2 }
        let port = first.port
        // Connections that the server closes leave TIME_WAIT sockets on its port behind.
        for _ in 0..<4 {
            #expect(try RawHTTPConnection(port: port).request("GET", "/").status == 200)
        }
        first.shutdown(timeout: .seconds(1))

        let second = try RecordingHandler().startServer {
            $0.port = port
            $0.threads = 2
        }
        defer { second.shutdown(timeout: .seconds(1)) }

        #expect(second.port == port)
        #expect(try RawHTTPConnection(port: port).request("GET", "/again").status == 200)
    }
}
