import ChainModel

/// One page of a grid's working set (`GET …/grid`): the images in order, how many the whole
/// set has, and where the page starts in it.
package struct GridPageBody: WireObject {
    package let images: [Image]
    package let total: Int
    package let offset: Int
    /// Whether image objects carry `path` (an admin's session).
    package let withPaths: Bool

    package init(images: [Image], total: Int, offset: Int, withPaths: Bool) {
        self.images = images
        self.total = total
        self.offset = offset
        self.withPaths = withPaths
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("images", images.map { ImageBody(image: $0, withPath: withPaths) })
        member("total", total)
        member("offset", offset)
    }
}
