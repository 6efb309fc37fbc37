/// The members of one object being written, into the buffer `JSONWriter.object` lends it
/// for the length of that call.
public struct JSONObjectWriter {
    /// The writer, holding the buffer while the members are written.
    public var writer = JSONWriter(capacity: 0)
    @usableFromInline var count = 0

    @inlinable
    public init() {}

    @inlinable
    public mutating func callAsFunction(_ key: JSONKey, _ value: some WireValue) {
        if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
        count += 1
        key.write(to: &writer)
        value.write(to: &writer)
    }

    /// Writes the member only when `value` is not `nil`.
    @inlinable
    public mutating func callAsFunction(_ key: JSONKey, ifPresent value: (some WireValue)?) {
        if let value { self(key, value) }
    }

    /// Members given as model JSON (problem extras, command results).
    @inlinable
    public mutating func members(_ members: [(key: String, value: JSON)]) {
        for member in members { self(JSONKey(member.key), member.value) }
    }
}
