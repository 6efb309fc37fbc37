extension Session {
    /// What the session's viewer shows, as a window following it sees it: the key window's
    /// viewer (the window of the first responder), else the last window whose viewer shows
    /// an image; `nil` when none does.
    public var shownImage: ImageID? {
        if let id = firstResponder.windowID, let image = window(id)?.viewer.image { return image }
        return windows.last { $0.viewer.image != nil }?.viewer.image
    }

    /// Makes the window `id` follow `session` (`nil`: stop following).
    mutating func setFollowing(_ session: String?, inWindow id: String) {
        guard let index = windowIndex(of: id) else { return }
        windows[index].following = session
    }

    /// Any navigation of the window's own (selecting, stepping, opening) ends its following.
    mutating func endFollowing(ofWindowAt path: ResponderPath) {
        guard let id = path.windowID, let index = windowIndex(of: id), windows[index].following != nil else { return }
        windows[index].following = nil
    }
}
