import CExempi

/// One XMP packet in exempi's memory: parsed from a sidecar's bytes or empty, read and set
/// property by property, serialized back. Owned by one thread at a time; freed with it.
final class XMPPacket {
    private let xmp: XmpPtr

    /// The XMP basic namespace (`xmp:`), where `Rating` and `Label` live.
    static let basicNamespace = String(cString: cexempi_ns_xmp())

    /// An empty packet.
    init() throws(SidecarError) {
        try XMPToolkit.start()
        guard let xmp = xmp_new_empty() else { throw .exempi("xmp_new_empty", code: xmp_get_error()) }
        self.xmp = xmp
    }

    /// The packet `bytes` hold; `SidecarError.unreadable` when they are not XMP.
    init(parsing bytes: [UInt8]) throws(SidecarError) {
        try XMPToolkit.start()
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmp_new($0, buffer.count) }
            }
        }
        guard let parsed else { throw .unreadable(code: xmp_get_error()) }
        xmp = parsed
    }

    deinit { xmp_free(xmp) }

    func property(_ namespace: String, _ name: String) -> String? {
        let value = XMPString()
        guard xmp_get_property(xmp, namespace, name, value.pointer, nil) else { return nil }
        return value.text
    }

    /// Sets `name` to `value`, or deletes it when `value` is empty.
    func set(_ namespace: String, _ name: String, to value: String) throws(SidecarError) {
        if value.isEmpty {
            _ = xmp_delete_property(xmp, namespace, name)
        } else if !xmp_set_property(xmp, namespace, name, value, 0) {
            throw .exempi("xmp_set_property \(name)", code: xmp_get_error())
        }
    }

    /// The packet as a sidecar file holds it: `<x:xmpmeta>` without the packet wrapper.
    func serialized() throws(SidecarError) -> [UInt8] {
        let text = XMPString()
        guard xmp_serialize(xmp, text.pointer, cexempi_serial_sidecar(), 0), let serialized = text.text else {
            throw .exempi("xmp_serialize", code: xmp_get_error())
        }
        return Array(serialized.utf8)
    }
}

/// An exempi string, freed with its owner.
private final class XMPString {
    let pointer: XmpStringPtr

    init() { pointer = xmp_string_new() }

    deinit { xmp_string_free(pointer) }

    var text: String? { xmp_string_cstr(pointer).map { String(cString: $0) } }
}
