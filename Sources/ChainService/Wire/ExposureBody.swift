import ChainModel

/// An image's `exposure`: `{"time": "1/250", "aperture": 5.6, "iso": 400, "focalLength": 50}`,
/// each member null when the file does not say.
package struct ExposureBody: WireObject {
    package let exposure: Exposure

    package init(exposure: Exposure) {
        self.exposure = exposure
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("time", exposure.time)
        member("aperture", exposure.aperture.map { JSON.number($0) })
        member("iso", exposure.iso)
        member("focalLength", exposure.focalLength.map { JSON.number($0) })
    }
}
