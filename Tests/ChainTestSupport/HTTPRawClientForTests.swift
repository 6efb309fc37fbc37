import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as read off the wire by `RawHTTPConnection`.
package struct RawHTTPResponse {
    package var status: Int
    /// Header values keyed by lower-cased name.
    package var headers: [String: String]
    package var body: [UInt8]

    package var text: String { String(decoding: body, as: UTF8.self) }
}

package enum RawHTTPError: Error {
    case socket(String, Int32)
    case closedByServer
    case timedOut
    case malformed(String)
}

/// A blocking TCP client speaking just enough HTTP/1.1 for what URLSession cannot express:
/// several requests on one connection, hand-made chunked uploads, idle connections, raw
/// headers. Every read has a timeout so a broken server fails the test instead of hanging it.
package final class RawHTTPConnection {
    private var socketFD: Int32
    private var pending: [UInt8] = []

    /// Connects to `host` (an IPv4 or IPv6 literal) on `port`, from the IPv4 address `source`
    /// when given (any of 127.0.0.0/8 works on loopback, so tests can be several clients).
    /// `receiveBuffer` sets the socket's `SO_RCVBUF` before it connects, so that a client that
    /// stops reading fills its side in a few kilobytes.
    package init(
        port: UInt16, host: String = "127.0.0.1", source: String? = nil, timeout: Duration = .seconds(5),
        receiveBuffer: Int32? = nil
    ) throws {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isIPv6 = host.contains(":")
        let parsed = isIPv6 ? inet_pton(AF_INET6, host, &v6.sin6_addr) : inet_pton(AF_INET, host, &v4.sin_addr)
        guard parsed == 1 else { throw RawHTTPError.malformed(host) }
        // The socket is `socketFD` only once it is connected: `deinit` closes `socketFD`, and it
        // runs even when the initializer throws after every property is set, so a socket
        // closed here and again there could be another thread's by then (a server's).
        // Close-on-exec: a child another test spawns meanwhile (the tour's curl, say) must not
        // inherit the socket, or closing it here would neither reset nor end the connection.
        let socketFD = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { throw RawHTTPError.socket("socket", errno) }
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = in_port_t(port.bigEndian)
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = in_port_t(port.bigEndian)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard !isIPv6, inet_pton(AF_INET, source, &local.sin_addr) == 1, Self.bind(socketFD, to: local) == 0 else {
                let failure = errno
                close(socketFD)
                throw RawHTTPError.socket("bind \(source)", failure)
            }
        }
        if var receiveBuffer {
            setsockopt(socketFD, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected = isIPv6 ? Self.connect(socketFD, to: v6) : Self.connect(socketFD, to: v4)
        guard connected == 0 else {
            let failure = errno
            close(socketFD)
            throw RawHTTPError.socket("connect", failure)
        }
        let components = timeout.components
        var interval = timeval(tv_sec: Int(components.seconds), tv_usec: Int(components.attoseconds / 1_000_000_000_000))
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketFD, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        self.socketFD = socketFD
    }

    deinit {
        if socketFD >= 0 { close(socketFD) }
    }

    /// Resets the connection now (`SO_LINGER` 0 and close: the peer gets an RST, not a FIN),
    /// as a client whose machine or network drops it does. Nothing is sent or read after.
    package func reset() {
        guard socketFD >= 0 else { return }
        var noLinger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
        close(socketFD)
        socketFD = -1
    }

    /// Ends the connection both ways now, as a client that goes away does (the descriptor is
    /// closed when the connection goes).
    package func shutDown() {
        _ = Glibc.shutdown(socketFD, Int32(SHUT_RDWR))
    }

    private static func connect<Address>(_ socketFD: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socketFD, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    private static func bind(_ socketFD: Int32, to address: sockaddr_in) -> Int32 {
        withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawHTTPError.socket("send", errno) }
            offset += sent
        }
    }

    /// Sends one request with `Content-Length` framing and reads its response.
    package func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> RawHTTPResponse {
        try send(Self.requestHead(method, target, headers: headers, bodyLength: body.count) + body)
        return try readResponse()
    }

    /// A request head ending in the blank line; `Content-Length` is added when there is a body.
    package static func requestHead(_ method: String, _ target: String, headers: [String: String] = [:], bodyLength: Int = 0) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if bodyLength > 0 { head += "Content-Length: \(bodyLength)\r\n" }
        return Array((head + "\r\n").utf8)
    }

    /// Reads one response framed by `Content-Length` or chunked encoding (interim 1xx
    /// responses are returned on their own).
    package func readResponse() throws -> RawHTTPResponse {
        let (status, headers) = try readHead()
        // An interim response (100 Continue) has no body; the caller reads the final one next.
        if (100...199).contains(status) { return RawHTTPResponse(status: status, headers: headers, body: []) }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while let chunk = try readChunk() { body += chunk }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            try fill(atLeast: length)
            body = take(length)
        }
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }

    /// Reads a response's status line and headers (values keyed by lower-cased name).
    package func readHead() throws -> (status: Int, headers: [String: String]) {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8))
        let head = String(decoding: take(headEnd), as: UTF8.self)
        _ = take(4)
        var lines = head.components(separatedBy: "\r\n")
        let statusParts = lines.removeFirst().split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError.malformed(head) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// Reads a body of `length` bytes.
    package func readBody(length: Int) throws -> [UInt8] {
        try fill(atLeast: length)
        return take(length)
    }

    /// Reads one chunk of a chunked body; `nil` for the last (empty) chunk.
    package func readChunk() throws -> [UInt8]? {
        let lineEnd = try readUntil(Array("\r\n".utf8))
        let sizeText = String(decoding: take(lineEnd), as: UTF8.self)
        _ = take(2)
        guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { throw RawHTTPError.malformed(sizeText) }
        try fill(atLeast: size + 2)
        let chunk = take(size)
        _ = take(2)
        return size == 0 ? nil : chunk
    }

    /// True once the server has closed the connection (end of stream or reset) without
    /// sending anything more; false if data arrived or the timeout passed first.
    package func waitForClose() -> Bool {
        var byte: UInt8 = 0
        let received = recv(socketFD, &byte, 1, 0)
        return received == 0 || (received < 0 && errno == ECONNRESET)
    }

    /// Reads and drops what has arrived, up to `limit` bytes, without waiting: how many.
    package func readArrived(upTo limit: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: limit)
        let received = recv(socketFD, &buffer, limit, Int32(MSG_DONTWAIT))
        return max(0, received)
    }

    /// Whether the server reset the connection (or it failed), found without reading: a
    /// reset comes ahead of any data still unread, where an orderly close comes after it.
    package var wasReset: Bool {
        var watched = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1 && watched.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// Reads and drops whatever comes until the server closes the connection (true), or
    /// until `within` has passed or nothing arrives for the socket's timeout (false).
    package func drainUntilClosed(within limit: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let received = recv(socketFD, &buffer, buffer.count, 0)
            if received == 0 || (received < 0 && errno == ECONNRESET) { return true }
            if received < 0 { return false }
        }
        return false
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if pending.count >= marker.count {
                for start in searchFrom...(pending.count - marker.count) where pending[start..<start + marker.count].elementsEqual(marker) {
                    return start
                }
                searchFrom = pending.count - marker.count + 1
            }
            try receiveMore()
        }
    }

    private func fill(atLeast count: Int) throws {
        while pending.count < count { try receiveMore() }
    }

    private func take(_ count: Int) -> [UInt8] {
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
    }

    private func receiveMore() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let received = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
        if received > 0 {
            pending += chunk.prefix(received)
        } else if received == 0 || errno == ECONNRESET {
            throw RawHTTPError.closedByServer
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
            throw RawHTTPError.timedOut
        } else {
            throw RawHTTPError.socket("recv", errno)
        }
    }
}
