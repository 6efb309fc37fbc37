import ChainModel
import ChainPictures
import ChainService
import ChainStorage
import ChainSupport
import Dispatch

/// Makes the previews a viewer will show next before it asks: when a session's viewer comes
/// to show an image, the next `ahead` images of its grid's working set in the direction of
/// travel and the `behind` ones the other way, at the size that session's client last asked
/// for (`asked`). A session whose client never asked for a preview gets none made ahead.
///
/// They are background jobs on the picture workers (`Previews.prefetch`): they wait while
/// requests do, and one for an image no longer among its viewer's neighbours when its turn
/// comes is dropped. Finding the neighbours and their files runs on one low-priority queue, off
/// the storage writer that tells of the move.
package final class PreviewPrefetch: ViewerWatcher {
    package static let ahead = 3
    package static let behind = 1
    /// Sessions whose preview size is remembered, at most; past it the record starts over.
    package static let maxSessions = 4_096

    private struct Viewer {
        var position: Int
        /// The images it wants made now; a queued job for another one is dropped.
        var wanted: Set<ImageID>
    }

    private struct State {
        var sizes: [String: Int] = [:]
        var viewers: [String: Viewer] = [:]
    }

    package let previews: Previews
    package let storage: any CatalogStorage
    private let state = Lock(State())
    private let queue = DispatchQueue(label: "chain.previews.prefetch", qos: .utility)

    package init(previews: Previews, storage: any CatalogStorage) {
        self.previews = previews
        self.storage = storage
    }

    /// `session`'s client asked for a preview of `size`: the size its viewer shows.
    package func asked(size: Int, by session: String) {
        state.withLock { state in
            if state.sizes[session] == nil, state.sizes.count >= Self.maxSessions {
                state.sizes.removeAll()
                state.viewers.removeAll()
            }
            state.sizes[session] = size
        }
    }

    package func size(for session: String) -> Int? {
        state.withLock { $0.sizes[session] }
    }

    package func shown(_ image: ImageID, in viewer: ResponderPath, of session: LiveSession, model: Session, catalog: CatalogMirror) {
        guard let size = size(for: session.id) else { return }
        let key = session.id + " " + viewer.string
        queue.async { [self] in
            let images = viewer.parent.flatMap { model.responder(at: $0) as? ImageGrid }.map(catalog.workingSet(of:))
                ?? catalog.allImages()
            guard let position = images.position(of: image) else { return }
            // The way it went from the image shown before; forward the first time.
            let step = state.withLock { state in position < (state.viewers[key]?.position ?? position) ? -1 : 1 }
            let wanted = Self.neighbours(of: position, direction: step, count: images.count).compactMap(images.id(at:))
            state.withLock { $0.viewers[key] = Viewer(position: position, wanted: Set(wanted)) }
            for neighbour in wanted {
                let isWanted: @Sendable () -> Bool = { [self] in state.withLock { $0.viewers[key]?.wanted.contains(neighbour) == true } }
                guard let path = try? storage.image(neighbour)?.path else { continue }
                previews.prefetch(neighbour, file: path, size: size, isWanted: isWanted)
            }
        }
    }

    /// The positions to make ahead, nearest first: `ahead` in `direction`, then `behind`
    /// the other way, within `0..<count`.
    package static func neighbours(of position: Int, direction: Int, count: Int) -> [Int] {
        let forward = (0..<ahead).map { position + ($0 + 1) * direction }
        let backward = (0..<behind).map { position - ($0 + 1) * direction }
        return (forward + backward).filter { (0..<count).contains($0) }
    }
}
