import Testing

@testable import ChainModel

struct WorkingSetTests {
    private func grid(_ harness: Harness) -> ImageGrid? { harness.session.window("main")?.grid }
    private func shown(_ harness: Harness) -> ImageID? { harness.session.window("main")?.viewer.image }
    private func workingSet(_ harness: Harness) -> [ImageID] {
        guard let grid = grid(harness) else { return [] }
        let set = harness.catalog.workingSet(of: grid, in: harness.session)
        return set.ids(from: 0, limit: set.count)
    }

    @Test func aNewGridShowsTheWholeCatalogByID() {
        let harness = Harness(count: 6)
        #expect(workingSet(harness) == ids(1, 2, 3, 4, 5, 6))
        #expect(grid(harness)?.view == .all)
    }

    static let filters: [(JSON, [Int])] = [
        // filter, expected ids of img-1…img-12 rated id % 6
        (["ratings": [0]], [6, 12]), (["minRating": 4], [4, 5, 10, 11]), (["ratings": [1, 2], "minRating": 2], [2, 8]),
        ([:], Array(1...12)),
    ]

    @Test(arguments: filters)
    func filtersPassTheImagesTheyName(filter: JSON, expected: [Int]) throws {
        var harness = Harness(count: 12)
        try harness.send("setFilter", ["filter": filter])
        #expect(workingSet(harness) == expected.map { ImageID(Int64($0)) })
    }

    @Test func labelsAndFlagsFilterTooAndEveryListMustPass() throws {
        var harness = Harness(count: 6)
        try harness.send("select", ["images": ["img-2", "img-3", "img-5"]])
        try harness.send("setFlag", ["flag": "pick"])
        try harness.send("select", ["images": ["img-3"]])
        try harness.send("setLabel", ["label": "red"])
        try harness.send("setFilter", ["filter": ["flags": ["pick"]]])
        #expect(workingSet(harness) == ids(2, 3, 5))
        try harness.send("setFilter", ["filter": ["flags": ["pick"], "labels": ["red"]]])
        #expect(workingSet(harness) == ids(3))
        try harness.send("setFilter", ["filter": ["flags": ["none", "pick"]]])
        #expect(workingSet(harness).count == 6)
    }

    static let badFilters: [(Arguments, String)] = [
        (["filter": ["minRating": 6]], "filter.minRating"), (["filter": ["labels": ["pink"]]], "filter.labels[0]"),
        (["filter": ["flags": []]], "filter.flags"), (["filter": ["stars": [1]]], "filter.stars"), (["filter": "all"], "filter"),
        ([:], "filter"),
    ]

    @Test(arguments: badFilters)
    func aBadFilterIsRefusedNamingItsField(arguments: Arguments, field: String) {
        var harness = Harness(count: 6)
        let error = failure { try harness.send("setFilter", arguments) }
        guard case .invalidArgument(let refused)? = error else {
            Issue.record("expected an invalid argument, got \(String(describing: error))")
            return
        }
        #expect(refused.field == field)
        #expect(grid(harness)?.view == .all)
    }

    @Test func sortsByRatingWithTiesByIDEitherWay() throws {
        var harness = Harness(count: 8)
        try harness.send("setSort", ["by": "rating"])
        #expect(workingSet(harness) == ids(6, 1, 7, 2, 8, 3, 4, 5))
        try harness.send("setSort", ["by": "rating", "order": "desc"])
        #expect(workingSet(harness) == ids(5, 4, 3, 2, 8, 1, 7, 6))
        try harness.send("setSort", ["by": "id", "order": "desc"])
        #expect(workingSet(harness) == ids(8, 7, 6, 5, 4, 3, 2, 1))
    }

    @Test func sortsByNameWithTiesByIDEitherWay() throws {
        let catalog = InMemoryCatalog(images: [
            Image(id: ImageID(1), name: "b.jpg", rating: .none), Image(id: ImageID(2), name: "a.jpg", rating: .none),
            Image(id: ImageID(3), name: "c.jpg", rating: .none), Image(id: ImageID(4), name: "a.jpg", rating: .none),
        ])
        let ascending = catalog.workingSet(for: GridView(sort: ImageSort(by: .name)))
        #expect(ascending.ids(from: 0, limit: 9) == ids(2, 4, 1, 3))
        let descending = catalog.workingSet(for: GridView(sort: ImageSort(by: .name, order: .desc)))
        #expect(descending.ids(from: 0, limit: 9) == ids(3, 1, 2, 4))
    }

