import ChainPictures
import Foundation

/// Camera files made by the tests: JPEGs with EXIF (libvips, then exiftool from Debian's
/// `libimage-exiftool-perl`), and DNG raws (pidng from PyPI, in `.build/fixtures-venv`,
/// made here when missing, as `make fixtures-deps` does).
package enum CameraFixtures {
    /// EXIF tags as exiftool names them, with their values: `["Make": "Canon", "ISO": "400"]`.
    package typealias Tags = [String: String]

    /// A Canon JPEG's EXIF: taken at 10:20:30 on 1 May 2024 at UTC+2, turned a quarter clockwise.
    package static let canonTags: Tags = [
        "Make": "Canon", "Model": "Canon EOS R5", "LensModel": "RF24-70mm F2.8 L IS USM",
        "DateTimeOriginal": "2024:05:01 10:20:30", "OffsetTimeOriginal": "+02:00", "ExposureTime": "1/250",
        "FNumber": "5.6", "ISO": "400", "FocalLength": "50", "Orientation": "6",
    ]
    /// A Nikon DNG's tags (no offset: DNG from pidng carries none), turned a quarter clockwise.
    package static let nikonOptions = [
        "--make", "Nikon", "--model", "Z 6", "--lens", "NIKKOR Z 24-70mm f/4 S", "--date", "2023:08:14 18:05:09",
        "--exposure", "1/500", "--fnumber", "8", "--focal", "35", "--orientation", "6",
    ]

    /// A `width` × `height` picture (the extension picks the format) stored as it is, with
    /// `tags` written into it; `Orientation` is numeric (1–8).
    @discardableResult
    package static func picture(_ path: String, width: Int, height: Int, tags: Tags = [:], pattern: Int = 1) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try VipsPictureEngine().draw(.numbered(pattern), width: width, height: height, to: path)
        guard !tags.isEmpty else { return path }
        let arguments = ["-q", "-overwrite_original"] + tags.sorted { $0.key < $1.key }.map { key, value in
            key == "Orientation" ? "-Orientation#=\(value)" : "-\(key)=\(value)"
        }
        try run("/usr/bin/exiftool", arguments + [path])
        return path
    }

    /// A DNG of `width` × `height` sensor pixels whose stored left half is bright; options as
    /// `Tests/Fixtures/make_dng.py` takes them (`["--make", "Nikon", "--orientation", "6"]`).
    @discardableResult
    package static func dng(_ path: String, width: Int, height: Int, options: [String] = []) throws -> String {
        try run(try python(), [script, path, "--width", "\(width)", "--height", "\(height)"] + options)
        return path
    }

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    private static let script = root + "/Tests/Fixtures/make_dng.py"
    private static let venv = root + "/.build/fixtures-venv"
    private static let made = NSLock()

    /// The venv's python, with pidng and numpy installed (once, under a lock: suites run
    /// in parallel).
    private static func python() throws -> String {
        made.lock()
        defer { made.unlock() }
        let python = venv + "/bin/python"
        if (try? run(python, ["-c", "import pidng, numpy"])) == nil {
            try run("/usr/bin/python3", ["-m", "venv", venv])
            try run(venv + "/bin/pip", ["install", "-q", "pidng==4.0.9", "numpy"])
        }
        return python
    }

    package struct CommandFailed: Error, CustomStringConvertible {
        package let description: String
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(description: "\(executable) \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
    }
}
