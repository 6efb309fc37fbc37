internal import CVips

extension VipsPictureEngine {
    /// A camera raw's thumbnail: libraw gives the embedded preview (turned by the raw's
    /// orientation, not the preview's own EXIF, which some cameras leave unset) or the raw
    /// data at half size (already upright); libvips scales it and writes the JPEG.
    func rawThumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
        try withPicture(of: RawFile(path), atLeast: size) { image, turn throws(PictureError) in
            guard max(Int(cvips_width(image)), Int(cvips_height(image))) > size else { return try Self.jpeg(image, turnedBy: turn) }
            var scaled: UnsafeMutablePointer<VipsImage>?
            guard cvips_thumbnail_image(image, Int32(size), &scaled) == 0, let scaled else { throw Self.failure() }
            defer { cvips_unref(scaled) }
            return try Self.jpeg(scaled, turnedBy: turn)
        }
    }

    /// A 1:1 crop of a camera raw's upright picture: its embedded preview when that is full
    /// size, else its raw data processed whole; turned upright, then cropped.
    func rawRegion(ofFile path: String, x: Int, y: Int, width: Int, height: Int) throws(PictureError) -> [UInt8] {
        let raw = try RawFile(path)
        return try withPicture(of: raw, atLeast: max(raw.info.width, raw.info.height)) { image, degrees throws(PictureError) in
            var turned: UnsafeMutablePointer<VipsImage>? = image
            if degrees != 0 {
                turned = nil
                guard cvips_rotate(image, Int32(degrees), &turned) == 0 else { throw Self.failure() }
            }
            guard let upright = turned else { throw Self.failure() }
            defer { if degrees != 0 { cvips_unref(upright) } }
            // The preview or the processed data may be a few pixels smaller than the raw's
            // stated size: the crop keeps inside what there is.
            let left = min(x, max(0, Int(cvips_width(upright)) - 1)), top = min(y, max(0, Int(cvips_height(upright)) - 1))
            let cropWidth = min(width, Int(cvips_width(upright)) - left), cropHeight = min(height, Int(cvips_height(upright)) - top)
            var area: UnsafeMutablePointer<VipsImage>?
            guard cropWidth > 0, cropHeight > 0,
                  cvips_extract(upright, Int32(left), Int32(top), Int32(cropWidth), Int32(cropHeight), &area) == 0, let area
            else { throw Self.failure() }
            defer { cvips_unref(area) }
            return try Self.jpeg(area)
        }
    }

    /// Runs `body` on the raw's picture of at least `size` pixels on its long edge, with the
    /// clockwise turn that stands it upright: the embedded preview (scaled to `size` as it
    /// is read) or the raw data processed (upright already). libvips reads a preview's
    /// buffer lazily, so `body` runs while the buffer is alive.
    private func withPicture(
        of raw: RawFile, atLeast size: Int,
        _ body: (UnsafeMutablePointer<VipsImage>, _ turn: Int) throws(PictureError) -> [UInt8]
    ) throws(PictureError) -> [UInt8] {
        let turn = Self.clockwiseDegrees(raw.info.metadata.orientation)
        switch try raw.picture(atLeast: size) {
        case .jpeg(let bytes):
            let result = bytes.withUnsafeBytes { buffer -> Result<[UInt8], PictureError> in
                var image: UnsafeMutablePointer<VipsImage>?
                guard cvips_thumbnail_buffer_as_stored(buffer.baseAddress, buffer.count, Int32(size), &image) == 0, let image
                else { return .failure(Self.failure()) }
                defer { cvips_unref(image) }
                return Result { () throws(PictureError) in try body(image, turn) }
            }
            return try result.get()
        case .pixels(let bytes, let width, let height, let bands, let upright):
            // Copied into the image: the pixels need not outlive this call.
            let image = bytes.withUnsafeBytes { cvips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands)) }
            guard let image else { throw Self.failure() }
            defer { cvips_unref(image) }
            return try body(image, upright ? 0 : turn)
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
