import Foundation
import Testing

@testable import ChainServer

/// The README's curl tour, run as written (`scripts/readme-tour`) against a live server:
/// every command must answer 2xx.
@Suite("README tour, live")
struct ReadmeTourTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyCommandOfTheTourAnswers2xx() async throws {
        try await LiveServer.with { server in
            let url = server.app.url
            let (status, output) = try await offCooperativePool {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = [
                    Self.root.appendingPathComponent("scripts/readme-tour").path, url,
                    Self.root.appendingPathComponent("README.md").path,
                ]
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (process.terminationStatus, String(decoding: data, as: UTF8.self))
            }
            #expect(status == 0, "readme-tour failed:\n\(output.suffix(3_000))")
            #expect(output.contains("all 2xx"), "\(output.suffix(500))")
        }
    }
}
