/// What a viewer needs beyond thumbnails: previews at screen sizes and 1:1 crops, both upright
/// (EXIF orientation applied). The defaults let an engine that only makes thumbnails serve
/// previews as large thumbnails and refuse regions.
extension PictureEngine {
    /// A baseline JPEG of the upright picture at `path`, its long edge at most `size` pixels.
    package func preview(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
        try thumbnail(ofFile: path, size: size)
    }
}

/// The calls behind `…/region`: an engine offers them by conforming.
package protocol RegionEngine: PictureEngine {
    /// The upright picture's width and height, from its header.
    func uprightSize(ofFile path: String) throws(PictureError) -> (width: Int, height: Int)

    /// A baseline JPEG of the `width` × `height` crop at (`x`, `y`) of the upright picture, at
    /// 1:1; the rectangle lies inside the picture (the caller checked it).
    func region(ofFile path: String, x: Int, y: Int, width: Int, height: Int) throws(PictureError) -> [UInt8]
}
