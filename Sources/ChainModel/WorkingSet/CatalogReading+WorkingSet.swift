extension CatalogReading {
    /// The images `grid` shows, in its order: what keyboard moves, steps and select-all walk.
    /// The image its viewer shows stays in it where it stood, though it no longer passes the
    /// filter, until the viewer shows another ("never lose your place").
    public func workingSet(of grid: ImageGrid, in session: Session) -> WorkingSet {
        let set = workingSet(for: grid.view)
        guard let index = grid.path.windowID.flatMap(session.windowIndex(of:)) else { return set }
        return pinningShown(in: set, window: index, of: session)
    }

    /// The working set `viewer` steps through: its grid's in a browser window; a viewer
    /// window's is the whole catalog by id. Reads the window's parts in place: a walk asks
    /// for every step and select-all it validates, and copying a grid or viewer costs more
    /// than the lookup.
    public func workingSet(of viewer: ImageViewer, in session: Session) -> WorkingSet {
        guard viewer.isInBrowser, let index = viewer.path.windowID.flatMap(session.windowIndex(of:)),
              let view = session.windows[index].grid?.view else { return workingSet(for: .all) }
        return pinningShown(in: workingSet(for: view), window: index, of: session)
    }

    /// Whether `grid`'s working set is empty. In catalog order (no filter, by id), the usual
    /// case, it is empty exactly when the catalog is, and nothing is looked up: every menu pass
    /// validates select-all.
    public func isWorkingSetEmpty(of grid: ImageGrid, in session: Session) -> Bool {
        grid.view.isCatalogOrder ? imageCount == 0 : workingSet(of: grid, in: session).isEmpty
    }

    /// The image `offset` places from `image` in the working set `viewer` steps through, or
    /// `nil` past its ends or when the set lacks `image`. In catalog order (no filter, by id),
    /// the usual case, a step is the catalog's next or previous image: nothing is pinned there
    /// (the shown image is in the set whenever the catalog has it), so no set is looked up.
    public func image(_ offset: Int, from image: ImageID, steppedBy viewer: ImageViewer, in session: Session) -> ImageID? {
        self.image(offset, from: image, steppedBy: viewer, inWindowAt: viewer.path.windowID.flatMap(session.windowIndex(of:)), of: session)
    }

    /// As `image(_:from:steppedBy:in:)`, the viewer's window already found (a walk knows it
    /// from the viewer's slot).
    func image(_ offset: Int, from image: ImageID, steppedBy viewer: ImageViewer, inWindowAt window: Int?, of session: Session) -> ImageID? {
        let index = viewer.isInBrowser ? window : nil
        let inCatalogOrder = index.flatMap { session.windows[$0].grid?.view.isCatalogOrder } ?? true
        if inCatalogOrder, offset == 1 || offset == -1 {
            guard contains(image) else { return nil }
            return offset == 1 ? id(after: image) : id(before: image)
        }
        let set = workingSet(of: viewer, in: session)
        return set.position(of: image).flatMap { set.id(at: $0 + offset) }
    }

    /// `set` with the image the window's viewer shows pinned at its place, when the set lacks it.
    private func pinningShown(in set: WorkingSet, window index: Int, of session: Session) -> WorkingSet {
        guard let image = session.windows[index].viewer.image, set.basePosition(of: image) == nil, contains(image) else { return set }
        return set.pinning(image, at: session.windows[index].viewer.position ?? set.count)
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
