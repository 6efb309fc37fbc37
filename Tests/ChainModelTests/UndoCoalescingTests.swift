import Testing

@testable import ChainModel

/// Consecutive rating steps on the same images within 2 s fold into one undo entry, which
/// keeps the values from before the first; the clock is the caller's.
@Suite("Undo coalescing")
struct UndoCoalescingTests {
    static let start = Moment(nanoseconds: 5_000_000_000)

    static func selected(_ raw: Int...) throws -> Harness {
        var harness = Harness()
        try harness.send("select", ["images": .array(raw.map { .string("img-\($0)") })])
        return harness
    }

    @Test func stepsWithinTwoSecondsOfEachOtherMakeOneEntry() throws {
        var harness = try Self.selected(1, 2)
        try harness.send("increaseRating", at: Self.start)
        try harness.send("increaseRating", at: Self.start + .seconds(1.5))
        try harness.send("decreaseRating", at: Self.start + .seconds(3))
        try harness.send("increaseRating", at: Self.start + .seconds(4.9))
        #expect([1, 2].map(harness.rating) == [3, 4])
        #expect(harness.undoNames == ["Increase Rating"])

        try harness.send("undo")
        #expect([1, 2].map(harness.rating) == [1, 2])
        #expect(harness.undoNames.isEmpty)
    }

    @Test func aStepMoreThanTwoSecondsLaterStartsAnEntry() throws {
        var harness = try Self.selected(1)
        try harness.send("increaseRating", at: Self.start)
        try harness.send("increaseRating", at: Self.start + .seconds(2.5))
        #expect(harness.undoNames == ["Increase Rating", "Increase Rating"])
        try harness.send("undo")
        #expect(harness.rating(1) == 2)
    }

    @Test func otherImagesOrAnotherChangeBetweenStartAnEntry() throws {
        var harness = try Self.selected(1)
        try harness.send("increaseRating", at: Self.start)
        try harness.send("select", ["images": ["img-2"]])
        try harness.send("increaseRating", at: Self.start + .seconds(0.5))
        try harness.send("setLabel", ["label": "red"])
        try harness.send("increaseRating", at: Self.start + .seconds(1))
        #expect(harness.undoNames == ["Increase Rating", "Increase Rating", "Set Label", "Increase Rating"])
    }

    @Test func noClockNoCoalescingAndAnUndoEndsTheRun() throws {
        var harness = try Self.selected(1)
        try harness.send("increaseRating")
        try harness.send("increaseRating")
        #expect(harness.undoNames.count == 2)
        try harness.send("increaseRating", at: Self.start)
        try harness.send("undo")
        try harness.send("increaseRating", at: Self.start + .seconds(0.5))
        #expect(harness.undoNames.count == 3)
    }
}
