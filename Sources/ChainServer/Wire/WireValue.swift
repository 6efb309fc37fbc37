import ChainModel

/// Anything that writes itself as one JSON value.
protocol WireValue {
    func write(to writer: inout JSONWriter)
}

extension String: WireValue {
    func write(to writer: inout JSONWriter) { JSON.writeString(self, to: &writer.bytes) }
}

extension Int: WireValue {
    func write(to writer: inout JSONWriter) { writer.bytes.append(contentsOf: String(self).utf8) }
}

extension Bool: WireValue {
    func write(to writer: inout JSONWriter) { writer.bytes.append(contentsOf: (self ? "true" : "false").utf8) }
}

extension JSON: WireValue {
    func write(to writer: inout JSONWriter) { write(to: &writer.bytes) }
}

extension ImageID: WireValue {
    func write(to writer: inout JSONWriter) { description.write(to: &writer) }
}

extension ResponderPath: WireValue {
    func write(to writer: inout JSONWriter) { string.write(to: &writer) }
}

/// `null` when absent.
extension Optional: WireValue where Wrapped: WireValue {
    func write(to writer: inout JSONWriter) {
        if let self { self.write(to: &writer) } else { writer.bytes.append(contentsOf: "null".utf8) }
    }
}

extension Array: WireValue where Element: WireValue {
    func write(to writer: inout JSONWriter) { writer.array(self) }
}
