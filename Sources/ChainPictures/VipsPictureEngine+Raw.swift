internal import CVips

extension VipsPictureEngine {
    /// A camera raw's thumbnail: libraw gives the embedded preview (turned by the raw's
    /// orientation, not the preview's own EXIF, which some cameras leave unset) or the raw
    /// data at half size (already upright); libvips scales it and writes the JPEG.
    func rawThumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
        let raw = try RawFile(path)
        let picture = try raw.picture(atLeast: size)
        var scaled: UnsafeMutablePointer<VipsImage>?
        let turn: Int
        switch picture {
        case .jpeg(let bytes):
            let status = bytes.withUnsafeBytes { cvips_thumbnail_buffer_as_stored($0.baseAddress, $0.count, Int32(size), &scaled) }
            guard status == 0 else { throw Self.failure() }
            turn = Self.clockwiseDegrees(raw.info.metadata.orientation)
        case .pixels(let bytes, let width, let height, let bands, let upright):
            turn = upright ? 0 : Self.clockwiseDegrees(raw.info.metadata.orientation)
            let image = bytes.withUnsafeBytes { cvips_image_from_pixels($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands)) }
            guard let image else { throw Self.failure() }
            defer { cvips_unref(image) }
            guard cvips_thumbnail_image(image, Int32(size), &scaled) == 0 else { throw Self.failure() }
        }
        guard let scaled else { throw Self.failure() }
        defer { cvips_unref(scaled) }
        guard turn != 0 else { return try Self.jpeg(scaled) }
        var turned: UnsafeMutablePointer<VipsImage>?
        guard cvips_rotate(scaled, Int32(turn), &turned) == 0, let turned else { throw Self.failure() }
        defer { cvips_unref(turned) }
        return try Self.jpeg(turned)
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
