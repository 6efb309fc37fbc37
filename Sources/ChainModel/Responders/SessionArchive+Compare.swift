extension SessionArchive {
    /// A window's compare as plain data: its images (the select first, then the candidates),
    /// the current candidate's index among the candidates, and the zoom.
    public struct CompareArchive: Sendable, Equatable {
        public var images: [ImageID]
        public var current: Int
        public var zoom: CompareZoom

        public init(images: [ImageID], current: Int = 0, zoom: CompareZoom = .fit) {
            self.images = images
            self.current = current
            self.zoom = zoom
        }

        init(_ compare: ImageCompare) {
            self.init(images: compare.images, current: compare.current, zoom: compare.zoom)
        }
    }
}

extension Window {
    /// Opens the compare `stored` describes. Throws `SessionArchive.Invalid` when it could not
    /// have come from a window: a viewer window comparing, fewer than 2 or more than 8 images
    /// or repeats, a current candidate out of range, or a zoom out of range.
    mutating func restore(_ stored: SessionArchive.CompareArchive) throws(SessionArchive.Invalid) {
        guard let grid else { throw SessionArchive.Invalid(description: "viewer window \(id) compares") }
        guard ImageCompare.imageLimits.contains(stored.images.count), Set(stored.images).count == stored.images.count else {
            throw SessionArchive.Invalid(description: "window \(id) compares \(stored.images.count) images, or repeats one")
        }
        guard (0..<(stored.images.count - 1)).contains(stored.current), stored.zoom.isValid else {
            throw SessionArchive.Invalid(description: "window \(id)'s compare has its candidate or zoom out of range")
        }
        viewer.image = nil
        compare = ImageCompare(path: grid.path.appending("compare"), images: stored.images, current: stored.current, zoom: stored.zoom)
    }
}
