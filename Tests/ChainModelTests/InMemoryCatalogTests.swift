import Testing

@testable import ChainModel

struct InMemoryCatalogTests {
    @Test func histogramCountsRatingsAndMissingImages() {
        let catalog = makeCatalog(count: 12)  // ratings id % 6
        let histogram = catalog.histogram(of: selection(1, 7, 2, 6, 99, 0), Rating.attribute)
        #expect(histogram[Rating(1)!] == 2)
        #expect(histogram[Rating(2)!] == 1)
        #expect(histogram[Rating(0)!] == 1)
        #expect(histogram.missing == 2)
        #expect(histogram.total == 4)
        #expect(histogram.state(for: Rating(1)!) == .mixed)
        #expect(histogram.state(for: Rating(3)!) == .off)
        #expect(catalog.histogram(of: selection(1, 7), Rating.attribute).state(for: Rating(1)!) == .on)
    }

    @Test func gridOrderSkipsGapsAndEnds() {
        let catalog = InMemoryCatalog(ratings: [(ImageID(2), .none), (ImageID(5), .max), (ImageID(9), .none)])
        #expect(catalog.allImages() == selection(2, 5, 9))
        #expect(catalog.id(after: ImageID(2)) == ImageID(5))
        #expect(catalog.id(after: ImageID(3)) == ImageID(5))
        #expect(catalog.id(after: ImageID(9)) == nil)
        #expect(catalog.id(before: ImageID(5)) == ImageID(2))
        #expect(catalog.id(before: ImageID(2)) == nil)
        #expect(catalog.imageCount == 3)
    }

    @Test func applyWritesABatchAndIgnoresUnknownImages() {
        let catalog = makeCatalog(count: 3)
        catalog.apply(ratings((1, 5), (40, 5)))
        #expect(catalog.rating(of: ImageID(1)) == .max)
        #expect(catalog.contains(ImageID(40)) == false)
        #expect(catalog.image(ImageID(2))?.name == "image 2.jpg")
    }

    @Test func aTransactionStagesWritesUntilApplied() {
        let catalog = makeCatalog(count: 3)
        var transaction = CatalogTransaction(base: catalog)
        transaction.stage(ratings((1, 5), (2, 5)))
        transaction.stage(ratings((1, 0), (8, 0)))
        #expect(transaction.rating(of: ImageID(1)) == Rating.none)
        #expect(transaction.rating(of: ImageID(8)) == nil, "a write to an image the catalog lacks reads as absent")
        #expect(transaction.histogram(of: selection(1, 2), Rating.attribute)[Rating.max] == 1)
        #expect(catalog.rating(of: ImageID(1)) == Rating(1))
        #expect(transaction.changes.imageChanges == [ImageChange(id: ImageID(1), Rating.none), ImageChange(id: ImageID(2), Rating.max), ImageChange(id: ImageID(8), Rating.none)])
    }

    @Test func imageIDsParseOnlyTheirWireForm() {
        #expect(ImageID("img-42") == ImageID(42))
        for bad in ["img-0", "img-01", "img-", "img--1", "IMG-1", "42", "img-1x", "img-99999999999999999999"] {
            #expect(ImageID(bad) == nil, "\(bad)")
        }
        #expect(Rating(6) == nil)
        #expect(Rating(-1) == nil)
        #expect(Rating(4)!.moved(by: 3) == .max)
    }
}
