import ChainModel

/// A wire object: one type per object of the contract, listing its members in one place.
package protocol WireObject: WireValue {
    func members(_ member: inout JSONObjectWriter)
}

extension WireObject {
    package func write(to writer: inout JSONWriter) { writer.object(members) }

    /// The object as JSON text.
    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}
