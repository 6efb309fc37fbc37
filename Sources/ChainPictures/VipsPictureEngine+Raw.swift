internal import CVips

extension VipsPictureEngine {
    /// A camera raw's thumbnail: libraw gives the embedded preview (turned by the raw's
    /// orientation, not the preview's own EXIF, which some cameras leave unset) or the raw
    /// data at half size (already upright); libvips scales it and writes the JPEG.
    func rawThumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
        let raw = try RawFile(path)
        let turn = Self.clockwiseDegrees(raw.info.metadata.orientation)
        switch try raw.picture(atLeast: size) {
        case .jpeg(let bytes):
            // libvips reads the buffer lazily: the whole pipeline runs while it is alive.
            let result = bytes.withUnsafeBytes { buffer -> Result<[UInt8], PictureError> in
                var scaled: UnsafeMutablePointer<VipsImage>?
                guard cvips_thumbnail_buffer_as_stored(buffer.baseAddress, buffer.count, Int32(size), &scaled) == 0,
                      let scaled
                else { return .failure(Self.failure()) }
                defer { cvips_unref(scaled) }
                return Result { () throws(PictureError) in try Self.jpeg(scaled, turnedBy: turn) }
            }
            return try result.get()
        case .pixels(let bytes, let width, let height, let bands, let upright):
            // Copied into the image: the pixels need not outlive this call.
            let image = bytes.withUnsafeBytes { cvips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands)) }
            guard let image else { throw Self.failure() }
            defer { cvips_unref(image) }
            var scaled: UnsafeMutablePointer<VipsImage>?
            guard cvips_thumbnail_image(image, Int32(size), &scaled) == 0, let scaled else { throw Self.failure() }
            defer { cvips_unref(scaled) }
            return try Self.jpeg(scaled, turnedBy: upright ? 0 : turn)
        }
    }

    /// `image` turned clockwise by `degrees`, as a JPEG.
    private static func jpeg(_ image: UnsafeMutablePointer<VipsImage>, turnedBy degrees: Int) throws(PictureError) -> [UInt8] {
        guard degrees != 0 else { return try jpeg(image) }
        var turned: UnsafeMutablePointer<VipsImage>?
        guard cvips_rotate(image, Int32(degrees), &turned) == 0, let turned else { throw failure() }
        defer { cvips_unref(turned) }
        return try jpeg(turned)
    }

    /// The clockwise turn that stands a picture of EXIF `orientation` upright (mirrored
    /// orientations, which raws do not use, are left as stored).
    static func clockwiseDegrees(_ orientation: Int) -> Int {
        switch orientation {
        case 3: 180
        case 6: 90
        case 8: 270
        default: 0
        }
    }
}
