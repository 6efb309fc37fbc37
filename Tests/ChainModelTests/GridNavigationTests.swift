import Testing

@testable import ChainModel

struct GridNavigationTests {
    private func grid(_ harness: Harness) -> ImageGrid? { harness.session.window("main")?.grid }

    @Test(arguments: [
        // direction, from, count, columns, expected position or reason
        (MoveDirection.right, 0, 10, 1, "1"), (.left, 0, 10, 1, "at the start of the grid"),
        (.right, 9, 10, 1, "at the end of the grid"), (.down, 2, 10, 4, "6"), (.down, 6, 10, 4, "at the end of the grid"),
        (.up, 5, 10, 4, "1"), (.up, 3, 10, 4, "at the start of the grid"), (.home, 7, 10, 3, "0"),
        (.home, 0, 10, 3, "at the start of the grid"), (.end, 2, 10, 3, "9"), (.end, 9, 10, 3, "at the end of the grid"),
        (.pageDown, 1, 100, 3, "16"), (.pageDown, 95, 100, 3, "99"), (.pageDown, 99, 100, 3, "at the end of the grid"),
        (.pageUp, 20, 100, 2, "10"), (.pageUp, 4, 100, 2, "0"), (.pageUp, 0, 100, 2, "at the start of the grid"),
    ])
    func movesStayInsideTheWorkingSet(direction: MoveDirection, from: Int, count: Int, columns: Int, expected: String) {
        switch direction.target(from: from, count: count, columns: columns) {
        case .success(let position): #expect("\(position)" == expected)
        case .failure(let blocked): #expect(blocked.reason == expected)
        }
    }

    @Test func withoutACursorEveryMoveButEndLandsOnTheFirstImage() {
        for direction in MoveDirection.allCases {
            #expect(direction.target(from: nil, count: 5, columns: 2) == .success(direction == .end ? 4 : 0))
        }
        #expect(MoveDirection.right.target(from: nil, count: 0, columns: 1) == .failure(.empty))
    }

    @Test func arrowsMoveTheCursorAndTheSelectionFollows() throws {
        var harness = Harness(count: 12)
        let first = try harness.send("moveSelection", ["direction": "right"])
        #expect(first.result.first { $0.key == "cursor" }?.value == .string("img-1"))
        #expect(grid(harness)?.selection == selection(1))
        try harness.send("setLayout", ["columns": 4])
        try harness.send("moveSelection", ["direction": "down"])
        #expect(grid(harness)?.cursor == ImageID(5))
        #expect(grid(harness)?.selection == selection(5))
        try harness.send("moveSelection", ["direction": "down"])
        #expect(harness.validate("moveSelection", ["direction": "down"]).validation == .disabled("at the end of the grid"))
        #expect(harness.validate("moveSelection", ["direction": "right"]).validation == .enabled)
        // Selection is never an undo step.
        #expect(harness.validate("undo").validation?.isEnabled == false)
    }

    @Test func extendingSelectsTheRangeFromTheAnchorInGridOrder() throws {
        var harness = Harness(count: 20)
        try harness.send("select", ["images": ["img-5"]])
        try harness.send("moveSelection", ["direction": "right", "extend": true])
        try harness.send("moveSelection", ["direction": "right", "extend": true])
        #expect(grid(harness)?.selection == selection(5, 6, 7))
        #expect(grid(harness)?.cursor == ImageID(7))
        // Back past the anchor: the range flips to the other side of it.
        for _ in 0..<4 { try harness.send("moveSelection", ["direction": "left", "extend": true]) }
        #expect(grid(harness)?.selection == selection(3, 4, 5))
        #expect(grid(harness)?.anchor == ImageID(5))
        // A plain move collapses it onto the cursor, which becomes the new anchor.
        try harness.send("moveSelection", ["direction": "end"])
        #expect(grid(harness)?.selection == selection(20))
        try harness.send("moveSelection", ["direction": "home", "extend": true])
        #expect(grid(harness)?.selection.count == 20)
    }

    @Test func aSelectionSetsTheAnchorToItsFirstImageAndTheCursorToItsLast() throws {
        var harness = Harness(count: 20)
        try harness.send("select", ["images": ["img-3", "img-4", "img-9"]])
        #expect(grid(harness)?.anchor == ImageID(3))
        #expect(grid(harness)?.cursor == ImageID(9))
        try harness.send("deselectAll")
        #expect(grid(harness)?.cursor == nil)
    }

    @Test func badArgumentsAreRefusedNamingTheField() {
        var harness = Harness()
        #expect(failure { try harness.send("moveSelection", ["direction": "sideways"]) }
            == .invalidArgument(ArgumentError(field: "direction", reason: .outOfRange(
                "\"sideways\" is not one of left, right, up, down, home, end, pageUp, pageDown"))))
        #expect(failure { try harness.send("moveSelection", ["direction": "up", "extend": 1]) }
            == .invalidArgument(ArgumentError(field: "extend", reason: .wrongType(expected: "true or false", found: "number"))))
        #expect(failure { try harness.send("setLayout", ["columns": 101]) }
            == .invalidArgument(ArgumentError(field: "columns", reason: .outOfRange("101 is not in 1...100"))))
        #expect(failure { try harness.send("moveSelection") }
            == .invalidArgument(ArgumentError(field: "direction", reason: .missing)))
    }

    @Test func anEmptyCatalogDisablesEveryMove() {
        let resolution = CommandDispatcher.standard.validate(
            Invocation(action: "moveSelection", arguments: ["direction": "home"]), in: Session(), catalog: InMemoryCatalog())
        #expect(resolution.validation == .disabled("the grid is empty"))
    }

    @Test func cursorAnchorAndColumnsSurviveTheArchive() throws {
        var harness = Harness(count: 10)
        try harness.send("setLayout", ["columns": 3])
        try harness.send("select", ["images": ["img-2"]])
        try harness.send("moveSelection", ["direction": "down", "extend": true])
        let restored = try Session(restoring: harness.session.archive)
        #expect(restored.window("main")?.grid == harness.session.window("main")?.grid)
        var damaged = harness.session.archive
        damaged.windows[0].columns = 0
        #expect(throws: SessionArchive.Invalid.self) { try Session(restoring: damaged) }
    }

    @Test func slicesAndPositionsFollowTheRuns() {
        let order = ImageSelection(runs: [.init(first: 1, count: 3), .init(first: 10, count: 4)])
        #expect(order.id(at: 0) == ImageID(1))
        #expect(order.id(at: 3) == ImageID(10))
        #expect(order.id(at: 6) == ImageID(13))
        #expect(order.id(at: 7) == nil)
        #expect(order.id(at: -1) == nil)
        #expect(order.last == ImageID(13))
        #expect(order.slice(2...4) == selection(3, 10, 11))
        #expect(order.slice(0...100).count == 7)
        #expect(order.slice(7...9).isEmpty)
    }
}
