import Foundation
import Testing

@testable import ChainServer

/// The README's curl tour, run as written (`scripts/readme-tour`) against a live server:
/// every command must answer 2xx.
@Suite("README tour, live")
struct ReadmeTourTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the tour against `url`; its exit status and output.
    static func tour(_ url: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            root.appendingPathComponent("scripts/readme-tour").path, url, root.appendingPathComponent("README.md").path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Four tours at once on one server, twice over, beside the rest of the suite: each is its
    /// own session with its own remote handler, and every one of their requests must answer
    /// 2xx, however the machine's load orders them.
    @Test func everyCommandOfTheTourAnswers2xxWhateverTheLoad() async throws {
        try await LiveServer.with { server in
            let url = server.app.url
            for round in 1...2 {
                let runs = try await withThrowingTaskGroup(of: (Int32, String).self) { group in
                    for _ in 0..<4 { group.addTask { try await offCooperativePool { try Self.tour(url) } } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                for (status, output) in runs {
                    #expect(status == 0, "round \(round): readme-tour failed:\n\(output.suffix(3_000))")
                    #expect(output.contains("all 2xx"), "\(output.suffix(500))")
                }
            }
        }
    }
}
