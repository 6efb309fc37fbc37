internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An answer written straight to a connection's socket while its request body is still
/// arriving, for the one case libmicrohttpd 0.9.75 cannot answer then: it queues a response
/// only before the body is read or after all of it is (`MHD_queue_response` refuses one in
/// between). A chunked body that passes the limit gets its 413 this way at once, instead of
/// after the rest is read and thrown away; the caller then has libmicrohttpd close the
/// connection, whose remaining body is never read.
package enum HTTPEarlyAnswer {
    /// The bytes of `response` as a whole HTTP/1.1 message that closes the connection.
    package static func message(_ response: HTTPResponse) -> [UInt8] {
        let reason = MHD_get_reason_phrase_for(UInt32(response.status)).map { String(cString: $0) } ?? ""
        var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
        for header in response.headers where !header.name.isEmpty {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + response.body
    }

    /// Writes `response` to `descriptor` without waiting (the socket is libmicrohttpd's, and
    /// non-blocking) and ends the sending side. `false` when the socket would not take it all
    /// at once; the connection is closed either way.
    @discardableResult
    package static func write(_ response: HTTPResponse, to descriptor: Int32) -> Bool {
        let bytes = message(response)
        let sent = bytes.withUnsafeBytes { buffer in
            send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        shutdown(descriptor, Int32(SHUT_WR))
        return sent == bytes.count
    }
}
