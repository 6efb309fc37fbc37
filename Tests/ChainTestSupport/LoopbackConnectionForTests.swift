import ChainSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection over loopback, both ends in this process: `serverSide` is the accepted
/// socket a server would hold; the client's end is a `RawHTTPConnection` until it hangs up.
package final class LoopbackConnection {
    package let serverSide: Int32
    private var client: RawHTTPConnection?

    /// `clientReceiveBuffer`: the client socket's `SO_RCVBUF`, so that a client that does not
    /// read stops acknowledging after a few kilobytes.
    package init(clientReceiveBuffer: Int32? = nil) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw RawHTTPError.socket("socket", errno) }
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else { throw RawHTTPError.socket("listen", errno) }
        let client = try RawHTTPConnection(port: UInt16(bigEndian: address.sin_port), receiveBuffer: clientReceiveBuffer)
        let server = accept(listener, nil, nil)
        guard server >= 0 else { throw RawHTTPError.socket("accept", errno) }
        self.client = client
        serverSide = server
    }

    /// The client closes its socket, as a client going away does, and the server's side has
    /// the FIN (readable, with nothing sent) before this returns, or `false` after a second.
    @discardableResult
    package func clientHangsUp() -> Bool {
        guard client != nil else { return true }
        client = nil
        var watched = pollfd(fd: serverSide, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 1_000) == 1
    }

    /// Writes `count` bytes to the server's side without blocking, as libmicrohttpd sends
    /// a stream's bytes: how many the socket took.
    @discardableResult
    package func serverWrites(_ count: Int) -> Int {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
        return max(0, send(serverSide, bytes, count, Int32(MSG_DONTWAIT)))
    }

    /// The client reads what has arrived, up to `limit` bytes: how many.
    package func clientReads(upTo limit: Int) -> Int {
        client?.readArrived(upTo: limit) ?? 0
    }

    /// Whether the server's side was shut down both ways (`shutdown(SHUT_RDWR)`), as a server
    /// does to make its HTTP library close the connection: the socket then polls as hung up.
    package var serverSideIsShutDown: Bool {
        var watched = pollfd(fd: serverSide, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1 && watched.revents & Int16(POLLHUP) != 0
    }

    deinit {
        close(serverSide)
    }
}
