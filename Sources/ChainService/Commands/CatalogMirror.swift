import ChainModel
import ChainSupport

/// The catalog as commands see it: every image's attribute values in memory, as committed
/// and as committed plus the batches queued for commit (`current`, what commands read).
///
/// Without the staged values, two sessions raising the same image's rating at once would
/// both read the committed value and one increase would be lost. A staged batch settles in
/// commit order: committed, the committed columns take it; failed, `current` gives its
/// images back their committed values with every other still-staged batch on top.
///
/// A command may read any staged value (images it raises, images it skips because they are
/// at the limit already, the values undo records), so a batch depends on every batch still
/// staged when it is. When one of those fails, `isValid` says so and the writer fails the
/// dependent batch too, unattempted. A batch computed while a failure was being taken back
/// (`readSince` is older than the last failure) is invalid from the start.
package final class CatalogMirror: CatalogReading, Sendable {
    private let state: Lock<State>

    private struct State {
        var committed: AttributeColumns
        var current: AttributeColumns
        /// Staged batches not yet settled, in staging (and so commit) order, with the staged
        /// batches each may have read, and whether it read values a failure has taken back.
        /// Batches settle in staging order (storage completes them in the order their places
        /// were taken, under the same lock as `stage`), so the ones still staged when a batch
        /// is are the numbers from the oldest unsettled one up to it: a range, not a list to
        /// copy. The one exception, a batch refused at once after storage closed, settles
        /// early; every batch after it is refused the same way and none is asked `isValid`.
        var pending: [(batch: UInt64, changes: ChangeSet, dependencies: Range<UInt64>, readFailed: Bool)] = []
        var nextBatch: UInt64 = 1
        /// Failed batches, kept while a batch staged before the failure is unsettled.
        var failed: [(batch: UInt64, nextAtFailure: UInt64)] = []
        /// Grows whenever `current` changes: a batch staged, or a failed one taken back.
        var version: UInt64 = 1
        /// How many batches failed so far.
        var failures: UInt64 = 0
        /// Grows with every commit: the `catalogVersion` events carry.
        var committedVersion: UInt64 = 1
        /// The commit-log position of the last commit of another instance taken in.
        var followed: Int64 = 0
        /// Names and capture times in order, for working sets sorted by them.
        var keys = ImageSortKeys.none
        /// The last working set built per view, with the `version` it was built at.
        var workingSets: [GridView: (version: UInt64, set: WorkingSet)] = [:]
        /// The view asked for last and its entry: a walk asks for one view several times, and
        /// comparing two views costs less than hashing one.
        var lastWorkingSet: (view: GridView, version: UInt64, set: WorkingSet)?
        /// The `version` at which each attribute's values last changed, and at which images
        /// or their keys did: a working set built since then for a view reading none of the
        /// changed attributes is still the one.
        var attributeChanged = Array(repeating: UInt64(0), count: Attribute.all.count)
        var imagesChanged: UInt64 = 0

        /// `version` moved on because `changes` were laid over `current`.
        mutating func changed(_ changes: ChangeSet) {
            version += 1
            for segment in changes.segments { attributeChanged[segment.attribute.slot] = version }
        }

        /// `version` moved on because images came or went, or their keys changed.
        mutating func imagesMoved() {
            version += 1
            imagesChanged = version
        }

        func isCurrent(_ built: UInt64, for view: GridView) -> Bool {
            guard built >= imagesChanged else { return false }
            let reads = view.readMask
            guard reads != 0 else { return true }
            return attributeChanged.indices.allSatisfy { reads & 1 << UInt16($0) == 0 || built >= attributeChanged[$0] }
        }
    }

    package init(committed: AttributeColumns, position: Int64 = 0) {
        state = Lock(State(committed: committed, current: committed, followed: position))
    }

    /// The commit-log position of the last commit taken in from other instances sharing the
    /// database (`CommitFollower`): read before a command walks, and stored with its writes,
    /// so storage can tell whether another instance wrote its images since.
    package var followedPosition: Int64 { state.withLock { $0.followed } }

    /// Another instance's commit at `position`, in commit order: the committed values take
    /// it, and the staged batches are laid over it again (one that wrote the same images
    /// will conflict and be computed again). An empty `changes` (this instance's own entry)
    /// only moves the position. Returns the new committed version, or `nil` when nothing changed.
    package func follow(_ changes: ChangeSet, position: Int64) -> UInt64? {
        state.withLock { state in
            state.followed = max(state.followed, position)
            guard !changes.isEmpty else { return nil }
            state.committed.apply(changes)
            state.current.apply(changes)
            for pending in state.pending { state.current.apply(pending.changes) }
            state.changed(changes)
            state.committedVersion += 1
            return state.committedVersion
        }
    }

    /// Moves the position past this instance's own commit's `positions`, when nothing of
    /// another instance's lies between (its changes are in the mirror from its commands).
    package func advance(over positions: ClosedRange<Int64>) {
        state.withLock { state in
            if state.followed == positions.lowerBound - 1 { state.followed = positions.upperBound }
        }
    }

    /// Every committed value anew, as of `position` (the mirror fell behind the log), with the
    /// staged batches laid over them. Returns the new committed version.
    package func reload(_ columns: AttributeColumns, position: Int64) -> UInt64 {
        state.withLock { state in
            state.followed = position
            state.committed = columns
            state.current = columns
            for pending in state.pending { state.current.apply(pending.changes) }
            state.imagesMoved()
            state.committedVersion += 1
            return state.committedVersion
        }
    }

    /// Images another process added at `position`, which the mirror has followed up to:
    /// committed with their values (no staged batch touches an image it did not know).
    /// Returns the new committed version.
    package func add(_ images: [(ImageID, AttributeValues)], position: Int64) -> UInt64 {
        state.withLock { state in
            state.followed = position
            state.committed.insert(images)
            state.current.insert(images)
            state.imagesMoved()
            state.committedVersion += 1
            return state.committedVersion
        }
    }

    /// How many batches have failed: read before a command walks the chain, handed to `stage`.
    package var failureCount: UInt64 { state.withLock { $0.failures } }

    /// Overlays `changes`, computed from what the mirror showed when `failureCount` was
    /// `readSince`, and returns the batch number to report its fate with.
    package func stage(_ changes: ChangeSet, readSince: UInt64) -> UInt64 {
        stage(changes, readSince: readSince, recording: false).batch
    }

    /// `stage`, and what the batch overwrites of the values it is laid over (the committed
    /// ones and every batch staged before it): what its history records as before.
    package func stageRecordingPrevious(_ changes: ChangeSet, readSince: UInt64) -> (batch: UInt64, previous: ChangeSet) {
        stage(changes, readSince: readSince, recording: true)
    }

    private func stage(_ changes: ChangeSet, readSince: UInt64, recording: Bool) -> (batch: UInt64, previous: ChangeSet) {
        state.withLock { state in
            var previous = ChangeSet()
            if recording {
                // Read in place: a copy of `current` held on would make the `apply` below copy
                // every column.
                previous = changes.previousValues(code: { state.current.code(of: $0, $1) }, codes: { state.current.codes(of: $0, $1) })
            }
            let batch = state.nextBatch
            state.nextBatch += 1
            let oldest = state.pending.first?.batch ?? batch
            state.pending.append((batch, changes, oldest..<batch, state.failures != readSince))
            state.current.apply(changes)
            state.changed(changes)
            return (batch, previous)
        }
    }

    /// Called in commit order: the committed columns take the batch.
    @discardableResult
    package func commit(_ changes: ChangeSet, batch: UInt64) -> UInt64 {
        state.withLock { state in
            state.committed.apply(changes)
            state.committedVersion += 1
            Self.settle(batch, in: &state)
            return state.committedVersion
        }
    }

    /// The committed catalog's version: grows with every commit.
    package var committedVersion: UInt64 { state.withLock { $0.committedVersion } }

    /// The committed values of the first `limit` images (by id) of `ranges`.
    package func committedImages(in ranges: [Range<Int64>], limit: Int) -> [(id: ImageID, values: AttributeValues)] {
        state.withLock { state in
            var images: [(id: ImageID, values: AttributeValues)] = []
            for range in ranges {
                for raw in range {
                    guard images.count < limit else { return images }
                    let id = ImageID(raw)
                    if let values = state.committed.values(of: id) { images.append((id, values)) }
                }
            }
            return images
        }
    }

    /// Called in commit order for a batch that was not stored.
    package func fail(_ changes: ChangeSet, batch: UInt64) {
        state.withLock { state in
            state.failed.append((batch, state.nextBatch))
            state.failures += 1
            Self.settle(batch, in: &state)
            // The batch's images go back to what is committed, then every batch still
            // staged is laid on top again, in order.
            for segment in changes.segments {
                let codes = state.committed.codes(of: segment.images, segment.attribute)
                state.current.apply(ChangeSet([.init(attribute: segment.attribute, images: segment.images, values: .each(codes))]))
            }
            for pending in state.pending { state.current.apply(pending.changes) }
            state.changed(changes)
        }
    }

    /// Whether no batch `batch` was computed from has failed (asked by the writer just
    /// before it writes `batch`, after every earlier batch settled).
    package func isValid(_ batch: UInt64) -> Bool {
        state.withLock { state in
            guard let entry = state.pending.first(where: { $0.batch == batch }) else { return true }
            return !entry.readFailed && !state.failed.contains { entry.dependencies.contains($0.batch) }
        }
    }

    package var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Changes whenever what commands read changes (committing changes nothing they read),
    /// so an answer computed while it held still can be reused until it moves.
    package var version: UInt64 { state.withLock { $0.version } }

    /// The committed value of `id`, for tests.
    package func committedCode(of id: ImageID, _ attribute: Attribute) -> UInt8? {
        state.withLock { $0.committed.code(of: id, attribute) }
    }

    private static func settle(_ batch: UInt64, in state: inout State) {
        state.pending.removeAll { $0.batch == batch }
        // A failure matters only while a batch staged before it was recorded is unsettled.
        let oldestUnsettled = state.pending.first?.batch ?? state.nextBatch
        state.failed.removeAll { $0.nextAtFailure <= oldestUnsettled }
    }

    /// The images' names and capture times, for working sets sorted by them: given once
    /// storage is read, and again after an import added images.
    package func setSortKeys(_ keys: ImageSortKeys) {
        state.withLock { state in
            state.keys = keys
            state.imagesMoved()
        }
    }

    /// The working sets kept at most, one per view asked for; the oldest goes first.
    static let keptWorkingSets = 32

    /// Built outside the lock (a million images take milliseconds), from the columns and keys
    /// as they were, and kept unless the values it read moved on meanwhile.
    package func workingSet(for view: GridView) -> WorkingSet {
        enum Found {
            case kept(WorkingSet)
            case build(AttributeColumns, ImageSortKeys, UInt64)
        }
        let found = state.withLock { state -> Found in
            if let last = state.lastWorkingSet, last.view == view, state.isCurrent(last.version, for: view) { return .kept(last.set) }
            if let kept = state.workingSets[view], state.isCurrent(kept.version, for: view) {
                state.lastWorkingSet = (view, kept.version, kept.set)
                return .kept(kept.set)
            }
            return .build(state.current, state.keys, state.version)
        }
        guard case .build(let columns, let keys, let version) = found else {
            guard case .kept(let set) = found else { preconditionFailure("a working set is kept or built") }
            return set
        }
        let built = WorkingSet(view: view, columns: columns, keys: keys)
        state.withLock { state in
            guard state.isCurrent(version, for: view) else { return }
            if state.workingSets[view] == nil, state.workingSets.count >= Self.keptWorkingSets,
               let oldest = state.workingSets.min(by: { $0.value.version < $1.value.version })?.key {
                state.workingSets[oldest] = nil
            }
            state.workingSets[view] = (version, built)
            state.lastWorkingSet = (view, version, built)
        }
        return built
    }

    // MARK: CatalogReading

    package var imageCount: Int { state.withLock { $0.current.imageCount } }
    package func contains(_ id: ImageID) -> Bool { state.withLock { $0.current.contains(id) } }
    package func code(of id: ImageID, _ attribute: Attribute) -> UInt8? { state.withLock { $0.current.code(of: id, attribute) } }
    package func codes(of images: ImageSelection, _ attribute: Attribute) -> [UInt8] {
        state.withLock { $0.current.codes(of: images, attribute) }
    }
    package func histogram(of images: ImageSelection, _ attribute: Attribute) -> ValueHistogram {
        state.withLock { $0.current.histogram(of: images, attribute) }
    }
    package func allImages() -> ImageSelection { state.withLock { $0.current.order } }
    package func id(after id: ImageID) -> ImageID? { state.withLock { $0.current.id(after: id) } }
    package func id(before id: ImageID) -> ImageID? { state.withLock { $0.current.id(before: id) } }
}
