import Testing

@testable import ChainModel

struct RatingCommandsTests {
    @Test func stateIsOnOffOrMixedOverTheSelection() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-5", "img-11", "img-3"]])  // ratings 5, 5, 3
        #expect(harness.validate("setRating", ["rating": 5]).validation?.state == .mixed)
        #expect(harness.validate("setRating", ["rating": 3]).validation?.state == .mixed)
        #expect(harness.validate("setRating", ["rating": 1]).validation?.state == .off)
        try harness.send("select", ["images": ["img-5", "img-11"]])
        #expect(harness.validate("setRating", ["rating": 5]).validation?.state == .on)
    }

    @Test func setRatingWritesEveryImageOfTheSelectionAndEmitsOneEvent() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2", "img-3"]])
        let outcome = try harness.send("setRating", ["rating": 4])
        #expect(outcome.handledBy == "main/grid")
        #expect(outcome.changes == .set(Rating(4)!, on: selection(1, 2, 3)))
        #expect([1, 2, 3].map(harness.rating) == [4, 4, 4])
        #expect(outcome.events.map(\.type) == ["ratingChanged"])
        #expect(outcome.events[0].source == "main/grid")
    }

    @Test func theViewersImageComesBeforeTheSelection() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2"]])
        try harness.send("openImage", ["image": "img-7"])
        let outcome = try harness.send("setRating", ["rating": 0])
        #expect(outcome.handledBy == "main/grid/viewer")
        #expect(harness.rating(7) == 0)
        #expect(harness.rating(1) == 1)
    }

    @Test func increaseAndDecreaseMoveWhatCanMove() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-5", "img-4"]])  // 5 and 4
        #expect(harness.validate("increaseRating").validation?.isEnabled == true)
        try harness.send("increaseRating")
        #expect([5, 4].map(harness.rating) == [5, 5])
        #expect(harness.validate("increaseRating").validation == .disabled("every image is at 5 stars already"))
        #expect(failure { try harness.send("increaseRating") } == .disabled(
            action: "increaseRating", responder: "main/grid", reason: "every image is at 5 stars already"))
        try harness.send("select", ["images": ["img-6"]])  // 0
        #expect(harness.validate("decreaseRating").validation?.isEnabled == false)
        #expect(failure { try harness.send("increaseRating", ["by": 2]) } == .invalidArgument(ArgumentError(field: "by", reason: .unexpected)))
    }

    @Test func typedCommandsRoundTripTheirArguments() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-2"]])
        let outcome = try harness.dispatcher.perform(SetRating(rating: Rating(5)!), in: harness.session, catalog: harness.catalog)
        #expect(outcome.action == "setRating")
        #expect(try SetRating(arguments: SetRating(rating: .max).arguments).value == .max)
        #expect(try Select(arguments: Select(images: ids(3, 1)).arguments).images == ids(3, 1))
        #expect(try NewWindow(arguments: NewWindow(kind: .browser).arguments).kind == .browser)
    }
}
