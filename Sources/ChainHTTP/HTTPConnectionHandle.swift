/// A libmicrohttpd connection (`struct MHD_Connection *`) that a `respond` closure carries to
/// another thread.
///
/// `@unchecked Sendable` because raw pointers are not Sendable, yet libmicrohttpd documents
/// `MHD_resume_connection` as safe from any thread. The only cross-thread use is that resume,
/// made under `HTTPPendingReply`'s lock while the connection is known to be suspended (and
/// therefore alive); every other use stays on the libmicrohttpd thread serving it.
package struct HTTPConnectionHandle: @unchecked Sendable {
    package let pointer: OpaquePointer
}
