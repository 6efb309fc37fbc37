#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client's IP address without its port: what the per-address connection limit counts.
/// Compared as bytes, so admitting a connection never formats it; `text` does, once per
/// connection (`HTTPConnectionEntry` keeps it for every request on the connection).
package struct HTTPClientAddress: Hashable, Sendable {
    /// `AF_INET`, `AF_INET6`, or `AF_UNSPEC` when the address is unknown.
    private let family: Int32
    /// The address's bytes in network order (an IPv4 address in the first four).
    private let high: UInt64
    private let low: UInt64

    /// Copies the address part of a socket address libmicrohttpd lends. Without one, or with
    /// a family other than IPv4 and IPv6 (neither happens on a TCP socket), the address is
    /// unknown: all such clients count as one, written as "".
    package init(copying address: UnsafePointer<sockaddr>?) {
        var bytes: (UInt64, UInt64) = (0, 0)
        switch address.map({ Int32($0.pointee.sa_family) }) {
        case AF_INET:
            let v4 = UnsafeRawPointer(address!).loadUnaligned(as: sockaddr_in.self)
            withUnsafeMutableBytes(of: &bytes) { raw in
                withUnsafeBytes(of: v4.sin_addr) { raw.copyMemory(from: $0) }
            }
            family = AF_INET
        case AF_INET6:
            let v6 = UnsafeRawPointer(address!).loadUnaligned(as: sockaddr_in6.self)
            withUnsafeMutableBytes(of: &bytes) { raw in
                withUnsafeBytes(of: v6.sin6_addr) { raw.copyMemory(from: $0) }
            }
            family = AF_INET6
        default:
            family = AF_UNSPEC
        }
        (high, low) = bytes
    }

    /// An IPv4 or IPv6 address written as numeric text (no port, no brackets); `nil` for
    /// anything else.
    package init?(text: String) {
        var bytes: (UInt64, UInt64) = (0, 0)
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            withUnsafeMutableBytes(of: &bytes) { raw in withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) } }
            family = AF_INET
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            withUnsafeMutableBytes(of: &bytes) { raw in withUnsafeBytes(of: v6) { raw.copyMemory(from: $0) } }
            family = AF_INET6
        } else {
            return nil
        }
        (high, low) = bytes
    }

    /// The address as numeric text, without port or brackets; "" when unknown.
    package var text: String {
        guard family != AF_UNSPEC else { return "" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
            let converted = withUnsafeBytes(of: (high, low)) { raw in
                if family == AF_INET6 {
                    var v6 = in6_addr()
                    withUnsafeMutableBytes(of: &v6) { $0.copyMemory(from: raw) }
                    return inet_ntop(AF_INET6, &v6, buffer.baseAddress, socklen_t(buffer.count)) != nil
                }
                var v4 = in_addr()
                withUnsafeMutableBytes(of: &v4) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(4))) }
                return inet_ntop(AF_INET, &v4, buffer.baseAddress, socklen_t(buffer.count)) != nil
            }
            return converted ? String(cString: buffer.baseAddress!) : ""
        }
    }
}
