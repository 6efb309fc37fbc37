/// Why `HTTPServer.start()` failed, worded for the operator who reads it in a log.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is neither an IP literal nor `localhost`.
    case invalidHost(String)
    /// A configuration value is out of range (negative, zero where a positive is needed, too large).
    case invalidConfiguration(String)
    /// Another socket already listens on this address and port.
    case addressInUse(host: String, port: UInt16)
    /// The address is not one of this machine's, or the port needs privileges.
    case addressUnavailable(host: String, port: UInt16, reason: String)
    /// libmicrohttpd refused to start for another reason.
    case startFailed(host: String, port: UInt16, reason: String)
    /// `start()` was called on a server that is running or has been shut down.
    case alreadyStarted

    package var description: String {
        switch self {
        case .invalidHost(let host):
            "invalid host \"\(host)\": expected an IPv4/IPv6 literal or \"localhost\""
        case .invalidConfiguration(let detail):
            "invalid HTTP configuration: \(detail)"
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): address already in use"
        case .addressUnavailable(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .startFailed(let host, let port, let reason):
            "cannot start HTTP server on \(host):\(port): \(reason)"
        case .alreadyStarted:
            "the HTTP server was already started"
        }
    }
}
