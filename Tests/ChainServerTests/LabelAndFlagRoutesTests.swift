import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Labels and flags over HTTP, live, as thoroughly as ratings: menu states, key
/// equivalents, undo and redo titles, filters, durability across a restart, and bad values
/// refused with nothing changed.
@Suite("Labels and flags, live")
struct LabelAndFlagRoutesTests {
    @Test func menuShowsMixedOnAndOffLabelsAndFlags() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            try await session.perform("setLabel", ["label": "red"])
            try await session.perform("setFlag", ["flag": "pick"])
            try await session.perform("select", ["images": ["img-1", "img-2", "img-3"]])

            let menu = try #require(try await session.menu().json)
            #expect(menu.menuItem("label.red")?["state"] == "mixed")
            #expect(menu.menuItem("label.none")?["state"] == "mixed")
            #expect(menu.menuItem("label.blue")?["state"] == "off")
            #expect(menu.menuItem("flag.pick")?["state"] == "mixed")
            #expect(menu.menuItem("flag.reject")?["state"] == "off")
            #expect(menu.menuItem("label.red")?["target"] == "main/grid")

            try await session.perform("select", ["images": ["img-2", "img-1"]])
            let narrowed = try #require(try await session.menu().json)
            #expect(narrowed.menuItem("label.red")?["state"] == "on")
            #expect(narrowed.menuItem("flag.pick")?["state"] == "on")
            #expect(narrowed.menuItem("flag.none")?["title"] == "Unflag")
        }
    }

    @Test(arguments: [
        ("6", "label", "red"), ("7", "label", "yellow"), ("8", "label", "green"), ("9", "label", "blue"),
        ("p", "flag", "pick"), ("x", "flag", "reject"), ("u", "flag", "none"),
    ])
    func keyEquivalentsSetTheirValue(key: String, field: String, value: String) async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-4"]])
            let answer = try await session.key(key)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer["result"]?[field]?.stringValue == value)
            let event = answer["events"]?.arrayValue?.first
            #expect(event?["type"]?.stringValue == field + "Changed")
            #expect(event?["images"] == [["id": "img-4", .init(stringLiteral: field): .string(value)]])
            let image = try await server.client.get("/v1/images/img-4", token: session.token)
            #expect(image[field]?.stringValue == value)
        }
    }

    @Test(arguments: [("setLabel", "label", "blue", "Label"), ("setFlag", "flag", "reject", "Flag")])
    func undoAndRedoAreTitledAndRestoreEachImage(action: String, field: String, value: String, title: String) async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            let first: JSON = field == "label" ? "green" : "pick"
            try await session.perform("select", ["images": ["img-5"]])
            try await session.perform(action, [field: first])
            try await session.perform("select", ["images": ["img-5", "img-6"]])
            try await session.perform(action, [field: .string(value)])

            let menu = try #require(try await session.menu().json)
            #expect(menu.menuItem("undo")?["title"] == .string("Undo Set \(title)"))
            #expect(try await session.state()["windows"]?.arrayValue?.first?["undo"]?["undo"] == .string("Set \(title)"))

            let undone = try await session.key("z", ["command"])
            #expect(undone["result"]?["undone"] == .string("Set \(title)"))
            #expect(try await Self.values(field, of: ["img-5", "img-6"], session) == [first.stringValue!, "none"])
            let after = try #require(try await session.menu().json)
            #expect(after.menuItem("redo")?["title"] == .string("Redo Set \(title)"))

            try await session.key("z", ["command", "shift"])
            #expect(try await Self.values(field, of: ["img-5", "img-6"], session) == [value, value])
        }
    }

    @Test func filtersPageByLabelFlagAndRating() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-3", "img-9", "img-12"]])
            try await session.perform("setLabel", ["label": "purple"])
            try await session.perform("select", ["images": ["img-9", "img-12", "img-40"]])
            try await session.perform("setFlag", ["flag": "reject"])
            try await session.perform("setRating", ["rating": 1])

            let purple = try await server.client.get("/v1/images?label=purple", token: session.token)
            #expect(purple["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["img-3", "img-9", "img-12"])
            let both = try await server.client.get("/v1/images?label=purple&flag=reject&limit=1", token: session.token)
            #expect(both["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["img-9"])
            #expect(both["next"] == "img-9")
            let rest = try await server.client.get("/v1/images?label=purple&flag=reject&after=img-9", token: session.token)
            #expect(rest["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["img-12"])
            #expect(rest["next"] == .null)
            let rated = try await server.client.get("/v1/images?flag=reject&rating=1", token: session.token)
            #expect(rated["images"]?.arrayValue?.count == 3)
            let every = try await server.client.get("/v1/images?limit=1", token: session.token)
            #expect(every["images"]?.arrayValue?.first?["label"] == "none")
            #expect(every["images"]?.arrayValue?.first?["flag"] == "none")
        }
    }

    @Test(arguments: ["label=pink", "flag=maybe", "label=", "rating=6", "flag=PICK"])
    func badFiltersAre422(query: String) async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            let response = try await server.client.get("/v1/images?" + query, token: session.token)
            expectProblem(response, 422, "invalid-argument")
            #expect(response["field"]?.stringValue == String(query.prefix { $0 != "=" }))
        }
    }

    @Test(arguments: [
        ["action": "setLabel", "args": ["label": "pink"]] as JSON,
        ["action": "setLabel", "args": ["label": 2]] as JSON,
        ["action": "setLabel", "args": [:]] as JSON,
        ["action": "setFlag", "args": ["flag": "maybe"]] as JSON,
        ["action": "setFlag", "args": ["flag": ["pick"]]] as JSON,
        ["action": "setFlag", "args": ["flag": "pick", "label": "red"]] as JSON,
        ["identifier": "menu.setLabel(\"label\": \"teal\")"] as JSON,
    ])
    func badValuesAre422AndChangeNothing(body: JSON) async throws {
        try await LiveServer.withUnchangedSession { _, session in
            expectProblem(try await session.command(body), 422, "invalid-argument")
        }
    }

    @Test func labelsAndFlagsSurviveARestart() async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let first = try LiveServer(dataDirectory: directory)
            defer { first.stop() }
            let session = try await first.client.createSession()
            try await session.perform("select", ["images": ["img-20", "img-21"]])
            try await session.perform("setLabel", ["label": "yellow"])
            try await session.perform("setFlag", ["flag": "pick"])
            try await session.perform("select", ["images": ["img-21"]])
            try await session.perform("setFlag", ["flag": "reject"])
        }

        let second = try LiveServer(dataDirectory: directory)
        defer { second.stop() }
        let session = try await second.client.createSession()
        #expect(try await Self.values("label", of: ["img-20", "img-21", "img-22"], session) == ["yellow", "yellow", "none"])
        #expect(try await Self.values("flag", of: ["img-20", "img-21", "img-22"], session) == ["pick", "reject", "none"])
        try await session.perform("select", ["images": ["img-20", "img-21"]])
        let menu = try #require(try await session.menu().json)
        #expect(menu.menuItem("label.yellow")?["state"] == "on")
        #expect(menu.menuItem("flag.pick")?["state"] == "mixed")
    }

    static func values(_ field: String, of images: [String], _ session: RemoteSession) async throws -> [String] {
        var values: [String] = []
        for image in images {
            let answer = try await session.client.get("/v1/images/\(image)", token: session.token)
            values.append(answer[field]?.stringValue ?? "?")
        }
        return values
    }
}
