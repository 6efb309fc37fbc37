import ChainModel
import Foundation

/// Structured logs: one JSON object per line on stderr. Request lines carry the session id,
/// never a token.
final class Logger: Sendable {
    let level: LogLevel
    private let write: @Sendable (String) -> Void

    init(level: LogLevel, write: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.level = level
        self.write = write
    }

    func log(_ level: LogLevel, _ event: String, _ fields: [(key: String, value: JSON)] = []) {
        guard level >= self.level else { return }
        let line: JSON = .object([
            (key: "time", value: .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date()))),
            (key: "level", value: .string(level.name)),
            (key: "event", value: .string(event)),
        ] + fields)
        write(line.text)
    }

    @Sendable static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
