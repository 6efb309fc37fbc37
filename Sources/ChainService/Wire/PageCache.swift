import ChainModel
import ChainStorage
import ChainSupport

/// The pages of `GET /v1/images`, by query.
package typealias ImagePageCache = PageCache<ImagePageKey>

/// Encoded pages of `GET /v1/images` (`ImagePageCache`) or of a grid's working set
/// (`GET …/grid`), each kept for the committed catalog version it was read at, so a page many
/// clients ask for (the first of an unfiltered list, say) is read and encoded once per catalog
/// change rather than once per request.
///
/// A page is looked up with the version read before the query runs. Storage commits before
/// the mirror counts the commit, so a page read just then may already hold the newer values
/// under the older version (never older values under a newer one), and the next commit
/// retires it. Nothing else writes the catalog while the server runs: import runs with the
/// server stopped, and the demo catalog is seeded before it starts.
package final class PageCache<Key: Hashable & Sendable>: Sendable {
    /// Pages kept at most; the least recently used goes first.
    package let capacity: Int

    private struct Entry {
        var version: UInt64
        var body: [UInt8]
        var lastUse: UInt64
    }

    private struct State {
        var pages: [Key: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Lock(State())

    package init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The page `query` encoded at `version`, if it is kept.
    package func page(_ query: Key, at version: UInt64) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.pages[query], entry.version == version else { return nil }
            state.clock += 1
            state.pages[query]?.lastUse = state.clock
            return entry.body
        }
    }

    /// Keeps `body` as the page `query` encoded at `version`, unless a newer one is kept.
    package func keep(_ body: [UInt8], for query: Key, at version: UInt64) {
        state.withLock { state in
            if let kept = state.pages[query], kept.version > version { return }
            state.clock += 1
            if state.pages[query] == nil, state.pages.count >= capacity,
                let oldest = state.pages.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.pages[oldest] = nil
            }
            state.pages[query] = Entry(version: version, body: body, lastUse: state.clock)
        }
    }
}
