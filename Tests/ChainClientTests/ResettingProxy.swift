import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy in front of a live server, to break connections on purpose: `resetNextCommand`
/// forwards the next `POST …/commands` to the server, lets the server answer it (so the command
/// is performed), then resets the client's connection instead of passing the answer on;
/// `dropAll()` closes every connection open now (an event stream the server "dropped").
final class ResettingProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let target: UInt16
    private let state = Mutex(State())

    private struct State {
        var resetNextCommand = false
        var open: Set<Int32> = []
        /// Client sockets to reset: closed with no FIN first.
        var resetting: Set<Int32> = []
        /// Client sockets whose answer is to be swallowed and the connection reset.
        var doomed: Set<Int32> = []
        var accepted = 0
        var resets = 0
        var closed = false
    }

    init(to target: UInt16) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var accepted: Int { state.withLock { $0.accepted } }
    var resets: Int { state.withLock { $0.resets } }

    func resetNextCommand() { state.withLock { $0.resetNextCommand = true } }

    /// Closes every connection open now, both ways.
    func dropAll() {
        for socket in state.withLock({ $0.open }) { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    func close() {
        state.withLock { $0.closed = true }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        dropAll()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: target)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected != 0 {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            state.withLock {
                $0.accepted += 1
                $0.open.formUnion([client, server])
            }
            Thread.detachNewThread { [self] in pumpRequests(from: client, to: server) }
            Thread.detachNewThread { [self] in pumpAnswers(from: server, to: client) }
        }
    }

    /// Client to server: marks the connection doomed when it carries the command to reset.
    private func pumpRequests(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count <= 0 { break }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            if text.hasPrefix("POST "), text.contains("/commands") {
                state.withLock { state in
                    if state.resetNextCommand { state.doomed.insert(source) }
                    state.resetNextCommand = false
                }
            }
            if !write(all: buffer[..<count], to: sink) { break }
        }
        finish(source, sink)
    }

    /// Server to client: for a doomed connection, the answer is swallowed and the client reset.
    private func pumpAnswers(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count <= 0 { break }
            if state.withLock({ $0.doomed.contains(sink) }) {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)  // close() sends RST
                setsockopt(sink, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                state.withLock {
                    $0.resets += 1
                    $0.resetting.insert(sink)
                    $0.doomed.remove(sink)
                }
                shutdown(sink, Int32(SHUT_RD))  // wakes the other pump, sends nothing
                break
            }
            if !write(all: buffer[..<count], to: sink) { break }
        }
        finish(source, sink)
    }

    private func write(all bytes: ArraySlice<UInt8>, to socket: Int32) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }

    /// Closes both ends, once: the first pump to finish owns them and wakes the other with a
    /// shutdown (none for a socket being reset, which must see no FIN before its RST).
    private func finish(_ a: Int32, _ b: Int32) {
        let (owned, resetting) = state.withLock { state -> ([Int32], Set<Int32>) in
            let owned = [a, b].filter { state.open.contains($0) }
            state.open.subtract(owned)
            return (owned, state.resetting)
        }
        for socket in owned where !resetting.contains(socket) { shutdown(socket, Int32(SHUT_RDWR)) }
        for socket in owned { Glibc.close(socket) }
        state.withLock { $0.resetting.subtract(owned) }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
