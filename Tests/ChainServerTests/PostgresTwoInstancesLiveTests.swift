import ChainConfig
import ChainModel
import ChainPostgreSQL
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Two whole servers, live, in front of one PostgreSQL database: a session is served by
/// either, each one's streams hear what the other commits, and concurrent writes through
/// both all count.
@Suite("PostgreSQL, two instances live")
struct PostgresTwoInstancesLiveTests {
    /// Two servers on one new database (each with a data directory of its own), configured
    /// further by `more`.
    static func twoServers(_ more: (inout ServerConfiguration) -> Void = { _ in }) throws -> (LiveServer, LiveServer, URL: String) {
        let url = try PostgresCluster.start().createDatabase()
        func configure(_ configuration: inout ServerConfiguration) {
            configuration.databaseURL = url
            configuration.durability = .off
            more(&configuration)
        }
        let a = try LiveServer(configure)
        do {
            return (a, try LiveServer(configure), url)
        } catch {
            a.stop()
            throw error
        }
    }

    @Test func aSessionCreatedOnATakesACommandOnBAndAsStreamSeesIt() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        try await onA.rate(["img-3"], 0)
        try await onA.perform("select", ["images": ["img-4"]])
        let stream = try EventStreamClient.open(a, onA)
        _ = try await stream.event("hello")

        // The same session, through B: loaded there when first touched.
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onB.rate(["img-3"], 4)
        #expect(try await onB.rating(of: "img-3") == 4)

        // A's stream hears the commit (its `catalog` event) and takes the session again as B
        // left it (a `menu` event with the new selection's rating), in either order.
        var heardCommit = false
        var heardMenu = false
        while !(heardCommit && heardMenu) {
            let event = try await stream.event()
            let items = event["items"]?.arrayValue ?? []
            let images = event["images"]?.arrayValue ?? []
            if event.name == "catalog", images.contains(where: { $0["id"] == "img-3" && $0["rating"]?.intValue == 4 }) { heardCommit = true }
            if event.name == "menu", items.contains(where: { $0["id"] == "rating.4" && $0["state"] == "on" }) { heardMenu = true }
        }
        #expect(try await onA.state()["version"] == (try await onB.state())["version"])

