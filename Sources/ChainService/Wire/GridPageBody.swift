import ChainModel

/// One page of a grid's working set (`GET …/grid`): the images in order, how many the whole
/// set has, and where the page starts in it.
package struct GridPageBody: WireObject {
    package let images: [Image]
    package let total: Int
    package let offset: Int

    package init(images: [Image], total: Int, offset: Int) {
        self.images = images
        self.total = total
        self.offset = offset
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("images", images.map(ImageBody.init))
        member("total", total)
        member("offset", offset)
    }
}
