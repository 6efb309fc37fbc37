import ChainModel

/// Writes JSON text straight into bytes: what wire objects encode themselves with.
struct JSONWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: some WireValue) {
        value.write(to: &self)
    }

    /// `{…}` with the members `body` writes, in order.
    mutating func object(_ body: (inout JSONObjectWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        // The bytes move into the member writer and back; emptying ours first keeps the
        // buffer uniquely referenced, so it is never copied.
        var members = JSONObjectWriter(writer: self)
        bytes = []
        body(&members)
        self = members.writer
        bytes.append(UInt8(ascii: "}"))
    }

    /// `[…]` of `elements`.
    mutating func array<Elements: Sequence>(_ elements: Elements) where Elements.Element: WireValue {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
