import Synchronization
import Testing

@testable import ChainModel

/// Other sessions as a test sets them: ids to the image each one's viewer shows.
final class FakeDirectory: SessionDirectory {
    let shown = Mutex<[String: ImageID?]>([:])

    init(_ sessions: [String: ImageID?]) { shown.withLock { $0 = sessions } }

    func isLive(_ session: String) -> Bool { shown.withLock { $0[session] != nil } }
    func image(shownBy session: String) -> ImageID? { shown.withLock { $0[session] ?? nil } }
    func move(_ session: String, to image: ImageID?) { shown.withLock { $0[session] = .some(image) } }
}

struct FollowCommandsTests {
    private func harness(_ others: [String: ImageID?] = ["eve": ImageID(7)]) -> (Harness, FakeDirectory) {
        var harness = Harness()
        let directory = FakeDirectory(others)
        harness.session.peers = Peers(session: "me", directory: directory)
        return (harness, directory)
    }

    @Test func followShowsWhatTheOtherSessionShowsAndFollowingAgainMovesWithIt() throws {
        var (harness, directory) = harness()
        let followed = try harness.send("follow", ["session": "eve"])
        #expect(followed.handledBy == "main")
        #expect(harness.session.window("main")?.following == "eve")
        #expect(harness.session.window("main")?.viewer.image == ImageID(7))
        #expect(followed.events.map(\.type) == ["imageShown", "followingChanged"])
        #expect(harness.validate("follow", ["session": "eve"]).validation == .enabled(state: .on))

        directory.move("eve", to: ImageID(8))
        let moved = try harness.send("follow", ["session": "eve"])
        #expect(moved.events.map(\.type) == ["imageShown"])
        #expect(harness.session.window("main")?.viewer.image == ImageID(8))
        #expect(harness.session.window("main")?.following == "eve")
    }

    @Test(arguments: [
        ("nextImage", Arguments.empty), ("select", ["images": ["img-2"]] as Arguments), ("closeViewer", .empty),
        ("openImage", ["image": "img-3"] as Arguments),
    ])
    func anyNavigationOfItsOwnEndsFollowing(action: String, arguments: Arguments) throws {
        var (harness, _) = harness()
        try harness.send("follow", ["session": "eve"])
        try harness.send(action, arguments, from: action == "nextImage" || action == "closeViewer" ? "main/grid/viewer" : "main/grid")
        #expect(harness.session.window("main")?.following == nil)
    }

    @Test func ratingWithoutMovingKeepsFollowingAndUnfollowEndsIt() throws {
        var (harness, _) = harness()
        #expect(harness.validate("unfollow").validation == .disabled("the window follows nobody"))
        try harness.send("follow", ["session": "eve"])
        try harness.send("setRating", ["rating": 3], from: "main/grid/viewer")
        #expect(harness.session.window("main")?.following == "eve")
        let unfollowed = try harness.send("unfollow")
        #expect(unfollowed.events.map(\.type) == ["followingChanged"])
        #expect(harness.session.window("main")?.following == nil)
        #expect(harness.session.window("main")?.viewer.image == ImageID(7))
    }

    @Test(arguments: ["me", "gone"])
    func itsOwnSessionOrAnUnknownOneIsRefused(session: String) {
        var (harness, _) = harness()
        let error = failure { try harness.send("follow", ["session": .string(session)]) }
        guard case .invalidArgument(let argument)? = error else {
            Issue.record("expected invalidArgument, got \(String(describing: error))")
            return
        }
        #expect(argument.field == "session")
        #expect(!harness.validate("follow", ["session": .string(session)]).isEnabled)
        #expect(harness.session.window("main")?.following == nil)
    }

    @Test func aSessionWithoutPeersCannotFollow() {
        var harness = Harness()
        #expect(failure { try harness.send("follow", ["session": "eve"]) } != nil)
    }

    @Test func followingIsKeptInTheSessionsArchive() throws {
        var (harness, _) = harness()
        try harness.send("follow", ["session": "eve"])
        let archive = harness.session.archive
        #expect(archive.windows.first?.following == "eve")
        #expect(try Session(restoring: archive).window("main")?.following == "eve")
    }

    @Test func theShownImageIsTheKeyWindowsViewerElseTheLastShowingOne() throws {
        var harness = Harness()
        #expect(harness.session.shownImage == nil)
        try harness.send("openImage", ["image": "img-4"])
        #expect(harness.session.shownImage == ImageID(4))
        try harness.send("newWindow", ["kind": "browser"])
        #expect(harness.session.shownImage == ImageID(4))
        try harness.send("newWindow", ["image": "img-5"])
        #expect(harness.session.shownImage == ImageID(5))
    }
}
