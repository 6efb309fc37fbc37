import ChainModel
import ChainSupport
import Foundation

/// Structured logs: one JSON object per line on stderr. Request lines carry the session id,
/// never a token. A line is written as bytes in one pass, with no intermediate `JSON` value.
package final class Logger: Sendable {
    package let level: LogLevel
    private let write: @Sendable (_ line: [UInt8], _ level: LogLevel) -> Void
    private let clock = LogClock()

    package init(level: LogLevel, write: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.level = level
        self.write = { line, _ in write(String(decoding: line, as: UTF8.self)) }
    }

    /// Lines go to `buffer`, written in batches; warnings and errors are written at once.
    package init(level: LogLevel, buffer: LogBuffer) {
        self.level = level
        self.write = { line, level in buffer.append(line, urgent: level >= .warning) }
    }

    package func log(_ level: LogLevel, _ event: String, _ fields: [(key: String, value: JSON)] = []) {
        guard level >= self.level else { return }
        var line = start(level, event)
        for field in fields {
            line.append(UInt8(ascii: ","))
            JSON.writeString(field.key, to: &line)
            line.append(UInt8(ascii: ":"))
            field.value.write(to: &line)
        }
        line.append(UInt8(ascii: "}"))
        write(line, level)
    }

    /// The line every answered request makes: `method`, `route`, `status`, `durationMs`
    /// (to the microsecond) and `session` (or `null`).
    package func request(_ level: LogLevel, method: String, route: String, status: Int, microseconds: Int, session: String?) {
        guard level >= self.level else { return }
        var line = start(level, "request")
        line.append(contentsOf: #","method":"#.utf8)
        JSON.writeString(method, to: &line)
        line.append(contentsOf: #","route":"#.utf8)
        JSON.writeString(route, to: &line)
        line.append(contentsOf: #","status":"#.utf8)
        line.append(contentsOf: String(status).utf8)
        line.append(contentsOf: #","durationMs":"#.utf8)
        line.append(contentsOf: String(microseconds / 1000).utf8)
        if microseconds % 1000 != 0 {
            line.append(UInt8(ascii: "."))
            var fraction = microseconds % 1000
            var width = 3
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            line.append(contentsOf: String(zeroPadded: fraction, width: width).utf8)
        }
        line.append(contentsOf: #","session":"#.utf8)
        if let session { JSON.writeString(session, to: &line) } else { line.append(contentsOf: "null".utf8) }
        line.append(UInt8(ascii: "}"))
        write(line, level)
    }

    /// `{"time":…,"level":…,"event":…` with the object left open.
    private func start(_ level: LogLevel, _ event: String) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(192)
        line.append(contentsOf: #"{"time":""#.utf8)
        clock.write(to: &line)
        line.append(contentsOf: #"","level":"#.utf8)
        JSON.writeString(level.name, to: &line)
        line.append(contentsOf: #","event":"#.utf8)
        JSON.writeString(event, to: &line)
        return line
    }

    @Sendable package static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
