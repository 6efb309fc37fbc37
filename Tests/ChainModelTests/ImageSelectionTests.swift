import Testing

@testable import ChainModel

struct ImageSelectionTests {
    @Test func consecutiveIDsShareOneRunAndRepeatsAreDropped() {
        let selection = ImageSelection(ids(3, 4, 5, 9, 4, 10, 2))
        #expect(Array(selection) == ids(3, 4, 5, 9, 10, 2))
        #expect(selection.runs == [.init(first: 3, count: 3), .init(first: 9, count: 2), .init(first: 2, count: 1)])
        #expect(selection.count == 6)
        #expect(selection.first == ImageID(3))
    }

    @Test func aMillionConsecutiveImagesAreOneRun() {
        let all = ImageSelection(runs: [.init(first: 1, count: 1_000_000)])
        #expect(all.runs.count == 1)
        #expect(all.count == 1_000_000)
        #expect(all.position(of: ImageID(999_999)) == 999_998)
        #expect(all.contains(ImageID(1_000_001)) == false)
        #expect(all.prefix(3) == ids(1, 2, 3))
    }

    @Test(arguments: [true, false])
    func positionsAreFoundInAscendingAndInAnyOrder(ascending: Bool) {
        let raw = ascending ? [1, 2, 3, 7, 8, 20] : [20, 7, 8, 1, 2, 3]
        let selection = ImageSelection(raw.map { ImageID(Int64($0)) })
        for (position, id) in raw.enumerated() {
            #expect(selection.position(of: ImageID(Int64(id))) == position)
        }
        for missing in [0, 4, 9, 19, 21] {
            #expect(!selection.contains(ImageID(Int64(missing))))
        }
    }

    @Test func pagesWalkTheSelectionInOrder() throws {
        let selection = ImageSelection(ids(5, 6, 7, 1, 2, 40))
        let first = try #require(selection.page(after: nil, limit: 4))
        #expect(first.ids == ids(5, 6, 7, 1))
        #expect(first.more)
        let second = try #require(selection.page(after: ImageID(1), limit: 4))
        #expect(second.ids == ids(2, 40))
        #expect(!second.more)
        let exact = try #require(selection.page(after: ImageID(7), limit: 3))
        #expect(exact.ids == ids(1, 2, 40))
        #expect(!exact.more)
        #expect(selection.page(after: ImageID(3), limit: 4) == nil, "a cursor not in the selection")
        #expect(ImageSelection().page(after: nil, limit: 5)?.ids == [])
    }
}
