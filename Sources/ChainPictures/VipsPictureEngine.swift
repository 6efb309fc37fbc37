internal import CVips

/// The picture engine on libvips: `vips_thumbnail` (shrink-on-load for JPEG, WebP and HEIF;
/// PNG, TIFF and the rest through their loaders; turned upright by their EXIF orientation),
/// JPEG out at quality 82. Camera raws are read by libraw (`RawFile`), then libvips.
package struct VipsPictureEngine: PictureEngine {
    package static let quality: Int32 = 82

    /// libvips starts once per process, before the first call.
    private static let started: Result<Void, PictureError> = {
        // GLib's log goes to `PictureLog` from before libvips's first word.
        _ = PictureLog.installed
        return cvips_start("chain-server") == 0 ? .success(()) : .failure(PictureError(reason: takeError()))
    }()

    package init() throws(PictureError) {
        try Self.started.get()
    }

    package func thumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
        if CameraRaw.isRaw(path) { return try rawThumbnail(ofFile: path, size: size) }
        return try PictureLog.working(on: path) { () throws(PictureError) -> [UInt8] in
            var image: UnsafeMutablePointer<VipsImage>?
            guard cvips_thumbnail_file(path, Int32(size), &image) == 0, let image else { throw Self.failure() }
            defer { cvips_unref(image) }
            return try Self.jpeg(image)
        }
    }

    package func thumbnail(of bytes: [UInt8], size: Int) throws(PictureError) -> [UInt8] {
        // libvips reads the buffer lazily: `jpeg` runs the pipeline while the buffer is alive.
        let result = bytes.withUnsafeBytes { buffer -> Result<[UInt8], PictureError> in
            var image: UnsafeMutablePointer<VipsImage>?
            guard cvips_thumbnail_buffer(buffer.baseAddress, buffer.count, Int32(size), &image) == 0, let image else {
                return .failure(Self.failure())
            }
            defer { cvips_unref(image) }
            return Result { () throws(PictureError) in try Self.jpeg(image) }
        }
        return try result.get()
    }

    package func draw(_ pattern: WavePattern, width: Int, height: Int, to path: String) throws(PictureError) {
        var waves: UnsafeMutablePointer<VipsImage>?
        guard cvips_sines(Int32(width), Int32(height), pattern.across, pattern.down, &waves) == 0, let waves else {
            throw Self.failure()
        }
        defer { cvips_unref(waves) }
        let colour = [pattern.colour.red, pattern.colour.green, pattern.colour.blue]
        let scale = colour.map { $0 * 255 * 0.4 }
        let offset = colour.map { $0 * 255 * 0.6 }
        var picture: UnsafeMutablePointer<VipsImage>?
        guard cvips_linear_uchar(waves, scale, offset, 3, &picture) == 0, let picture else { throw Self.failure() }
        defer { cvips_unref(picture) }
        guard cvips_write_file(picture, path) == 0 else { throw Self.failure() }
    }

    static func jpeg(_ image: UnsafeMutablePointer<VipsImage>) throws(PictureError) -> [UInt8] {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard cvips_jpegsave_buffer(image, quality, &bytes, &length) == 0, let bytes else { throw failure() }
        defer { cvips_free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    static func failure() -> PictureError {
        PictureError(reason: takeError())
    }

    /// libvips's error text, first line of each message, without the trailing newline.
    private static func takeError() -> String {
        guard let text = cvips_error_take() else { return "libvips failed" }
        defer { cvips_free(text) }
        let message = String(cString: text).split(separator: "\n").joined(separator: "; ")
        return message.isEmpty ? "libvips failed" : String(message.prefix(500))
    }
}
