internal import CVips

extension VipsPictureEngine: RegionEngine {
    package func uprightSize(ofFile path: String) throws(PictureError) -> (width: Int, height: Int) {
        if CameraRaw.isRaw(path) {
            let info = try RawFile(path).info
            return (info.width, info.height)
        }
        var width: Int32 = 0
        var height: Int32 = 0
        guard cvips_upright_size(path, &width, &height) == 0 else { throw Self.failure() }
        return (Int(width), Int(height))
    }

    package func region(ofFile path: String, x: Int, y: Int, width: Int, height: Int) throws(PictureError) -> [UInt8] {
        if CameraRaw.isRaw(path) { return try rawRegion(ofFile: path, x: x, y: y, width: width, height: height) }
        return try PictureLog.working(on: path) { () throws(PictureError) -> [UInt8] in
            var image: UnsafeMutablePointer<VipsImage>?
            guard cvips_region_file(path, Int32(x), Int32(y), Int32(width), Int32(height), &image) == 0, let image else {
                throw Self.failure()
            }
            defer { cvips_unref(image) }
            return try Self.jpeg(image)
        }
    }
}
