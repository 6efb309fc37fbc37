import ChainModel

extension PictureLog.Message {
    /// The message as a log line's fields: `domain`, `glibLevel`, `message` and `file`.
    package var fields: [(key: String, value: JSON)] {
        [
            (key: "domain", value: .string(domain)),
            (key: "glibLevel", value: .string(level.rawValue)),
            (key: "message", value: .string(text)),
            (key: "file", value: file.map { .string($0) } ?? .null),
        ]
    }
}
