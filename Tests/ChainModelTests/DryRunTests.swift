import Testing

@testable import ChainModel

/// Dry runs: what a command would do, from performing it on copies, with the effects of its
/// writes as histograms; a disabled command is described, not refused.
@Suite("Dry runs")
struct DryRunTests {
    @Test func effectsCountValuesBeforeAndAfter() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2", "img-7", "img-12"]])
        let run = try harness.dispatcher.dryRun(Invocation(SetRating(rating: Rating(5)!)), in: harness.session, catalog: harness.catalog)

        #expect(run.performer == "main/grid")
        #expect(run.validation.isEnabled)
        #expect(run.trace.last?.responder == "main/grid")
        let effect = try #require(run.effects.first)
        #expect(run.effects.count == 1)
        #expect(effect.attribute == Rating.attribute)
        #expect(effect.count == 4)
        #expect(effect.before[Rating(1)!] == 2 && effect.before[Rating(2)!] == 1 && effect.before[Rating(0)!] == 1)
        #expect(effect.after[Rating(5)!] == 4 && effect.after.total == 4)
        #expect(harness.rating(1) == 1, "nothing is changed")
    }

    @Test func perImageWritesAndBatchesCountEachImageOnce() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-4", "img-5"]])
        let up = try harness.dispatcher.dryRun(Invocation(action: "increaseRating"), in: harness.session, catalog: harness.catalog)
        #expect(up.effects.first?.count == 1, "img-5 is at five stars already")
        #expect(up.effects.first?.after[Rating(5)!] == 1)

        let steps = [BatchStep(Invocation(action: "setRating", arguments: ["rating": 3])), BatchStep(Invocation(action: "increaseRating"))]
        let batch = try harness.dispatcher.dryRun(batch: steps, in: harness.session, catalog: harness.catalog)
        let effect = try #require(batch.effects.first)
        #expect(effect.count == 2)
        #expect(effect.before[Rating(4)!] == 1 && effect.before[Rating(5)!] == 1)
        #expect(effect.after[Rating(4)!] == 2)
    }

    @Test func aDisabledCommandIsDescribed() throws {
        let harness = Harness()
        let run = try harness.dispatcher.dryRun(Invocation(action: "setRating", arguments: ["rating": 5]), in: harness.session, catalog: harness.catalog)
        #expect(run.performer == "main/grid")
        #expect(!run.validation.isEnabled)
        #expect(run.validation.reason != nil)
        #expect(run.outcome == nil && run.effects.isEmpty)
        #expect(!run.trace.isEmpty)
    }
}
