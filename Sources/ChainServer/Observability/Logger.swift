import ChainModel
import Foundation

/// Structured logs: one JSON object per line on stderr. Request lines carry the session id,
/// never a token.
final class Logger: Sendable {
    let level: LogLevel
    private let write: @Sendable (_ line: String, _ level: LogLevel) -> Void
    private let clock = LogClock()

    init(level: LogLevel, write: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.level = level
        self.write = { line, _ in write(line) }
    }

    /// Lines go to `buffer`, written in batches; warnings and errors are written at once.
    init(level: LogLevel, buffer: LogBuffer) {
        self.level = level
        self.write = { line, level in buffer.append(line, urgent: level >= .warning) }
    }

    func log(_ level: LogLevel, _ event: String, _ fields: [(key: String, value: JSON)] = []) {
        guard level >= self.level else { return }
        let line: JSON = .object([
            (key: "time", value: .string(clock.now())),
            (key: "level", value: .string(level.name)),
            (key: "event", value: .string(event)),
        ] + fields)
        write(line.text, level)
    }

    @Sendable static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