        // And the session goes on on A from there: the selection B made is A's too.
        try await onA.perform("increaseRating")
        #expect(try await onB.rating(of: "img-3") == 5)
        #expect(try await onA.menu().json?.menuItem("rating.5")?["state"] == "on")
    }

    /// The grid's layout and cursor, watched controls and contributed items made through A
    /// are the session's through B: keys go on from the cursor A left, B's menu has the item.
    @Test func keysWatchesAndContributionsMadeOnAHoldOnB() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        try await onA.perform("setLayout", ["columns": 4])
        try await onA.perform("select", ["images": ["img-2"]])
        #expect(try await onA.key("downArrow", ["shift"]).status == 200)
        #expect(try await a.client.send("PUT", onA.path + "/watches", json: WatchRoutesTests.toolbar, token: onA.token).status == 200)
        #expect(try await a.client.post(onA.path + "/handlers", ContributedItemRoutesTests.export, token: onA.token).status == 201)

        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        let grid = try await onB.state()["windows"]?.arrayValue?.first?["grid"]
        #expect(grid?["cursor"] == "img-6")
        #expect(grid?["columns"] == 4)
        // Extending again on B goes on from the anchor A set: img-2 through img-10.
        let extended = try await onB.key("downArrow", ["shift"])
        #expect(extended["result"]?["count"] == 9, "\(extended.text.prefix(300))")
        let watches = try await b.client.get(onB.path + "/watches", token: onB.token)
        #expect(watches["items"]?.arrayValue?.map { $0["id"] } == ["tb.pick", "tb.five", "tb.undo"])
        let item = ContributedItemRoutesTests.menuItem(try await onB.menu().json, "h-1.export")
        #expect(item?["title"] == "Export…")
        #expect(item?["enabled"] == false, "no stream open anywhere: the handler is not live")
        // Its key is in force on B too.
        let clash = try await b.client.post(onB.path + "/handlers", ContributedItemRoutesTests.export, token: onB.token)
        expectProblem(clash, 409, "key-conflict")
    }

    /// A grid's view set through A is the session's through B, and a commit through B that
    /// changes the working set reaches A's stream as a `view` event.
    @Test func aViewMadeOnAHoldsOnBAndBsCommitsReachItsStream() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        try await onA.perform("setFilter", ["filter": ["flags": ["pick"]]])
        try await onA.perform("setSort", ["by": "name", "order": "desc"])
        let stream = try EventStreamClient.open(a, onA)
        defer { stream.close() }
        _ = try await stream.event("hello")

        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        let grid = try await onB.state()["windows"]?.arrayValue?.first?["grid"]
        #expect(grid?["view"] == ["filter": ["flags": ["pick"]], "sort": ["by": "name", "order": "desc"]])
        #expect(grid?["total"] == 0)

        let other = try await b.client.createSession()
        try await other.perform("select", ["images": ["img-5", "img-9"]])
        try await other.perform("setFlag", ["flag": "pick"])
        let view = try await stream.event("view")
        #expect(view["window"] == "main")
        #expect(view["total"] == 2)
        let page = try await a.client.get(onA.path + "/grid", token: onA.token)
        #expect(Set(page["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []) == ["img-5", "img-9"])
    }

    /// Two sessions, one on each instance, raise the same images at once: every increase
    /// counts, none is computed from a value the other instance had already replaced.
    @Test func increasesThroughBothInstancesAtOnceAllCount() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let images = imageIDs(10...19)
        let onA = try await a.client.createSession()
        let onB = try await b.client.createSession()
        try await onA.rate(images, 0)
        try await onB.perform("select", ["images": .array(images.map(JSON.string))])
        async let raisedOnA: Void = Self.raise(onA, times: 2)
        async let raisedOnB: Void = Self.raise(onB, times: 2)
        _ = try await (raisedOnA, raisedOnB)
        #expect(try await onA.ratings(of: images) == Array(repeating: 4, count: images.count))
        #expect(try await onB.ratings(of: images) == Array(repeating: 4, count: images.count))
    }

    private static func raise(_ session: RemoteSession, times: Int) async throws {
        for _ in 0..<times { try await session.perform("increaseRating") }
    }

    /// One session used through both instances in turn, with no affinity: every command is
    /// answered 200, each one computed from the state the other left (a stale copy's write is
    /// refused by the session's version, taken again and walked again, unseen by the client).
    @Test func aSessionUsedThroughBothInstancesInTurnAnswersEveryCommand() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onA.rate(["img-30"], 0)
        for round in 0..<5 {
            let through = round.isMultiple(of: 2) ? onA : onB
            try await through.perform("increaseRating")
            try await through.perform("select", ["images": ["img-30", .string("img-\(31 + round)")]])
            try await through.perform("select", ["images": ["img-30"]])
        }
        #expect(try await onA.rating(of: "img-30") == 5)
        // B takes the session again when it follows A's last commit, a moment after A
        // answered (reads through another instance are not held for it): wait for that.
        let versionOnA = try await onA.state()["version"]
        try await PostgresRemoteHandlersLiveTests.waitUntil("B's version is A's, \(String(describing: versionOnA))", within: .seconds(10)) {
            try await onB.state()["version"] == versionOnA
        }
        // Undo walks back through commands made on both instances: the last increase was A's,
        // the one before it B's.
        try await onB.perform("undo")
        #expect(try await onA.rating(of: "img-30") == 4)
        try await onA.perform("undo")
        #expect(try await onB.rating(of: "img-30") == 3)
    }

    /// A session ended on one instance is ended on the other, which held it.
    @Test func aSessionDeletedOnOneInstanceEndsOnTheOther() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onB.perform("select", ["images": ["img-1"]])
        let deleted = try await a.client.send("DELETE", onA.path, token: onA.token)
        #expect(deleted.status == 204)
        let deadline = ContinuousClock.now + .seconds(10)
        while try await onB.menu().status != 401, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await onB.menu().status == 401)
    }

    /// A session created on A and then only read through B, longer than the idle expiry
    /// (6 s; 7.5 s before an instance's copy expires, with shared storage). A sweeps and its
    /// copy expires, but B recorded its uses, so A leaves the session stored, and B serves
    /// on; asked again, A takes it in from storage. Once nobody uses it for the expiry, it
    /// goes from storage too.
    @Test func aSessionOnlyReadThroughAnotherInstanceOutlivesTheFirstOnesExpiry() async throws {
        let (a, b, url) = try Self.twoServers { $0.sessionIdleSeconds = 6 }
        defer { a.stop(); b.stop() }
        // On a thread of its own, with blocking sockets: a test pool busy with other suites
        // could otherwise hold a request back for longer than the expiry.
        let seen = try await offCooperativePool { try Self.readThroughB(a, b) }
        #expect(seen.readsOnB.count > 30)
        #expect(seen.readsOnB.allSatisfy { $0 == 200 }, "\(seen.readsOnB)")
        #expect(seen.aHeldItAfterItsSweep == false)
        #expect(seen.afterwards == [200, 200], "A's menu, then a command through B")
        let id = seen.id

        // Unused everywhere: the instances' sweeps delete it from storage (looked at there,
        // since a request with the token would be a use), and neither serves it any more.
        let deadline = ContinuousClock.now + .seconds(30)
        func held() -> Bool { a.app.sessions.session(id: id) != nil || b.app.sessions.session(id: id) != nil }
        while try Self.isStored(id, url) || held(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(250))
            #expect(try await a.client.send("GET", "/metrics").status == 200)
            #expect(try await b.client.send("GET", "/metrics").status == 200)
        }
        #expect(try !Self.isStored(id, url))
        #expect(!held())
        let token = seen.token
        #expect(try await RemoteSession(id: id, token: token, client: a.client).menu().status == 401)
        #expect(try await RemoteSession(id: id, token: token, client: b.client).menu().status == 401)
    }

    /// What `readThroughB` saw.
    struct ReadsThroughB: Sendable {
        var id = ""
        var token = ""
        var readsOnB: [Int] = []
        var aHeldItAfterItsSweep: Bool?
        var afterwards: [Int] = []
    }

    /// Creates a session on A, reads its menu through B every 200 ms for 8.5 s, has A sweep
    /// (`/metrics` counts live sessions), reads through B for one more second, then asks A
    /// for the menu and sends a command through B. Blocking: for a thread of its own.
    private static func readThroughB(_ a: LiveServer, _ b: LiveServer) throws -> ReadsThroughB {
        var seen = ReadsThroughB()
        let created = try RawHTTPConnection(port: a.app.port).request(
            "POST", "/v1/sessions", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        let body = try JSONParser.parse(created.body)
        seen.id = body["id"]?.stringValue ?? ""
        seen.token = body["token"]?.stringValue ?? ""
        let headers = ["Authorization": "Bearer \(seen.token)"]
        let menu = "/v1/sessions/\(seen.id)/menu"
        let onB = try RawHTTPConnection(port: b.app.port)
        func read(for duration: Duration) throws {
            let until = ContinuousClock.now + duration
            while ContinuousClock.now < until {
                seen.readsOnB.append(try onB.request("GET", menu, headers: headers).status)
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        try read(for: .milliseconds(8500))
        _ = try RawHTTPConnection(port: a.app.port).request("GET", "/metrics")
        seen.aHeldItAfterItsSweep = a.app.sessions.session(id: seen.id) != nil
        try read(for: .seconds(1))
        seen.afterwards.append(try RawHTTPConnection(port: a.app.port).request("GET", menu, headers: headers).status)
        let select = Array(#"{"action": "select", "args": {"images": ["img-2"]}}"#.utf8)
        seen.afterwards.append(try onB.request(
            "POST", "/v1/sessions/\(seen.id)/commands", headers: headers.merging(["Content-Type": "application/json"]) { $1 },
            body: select).status)
        return seen
    }

    /// Whether the database at `url` holds session `id`.
    private static func isStored(_ id: String, _ url: String) throws -> Bool {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        return try connection.query("SELECT count(*) FROM sessions WHERE id = $1", [.text(id)]).int(0, 0) == 1
    }

    /// PostgreSQL crashes and comes back while writers go through both instances: writes
    /// refused meanwhile answer 503, both instances take writes again, and the database holds
    /// every write either instance acknowledged (or the one in flight when it went).
    @Test func theDatabaseRestartedUnderLoadThroughBothInstancesLosesNothing() async throws {
        let cluster = try PostgresCluster.startPrivate()
        defer { cluster.remove() }
        let url = try cluster.createDatabase()
        func configure(_ configuration: inout ServerConfiguration) {
            configuration.databaseURL = url
            configuration.durability = .full
        }
        let a = try LiveServer(configure)
        defer { a.stop() }
        let b = try LiveServer(configure)
        defer { b.stop() }
        var writers: [RestartWriter] = []
        for (index, server) in [a, b, a, b].enumerated() {
            writers.append(try await RestartWriter(session: server.client.createSession(), image: 40 + index))
        }
        let running = writers.map { writer in Task { await writer.run() } }
        try await Task.sleep(for: .milliseconds(500))
        try cluster.stopServer()
        try await Task.sleep(for: .milliseconds(300))
        try cluster.startServer()
        // Until every writer has had a write acknowledged after the restart.
        var marks: [Int] = []
        for writer in writers { marks.append(await writer.acknowledgedCount) }
        let deadline = ContinuousClock.now + .seconds(30)
        var resumed = false
        while !resumed, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            resumed = true
            for (writer, mark) in zip(writers, marks) where await writer.acknowledgedCount <= mark { resumed = false }
        }
        for writer in writers { await writer.stop() }
        for task in running { await task.value }
        #expect(resumed, "every writer wrote again through its instance after the restart")

        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        var refused = 0
        for writer in writers {
            let stored = try connection.query("SELECT rating::int8 FROM image_values WHERE id = $1", [.int(writer.image)]).int(0, 0)
            let (acknowledged, inFlight) = await (writer.lastAcknowledged, writer.inFlight)
            #expect(stored == acknowledged || stored == inFlight, "img-\(writer.image): stored \(stored), acknowledged \(String(describing: acknowledged))")
            refused += await writer.refusedCount
        }
        #expect(refused > 0, "the database was away long enough to refuse writes")
    }

    /// One writer of the restart test: sets its own image's rating through its session, one
    /// write at a time, cycling 1...5, and remembers what was acknowledged.
    actor RestartWriter {
        let session: RemoteSession
        let image: Int
        private(set) var acknowledgedCount = 0
        private(set) var refusedCount = 0
        private(set) var lastAcknowledged: Int?
        private(set) var inFlight: Int?
        private var stopping = false

        init(session: RemoteSession, image: Int) async throws {
            self.session = session
            self.image = image
            try await session.perform("select", ["images": .array([.string("img-\(image)")])])
        }

        func run() async {
            var rating = 0
            while !stopping {
                rating = rating % 5 + 1
                inFlight = rating
                let answer = try? await session.command(["action": "setRating", "args": ["rating": .number(Double(rating))]])
                if answer?.status == 200 {
                    lastAcknowledged = rating
                    acknowledgedCount += 1
                    inFlight = nil
                } else {
                    refusedCount += 1
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
        }

        func stop() {
            stopping = true
        }
    }
}

/// Undo that respects others across instances: the editor on the other instance is named.
@Suite("PostgreSQL, two instances: history and conflicts")
struct PostgresTwoInstancesHistoryLiveTests {
    @Test func anUndoOnANamesTheEditorWhoChangedTheImageOnB() async throws {
        let (a, b, _) = try PostgresTwoInstancesLiveTests.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = try await b.client.createSession()
        let was = try await onA.rating(of: "img-5")
        let set = was == 5 ? 4 : 5
        try await onA.rate(["img-5", "img-6"], set)
        try await onB.rate(["img-5"], 1)

        // Should A's mirror not have followed B's commit yet, the undo's write is refused for
        // it, and walked again over the mirror that has.
        let undone = try await onA.perform("undo")
        #expect(undone.status == 200, "\(undone.text.prefix(300))")
        let conflict = try #require(undone["conflicts"]?.arrayValue?.first)
        #expect(conflict["image"] == "img-5" && conflict["found"] == 1 && conflict["expected"] == JSON.number(Double(set)))
        // `by` is the principal of B's history entry, read through A's instance.
        let history = try await a.client.get("/v1/images/img-5/history?limit=1", token: onA.token)
        let newest = try #require(history["history"]?.arrayValue?.first)
        #expect(newest["session"] == JSON.string(onB.id))
        #expect(conflict["by"] == newest["principal"] && conflict["by"] == "anonymous")
    }
}
