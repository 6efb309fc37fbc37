import ChainModel
import ChainTestSupport
import Testing

@testable import ChainServer

/// Auto-advance over HTTP, live: the View menu's item, the answer's and the `command`
/// event's `advanced`, the per-command override, undo showing the image again.
@Suite("Auto-advance, live")
struct AutoAdvanceLiveTests {
    @Test func ratingInTheViewerMovesOnAndTheAnswerAndTheEventSaySo() async throws {
        try await LiveServer.withSession { server, session in
            try await session.perform("select", ["images": ["img-4"]])
            try await session.perform("openImage")
            let before = try await session.ratings(of: ["img-4"])
            #expect(try #require(try await session.menu().json).menuItem("autoAdvance")?["state"] == "off")
            let toggled = try await session.command(["item": "autoAdvance"])
            #expect(toggled.status == 200, "\(toggled.text.prefix(300))")
            #expect(toggled["session"]?["windows"]?.arrayValue?.first?["autoAdvance"] == true)
            #expect(try #require(try await session.menu().json).menuItem("autoAdvance")?["state"] == "on")

            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let rated = try await session.perform("setRating", ["rating": 5])
            #expect(rated.status == 200, "\(rated.text.prefix(300))")
            #expect(rated["advanced"] == ["from": "img-4", "to": "img-5"])
            #expect(rated["session"]?["windows"]?.arrayValue?.first?["viewer"]?["image"] == "img-5")
            let event = try await stream.event("command")
            #expect(event["action"] == "setRating")
            #expect(event["advanced"] == ["from": "img-4", "to": "img-5"])

            // Overridden once: stays on img-5.
            let stayed = try await session.perform("setLabel", ["label": "red", "advance": false])
            #expect(stayed["advanced"] == nil)
            #expect(stayed["session"]?["windows"]?.arrayValue?.first?["viewer"]?["image"] == "img-5")

            // Undo of the label, then of the rating: img-4 comes back into view.
            try await session.perform("undo")
            let undone = try await session.perform("undo")
            #expect(undone["session"]?["windows"]?.arrayValue?.first?["viewer"]?["image"] == "img-4")
            #expect(try await session.ratings(of: ["img-4"]) == before)
        }
    }

    @Test func aBadAdvanceIs422AndChangesNothing() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("select", ["images": ["img-2"]])
            let before = try await session.ratings(of: ["img-2"])
            let refused = try await session.command(["action": "setRating", "args": ["rating": 3, "advance": "soon"]])
            #expect(refused.status == 422)
            #expect(refused["field"] == "advance")
            #expect(try await session.ratings(of: ["img-2"]) == before)
        }
    }
}
