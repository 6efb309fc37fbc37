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
