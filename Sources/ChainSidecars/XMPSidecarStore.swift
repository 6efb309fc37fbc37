import ChainModel
import ChainStorage

/// XMP sidecars through exempi, named as darktable names them: the image's whole file name
/// with `.xmp` added (`DSC_0001.NEF.xmp`). Reading also finds Lightroom's name, the
/// extension replaced (`DSC_0001.xmp`), when darktable's is absent.
package struct XMPSidecarStore: SidecarStore {
    package init() {}

    /// Where the sidecar of the image at `imagePath` is written.
    package static func sidecarPath(of imagePath: String) -> String { imagePath + ".xmp" }

    /// Lightroom's sidecar name for `imagePath`, when its file name has an extension.
    static func replacedExtensionPath(of imagePath: String) -> String? {
        guard let dot = imagePath.lastIndex(of: "."), !imagePath[dot...].contains("/"),
              imagePath[..<dot].last.map({ $0 != "/" }) == true else { return nil }
        return imagePath[..<dot] + ".xmp"
    }

    package func values(besides imagePath: String) throws -> AttributeValues? {
        for path in [Self.sidecarPath(of: imagePath), Self.replacedExtensionPath(of: imagePath)].compactMap(\.self) {
            guard let bytes = try SidecarFile.read(path) else { continue }
            return Self.fields(of: try XMPPacket(parsing: bytes)).values
        }
        return nil
    }

    package func write(_ values: AttributeValues, besides imagePath: String) throws {
        let path = Self.sidecarPath(of: imagePath)
        // An existing sidecar is kept whole but for our fields; one exempi cannot parse is
        // left alone (the write fails) rather than replaced by one that loses its contents.
        let packet = try SidecarFile.read(path).map { bytes throws(SidecarError) in try XMPPacket(parsing: bytes) } ?? XMPPacket()
        let fields = XMPFields(values)
        let xmp = XMPPacket.basicNamespace
        if let rating = fields.rating { try packet.set(xmp, "Rating", to: rating) }
        if let label = fields.label { try packet.set(xmp, "Label", to: label) }
        if let flag = fields.flag { try packet.set(XMPFields.namespace, "Flag", to: flag) }
        if fields.rating != nil { try packet.set(XMPFields.namespace, "Rating", to: fields.rejectedRating ?? "") }
        try SidecarFile.replace(path, with: try packet.serialized())
    }

    static func fields(of packet: XMPPacket) -> XMPFields {
        let xmp = XMPPacket.basicNamespace
        return XMPFields(
            rating: packet.property(xmp, "Rating"), label: packet.property(xmp, "Label"),
            flag: packet.property(XMPFields.namespace, "Flag"), rejectedRating: packet.property(XMPFields.namespace, "Rating"))
    }
}
