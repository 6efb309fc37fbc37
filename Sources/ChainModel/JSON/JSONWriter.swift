/// Writes JSON text straight into one growing byte buffer: what wire objects encode
/// themselves with. Nested objects and arrays write into the same buffer in place, so a
/// body is built with no copy and no allocation beyond the buffer's own growth.
package struct JSONWriter {
    package var bytes: [UInt8] = []

    package init(capacity: Int = 512) {
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    package mutating func write(_ value: some WireValue) {
        value.write(to: &self)
    }

    /// `{…}` with the members `body` writes, in order.
    package mutating func object(_ body: (inout JSONObjectWriter) -> Void) {
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
    package mutating func array<Elements: Sequence>(_ elements: Elements) where Elements.Element: WireValue {
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
    package mutating func string(_ value: String) {
        JSON.writeString(value, to: &bytes)
    }

    /// An integer in decimal, without making a `String` of it.
    package mutating func integer(_ value: Int) {
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
