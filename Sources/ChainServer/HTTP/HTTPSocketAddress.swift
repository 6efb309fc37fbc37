#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address in the kernel's layout, so the server can bind exactly the
/// configured host (libmicrohttpd's port-only API would bind every interface).
struct HTTPSocketAddress: Sendable {
    private var storage: sockaddr_storage

    /// Parses an IP literal (IPv6 optionally in brackets) or `localhost`, which binds
    /// 127.0.0.1 rather than whatever the resolver says, so startup never does DNS.
    init?(host: String, port: UInt16) {
        var text = host
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
        }
        if text == "localhost" { text = "127.0.0.1" }
        storage = sockaddr_storage()
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(port.bigEndian)
            withUnsafeMutableBytes(of: &storage) { raw in
                withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) }
            }
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, text, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(port.bigEndian)
            withUnsafeMutableBytes(of: &storage) { raw in
                withUnsafeBytes(of: v6) { raw.copyMemory(from: $0) }
            }
            return
        }
        return nil
    }

    /// The same address with another port.
    func with(port: UInt16) -> HTTPSocketAddress {
        var copy = self
        withUnsafeMutableBytes(of: &copy.storage) { raw in
            // sin_port and sin6_port sit at the same offset, right after the family.
            raw.storeBytes(of: in_port_t(port.bigEndian), toByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: in_port_t.self)
        }
        return copy
    }

    /// Binds a plain socket (`SO_REUSEADDR`, as libmicrohttpd binds one, but not
    /// `SO_REUSEPORT`) to this address and closes it again, returning the port it got. Binding fails while anything listens on the address, even a socket
    /// that allows its port to be shared, so the sockets bound after this with
    /// `SO_REUSEPORT` share their port with no other process's (barring one that binds it in
    /// the moment between). With port 0 the port is one the kernel found free. On failure the
    /// port is nil and `errno` says why.
    func probeFreePort() -> (port: UInt16?, errno: Int32) {
        let family = Int32(storage.ss_family)
        #if canImport(Glibc)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return (nil, errno) }
        defer { close(descriptor) }
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            // As libmicrohttpd's IPv6 socket: this address only, not the IPv4 one mapped.
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        guard withSockaddrPointer({ bind(descriptor, $0, length) }) == 0 else { return (nil, errno) }
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &boundLength) }
        }
        guard named == 0 else { return (nil, errno) }
        let port = withUnsafeBytes(of: bound) { raw in
            raw.load(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: in_port_t.self)
        }
        return (UInt16(bigEndian: port), 0)
    }

    /// Whether the daemon must be started in IPv6 mode.
    var isIPv6: Bool { Int32(storage.ss_family) == AF_INET6 }

    /// Lends the address to a C call; the pointer is valid only inside `body`.
    func withSockaddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0) }
        }
    }
}
