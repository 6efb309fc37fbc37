import CMicroHTTPD

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
            return queued
        case .failure(.outOfMemory):
            HTTPServer.report("libmicrohttpd could not allocate a response; closing connection")
            return MHD_Result.NO
        case .failure(.rejectedHeader(let name)):
            HTTPServer.report("header \"\(name)\" rejected by libmicrohttpd; sending 500")
            return HTTPResponse.bare500.queue(on: connection, closingConnection: closingConnection)
        }
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
            if created == nil { retained.release() }
        } else {
            created = body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let response = created else { return .failure(.outOfMemory) }
        var fields = headers.filter { $0.name.lowercased() != "content-length" }
        if !body.isEmpty, header("Content-Type") == nil {
            fields.append(Header(name: "Content-Type", value: "application/octet-stream"))
        }
        if closingConnection {
            fields.append(Header(name: "Connection", value: "close"))
        }
        for field in fields {
            let valid = !field.name.utf8.contains(0) && !field.value.utf8.contains(0)
            guard valid, MHD_add_response_header(response, field.name, field.value) == MHD_Result.YES else {
                MHD_destroy_response(response)
                return .failure(.rejectedHeader(field.name))
            }
        }
        return .success(response)
    }
}