    @Test func imagesWithoutACaptureTimeSortAfterThoseWithOneEitherWay() {
        let catalog = makeCatalog(count: 5)
        catalog.setCaptureTime(3_000, of: ImageID(1))
        catalog.setCaptureTime(1_000, of: ImageID(4))
        catalog.setCaptureTime(2_000, of: ImageID(2))
        let ascending = catalog.workingSet(for: GridView(sort: ImageSort(by: .captureTime)))
        #expect(ascending.ids(from: 0, limit: 9) == ids(4, 2, 1, 3, 5))
        let descending = catalog.workingSet(for: GridView(sort: ImageSort(by: .captureTime, order: .desc)))
        #expect(descending.ids(from: 0, limit: 9) == ids(1, 2, 4, 3, 5))
    }

    @Test func imagesTheKeysLackFollowTheKeyedOnesByID() {
        var columns = AttributeColumns()
        columns.insert((1...4).map { (ImageID(Int64($0)), AttributeValues.defaults) })
        let keys = ImageSortKeys(entries: [.init(id: ImageID(3), name: "a"), .init(id: ImageID(1), name: "b")])
        let set = WorkingSet(view: GridView(sort: ImageSort(by: .name)), columns: columns, keys: keys)
        #expect(set.ids(from: 0, limit: 9) == ids(3, 1, 2, 4))
    }

    @Test func positionsAndIDsAgreeInASortedSet() {
        let set = WorkingSet(listed: ids(9, 3, 7, 1))
        for (position, id) in ids(9, 3, 7, 1).enumerated() {
            #expect(set.position(of: id) == position)
            #expect(set.id(at: position) == id)
        }
        #expect(set.position(of: ImageID(2)) == nil)
        #expect(set.position(of: ImageID(99)) == nil)
        #expect(set.id(at: 4) == nil)
        #expect(set.slice(1...2) == selection(3, 7))
        #expect(set.members == selection(1, 3, 7, 9))
        #expect(set.pinning(ImageID(4), at: 1).members == selection(1, 3, 4, 7, 9))
        #expect(WorkingSet(catalogOrder: selection(1, 2, 5)).pinning(ImageID(3), at: 2).members == selection(1, 2, 3, 5))
    }

    @Test func theTagChangesWithMembershipOrOrderOnly() {
        let tag = WorkingSet(listed: ids(1, 2, 3)).tag
        #expect(WorkingSet(listed: ids(1, 2, 3)).tag == tag)
        #expect(WorkingSet(listed: ids(1, 3, 2)).tag != tag)
        #expect(WorkingSet(listed: ids(1, 2)).tag != tag)
        #expect(WorkingSet(listed: ids(1, 2)).pinning(ImageID(3), at: 2).tag != tag)
    }

    @Test func movesSelectAllAndStepsWalkTheWorkingSet() throws {
        var harness = Harness(count: 12)
        try harness.send("setFilter", ["filter": ["minRating": 3]])
        try harness.send("setSort", ["by": "rating", "order": "desc"])
        // Rated 5: 5, 11; 4: 4, 10; 3: 3, 9.
        try harness.send("moveSelection", ["direction": "right"])
        #expect(grid(harness)?.cursor == ImageID(5))
        try harness.send("moveSelection", ["direction": "right", "extend": true])
        try harness.send("moveSelection", ["direction": "right", "extend": true])
        #expect(grid(harness)?.selection == selection(5, 11, 4))
        try harness.send("moveSelection", ["direction": "end"])
        #expect(grid(harness)?.cursor == ImageID(9))
        #expect(harness.validate("moveSelection", ["direction": "right"]).validation == .disabled("at the end of the grid"))
        try harness.send("selectAll")
        #expect(grid(harness)?.selection == selection(3, 4, 5, 9, 10, 11))
        try harness.send("openImage", ["image": "img-11"])
        try harness.send("nextImage")
        #expect(shown(harness) == ImageID(4))
        try harness.send("previousImage")
        try harness.send("previousImage")
        #expect(shown(harness) == ImageID(5))
        #expect(harness.validate("previousImage").validation == .disabled("at the start of the grid"))
    }

