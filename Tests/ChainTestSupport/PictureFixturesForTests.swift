import ChainImport
import ChainPictures
import Foundation

/// Real picture files made by libvips for the tests, in a folder of their own.
package struct PictureFolder {
    package let path: String

    package init() {
        path = TemporaryDirectory.make()
    }

    /// A `width` × `height` picture named `name`; its extension picks the format.
    @discardableResult
    package func picture(_ name: String, width: Int, height: Int, pattern: Int = 1) throws -> String {
        let file = path + "/" + name
        try VipsPictureEngine().draw(.numbered(pattern), width: width, height: height, to: file)
        return file
    }

    /// Any bytes under `name`.
    @discardableResult
    package func file(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }

    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A whole JPEG's pixel size as libvips reads it, or nil when the bytes are not a JPEG.
package func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.starts(with: [0xFF, 0xD8]), bytes.suffix(2) == [0xFF, 0xD9] else { return nil }
    let folder = TemporaryDirectory.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard (try? TemporaryDirectory.write(bytes, to: folder + "/picture.jpg")) != nil else { return nil }
    return (try? VipsPictureEngine().info(ofFile: folder + "/picture.jpg")).map { ($0.width, $0.height) }
}
