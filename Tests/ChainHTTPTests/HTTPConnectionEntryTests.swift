import ChainHTTP
import Testing

/// The phase a connection's serving thread and the watch both change: each change a
/// compare-exchange from what its maker last saw, so neither overwrites the other.
@Suite("HTTPConnectionEntry")
struct HTTPConnectionEntryTests {
    /// An entry opened at 1 µs, for a socket that is none.
    private func entry() -> HTTPConnectionEntry {
        HTTPConnectionEntry(descriptor: -1, address: HTTPClientAddress(copying: nil), now: 1_000)
    }

    @Test func aSnapshotHoldsThePhaseWhenItBeganAndTheBodySoFar() {
        let entry = entry()
        #expect(entry.enter(.receivingBody, at: 8_000))
        entry.received(10)
        entry.received(5)

        let seen = entry.snapshot

        #expect(seen.phase == .receivingBody)
        #expect(seen.since == 8_000)
        #expect(seen.bodyBytes == 15)
        #expect(entry.enter(.busy, at: 9_000))
        #expect(entry.snapshot.bodyBytes == 0, "each phase counts its own body")
    }

    @Test func aCutConnectionDoesNotGoOnToItsHandler() {
        let entry = entry()
        #expect(entry.enter(.receivingBody, at: 2_000))

        #expect(entry.cut(ifStill: entry.snapshot))

        #expect(!entry.enter(.busy, at: 3_000))
        #expect(!entry.enter(.awaitingHead, at: 4_000))
        #expect(entry.snapshot.phase == .cut)
    }

    @Test func aConnectionWhoseRequestCompletedAfterTheWatchLookedIsNotCut() {
        let entry = entry()
        #expect(entry.enter(.receivingBody, at: 2_000))
        let seen = entry.snapshot
        #expect(entry.enter(.busy, at: 2_000))

        #expect(!entry.cut(ifStill: seen))
        #expect(entry.snapshot.phase == .busy)
    }

    @Test func aConnectionBackInTheSamePhaseAfterAWholeRequestIsNotCutEither() {
        let entry = entry()
        let seen = entry.snapshot
        #expect(entry.enter(.receivingBody, at: 2_000))
        #expect(entry.enter(.busy, at: 2_000))
        #expect(entry.enter(.awaitingHead, at: 3_000))

        #expect(!entry.cut(ifStill: seen))
        #expect(entry.snapshot.phase == .awaitingHead)
    }
}
