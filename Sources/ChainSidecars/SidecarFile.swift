import Glibc

/// A sidecar file's bytes, read whole and replaced atomically.
enum SidecarFile {
    /// Larger files are not sidecars we read (darktable's, history and all, are kilobytes).
    static let maxBytes = 16 << 20

    /// The file's bytes, or `nil` when there is no file at `path`.
    static func read(_ path: String) throws(SidecarError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .file("open", path: path, errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .file("read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > maxBytes { throw .file("read", path: path, errno: EFBIG) }
        }
    }

    /// Writes `bytes` to a new file beside `path`, flushes it to disk, then renames it over
    /// `path`: a reader (or a crash) finds the old file or the new one, never part of one.
    static func replace(_ path: String, with bytes: [UInt8]) throws(SidecarError) {
        let temporary = temporaryPath(beside: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .file("create", path: temporary, errno: errno) }
        var written = 0
        var failure: SidecarError?
        while written < bytes.count, failure == nil {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno != EINTR { failure = .file("write", path: temporary, errno: errno) }
            if count > 0 { written += count }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .file("fsync", path: temporary, errno: errno) }
        if close(descriptor) != 0, failure == nil { failure = .file("close", path: temporary, errno: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = .file("rename", path: path, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// A name in `path`'s folder no other writer uses: hidden, with the process and a
    /// random number, so an interrupted write leaves nothing an editor mistakes for a sidecar.
    static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(name).\(getpid())-\(UInt32.random(in: 0 ... .max)).tmp"
    }
}
