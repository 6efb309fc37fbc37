import ChainModel

/// An image's `camera`: `{"make", "model"}`, each null when the file does not say.
package struct CameraBody: WireObject {
    package let camera: Camera

    package init(camera: Camera) {
        self.camera = camera
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("make", camera.make)
        member("model", camera.model)
    }
}
