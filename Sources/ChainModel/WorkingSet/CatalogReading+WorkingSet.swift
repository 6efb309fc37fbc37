extension CatalogReading {
    /// The images `grid` shows, in its order: what keyboard moves, steps and select-all walk.
    /// The image its viewer shows stays in it where it stood, though it no longer passes the
    /// filter, until the viewer shows another ("never lose your place").
    public func workingSet(of grid: ImageGrid, in session: Session) -> WorkingSet {
        let set = workingSet(for: grid.view)
        guard let viewer = session.viewer(of: grid), let image = viewer.image, contains(image) else { return set }
        return set.pinning(image, at: viewer.position ?? set.count)
    }

    /// The working set `viewer` steps through: its grid's in a browser window; a viewer
    /// window's is the whole catalog by id.
    public func workingSet(of viewer: ImageViewer, in session: Session) -> WorkingSet {
        guard let grid = session.grid(of: viewer) else { return workingSet(for: .all) }
        return workingSet(of: grid, in: session)
    }

    /// Where `image` stands among the images `grid`'s view passes (the pinned one left out),
    /// for its viewer to keep as its place.
    func place(of image: ImageID, in grid: ImageGrid?) -> Int? {
        grid.flatMap { workingSet(for: $0.view).basePosition(of: image) }
    }
}

extension Session {
    /// The viewer below `grid` in its browser window.
    func viewer(of grid: ImageGrid) -> ImageViewer? {
        grid.path.windowID.flatMap(windowIndex(of:)).map { windows[$0].viewer }
    }

    /// The grid above `viewer`, in a browser window.
    func grid(of viewer: ImageViewer) -> ImageGrid? {
        guard viewer.isInBrowser else { return nil }
        return viewer.path.windowID.flatMap(windowIndex(of:)).flatMap { windows[$0].grid }
    }
}
