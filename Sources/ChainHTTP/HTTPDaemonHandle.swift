/// A running libmicrohttpd daemon (`struct MHD_Daemon *`) owned by an `HTTPServer`.
///
/// `@unchecked Sendable` because raw pointers are not Sendable, yet `HTTPServer` may be shut
/// down from any thread. The handle is only reachable through the server's lifecycle mutex,
/// and stop is called at most once, by whichever caller won that mutex.
package struct HTTPDaemonHandle: @unchecked Sendable {
    package let pointer: OpaquePointer
}
