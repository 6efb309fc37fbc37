import ChainModel

/// One image (`GET /v1/images/{id}`, and each image of a page): its every attribute, then
/// what its file told: format, size, and how it was taken (null when unknown). The file's
/// `path` on the server only for an admin's session (`Role.seesPaths`).
package struct ImageBody: WireObject {
    package let image: Image
    package let withPath: Bool

    package init(image: Image, withPath: Bool) {
        self.image = image
        self.withPath = withPath
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("id", image.id)
        member("name", image.name)
        for attribute in Attribute.all {
            member(JSONKey(attribute.name), attribute.json(image.values[attribute] ?? 0))
        }
        member("format", ifPresent: image.format)
        member("width", ifPresent: image.width)
        member("height", ifPresent: image.height)
        member("byteSize", ifPresent: image.byteSize.map(Int.init))
        if withPath { member("path", ifPresent: image.path) }
        let metadata = image.metadata
        member("captureTime", metadata.captureTime?.text)
        member("camera", metadata.camera.map(CameraBody.init))
        member("lens", metadata.lens)
        member("exposure", ExposureBody(exposure: metadata.exposure))
        member("orientation", metadata.orientation)
    }
}
