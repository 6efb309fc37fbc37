import ChainModel
import Testing

@testable import ChainServer

/// The catalog as commands see it: staged writes show at once, settle in commit order, and
/// a batch computed from a write that failed is known to be invalid before it is written.
struct CatalogMirrorTests {
    func mirror() -> CatalogMirror {
        var columns = AttributeColumns()
        columns.insert((1...6).map { (ImageID(Int64($0)), AttributeValues.defaults) })
        return CatalogMirror(committed: columns)
    }

    func change(_ id: Int64, _ rating: Int) -> ChangeSet { .set(Rating(rating)!, on: .one(ImageID(id))) }

    func committedRating(_ mirror: CatalogMirror, _ id: Int64) -> UInt8? { mirror.committedCode(of: ImageID(id), Rating.attribute) }

    @Test func stagedWritesShowUntilTheySettle() {
        let mirror = mirror()
        let first = mirror.stage(change(1, 3))
        #expect(mirror.rating(of: ImageID(1)) == Rating(3))
        #expect(mirror.histogram(of: [ImageID(1), ImageID(2)], Rating.attribute)[Rating(3)!] == 1)
        #expect(committedRating(mirror, 1) == 0)
        mirror.commit(change(1, 3), batch: first)
        #expect(committedRating(mirror, 1) == 3)
        #expect(mirror.pendingCount == 0)
    }

    @Test func aFailedWriteIsForgottenAndALaterOneToTheSameImageStays() {
        let mirror = mirror()
        let first = mirror.stage(change(1, 3))
        let second = mirror.stage(change(1, 4))
        mirror.fail(change(1, 3), batch: first)
        #expect(mirror.rating(of: ImageID(1)) == Rating(4), "the later staged write still shows")
        mirror.commit(change(1, 4), batch: second)
        #expect(mirror.rating(of: ImageID(1)) == Rating(4))
    }

    @Test func aFailedWriteGivesItsImagesBackTheirCommittedValues() {
        let mirror = mirror()
        let labels = ChangeSet.set(ColorLabel.red, on: [ImageID(2), ImageID(3)])
        let batch = mirror.stage(labels)
        #expect(mirror.value(ColorLabel.self, of: ImageID(3)) == .red)
        mirror.fail(labels, batch: batch)
        #expect(mirror.value(ColorLabel.self, of: ImageID(2)) == ColorLabel.none)
        #expect(mirror.value(ColorLabel.self, of: ImageID(3)) == ColorLabel.none)
    }

    @Test func batchesComputedFromAFailedWriteAreInvalidOthersAreNot() {
        let mirror = mirror()
        let failing = mirror.stage(change(1, 3))
        let dependent = mirror.stage(change(1, 4))       // read img-1 as staged by `failing`
        let transitive = mirror.stage(change(1, 5))      // read img-1 as staged by `dependent`
        let independent = mirror.stage(change(2, 1))
        mirror.fail(change(1, 3), batch: failing)
        #expect(!mirror.isValid(dependent))
        mirror.fail(change(1, 4), batch: dependent)      // the writer fails it unattempted
        #expect(!mirror.isValid(transitive))
        #expect(mirror.isValid(independent))
        mirror.fail(change(1, 5), batch: transitive)
        mirror.commit(change(2, 1), batch: independent)
        // Staged after the failures settled: valid, and reads the committed rating.
        let later = mirror.stage(change(1, 2))
        #expect(mirror.isValid(later))
        #expect(committedRating(mirror, 1) == 0)
    }
}
