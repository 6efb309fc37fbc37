/// Anything that writes itself as one JSON value.
public protocol WireValue {
    func write(to writer: inout JSONWriter)
}

extension String: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.string(self) }
}

extension Int: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.integer(self) }
}

extension Bool: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.bytes.append(contentsOf: (self ? "true" : "false").utf8) }
}

extension JSON: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { write(to: &writer.bytes) }
}

extension ImageID: WireValue {
    /// `"img-<n>"`, written digit by digit: a page of images spells out a hundred of them.
    @inlinable
    public func write(to writer: inout JSONWriter) {
        writer.bytes.append(contentsOf: #""img-"#.utf8)
        writer.integer(Int(rawValue))
        writer.bytes.append(UInt8(ascii: "\""))
    }
}

extension ResponderPath: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { string.write(to: &writer) }
}

/// `null` when absent.
extension Optional: WireValue where Wrapped: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) {
        if let self { self.write(to: &writer) } else { writer.bytes.append(contentsOf: "null".utf8) }
    }
}

extension Array: WireValue where Element: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.array(self) }
}

/// An array written from a lazy map, so a list of bodies needs no array of its own.
extension LazyMapSequence: WireValue where Element: WireValue {
    @inlinable
    public func write(to writer: inout JSONWriter) { writer.array(self) }
}
