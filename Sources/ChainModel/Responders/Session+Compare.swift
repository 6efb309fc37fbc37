extension Session {
    /// Opens a compare of `images` (2–8, no repeats) in the browser window `id` in place of
    /// its viewer, and focuses it. Returns the compare's path.
    @discardableResult
    mutating func openCompare(_ images: [ImageID], inWindow id: String) -> ResponderPath? {
        guard let index = windowIndex(of: id), let grid = windows[index].grid else { return nil }
        let path = windows[index].compare?.path ?? grid.path.appending("compare")
        windows[index].viewer.image = nil
        windows[index].compare = ImageCompare(path: path, images: images)
        firstResponder = path
        return path
    }

    /// Changes the open compare of window `id`.
    mutating func updateCompare(inWindow id: String, _ change: (inout ImageCompare) -> Void) {
        guard let index = windowIndex(of: id), windows[index].compare != nil else { return }
        change(&windows[index].compare!)
    }

    /// Closes the compare of window `id`, if open; focus on it goes back to the grid.
    mutating func closeCompare(inWindow id: String) {
        guard let index = windowIndex(of: id), let compare = windows[index].compare else { return }
        windows[index].compare = nil
        if firstResponder == compare.path, let grid = windows[index].grid { firstResponder = grid.path }
    }
}
