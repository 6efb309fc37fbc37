import ChainModel
import ChainTestSupport
import Testing

@testable import ChainServer

/// Compare over HTTP, live: opened by its key from the selection, driven by the compare's
/// own key bindings, ratings on the select or a named compared image, a shared zoom checked
/// for range, and the compare kept across a restart and across two instances.
@Suite("Compare, live")
struct CompareLiveTests {
    static func compare(_ answer: LiveResponse) -> JSON? { answer["session"]?["windows"]?.arrayValue?.first?["compare"] }

    @Test func theKeyOpensTheSelectionAndTheCompareKeysDriveIt() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("select", ["images": ["img-3", "img-5", "img-8"]])
            let opened = try await session.key("c")
            #expect(opened.status == 200, "\(opened.text.prefix(300))")
            #expect(opened["resolvedBy"]?["menuItem"] == "compare")
            #expect(opened["session"]?["firstResponder"] == "main/grid/compare")
            #expect(Self.compare(opened) == [
                "select": "img-3", "candidates": ["img-5", "img-8"], "candidate": "img-5",
                "zoom": ["scale": 1, "center": [0.5, 0.5]],
            ])
            #expect(opened["events"]?.arrayValue?.contains { $0["type"] == "compareChanged" } == true)

            // The compare's own bindings take the arrows, before the menu's.
            let next = try await session.key("rightArrow")
            #expect(next["resolvedBy"]?["binding"]?["action"] == "nextCandidate", "\(next.text.prefix(300))")
            #expect(Self.compare(next)?["candidate"] == "img-8")
            #expect(try await session.key("rightArrow").status == 409)
            let made = try await session.key("upArrow")
            #expect(Self.compare(made)?["select"] == "img-8")
            #expect(Self.compare(made)?["candidates"] == ["img-5", "img-3"])

            // A rating key acts on the select; an image argument on that compared image.
            let rated = try await session.key("4")
            #expect(rated["handledBy"] == "main/grid/compare")
            #expect(try await session.rating(of: "img-8") == 4)
            try await session.perform("setRating", ["rating": 2, "image": "img-5"])
            #expect(try await session.ratings(of: ["img-5", "img-8"]) == [2, 4])

            // The key sheet lists the compare's keys.
            let sheet = try await session.client.get(session.path + "/keys", token: session.token)
            let actions = sheet["keys"]?.arrayValue?.compactMap { $0["action"]?.stringValue } ?? []
            #expect(Set(["previousCandidate", "makeSelect", "swap", "closeCompare", "setZoom"]).isSubset(of: actions))

            let closed = try await session.key("escape")
            #expect(closed["resolvedBy"]?["binding"]?["action"] == "closeCompare")
            #expect(Self.compare(closed) == .null)
            #expect(closed["session"]?["firstResponder"] == "main/grid")
        }
    }

    @Test func oneImageIsDisabledWithItsReasonInTheMenu() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("select", ["images": ["img-3"]])
            let item = try #require(try await session.menu(explain: true).json).menuItem("compare")
            #expect(item?["enabled"] == false)
            let refused = try await session.command(["action": "compare"])
            expectProblem(refused, 409, "disabled")
            #expect(refused["detail"]?.stringValue?.contains("2 to 8 images") == true)
        }
    }

    @Test func outOfRangeZoomsAndImagesOutsideTheCompareAre422AndChangeNothing() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("compare", ["images": ["img-1", "img-2"]])
            let before = try await session.state()
            for (args, field) in [
                (["scale": 0] as JSON, "scale"), (["scale": 17], "scale"), (["scale": 2, "center": [0.5, 2]], "center"),
                (["scale": 2, "center": [0.5]], "center"),
            ] {
                let refused = try await session.command(["action": "setZoom", "args": args])
                expectProblem(refused, 422, "invalid-argument")
                #expect(refused["field"] == .string(field))
            }
            let stranger = try await session.command(["action": "setFlag", "args": ["flag": "pick", "image": "img-9"]])
            expectProblem(stranger, 422, "invalid-argument")
            #expect(stranger["field"] == "image")
            #expect(try await session.state() == before)

            let zoomed = try await session.perform("setZoom", ["scale": 4, "center": [0.25, 0.75]])
            #expect(Self.compare(zoomed)?["zoom"] == ["scale": 4, "center": [0.25, 0.75]])
        }
    }

    @Test func anImageArgumentToTheGridIs422() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("select", ["images": ["img-2"]])
            let refused = try await session.command(["action": "setRating", "args": ["rating": 3, "image": "img-2"]])
            expectProblem(refused, 422, "invalid-argument")
            #expect(refused["field"] == "image")
        }
    }

    @Test func theContextMenuOfTheCompareRatesTheSelect() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("compare", ["images": ["img-4", "img-6"]])
            let menu = try await session.client.get(session.path + "/context-menu?responder=main/grid/compare", token: session.token)
            #expect(menu.status == 200, "\(menu.text.prefix(300))")
            let ids = menu["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(ids.contains("makeSelect") && ids.contains("closeCompare") && ids.contains("rating"))
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func theCompareSurvivesARestart(engine: StorageEngine) async throws {
        try await engine.withLocation { location in
            let first = try LiveServer(dataDirectory: location.directory, location.configure)
            let session: RemoteSession
            let before: JSON
            do {
                defer { first.stop() }
                session = try await first.client.createSession()
                try await session.perform("compare", ["images": ["img-7", "img-2", "img-9"]])
                try await session.perform("nextCandidate")
                try await session.perform("setZoom", ["scale": 2.5, "center": [0.2, 0.4]])
                before = try await session.state()
            }
            let second = try LiveServer(dataDirectory: location.directory, location.configure)
            defer { second.stop() }
            let restored = RemoteSession(id: session.id, token: session.token, client: second.client)
            #expect(try await restored.state() == before)
            #expect(before["firstResponder"] == "main/grid/compare")
            let swapped = try await restored.perform("swap")
            #expect(Self.compare(swapped)?["select"] == "img-9")
        }
    }

    @Test func aCompareMadeOnOneInstanceIsDrivenOnTheOther() async throws {
        let (a, b, _) = try PostgresTwoInstancesLiveTests.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        try await onA.perform("compare", ["images": ["img-3", "img-4", "img-5"]])
        try await onA.perform("setZoom", ["scale": 3, "center": [0.6, 0.4]])
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        let stepped = try await onB.perform("nextCandidate")
        #expect(Self.compare(stepped)?["candidate"] == "img-5")
        #expect(Self.compare(stepped)?["zoom"] == ["scale": 3, "center": [0.6, 0.4]])
        // A takes the session again as B left it once it hears B's commit.
        var candidateOnA: JSON?
        for _ in 0..<50 {
            candidateOnA = try await onA.state()["windows"]?.arrayValue?.first?["compare"]?["candidate"]
            if candidateOnA == "img-5" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(candidateOnA == "img-5")
    }
}
