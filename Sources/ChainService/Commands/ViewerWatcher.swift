import ChainModel

/// Told, once a command has committed, of each image a session's viewer came to show (an
/// `openImage`, a step, a window opened on an image): what a server prepares ahead of a
/// viewer (previews of the images around it) starts here. Called on storage's writer
/// thread, in commit order: it must only hand the work over, never do it.
package protocol ViewerWatcher: Sendable {
    func shown(_ image: ImageID, in viewer: ResponderPath, of session: LiveSession, model: Session, catalog: CatalogMirror)
}

extension ViewerWatcher {
    /// Tells of every viewer of `after` that shows another image than in `before`.
    func shown(from before: Session, to after: Session, of session: LiveSession, catalog: CatalogMirror) {
        for window in after.windows {
            guard let image = window.viewer.image, before.window(window.id)?.viewer.image != image else { continue }
            shown(image, in: window.viewer.path, of: session, model: after, catalog: catalog)
        }
    }
}
