#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address in the kernel's layout, so the server can bind exactly the
/// configured host (libmicrohttpd's port-only API would bind every interface).
package struct HTTPSocketAddress: Sendable {
    private var storage: sockaddr_storage

    /// Parses an IP literal (IPv6 optionally in brackets) or `localhost`, which binds
    /// 127.0.0.1 rather than whatever the resolver says, so startup never does DNS.
    package init?(host: String, port: UInt16) {
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

    /// Whether the daemon must be started in IPv6 mode.
    package var isIPv6: Bool { Int32(storage.ss_family) == AF_INET6 }

    /// Lends the address to a C call; the pointer is valid only inside `body`.
    package func withSockaddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0) }
        }
    }
}
