/// Writes JSON text straight into one growing byte buffer: what wire objects encode
/// themselves with. Nested objects and arrays write into the same buffer in place, so a
/// body is built with no copy and no allocation beyond the buffer's own growth.
public struct JSONWriter {
    public var bytes: [UInt8] = []

    @inlinable
    public init(capacity: Int = 512) {
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    @inlinable
    public mutating func write(_ value: some WireValue) {
        value.write(to: &self)
    }

    /// `{…}` with the members `body` writes, in order.
    @inlinable
    public mutating func object(_ body: (inout JSONObjectWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        // The buffer is swapped into the member writer and back, never copied: it stays
        // uniquely referenced, so every member is appended in place.
        var members = JSONObjectWriter()
        swap(&bytes, &members.writer.bytes)
        body(&members)
        swap(&bytes, &members.writer.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `[…]` of `elements`.
    @inlinable
    public mutating func array<Elements: Sequence>(_ elements: Elements) where Elements.Element: WireValue {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A key or any other string, escaped.
    @inlinable
    public mutating func string(_ value: String) {
        JSON.writeString(value, to: &bytes)
    }

    /// An integer in decimal, without making a `String` of it.
    @inlinable
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }
}
