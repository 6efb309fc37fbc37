import Glibc

/// Why a sidecar could not be read or written.
package enum SidecarError: Error, Equatable, CustomStringConvertible {
    /// The file is not XMP exempi can parse (exempi's error code).
    case unreadable(code: Int32)
    /// An exempi call failed.
    case exempi(String, code: Int32)
    /// A file operation failed: which, on what, and `errno`.
    case file(String, path: String, errno: Int32)

    package var description: String {
        switch self {
        case .unreadable(let code): "not an XMP packet (exempi error \(code))"
        case .exempi(let call, let code): "\(call) failed (exempi error \(code))"
        case .file(let operation, let path, let errno): "\(operation) \(path): \(String(cString: strerror(errno)))"
        }
    }
}
