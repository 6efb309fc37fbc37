/// What the server needs from an image-processing library: what a picture file is, thumbnails
/// of picture files (upright), and pictures drawn for the demo catalog. `VipsPictureEngine` (libvips) is the engine.
///
/// Contract: every call is safe from any thread; a file that cannot be decoded (missing,
/// truncated, not a picture whatever its extension says) throws `PictureError`, never
/// crashes, and leaves nothing behind.
package protocol PictureEngine: Sendable {
    /// The upright size and metadata (EXIF, raw) of the picture at `path`, from its header.
    func info(ofFile path: String) throws(PictureError) -> PictureInfo

    /// A baseline JPEG of the picture at `path`, upright, its long edge at most `size` pixels
    /// (never enlarged), in sRGB with no metadata. A camera raw's comes from its embedded
    /// preview when that is large enough, else from its raw data at half size.
    func thumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8]

    /// The same, from an encoded picture in memory.
    func thumbnail(of bytes: [UInt8], size: Int) throws(PictureError) -> [UInt8]

    /// Draws `pattern` as a `width` × `height` picture into `path` (its extension names the
    /// format: .jpg, .png, .tif).
    func draw(_ pattern: WavePattern, width: Int, height: Int, to path: String) throws(PictureError)
}