    @Test func anEmptyWorkingSetDisablesSelectAllAndMoves() throws {
        var harness = Harness(count: 4)
        try harness.send("setFilter", ["filter": ["flags": ["reject"]]])
        #expect(harness.validate("selectAll").validation?.isEnabled == false)
        #expect(harness.validate("moveSelection", ["direction": "right"]).validation?.isEnabled == false)
    }

    @Test func neverLoseYourPlace() throws {
        // img-1…img-12 rated id % 6: unrated are 6 and 12; rate more to zero first.
        var harness = Harness(count: 12)
        try harness.send("select", ["images": ["img-2", "img-3", "img-4"]])
        try harness.send("setRating", ["rating": 0])
        try harness.send("setFilter", ["filter": ["ratings": [0]]])
        #expect(workingSet(harness) == ids(2, 3, 4, 6, 12))
        try harness.send("openImage", ["image": "img-3"])
        try harness.send("setRating", ["rating": 4])
        // img-3 no longer passes, but stays where it was while the viewer shows it.
        #expect(shown(harness) == ImageID(3))
        #expect(workingSet(harness) == ids(2, 3, 4, 6, 12))
        try harness.send("nextImage")
        #expect(shown(harness) == ImageID(4))
        #expect(workingSet(harness) == ids(2, 4, 6, 12))
        // From a pinned image, back goes to its old neighbour too.
        try harness.send("setRating", ["rating": 5])
        try harness.send("previousImage")
        #expect(shown(harness) == ImageID(2))
        // Undo brings them back.
        try harness.send("undo")
        try harness.send("undo")
        #expect(workingSet(harness) == ids(2, 3, 4, 6, 12))
    }

    @Test func aPinnedImageKeepsItsPlaceUnderASortByTheValueThatChanged() throws {
        var harness = Harness(count: 12)
        try harness.send("setFilter", ["filter": ["minRating": 3]])
        try harness.send("setSort", ["by": "rating"])
        // 3, 9 (3); 4, 10 (4); 5, 11 (5).
        try harness.send("openImage", ["image": "img-10"])
        try harness.send("setRating", ["rating": 1])
        #expect(workingSet(harness) == ids(3, 9, 4, 10, 5, 11))
        try harness.send("nextImage")
        #expect(shown(harness) == ImageID(5))
    }

    @Test func viewMenuItemsShowOnForTheGridsView() throws {
        var harness = Harness(count: 4)
        #expect(harness.validate("setFilter", ["filter": [:]]).validation == .enabled(state: .on))
        #expect(harness.validate("setSort", ["by": "id"]).validation == .enabled(state: .on))
        try harness.send("setFilter", ["filter": ["flags": ["pick"]]])
        try harness.send("setSort", ["by": "name", "order": "desc"])
        #expect(harness.validate("setFilter", ["filter": [:]]).validation == .enabled(state: .off))
        #expect(harness.validate("setFilter", ["filter": ["flags": ["pick"]]]).validation == .enabled(state: .on))
        #expect(harness.validate("setSort", ["by": "name"]).validation == .enabled(state: .on))
        #expect(harness.validate("setSort", ["by": "name", "order": "asc"]).validation == .enabled(state: .off))
        // Views are not undo steps.
        #expect(harness.validate("undo").validation?.isEnabled == false)
    }

    @Test func theViewAndThePlaceSurviveTheArchive() throws {
        var harness = Harness(count: 12)
        try harness.send("setFilter", ["filter": ["minRating": 2, "labels": ["red", "blue"]]])
        try harness.send("setSort", ["by": "captureTime", "order": "desc"])
        try harness.send("openImage", ["image": "img-4"])
        let restored = try Session(restoring: harness.session.archive)
        #expect(restored.window("main")?.grid?.view == harness.session.window("main")?.grid?.view)
        #expect(restored.window("main")?.viewer.position == harness.session.window("main")?.viewer.position)
        let view = try #require(harness.session.window("main")?.grid?.view)
        #expect(try GridView(json: view.json) == view)
    }
}
