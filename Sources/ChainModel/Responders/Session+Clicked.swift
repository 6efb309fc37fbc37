extension Session {
    /// The responder on the chain from the first responder whose path reads `text`, if any.
    public func chain(containing text: String) -> ResponderPath? {
        var next: ResponderPath? = firstResponder
        while let path = next {
            if path.string == text { return path }
            next = path.parent
        }
        return nil
    }

    /// The session as a right-click on `image` in the grid at `path` leaves it, as Finder
    /// does: the grid selects the image first when it was not selected, and keeps its
    /// selection when it was. What a context menu is validated against; `self` is unchanged.
    public func clicked(_ image: ImageID, inGrid path: ResponderPath) -> Session {
        guard let id = path.windowID, let window = window(id), let grid = window.grid, grid.path == path,
              !grid.selection.contains(image) else { return self }
        var clicked = self
        clicked.select(.one(image), inGrid: path)
        return clicked
    }
}
