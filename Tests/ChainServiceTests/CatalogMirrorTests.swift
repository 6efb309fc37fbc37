import ChainModel
import ChainService
import Testing

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
        let first = mirror.stage(change(1, 3), readSince: mirror.failureCount)
        #expect(mirror.rating(of: ImageID(1)) == Rating(3))
        #expect(mirror.histogram(of: [ImageID(1), ImageID(2)], Rating.attribute)[Rating(3)!] == 1)
        #expect(committedRating(mirror, 1) == 0)
        mirror.commit(change(1, 3), batch: first)
        #expect(committedRating(mirror, 1) == 3)
        #expect(mirror.pendingCount == 0)
    }

    @Test func aFailedWriteIsForgottenAndALaterOneToTheSameImageStays() {
        let mirror = mirror()
        let first = mirror.stage(change(1, 3), readSince: mirror.failureCount)
        let second = mirror.stage(change(1, 4), readSince: mirror.failureCount)
        mirror.fail(change(1, 3), batch: first)
        #expect(mirror.rating(of: ImageID(1)) == Rating(4), "the later staged write still shows")
        mirror.commit(change(1, 4), batch: second)
        #expect(mirror.rating(of: ImageID(1)) == Rating(4))
    }

    @Test func aFailedWriteGivesItsImagesBackTheirCommittedValues() {
        let mirror = mirror()
        let labels = ChangeSet.set(ColorLabel.red, on: [ImageID(2), ImageID(3)])
        let batch = mirror.stage(labels, readSince: mirror.failureCount)
        #expect(mirror.value(ColorLabel.self, of: ImageID(3)) == .red)
        mirror.fail(labels, batch: batch)
        #expect(mirror.value(ColorLabel.self, of: ImageID(2)) == ColorLabel.none)
        #expect(mirror.value(ColorLabel.self, of: ImageID(3)) == ColorLabel.none)
    }

    @Test func batchesStagedBehindAFailedWriteAreInvalidEarlierOnesAreNot() {
        let mirror = mirror()
        let earlier = mirror.stage(change(2, 1), readSince: mirror.failureCount)
        let failing = mirror.stage(change(1, 3), readSince: mirror.failureCount)
        let dependent = mirror.stage(change(1, 4), readSince: mirror.failureCount)   // may have read img-1 as staged by `failing`
        let skipping = mirror.stage(change(5, 2), readSince: mirror.failureCount)    // may have read it and skipped it
        let transitive = mirror.stage(change(1, 5), readSince: mirror.failureCount)
        mirror.commit(change(2, 1), batch: earlier)
        mirror.fail(change(1, 3), batch: failing)
        #expect(!mirror.isValid(dependent))
        #expect(!mirror.isValid(skipping), "a command may read images it does not write")
        mirror.fail(change(1, 4), batch: dependent)      // the writer fails them unattempted
        mirror.fail(change(5, 2), batch: skipping)
        #expect(!mirror.isValid(transitive))
        mirror.fail(change(1, 5), batch: transitive)
        // Staged after the failures settled: valid, and reads the committed rating.
        let later = mirror.stage(change(1, 2), readSince: mirror.failureCount)
        #expect(mirror.isValid(later))
        #expect(committedRating(mirror, 1) == 0)
        #expect(committedRating(mirror, 2) == 1)
    }

    @Test func aBatchComputedWhileAFailureLandedIsInvalidFromTheStart() {
        let mirror = mirror()
        let readSince = mirror.failureCount           // a command starts its walk
        let failing = mirror.stage(change(3, 4), readSince: readSince)
        mirror.fail(change(3, 4), batch: failing)     // lands during the walk
        let computed = mirror.stage(change(4, 1), readSince: readSince)
        #expect(!mirror.isValid(computed))
        let again = mirror.stage(change(4, 1), readSince: mirror.failureCount)
        #expect(mirror.isValid(again))
    }
}
