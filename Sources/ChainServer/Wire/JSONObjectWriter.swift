import ChainModel

/// The members of one object being written.
struct JSONObjectWriter {
    /// The writer, holding the bytes while the members are written.
    var writer: JSONWriter
    private var count = 0

    init(writer: JSONWriter) {
        self.writer = writer
    }

    mutating func callAsFunction(_ key: String, _ value: some WireValue) {
        if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
        count += 1
        JSON.writeString(key, to: &writer.bytes)
        writer.bytes.append(UInt8(ascii: ":"))
        value.write(to: &writer)
    }

    /// Writes the member only when `value` is not `nil`.
    mutating func callAsFunction(_ key: String, ifPresent value: (some WireValue)?) {
        if let value { self(key, value) }
    }

    /// Members given as model JSON (problem extras, command results).
    mutating func members(_ members: [(key: String, value: JSON)]) {
        for member in members { self(member.key, member.value) }
    }
}
