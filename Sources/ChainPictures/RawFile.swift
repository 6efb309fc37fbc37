internal import CLibRaw
import ChainModel
import ChainSupport

#if canImport(Glibc)
import Glibc
#endif

/// A camera raw file open in libraw: its metadata at once, its picture on demand.
///
/// One thread at a time: a handle holds libraw's whole decoding state. Closed when it goes.
final class RawFile {
    /// A picture libraw gave: an encoded JPEG (the embedded preview, as stored) or 8-bit
    /// pixels (the raw data processed, already upright; or a bitmap preview, as stored).
    enum Picture {
        case jpeg([UInt8])
        case pixels([UInt8], width: Int, height: Int, bands: Int, upright: Bool)
    }

    private let handle: UnsafeMutablePointer<libraw_data_t>
    private let path: String
    let info: PictureInfo

    init(_ path: String) throws(PictureError) {
        guard let handle = libraw_init(0) else { throw PictureError(reason: "libraw could not start") }
        self.handle = handle
        self.path = path
        let opened = libraw_open_file(handle, path)
        guard opened == LIBRAW_SUCCESS.rawValue else {
            libraw_close(handle)
            throw Self.failure(opened)
        }
        let raw = clibraw_read_info(handle)
        guard raw.width > 0, raw.height > 0 else {
            libraw_close(handle)
            throw PictureError(reason: "libraw: no picture in the raw file")
        }
        let metadata = ImageMetadata(
            captureTime: Self.captureTime(raw.timestamp),
            camera: Camera(make: raw.make.map { String(cString: $0) }, model: raw.model.map { String(cString: $0) }),
            lens: raw.lens.flatMap { Camera.cleaned(String(cString: $0)) },
            exposure: Exposure(
                time: Exposure.time(seconds: Double(raw.shutter)),
                aperture: Exposure.rounded(Double(raw.aperture), places: 1),
                iso: raw.iso >= 1 ? Int(raw.iso.rounded()) : nil,
                focalLength: Exposure.rounded(Double(raw.focal_length))),
            orientation: Int(clibraw_exif_orientation(raw.flip)))
        info = PictureInfo(storedWidth: Int(raw.width), storedHeight: Int(raw.height), metadata: metadata)
    }

    deinit {
        libraw_close(handle)
    }

    /// The embedded preview when its long edge is at least `size`, else the raw data
    /// processed at half size (for a 24-megapixel sensor, 3000 × 2000), or whole when half
    /// would be smaller than `size`.
    func picture(atLeast size: Int) throws(PictureError) -> Picture {
        if clibraw_preview_long_edge(handle) >= size, libraw_unpack_thumb(handle) == LIBRAW_SUCCESS.rawValue,
           let preview = try? made(libraw_dcraw_make_mem_thumb(handle, nil), upright: false) {
            return preview
        }
        clibraw_set_output(handle, max(info.width, info.height) / 2 >= size ? 1 : 0)
        try check(libraw_unpack(handle))
        try check(libraw_dcraw_process(handle))
        var error: Int32 = 0
        let image = libraw_dcraw_make_mem_image(handle, &error)
        try check(error)
        return try made(image, upright: true)
    }

    /// The picture's bytes copied out of libraw's memory, which is freed here.
    private func made(_ image: UnsafeMutablePointer<libraw_processed_image_t>?, upright: Bool) throws(PictureError) -> Picture {
        guard let image else { throw PictureError(reason: "libraw: no picture made") }
        defer { libraw_dcraw_clear_mem(image) }
        let length = Int(image.pointee.data_size)
        let bytes = withUnsafePointer(to: &image.pointee.data) { start in
            start.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        switch image.pointee.type {
        case LIBRAW_IMAGE_JPEG:
            return .jpeg(bytes)
        case LIBRAW_IMAGE_BITMAP where image.pointee.bits == 8:
            let (width, height, bands) = (Int(image.pointee.width), Int(image.pointee.height), Int(image.pointee.colors))
            guard width > 0, height > 0, bands > 0, length >= width * height * bands else {
                throw PictureError(reason: "libraw: a picture of the wrong size")
            }
            return .pixels(bytes, width: width, height: height, bands: bands, upright: upright)
        default:
            throw PictureError(reason: "libraw: a picture in a form not read here")
        }
    }

    private func check(_ status: Int32) throws(PictureError) {
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.failure(status) }
    }

    /// libraw's own words for `status` (`Unsupported file format or not RAW file`,
    /// `Corrupted data or unexpected EOF` …), the same for every file: they count reasons.
    private static func failure(_ status: Int32) -> PictureError {
        if status > 0 { return PictureError(reason: "libraw: \(String(cString: strerror(status)))") }
        return PictureError(reason: "libraw: \(String(cString: libraw_strerror(status)))")
    }

    /// libraw reads the camera's wall clock as local time (`mktime`); `localtime_r` gives
    /// that wall clock back, whatever the zone. Raw files carry no offset libraw reads.
    private static func captureTime(_ timestamp: Int64) -> CaptureTime? {
        guard timestamp > 0 else { return nil }
        var seconds = time_t(timestamp)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return nil }
        func digits(_ value: Int32, _ width: Int = 2) -> String { String(zeroPadded: Int(value), width: width) }
        let exif = "\(digits(1900 + fields.tm_year, 4)):\(digits(1 + fields.tm_mon)):\(digits(fields.tm_mday)) "
            + "\(digits(fields.tm_hour)):\(digits(fields.tm_min)):\(digits(fields.tm_sec))"
        return CaptureTime(exif: exif)
    }
}
