/// What the server needs from an image-processing library: thumbnails of picture files, and
/// pictures drawn for the demo catalog. `VipsPictureEngine` (libvips) is the engine.
///
/// Contract: every call is safe from any thread; a file that cannot be decoded (missing,
/// truncated, not a picture whatever its extension says) throws `PictureError`, never
/// crashes, and leaves nothing behind.
package protocol PictureEngine: Sendable {
    /// A baseline JPEG of the picture at `path`, its long edge at most `size` pixels (never
    /// enlarged), in sRGB with no metadata.
    func thumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8]

    /// The same, from an encoded picture in memory.
    func thumbnail(of bytes: [UInt8], size: Int) throws(PictureError) -> [UInt8]

    /// Draws `pattern` as a `width` × `height` picture into `path` (its extension names the
    /// format: .jpg, .png, .tif).
    func draw(_ pattern: WavePattern, width: Int, height: Int, to path: String) throws(PictureError)
}
