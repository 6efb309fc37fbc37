import ChainClient
import Foundation
import Testing

/// `chain-autorate`, the built executable, against a live server: the same flags and the same
/// ratings as `examples/autorate.py` (1 + CRC-32 of the id mod 5: img-1 2, img-2 4, img-3 1).
@Suite("chain-autorate, live")
struct ChainAutorateTests {
    /// The executable `swift build --build-tests` made beside the test bundle.
    static let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        .deletingLastPathComponent().appendingPathComponent("chain-autorate").path

    static var built: String? {
        [binary, ChainClientPackageTests.packageDirectory + "/.build/debug/chain-autorate"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func attachesAnswersOneCallWithPythonsRatingsAndExits() async throws {
        let binary = try #require(Self.built, "build chain-autorate first")
        try await ClientTestServer.withSession { server, session in
            try await session.perform(.select(["img-1", "img-2", "img-3"]))
            try await session.perform(.setRating(0))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--url", server.url.absoluteString, "--session", session.id, "--token=\(session.token)", "--once"]
            let output = try ChildOutput()
            process.standardOutput = output.handle
            process.standardError = output.handle
            try process.run()
            defer { if process.isRunning { process.terminate() } }

            #expect(try await eventually(30) { try await session.handlers().contains { $0.live && $0.validation.enabled } })
            let handler = try #require(try await session.handlers().first)
            #expect(handler.action == "autoRate" && handler.responder == "main/grid" && handler.undoName == "Auto Rate")
            #expect(handler.validation.title == "Auto Rate 3 Images")

            let answer = try await session.perform(.action("autoRate"))
            #expect(answer.result["rated"]?.intValue == 3)
            #expect(try await session.image("img-1").rating == 2)
            #expect(try await session.image("img-2").rating == 4)
            #expect(try await session.image("img-3").rating == 1)

            #expect(try await eventually(30) { !process.isRunning })
            #expect(process.terminationStatus == 0)
            let said = String(decoding: output.read(), as: UTF8.self)
            #expect(said.contains("answered c-1 (autoRate on main/grid): rated 3 image(s)"))
            #expect(said.contains("answered one call (--once); exiting"))
        }
    }

    /// Attached and idle, the handler spends no CPU: its stream is not on a connection that
    /// FoundationNetworking polls in a loop (a stream that connected by itself kept libcurl's
    /// write source and spun a core for its whole life; `StreamOpener`).
    @Test func idlesWithoutSpendingCPU() async throws {
        let binary = try #require(Self.built, "build chain-autorate first")
        try await ClientTestServer.withSession { server, session in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--url", server.url.absoluteString, "--session", session.id, "--token=\(session.token)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            #expect(try await eventually(30) { try await session.handlers().contains { $0.live } })

            let before = try Self.cpuTicks(of: process.processIdentifier)
            try await Task.sleep(for: .seconds(3))
            let spent = try Self.cpuTicks(of: process.processIdentifier) - before
            #expect(spent < 30, "chain-autorate spent \(spent) clock ticks (1/100 s) of CPU in 3 s idle")
        }
    }

    /// utime + stime of a process, in clock ticks, from /proc/PID/stat.
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return try #require(Int(fields[11])) + (try #require(Int(fields[12])))
    }

    @Test func refusesASessionWithoutAToken() throws {
        let binary = try #require(Self.built, "build chain-autorate first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--session", "abc"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
    }
}
