import Testing

@testable import ChainModel

struct SessionTests {
    @Test func newSessionHasOneBrowserWindowFocusedOnItsGrid() {
        let session = Session()
        #expect(session.windows.map(\.id) == ["main"])
        #expect(session.firstResponder == "main/grid")
        #expect(session.chain() == ["main/grid", "main", "app"])
        #expect(session.window("main")?.grid?.selection == [])
        #expect(session.window("main")?.viewer.image == nil)
    }

    @Test func chainIsDerivedFromTheTreeAsFocusMoves() throws {
        var session = Session()
        try session.focus("main/grid/viewer")
        #expect(session.chain() == ["main/grid/viewer", "main/grid", "main", "app"])
        let window = session.openWindow(kind: .viewer, image: ImageID(3))
        #expect(window.id == "w2")
        #expect(session.firstResponder == "w2/viewer")
        #expect(session.chain() == ["w2/viewer", "w2", "app"])
        try session.closeWindow("w2")
        #expect(session.firstResponder == "main/grid")
        #expect(session.chain(from: "main") == ["main", "app"])
    }

    @Test func focusOnAMissingResponderFails() {
        var session = Session()
        #expect(throws: CommandError.notFound(kind: .responder, name: "main/nothing", field: "responder")) {
            try session.focus("main/nothing")
        }
        #expect(session.firstResponder == "main/grid")
    }

    @Test func closingTheLastWindowLeavesTheApplication() throws {
        var session = Session()
        try session.closeWindow("main")
        #expect(session.windows.isEmpty)
        #expect(session.chain() == ["app"])
        session.openWindow(kind: .browser)
        #expect(session.firstResponder == "w2/grid")
    }

    @Test func responderPathsParseStrictly() {
        #expect(ResponderPath(parsing: "main/grid/viewer")?.parent == "main/grid")
        #expect(ResponderPath(parsing: "main")?.parent == .app)
        #expect(ResponderPath.app.parent == nil)
        #expect(ResponderPath(parsing: "w2/viewer")?.windowID == "w2")
        for bad in ["", "/main", "main/", "main//grid", "ma in", "../etc", String(repeating: "a", count: 200)] {
            #expect(ResponderPath(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func everyPathOfTheTreeResolvesToItsResponder() {
        var session = Session()
        session.openWindow(kind: .viewer)
        #expect(session.allPaths == ["app", "main", "main/grid", "main/grid/viewer", "w2", "w2/viewer"])
        #expect(session.allPaths.allSatisfy { session.responder(at: $0)?.path == $0 })
        #expect(session.responder(at: "w2/grid") == nil)
    }
}
