import ChainModel
import Testing

@testable import ChainServer

/// `POST …/commands` with `{"batch": […], "undoName"}`, live: one command, one version,
/// one undo entry, all or nothing.
@Suite("Batch routes, live")
struct BatchRoutesTests {
    static let cull: JSON = [
        "batch": [
            ["action": "select", "args": ["images": ["img-1", "img-2"]]],
            ["item": "rating.5"],
            ["identifier": "menu.setLabel(\"label\": \"red\")"],
            ["action": "select", "args": ["images": ["img-3"]], "target": "main/grid"],
            ["action": "setFlag", "args": ["flag": "pick"]],
        ],
        "undoName": "Cull Pass",
    ]

    static func undo(_ state: JSON) -> JSON? { state["windows"]?.arrayValue?.first?["undo"] }

    @Test func aBatchIsOneCommandWithOneUndoEntry() async throws {
        try await LiveServer.withSession { _, session in
            let images = ["img-1", "img-2", "img-3"]
            let original = try await session.ratings(of: images)
            let version = try #require(try await session.state()["version"]?.intValue)
            let answer = try await session.command(Self.cull)
            try #require(answer.status == 200, "\(answer.text)")

            #expect(answer["action"] == "batch")
            #expect(answer["handledBy"] == "main/grid")
            #expect(answer["result"]?.arrayValue?.count == 5)
            #expect(answer["result"]?.arrayValue?[1] == ["rating": 5, "count": 2])
            #expect(answer["steps"]?.arrayValue?.map { $0["action"]?.stringValue ?? "" } == ["select", "setRating", "setLabel", "select", "setFlag"])
            #expect(answer["events"]?.arrayValue?.map { $0["type"]?.stringValue ?? "" }
                == ["selectionChanged", "ratingChanged", "labelChanged", "selectionChanged", "flagChanged"])
            let state = try await session.state()
            #expect(state["version"]?.intValue == version + 1)
            #expect(Self.undo(state)?["undo"] == "Cull Pass")
            #expect(Self.undo(state)?["undoDepth"] == 1)
            #expect(try await session.ratings(of: images) == [5, 5, original[2]])

            let undo = try await session.perform("undo")
            #expect(undo["result"]?["undone"] == "Cull Pass")
            #expect(try await session.ratings(of: images) == original)
            let image = try await session.client.get("/v1/images/img-3", token: session.token)
            #expect(image["flag"] == "none")
        }
    }

    @Test func aFailingStepChangesNothingAndNamesTheStep() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let batch: JSON = ["batch": [
                ["action": "setRating", "args": ["rating": 1]], ["action": "deselectAll"], ["action": "setRating", "args": ["rating": 2]],
            ]]
            let answer = try await session.command(batch)
            expectProblem(answer, 409, "disabled")
            #expect(answer["step"] == 2)
            #expect(answer["action"] == "setRating")
        }
    }

    static let selectAll: JSON = ["action": "selectAll"]
    static let badBodies: [(JSON, Int, String)] = [
        (["batch": []], 422, "invalid-argument"),
        (["batch": "select"], 422, "invalid-argument"),
        (["batch": [1]], 422, "invalid-argument"),
        (["batch": [selectAll], "action": "selectAll"], 422, "invalid-argument"),
        (["batch": [selectAll], "undoName": ""], 422, "invalid-argument"),
        (["batch": [selectAll], "undoName": 5], 422, "invalid-argument"),
        (["batch": [selectAll], "undoName": .string(String(repeating: "x", count: 101))], 422, "invalid-argument"),
        (["batch": [selectAll, ["item": "no.such.item"]]], 404, "not-found"),
        (["batch": [selectAll, ["action": "selectAll", "item": "rating.5"]]], 422, "invalid-argument"),
        (["batch": [selectAll, ["action": "undo"]]], 422, "rejected"),
        (["batch": [selectAll, ["action": "setRating", "args": ["rating": 7]]]], 422, "invalid-argument"),
    ]

    @Test(arguments: BatchRoutesTests.badBodies)
    func badBatchesAreProblems(_ body: JSON, _ status: Int, _ slug: String) async throws {
        try await LiveServer.withUnchangedSession { _, session in
            expectProblem(try await session.command(body), status, slug)
        }
    }

    @Test func aBatchHasAtMostAHundredSteps() async throws {
        try await LiveServer.withSession { _, session in
            let steps = JSON.array(Array(repeating: ["action": "selectAll"], count: CommandDispatcher.maxBatchSteps + 1))
            let answer = try await session.command(["batch": steps])
            expectProblem(answer, 422, "invalid-argument")
            #expect(answer["field"] == "batch")
            let full = JSON.array(Array(repeating: ["action": "selectAll"], count: CommandDispatcher.maxBatchSteps))
            let answer100 = try await session.command(["batch": full])
            #expect(answer100.status == 200)
            #expect(answer100["result"]?.arrayValue?.count == CommandDispatcher.maxBatchSteps)
        }
    }

    @Test func aStepThatIsMalformedNamesItsIndex() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let answer = try await session.command(["batch": [["action": "selectAll"], ["action": "selectAll", "extra": 1]]])
            expectProblem(answer, 422, "invalid-argument")
            #expect(answer["step"] == 1)
        }
    }
}
