internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C callbacks libmicrohttpd calls, turning its several access-handler calls per request
/// into one `HTTPRequest` for the handler and one queued `HTTPResponse`.
///
/// Call sequence for a request: a first call after the headers (`*con_cls == NULL`), a call per
/// chunk of body (`*upload_data_size > 0`), a final call (`*upload_data_size == 0`), and, if
/// the handler answered later, one more call after the connection is resumed. Nothing is
/// queued on the first call unless the request is refused, because queueing there makes
/// libmicrohttpd drop keep-alive.
package enum HTTPTrampoline {
    /// Refuses new connections once the server drains. Shutdown stops accepting this way, not
    /// with `MHD_quiesce_daemon`: in libmicrohttpd 0.9.75 quiescing an epoll daemon with a
    /// thread pool races a worker removing the same listen socket from its epoll set, and the
    /// loser aborts the process ("Failed to remove listen FD from epoll set").
    static var acceptPolicy: MHD_AcceptPolicyCallback {
        { context, address, _ in
            guard let context else { return MHD_Result.NO }
            let server = Unmanaged<HTTPServerContext>.fromOpaque(context).takeUnretainedValue()
            guard !server.isDraining else { return MHD_Result.NO }
            return server.connections.admit(address: HTTPClientAddress(copying: address)) ? MHD_Result.YES : MHD_Result.NO
        }
    }

    /// A TCP connection opened or is closing: registered with the watch that holds slow
    /// clients to their deadlines, its entry kept in the connection's socket context.
    static var connectionNotice: MHD_NotifyConnectionCallback {
        { context, connection, socketContext, notice in
            guard let context, let connection, let socketContext else { return }
            let server = Unmanaged<HTTPServerContext>.fromOpaque(context).takeUnretainedValue()
            switch notice {
            case .CONNECTION_NOTIFY_STARTED:
                let entry = server.connections.opened(
                    descriptor: cmhd_connection_fd(connection),
                    address: HTTPClientAddress(copying: cmhd_connection_client_address(connection)))
                socketContext.pointee = Unmanaged.passRetained(entry).toOpaque()
            case .CONNECTION_NOTIFY_CLOSED:
                guard let stored = socketContext.pointee else { return }
                socketContext.pointee = nil
                server.connections.closed(Unmanaged<HTTPConnectionEntry>.fromOpaque(stored).takeRetainedValue())
            default:
                return
            }
        }
    }

    /// The request line was parsed: libmicrohttpd hands over the raw target, split from the
    /// version by a NUL it wrote in place of the space. Where the target stops reading as a
    /// C string is noted on the connection's entry, so `begin` can tell a NUL of the client's
    /// (the target reads short of the version) from libmicrohttpd's. Returns no context:
    /// the access handler's first call must still find none.
    static var targetNotice: cmhd_uri_log_callback {
        { _, target, connection in
            guard let target, let connection, let entry = HTTPTrampoline.entry(of: connection) else { return nil }
            let length = strlen(target)
            entry.rawTargetEnd = UInt(bitPattern: target + length)
            entry.rawTargetLength = length
            return nil
        }
    }

    /// The watch's entry for the connection (libmicrohttpd thread, while it is open).
    private static func entry(of connection: OpaquePointer) -> HTTPConnectionEntry? {
        cmhd_connection_socket_context(connection).map { Unmanaged<HTTPConnectionEntry>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The access handler, as a C function pointer that captures nothing.
    static var accessHandler: MHD_AccessHandlerCallback {
        { context, connection, url, method, version, uploadData, uploadDataSize, requestState in
            guard let context, let connection, let uploadDataSize, let requestState else { return MHD_Result.NO }
            let server = Unmanaged<HTTPServerContext>.fromOpaque(context).takeUnretainedValue()
            guard let existing = requestState.pointee else {
                return HTTPTrampoline.begin(
                    server: server, connection: connection, version: version, target: url, requestState: requestState)
            }
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeUnretainedValue()
            if exchange.refusedHead { return MHD_Result.NO }
            if uploadDataSize.pointee > 0 {
                exchange.entry?.received(uploadDataSize.pointee)
                if let uploadData {
                    exchange.receive(
                        UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee),
                        limit: server.maxBodyBytes)
                }
                uploadDataSize.pointee = 0
                // Past the limit (a chunked body, which declared no length): answered now, not
                // after the rest is read and thrown away, and the connection closed, its rest
                // never read. libmicrohttpd cannot queue an answer mid-body, so it is written
                // to the socket directly (`HTTPEarlyAnswer`) before libmicrohttpd closes it.
                if exchange.bodyTooLarge, let entry = exchange.entry {
                    exchange.refusedHead = true
                    guard entry.enter(.busy) else { return MHD_Result.NO }
                    HTTPEarlyAnswer.write(server.handler.response(for: .bodyTooLarge(limit: server.maxBodyBytes)), to: entry.descriptor)
                    return MHD_Result.NO
                }
                return MHD_Result.YES
            }
            let path = url.map { String(cString: $0) } ?? "/"
            let verb = method.map { String(cString: $0) } ?? ""
            return HTTPTrampoline.finish(exchange, server: server, method: verb, path: path)
        }
    }

    /// The completion notice: balances the retain taken in `begin` and stops counting the
    /// request as in flight.
    static var completedHandler: MHD_RequestCompletedCallback {
        { context, _, requestState, _ in
            guard let context, let requestState, let existing = requestState.pointee else { return }
            requestState.pointee = nil
            let server = Unmanaged<HTTPServerContext>.fromOpaque(context).takeUnretainedValue()
            let exchange = Unmanaged<HTTPExchange>.fromOpaque(existing).takeRetainedValue()
            // Answered (or given up): a kept-alive connection waits for its next head from now.
            // A cut one stays cut: libmicrohttpd is closing it.
            _ = exchange.entry?.enter(.awaitingHead)
            if let reply = exchange.reply {
                server.unregister(reply)
            }
        }
    }

    /// First call: allocate the per-request state, and refuse a head that frames the request
    /// unsoundly or declares an oversized body, before reading the body.
    private static func begin(
        server: HTTPServerContext,
        connection: OpaquePointer,
        version: UnsafePointer<CChar>?,
        target: UnsafePointer<CChar>?,
        requestState: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let limit = server.maxBodyBytes
        var rejection: HTTPRejection?
        var declared: UInt64?
        let watched = entry(of: connection)
        // Read once: the next request's line sets it again.
        let noted = watched.map { entry in
            defer { entry.rawTargetEnd = 0 }
            return (end: entry.rawTargetEnd, length: entry.rawTargetLength)
        }
        let targetEnd = noted?.end == 0 ? nil : noted?.end
        if let refused = HTTPHeadCheck.rejection(
            on: connection, version: version, target: target, rawTargetEnd: targetEnd, rawTargetLength: noted?.length,
            limits: server.headLimits
        ) {
            rejection = refused
        } else {
            declared = HTTPRequest.declaredContentLength(on: connection)
            if let declared, declared > UInt64(limit) { rejection = .bodyTooLarge(limit: limit) }
        }
        // A refused head is being answered; any other is owed its body. A connection the watch
        // cut meanwhile is not served at all.
        guard watched?.enter(rejection == nil ? .receivingBody : .busy) != false else { return MHD_Result.NO }
        // Reserve at most 64 KiB up front: a declared length costs the client nothing to send.
        let expected = rejection == nil ? Int(min(declared ?? 0, 64 << 10)) : 0
        let exchange = HTTPExchange(connection: HTTPConnectionHandle(pointer: connection), expectedBodyBytes: expected)
        exchange.refusedHead = rejection != nil
        exchange.entry = watched
        requestState.pointee = Unmanaged.passRetained(exchange).toOpaque()
        guard let rejection else { return MHD_Result.YES }
        return reject(rejection, server: server, connection: connection)
    }

    /// Final call, or the call after a resume.
    private static func finish(
        _ exchange: HTTPExchange, server: HTTPServerContext, method: String, path: String
    ) -> MHD_Result {
        let connection = exchange.connection.pointer
        if let reply = exchange.reply {
            return perform(reply.connectionResumed(), server: server, connection: connection)
        }
        // The request is complete: the handler's time and the answer's are not the client's.
        // Unless the watch cut the connection first: then the handler never sees the request,
        // and nothing is answered on a socket already shut down.
        guard exchange.entry?.enter(.busy) != false else { return MHD_Result.NO }
        if exchange.bodyTooLarge {
            return reject(.bodyTooLarge(limit: server.maxBodyBytes), server: server, connection: connection)
        }
        var request = HTTPRequest(
            connection: connection, method: method, path: path, body: exchange.takeBody(), remoteAddress: exchange.entry?.addressText ?? "")
        if server.forwarding.isActive, let entry = exchange.entry {
            // Every X-Forwarded-For field, in order, as one list: a proxy may add a field of
            // its own after the client's.
            request.remoteAddress = server.forwarding.client(
                peer: entry.address, peerText: request.remoteAddress, forwardedFor: request.header("X-Forwarded-For"))
            request.fromTrustedProxy = server.forwarding.trusts(entry.address)
        }
        let reply = HTTPPendingReply(connection: exchange.connection)
        exchange.reply = reply
        server.register(reply)
        server.handler.handle(request) { response in reply.respond(response) }
        return perform(reply.handlerReturned(), server: server, connection: connection)
    }

    private static func perform(
        _ action: HTTPReplyState.Action, server: HTTPServerContext, connection: OpaquePointer
    ) -> MHD_Result {
        switch action {
        case .queue(let response):
            if let stream = response.stream {
                // A stream stays open on purpose: no idle timeout, and shutdown ends it.
                stream.attach(to: connection, hangups: server.hangups)
                _ = cmhd_connection_set_timeout(connection, 0)
                server.track(stream)
            }
            return response.queue(on: connection, closingConnection: server.isDraining)
        case .close:
            return MHD_Result.NO
        case .none, .suspend, .resume:
            return MHD_Result.YES
        }
    }

    private static func reject(
        _ rejection: HTTPRejection, server: HTTPServerContext, connection: OpaquePointer
    ) -> MHD_Result {
        server.handler.response(for: rejection)
            .queue(on: connection, closingConnection: rejection.closesConnection || server.isDraining)
    }
}
