import ChainModel

/// A wire object: one type per object of the contract, listing its members in one place.
package protocol WireObject: WireValue {
    func members(_ member: inout JSONObjectWriter)
}

extension WireObject {
    /// `members` called in a closure, not passed as one: the method reference captured a copy
    /// of the object in a heap-allocated context on every write.
    package func write(to writer: inout JSONWriter) { writer.object { members(&$0) } }

    /// The object as JSON text.
    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}
