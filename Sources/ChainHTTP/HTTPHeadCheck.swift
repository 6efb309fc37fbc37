internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request-head rules of RFC 9112 that libmicrohttpd 0.9.75 lets through, checked once
/// the head is parsed and before any body is read. A head that breaks one is refused with
/// 400 and its connection closed, since where its body ends (and so where the next request
/// starts) cannot be trusted: this is what stops request smuggling.
package enum HTTPHeadCheck {
    /// Why the head must be refused, or `nil` when it is within `limits` and frames a
    /// request soundly: first its size (a target too long, 414; header fields too large or
    /// too many, 431), then its framing (400). `rawTargetEnd` and `rawTargetLength`: where
    /// the raw target stopped reading as a C string, and its length, when known
    /// (`HTTPTrampoline.targetNotice`).
    package static func rejection(
        on connection: OpaquePointer, version: UnsafePointer<CChar>?, target: UnsafePointer<CChar>?,
        rawTargetEnd: UInt? = nil, rawTargetLength: Int? = nil, limits: HTTPHeadLimits = HTTPHeadLimits()
    ) -> HTTPRejection? {
        if let rawTargetLength, rawTargetLength > limits.maxTargetBytes {
            return .targetTooLong(limit: limits.maxTargetBytes)
        }
        var counts = Counts()
        withUnsafeMutablePointer(to: &counts) { counts in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { context, _, name, value in
                guard let context, let name else { return MHD_Result.YES }
                context.assumingMemoryBound(to: Counts.self).pointee.count(name, value)
                return MHD_Result.YES
            }, counts)
        }
        if counts.sectionBytes > limits.maxSectionBytes || counts.fields > limits.maxFields {
            return .headerTooLarge(limit: limits.maxSectionBytes, fields: limits.maxFields)
        }
        return refusal(version: version, target: target, rawTargetEnd: rawTargetEnd, counts: counts).map { .malformedHead($0) }
    }

    /// Why the head's framing cannot be trusted, or `nil`.
    private static func refusal(
        version: UnsafePointer<CChar>?, target: UnsafePointer<CChar>?, rawTargetEnd: UInt?, counts: Counts
    ) -> String? {
        // A NUL in the request line ends libmicrohttpd's C string early, which leaves the
        // version missing: so a missing or odd version also catches a NUL.
        let http11: Bool
        if let version, strcmp(version, "HTTP/1.1") == 0 {
            http11 = true
        } else if let version, strcmp(version, "HTTP/1.0") == 0 {
            http11 = false
        } else {
            return "the request line must end with HTTP/1.1 or HTTP/1.0 (a NUL or control byte in it cuts it short)"
        }
        if let target, containsControlByte(target) {
            return "the request target holds a control byte"
        }
        // libmicrohttpd ends the raw target with a NUL where the space before the version
        // was, so the version starts right after it: a target that reads shorter held a NUL
        // of its own, and everything after that NUL would be silently dropped.
        if let rawTargetEnd, let version, UInt(bitPattern: version) != rawTargetEnd + 1 {
            return "the request target holds a NUL byte"
        }
        if counts.contentLengths > 0, counts.transferEncodings > 0 {
            return "Content-Length and Transfer-Encoding must not both be sent"
        }
        if counts.contentLengths > 1 {
            return "Content-Length must be sent once"
        }
        if counts.transferEncodings > 1 || counts.otherTransferCoding {
            return "the only transfer coding accepted is a single \"Transfer-Encoding: chunked\""
        }
        if counts.transferEncodings > 0, !http11 {
            return "Transfer-Encoding is not allowed in an HTTP/1.0 request"
        }
        if counts.hosts > 1 {
            return "Host must be sent once"
        }
        if http11, counts.hosts == 0 {
            return "an HTTP/1.1 request must carry Host"
        }
        return nil
    }

    private struct Counts {
        var contentLengths = 0
        var transferEncodings = 0
        var otherTransferCoding = false
        var hosts = 0
        var fields = 0
        /// The fields as sent: name, `: `, value and CRLF each.
        var sectionBytes = 0

        mutating func count(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) {
            fields += 1
            sectionBytes += strlen(name) + (value.map { strlen($0) } ?? 0) + 4
            if strcasecmp(name, "Content-Length") == 0 {
                contentLengths += 1
            } else if strcasecmp(name, "Transfer-Encoding") == 0 {
                transferEncodings += 1
                if let value, !isChunked(value) { otherTransferCoding = true }
            } else if strcasecmp(name, "Host") == 0 {
                hosts += 1
            }
        }

        /// Exactly `chunked` in any letter case, as libmicrohttpd compares it: a value it
        /// would not read as chunked (`chunked ` with a trailing space, say) must not pass here.
        private func isChunked(_ value: UnsafePointer<CChar>) -> Bool {
            strcasecmp(value, "chunked") == 0
        }
    }

    private static func containsControlByte(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        while cursor.pointee != 0 {
            let byte = UInt8(bitPattern: cursor.pointee)
            if byte < 0x20 || byte == 0x7F { return true }
            cursor += 1
        }
        return false
    }
}
