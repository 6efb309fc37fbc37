import Foundation
import Synchronization
import Testing

@testable import ChainServer

#if canImport(Glibc)
import Glibc
#endif

/// The server accepts connections on a thread of its own and deals them to the worker threads
/// by descriptor number, so a burst of connections cannot pile onto one worker.
@Suite("HTTPAcceptor")
struct HTTPAcceptorTests {
    #if os(Linux)
    @Test func eachConnectionGoesToTheWorkerItsDescriptorNames() throws {
        let threads = Mutex<[pthread_t]>([])
        let handler = RecordingHandler { _, respond in
            threads.withLock { $0.append(pthread_self()) }
            respond(HTTPResponse(status: 200))
        }
        let server = try handler.startServer { $0.threads = 2 }
        defer { server.shutdown(timeout: .seconds(1)) }

        // Sixteen connections, all open before any request, as a browser or a load generator
        // opens its pool; then each asks once, and the handler notes the worker that ran it.
        // Client and server share this process's descriptors, so the server's may all come
        // out even or all odd; a placeholder descriptor then shifts the next one.
        var connections = try (0..<16).map { _ in try RawHTTPConnection(port: server.port) }
        var placeholders: [Int32] = []
        defer { placeholders.forEach { close($0) } }
        var workerByParity: [Int32: Set<pthread_t>] = [:]
        var index = 0
        while index < connections.count {
            let connection = connections[index]
            #expect(try connection.request("GET", "/which").status == 200)
            let descriptor = try #require(Self.serverDescriptor(serverPort: server.port, clientPort: connection.localPort))
            let worker = try #require(threads.withLock { $0.last })
            workerByParity[descriptor % 2, default: []].insert(worker)
            index += 1
            if index == connections.count, workerByParity.count < 2, connections.count < 24 {
                placeholders.append(dup(STDIN_FILENO))
                connections.append(try RawHTTPConnection(port: server.port))
            }
        }

        // One worker per parity, and a different one for each.
        #expect(workerByParity.count == 2)
        #expect(workerByParity.values.allSatisfy { $0.count == 1 })
        #expect(Set(workerByParity.values.flatMap { $0 }).count == 2)
    }

    /// The descriptor this process holds for the server's end of the loopback connection from
    /// `clientPort`: its socket's inode from `/proc/net/tcp`, then the descriptor naming it.
    private static func serverDescriptor(serverPort: UInt16, clientPort: UInt16) -> Int32? {
        // Read to the end by hand: /proc files report a size of zero.
        guard let file = fopen("/proc/net/tcp", "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
        let table = String(decoding: bytes, as: UTF8.self)
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        var inode: String?
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9 else { continue }
            if fields[1].hasSuffix(local), fields[2].hasSuffix(remote) { inode = String(fields[9]) }
        }
        guard let inode, inode != "0" else { return nil }
        let target = "socket:[\(inode)]"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in entries {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")) == target {
                return Int32(entry)
            }
        }
        return nil
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
