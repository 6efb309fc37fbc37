import ChainPictures
import ChainStorage
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Real picture files for the demo catalog: image `n` is `demo-<n>.jpg`, a `WavePattern` of
/// its own colour and waves, in the proportions its record gives, 640 pixels on the long edge.
package enum DemoPictures {
    package static let longEdge = 640

    /// Draws the pictures of `records` (from `DemoCatalog`, with paths) that are not on disk
    /// yet, on every core; returns how many it drew. A picture that fails is reported and
    /// skipped: its image then has no readable file, as a lost original would.
    package static func draw(
        _ records: [ImageRecord], engine: any PictureEngine, failed: @Sendable (String, PictureError) -> Void
    ) throws -> Int {
        guard let first = records.first?.path else { return 0 }
        try FileManager.default.createDirectory(
            atPath: (first as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let drawn = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: records.count) { index in
            let record = records[index]
            guard let path = record.path, !FileManager.default.fileExists(atPath: path) else { return }
            let (width, height) = size(of: record)
            // Drawn beside, then renamed: a crash mid-way leaves no half picture under the name.
            let partial = String(path.dropLast(4)) + ".partial.jpg"
            do throws(PictureError) {
                try engine.draw(.numbered(index + 1), width: width, height: height, to: partial)
                guard rename(partial, path) == 0 else { throw PictureError(reason: "could not rename \(partial)") }
                drawn.add(1, ordering: .relaxed)
            } catch {
                unlink(partial)
                failed(path, error)
            }
        }
        return drawn.load(ordering: .relaxed)
    }

    /// The record's proportions at `longEdge`; square when it has no dimensions.
    package static func size(of record: ImageRecord) -> (width: Int, height: Int) {
        guard let width = record.width, let height = record.height, width > 0, height > 0 else {
            return (longEdge, longEdge)
        }
        let scale = Double(longEdge) / Double(max(width, height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
