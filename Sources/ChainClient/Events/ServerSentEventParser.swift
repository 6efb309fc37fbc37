import Foundation

/// The SSE framing as a pure state machine: bytes in, whole events out. Lines end with LF,
/// CRLF or CR; `:` lines are comments (keep-alives); an event with no data is dropped, as the
/// HTML standard says.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var sawCarriageReturn = false
    private var id: String?
    private var name: String?
    private var data: [String] = []

    public init() {}

    /// Feeds a chunk, as the network delivered it; returns the events it completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        if let events = bytes.withContiguousStorageIfAvailable({ feed(buffer: $0) }) { return events }
        return Array(bytes).withUnsafeBufferPointer { feed(buffer: $0) }
    }

    /// The same, for a chunk as URLSession delivers it.
    public mutating func feed(_ data: Data) -> [ServerSentEvent] {
        data.withUnsafeBytes { feed(buffer: $0.bindMemory(to: UInt8.self)) }
    }

    /// The chunk's lines: runs between line ends are appended whole, not byte by byte.
    private mutating func feed(buffer bytes: UnsafeBufferPointer<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            if index > start {
                sawCarriageReturn = false
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if sawCarriageReturn {
                sawCarriageReturn = false
                if byte == 0x0A { continue }
            }
            sawCarriageReturn = byte == 0x0D
            if let event = endLine() { events.append(event) }
        }
        return events
    }

    /// A field's line: the name up to the first colon, the value after it (one space dropped);
    /// only the value becomes a String, once.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer { (id, name, data) = (nil, nil, []) }
            guard !data.isEmpty else { return nil }
            return ServerSentEvent(id: id, name: name ?? "message", data: data.count == 1 ? data[0] : data.joined(separator: "\n"))
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var valueStart = Swift.min(colon + 1, line.endIndex)
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let field = line[..<colon]
        func value() -> String { String(decoding: line[valueStart...], as: UTF8.self) }
        if field.elementsEqual("data".utf8) {
            data.append(value())
        } else if field.elementsEqual("id".utf8) {
            id = value()
        } else if field.elementsEqual("event".utf8) {
            name = value()
        }
        return nil
    }
}
