internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPResponse {
    /// Queues this response on a libmicrohttpd connection (libmicrohttpd thread only).
    ///
    /// The body is copied into memory libmicrohttpd owns, so nothing here outlives the call.
    /// A response the library cannot represent (status outside 200...599, a header with NUL,
    /// CR or LF) is replaced by an empty 500 rather than sent half-built; `Content-Length` is
    /// left to libmicrohttpd, which computes it from the body. Returns `MHD_Result.NO` when even that
    /// fails, which makes libmicrohttpd close the connection.
    func queue(on connection: OpaquePointer, closingConnection: Bool) -> MHD_Result {
        guard (200...599).contains(status) else {
            HTTPServer.report("handler answered with invalid status \(status); sending 500")
            onQueued?.queued(status: 500)
            return HTTPResponse.bare500.queue(on: connection, closingConnection: closingConnection)
        }
        let built = makeMHDResponse(closingConnection: closingConnection)
        switch built {
        case .success(let response):
            defer { MHD_destroy_response(response) }
            let queued = MHD_queue_response(connection, UInt32(status), response)
            if queued != MHD_Result.YES {
                HTTPServer.report("libmicrohttpd refused to queue a \(status) response")
            }
            onQueued?.queued(status: status)
            return queued
        case .failure(.outOfMemory):
            HTTPServer.report("libmicrohttpd could not allocate a response; closing connection")
            onQueued?.queued(status: 500)
            return MHD_Result.NO
        case .failure(.rejectedHeader(let name)):
            HTTPServer.report("header \"\(name)\" rejected by libmicrohttpd; sending 500")
            onQueued?.queued(status: 500)
            return HTTPResponse.bare500.queue(on: connection, closingConnection: closingConnection)
        }
    }

    /// Adds one header; `false` when it holds a NUL (which C would cut short) or
    /// libmicrohttpd refuses it.
    private func add(_ name: String, _ value: String, to response: OpaquePointer) -> Bool {
        !Self.holdsNUL(name) && !Self.holdsNUL(value) && MHD_add_response_header(response, name, value) == MHD_Result.YES
    }

    /// Looked for with `memchr` in the string's own bytes: `utf8.contains` went byte by byte
    /// through the generic sequence, for every header of every answer.
    private static func holdsNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.count > 0 && memchr(bytes.baseAddress!, 0, bytes.count) != nil }
    }

    private enum BuildFailure: Error {
        case outOfMemory
        case rejectedHeader(String)
    }

    /// The most a stream's content reader is asked for at once: events are small, and each
    /// open stream holds a buffer of this size.
    private static let streamBlockBytes = 2048

    /// An answer for responses that cannot be sent as written; it has no body because the
    /// HTTP layer does not write error bodies itself.
    private static let bare500 = HTTPResponse(status: 500)

    /// Creates the libmicrohttpd response; on success the caller owns (and destroys) it.
    private func makeMHDResponse(closingConnection: Bool) -> Result<OpaquePointer, BuildFailure> {
        let created: OpaquePointer?
        if let stream {
            let retained = Unmanaged.passRetained(stream)
            created = cmhd_create_stream_response(Self.streamBlockBytes, HTTPStream.reader, retained.toOpaque(), HTTPStream.release)
            // Never made, so never freed by libmicrohttpd: the stream is let go of here, and
            // its close actions run as they would have.
            if created == nil { retained.takeRetainedValue().released() }
        } else {
            created = body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let response = created else { return .failure(.outOfMemory) }
        var typed = false
        var rejected: String?
        for field in headers where !field.name.equalsIgnoringASCIICase("Content-Length") {
            if field.name.equalsIgnoringASCIICase("Content-Type") { typed = true }
            if !add(field.name, field.value, to: response) {
                rejected = field.name
                break
            }
        }
        if rejected == nil, !body.isEmpty, !typed, !add("Content-Type", "application/octet-stream", to: response) {
            rejected = "Content-Type"
        }
        if rejected == nil, closingConnection, !add("Connection", "close", to: response) {
            rejected = "Connection"
        }
        if let rejected {
            MHD_destroy_response(response)
            return .failure(.rejectedHeader(rejected))
        }
        return .success(response)
    }
}
