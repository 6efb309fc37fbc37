import ChainModel
import ChainStorage
import ChainSupport
import Dispatch

/// Writes the XMP sidecars of images whose rating, label or flag changed, after the change
/// has committed and off the command path: a command is answered before its sidecars are
/// written, and a sidecar that cannot be written fails nothing (it is logged, `sidecar.failed`,
/// and counted in `/metrics`).
///
/// One worker thread at utility priority writes them. An image changed again while its
/// sidecar waits is written once, with its latest values; the values are read back from
/// storage, so a sidecar records what committed, never a command's staged values.
package final class SidecarWriter: Sendable {
    private let store: any SidecarStore
    private let storage: any CatalogStorage
    private let metrics: Metrics
    private let log: Logger
    private let queue = DispatchQueue(label: "chain.sidecars", qos: .utility)
    private let state = Lock(State())

    private struct State {
        /// Committed changes whose images' sidecars wait, oldest first. The worker lists
        /// their images: a commit only appends here, however many images it changed.
        var changes: [ChangeSet] = []
        var draining = false
        /// Told once nothing waits and the worker is done (`flush`).
        var whenIdle: [@Sendable () -> Void] = []
    }

    package init(store: any SidecarStore, storage: any CatalogStorage, metrics: Metrics, log: Logger) {
        self.store = store
        self.storage = storage
        self.metrics = metrics
        self.log = log
    }

    /// `changes` committed: the images whose rating, label or flag they wrote get their
    /// sidecars rewritten. Quick, on the writer's completion path: it keeps the change set
    /// (no copy, no walk over its images) and wakes the worker.
    package func committed(_ changes: ChangeSet) {
        guard changes.segments.contains(where: { !$0.images.isEmpty }) else { return }
        let start = state.withLock { state -> Bool in
            state.changes.append(changes)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// Waits until every sidecar waiting now is written or has failed, up to `timeout`:
    /// what a stopping server does before it closes storage. `false` when time ran out.
    package func flush(timeout: Duration) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let idle = state.withLock { state -> Bool in
            guard state.draining else { return true }
            state.whenIdle.append { done.signal() }
            return false
        }
        if idle { return true }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        return done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
    }

    /// Takes every waiting change set at once and writes each image they name once, with
    /// the values storage holds then; an image changed again meanwhile is written again on
    /// the next round.
    private func drain() {
        while true {
            let taken = state.withLock { state -> [ChangeSet]? in
                guard !state.changes.isEmpty else {
                    state.draining = false
                    let waiters = state.whenIdle
                    state.whenIdle = []
                    waiters.forEach { $0() }
                    return nil
                }
                defer { state.changes = [] }
                return state.changes
            }
            guard let taken else { return }
            var written = Set<ImageID>()
            for changes in taken {
                for segment in changes.segments {
                    for id in segment.images where written.insert(id).inserted { write(id) }
                }
            }
        }
    }

    private func write(_ id: ImageID) {
        var path: String?
        do {
            // An image without a file (a demo image without pictures) has nothing beside it.
            guard let image = try storage.image(id), let imagePath = image.path else { return }
            path = imagePath
            try store.write(image.values, besides: imagePath)
            metrics.recordSidecar(written: true)
        } catch {
            metrics.recordSidecar(written: false)
            log.log(.warning, "sidecar.failed", [
                (key: "image", value: .string(id.description)), (key: "path", value: path.map(JSON.string) ?? .null),
                (key: "reason", value: .string(String(describing: error))),
            ])
        }
    }
}
