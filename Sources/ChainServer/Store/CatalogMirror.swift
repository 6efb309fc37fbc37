import ChainModel
import Synchronization

/// The catalog as commands see it: the committed ratings (an `InMemoryCatalog` loaded from
/// SQLite) overlaid with the writes queued for commit, newest first.
///
/// Without the overlay, two sessions raising the same image's rating at once would both
/// read the committed value and one increase would be lost. A staged write leaves the
/// overlay when its transaction commits (the committed mirror then holds it) or fails (the
/// overlay forgets it, so a later staged write to the same image still shows).
///
/// A command reads the images it writes (to raise them, or to record undo), so a batch
/// depends on the staged batches of its images. When one of those fails, `isValid` says so
/// and the writer fails the dependent batch too, unattempted, before it reaches the disk.
final class CatalogMirror: CatalogReading, Sendable {
    let committed: InMemoryCatalog
    private let pending = Mutex(Pending())

    private struct Pending {
        /// The latest staged rating of each image, with the batch that staged it.
        var ratings: [ImageID: (rating: Rating, batch: UInt64)] = [:]
        var nextBatch: UInt64 = 1
        /// Staged batches not yet settled, with the staged batches they were computed from.
        var dependencies: [UInt64: Set<UInt64>] = [:]
        /// Failed batches, each with the first batch number staged after it failed (which
        /// could no longer read its writes), kept while an earlier-staged batch is unsettled.
        var failed: [UInt64: UInt64] = [:]
    }

    init(committed: InMemoryCatalog) {
        self.committed = committed
    }

    /// Overlays `changes` and returns the batch number to report its fate with.
    func stage(_ changes: [RatingChange]) -> UInt64 {
        pending.withLock { pending in
            let batch = pending.nextBatch
            pending.nextBatch += 1
            pending.dependencies[batch] = Set(changes.compactMap { pending.ratings[$0.id]?.batch })
            for change in changes { pending.ratings[change.id] = (change.rating, batch) }
            return batch
        }
    }

    /// Called in commit order: the committed mirror takes the batch, the overlay lets go of
    /// the images no later batch has staged again.
    func commit(_ changes: [RatingChange], batch: UInt64) {
        pending.withLock { pending in
            committed.apply(changes)
            forget(changes, batch: batch, in: &pending)
        }
    }

    func fail(_ changes: [RatingChange], batch: UInt64) {
        pending.withLock { pending in
            pending.failed[batch] = pending.nextBatch
            forget(changes, batch: batch, in: &pending)
        }
    }

    /// Whether no batch `batch` was computed from has failed (asked by the writer just
    /// before it writes `batch`, after every earlier batch settled).
    func isValid(_ batch: UInt64) -> Bool {
        pending.withLock { pending in
            pending.dependencies[batch].map { $0.allSatisfy { pending.failed[$0] == nil } } ?? true
        }
    }

    private func forget(_ changes: [RatingChange], batch: UInt64, in pending: inout Pending) {
        for change in changes where pending.ratings[change.id]?.batch == batch {
            pending.ratings[change.id] = nil
        }
        pending.dependencies[batch] = nil
        // A failure matters only while a batch staged before it was recorded is unsettled.
        if !pending.failed.isEmpty {
            let oldestUnsettled = pending.dependencies.keys.min() ?? pending.nextBatch
            pending.failed = pending.failed.filter { $0.value > oldestUnsettled }
        }
    }

    var stagedCount: Int { pending.withLock { $0.ratings.count } }

    // MARK: CatalogReading

    var imageCount: Int { committed.imageCount }
    func contains(_ id: ImageID) -> Bool { committed.contains(id) }
    func allIDs() -> [ImageID] { committed.allIDs() }
    func id(after id: ImageID) -> ImageID? { committed.id(after: id) }
    func id(before id: ImageID) -> ImageID? { committed.id(before: id) }

    func rating(of id: ImageID) -> Rating? {
        pending.withLock { $0.ratings[id]?.rating } ?? committed.rating(of: id)
    }

    func histogram(of ids: [ImageID]) -> RatingHistogram {
        pending.withLock { pending in
            var histogram = committed.histogram(of: ids)
            guard !pending.ratings.isEmpty else { return histogram }
            // Move each staged image from its committed rating to its staged one.
            for id in ids {
                guard let staged = pending.ratings[id]?.rating, let current = committed.rating(of: id) else { continue }
                histogram[current] -= 1
                histogram[staged] += 1
            }
            return histogram
        }
    }
}
