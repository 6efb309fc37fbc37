internal import CVips
import ChainModel
import ChainSupport

#if canImport(Glibc)
import Glibc
#endif

/// What libvips and GLib log while pictures are read and made ("unknown EXIF resolution
/// unit", "error in tile 0 x 104", a JPEG that ends early), taken from GLib before it reaches
/// stderr and handed to one sink: the server's structured log and its metrics, or the import
/// command's log. So stderr carries JSON lines only. Every sink routed to hears every
/// message (a process runs one server; tests run several).
///
/// GLib does not say which picture a message is about. The engine marks the file each thread
/// works on (`working(on:)`); a message from a marked thread names that file, and one from a
/// thread of libvips's own pool names the file when only one is being worked on, else none.
package enum PictureLog {
    package struct Message: Sendable, Equatable {
        package enum Level: String, Sendable {
            case critical, warning, message, info, debug
        }

        /// GLib's log domain: `VIPS`, `GLib`, `GLib-GObject`, … (`""` when none).
        package let domain: String
        package let level: Level
        package let text: String
        /// The picture being read or made when it was logged, when known.
        package let file: String?
    }

    private struct State {
        var sinks: [Int: @Sendable (Message) -> Void] = [:]
        var nextSink = 0
        var working: [UInt: String] = [:]
    }

    private static let state = Lock(State())

    /// Installs the GLib handler once per process; before libvips starts, so nothing it logs
    /// at its start escapes.
    package static let installed: Void = {
        cvips_route_log { domain, level, text in
            PictureLog.receive(
                domain: domain.map { String(cString: $0) } ?? "", level: level, text: text.map { String(cString: $0) } ?? "")
        }
    }()

    /// Adds `sink` to where messages go, until `unroute` with the id returned. While there
    /// is none they are written to stderr as JSON lines.
    @discardableResult
    package static func route(to sink: @escaping @Sendable (Message) -> Void) -> Int {
        _ = installed
        return state.withLock { state in
            state.nextSink += 1
            state.sinks[state.nextSink] = sink
            return state.nextSink
        }
    }

    package static func unroute(_ id: Int) {
        _ = state.withLock { $0.sinks.removeValue(forKey: id) }
    }

    /// Runs `body` with `file` marked as what this thread works on.
    package static func working<T, E: Error>(on file: String, _ body: () throws(E) -> T) throws(E) -> T {
        let thread = UInt(pthread_self())
        state.withLock { $0.working[thread] = file }
        defer { _ = state.withLock { $0.working.removeValue(forKey: thread) } }
        return try body()
    }

    package static func level(of flags: Int32) -> Message.Level {
        if flags & (CVIPS_LOG_ERROR | CVIPS_LOG_CRITICAL) != 0 { return .critical }
        if flags & CVIPS_LOG_WARNING != 0 { return .warning }
        if flags & CVIPS_LOG_MESSAGE != 0 { return .message }
        if flags & CVIPS_LOG_INFO != 0 { return .info }
        return .debug
    }

    private static func receive(domain: String, level flags: Int32, text: String) {
        let level = level(of: flags)
        // GLib's default handler drops debug and info unless asked; so does this one.
        guard level != .debug, level != .info else { return }
        let thread = UInt(pthread_self())
        let (sinks, file) = state.withLock { state in
            (Array(state.sinks.values), state.working[thread] ?? (state.working.count == 1 ? state.working.first?.value : nil))
        }
        let message = Message(
            domain: domain, level: level, text: text.trimmingCharacters(in: "\n"), file: file)
        guard sinks.isEmpty else { return sinks.forEach { $0(message) } }
        var line = Array(#"{"level":"warning","event":"picture.log","domain":"#.utf8)
        JSON.writeString(domain, to: &line)
        line += #","message":"#.utf8
        JSON.writeString(message.text, to: &line)
        line += #","file":"#.utf8
        if let file { JSON.writeString(file, to: &line) } else { line += "null".utf8 }
        line += "}\n".utf8
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.last == set { text.removeLast() }
        while text.first == set { text.removeFirst() }
        return String(text)
    }
}
