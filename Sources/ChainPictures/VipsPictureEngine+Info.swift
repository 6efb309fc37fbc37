internal import CVips
import ChainModel

extension VipsPictureEngine {
    /// The header of the file at `path`, through libraw for a camera raw and libvips for the
    /// rest; no pixel is decoded.
    package func info(ofFile path: String) throws(PictureError) -> PictureInfo {
        if CameraRaw.isRaw(path) {
            return try RawFile(path).info
        }
        return try PictureLog.working(on: path) { () throws(PictureError) -> PictureInfo in
            guard let image = cvips_header(path) else { throw Self.failure() }
            defer { cvips_unref(image) }
            return PictureInfo(
                storedWidth: Int(cvips_width(image)), storedHeight: Int(cvips_height(image)),
                metadata: Self.metadata(of: image))
        }
    }

    /// Capture time, camera, lens, exposure and orientation from the EXIF fields libvips read.
    private static func metadata(of image: UnsafeMutablePointer<VipsImage>) -> ImageMetadata {
        func field(_ name: String) -> String? {
            cvips_field_string(image, name).map { String(cString: $0) }
        }
        let time = ExifText.rational(field("exif-ifd2-ExposureTime")).flatMap(Exposure.time(numerator:denominator:))
        let iso = ExifText.number(field("exif-ifd2-ISOSpeedRatings") ?? field("exif-ifd2-PhotographicSensitivity"))
        return ImageMetadata(
            captureTime: ExifText.string(field("exif-ifd2-DateTimeOriginal")).flatMap { date in
                CaptureTime(exif: date, offset: ExifText.string(field("exif-ifd2-OffsetTimeOriginal")))
            },
            camera: Camera(make: ExifText.string(field("exif-ifd0-Make")), model: ExifText.string(field("exif-ifd0-Model"))),
            lens: ExifText.string(field("exif-ifd2-LensModel")),
            exposure: Exposure(
                time: time,
                aperture: ExifText.number(field("exif-ifd2-FNumber")).map { Exposure.rounded($0, places: 1) },
                iso: iso.flatMap { $0 >= 1 && $0 < 10_000_000 ? Int($0) : nil },
                focalLength: ExifText.number(field("exif-ifd2-FocalLength")).map { Exposure.rounded($0) }),
            orientation: Int(cvips_field_int(image, "orientation", 1)))
    }
}
