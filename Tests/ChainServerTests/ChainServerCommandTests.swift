import ChainTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking

@testable import ChainServer
#endif

/// The built `chain-server` executable as an operator runs it: the one "listening on" line,
/// a clean exit 0 on SIGTERM with every acknowledged write on disk, and startup refused with
/// a message naming the file, key and problem.
@Suite(.serialized)
struct ChainServerCommandTests {
    /// `chain-server` beside the test bundle (SwiftPM builds every product with the tests).
    static var executable: URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("chain-server").path),
              directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("chain-server")
    }

    static let configDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config").path

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chain-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Waits for `process` to exit; kills it and answers `false` when it has not within `limit`.
    static func waitForExit(_ process: Process, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return false
            }
            usleep(10_000)
        }
        return true
    }

    /// Reads stdout until the first full line (or the process ends).
    func firstLine(of pipe: Pipe) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk
            if bytes.contains(UInt8(ascii: "\n")) { break }
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    func send(_ method: String, _ url: String, body: String? = nil, token: String? = nil) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as! HTTPURLResponse).statusCode, json)
    }

    @Test func printsOneListeningLineAndStopsCleanlyOnSIGTERMKeepingWrites() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let (process, output, _) = try launch(["--port", "0", "--data-dir", data.path, "--config", Self.configDirectory],
                                              environment: ["CHAIN_LOG_LEVEL": "error"])
        let line = firstLine(of: output)
        let match = try #require(line.wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:(\d+))/))
        #expect(Int(match.output.2)! > 0)
        let base = String(match.output.1)

        let (created, session) = try await send("POST", base + "/v1/sessions")
        #expect(created == 201)
        let id = try #require(session["id"] as? String)
        let token = try #require(session["token"] as? String)
        let commands = base + "/v1/sessions/\(id)/commands"
        #expect(try await send("POST", commands, body: #"{"action":"select","args":{"images":["img-7","img-8"]}}"#, token: token).0 == 200)
        #expect(try await send("POST", commands, body: #"{"action":"setRating","args":{"rating":4}}"#, token: token).0 == 200)

        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.isEmpty, "stdout carries only the listening line")

        let (again, againOutput, _) = try launch(["--port", "0", "--data-dir", data.path, "--config", Self.configDirectory],
                                                 environment: ["CHAIN_LOG_LEVEL": "error"])
        defer { again.terminate(); again.waitUntilExit() }
        let second = try #require(firstLine(of: againOutput).wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/))
        let (_, next) = try await send("POST", String(second.output.1) + "/v1/sessions")
        let nextToken = try #require(next["token"] as? String)
        for image in ["img-7", "img-8"] {
            let (status, body) = try await send("GET", String(second.output.1) + "/v1/images/\(image)", token: nextToken)
            #expect(status == 200)
            #expect(body["rating"] as? Int == 4)
        }
    }

    @Test func sigtermWithEventStreamsOpenEndsThemAndExitsPromptly() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let (process, output, _) = try launch(["--port", "0", "--data-dir", data.path, "--config", Self.configDirectory],
                                              environment: ["CHAIN_LOG_LEVEL": "error"])
        let match = try #require(firstLine(of: output).wholeMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/))
        let port = try #require(UInt16(match.output.1))
        let (_, session) = try await send("POST", "http://127.0.0.1:\(port)/v1/sessions")
        let remote = RemoteSession(
            id: try #require(session["id"] as? String), token: try #require(session["token"] as? String),
            client: LiveClient(baseURL: "http://127.0.0.1:\(port)", port: port))
        let streams = try (0..<4).map { _ in try EventStreamClient(port: port, session: remote) }
        for stream in streams {
            #expect(stream.status == 200)
            _ = try await stream.event("hello")
        }

        let started = ContinuousClock.now
        process.terminate()  // SIGTERM
        let exited = try await offCooperativePool { Self.waitForExit(process, within: .seconds(20)) }
        try #require(exited, "chain-server still running 20 s after SIGTERM")
        #expect(ContinuousClock.now - started < .seconds(3), "the 10 s grace is not spent waiting on streams")
        #expect(process.terminationStatus == 0)
        for stream in streams {
            #expect(try await stream.event("ended")["reason"] == "shutdown")
        }
    }

    @Test func aBadConfigurationStopsStartupNamingFileKeyAndProblem() throws {
        let config = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.copyItem(atPath: Self.configDirectory + "/menus.json", toPath: config.path + "/menus.json")
        try Data(#"{"limits": {"maxBodyBytes": "lots"}}"#.utf8).write(to: config.appendingPathComponent("server.json"))
        let (process, output, errors) = try launch(["--port", "0", "--config", config.path, "--data-dir", config.path + "/data"])
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("server.json"))
        #expect(message.contains("limits.maxBodyBytes"))
        #expect(message.contains("must be an integer"))
    }

    @Test func importAddsImageFilesOnceAndSummarises() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let pictures = root.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try CameraFixtures.picture(pictures.appendingPathComponent("a.png").path, width: 3, height: 2)
        try CameraFixtures.picture(pictures.appendingPathComponent("b.PNG").path, width: 2, height: 3)
        try Data("not an image".utf8).write(to: pictures.appendingPathComponent("notes.txt"))
        let arguments = ["import", pictures.path, "--data-dir", root.path + "/data", "--config", Self.configDirectory]
        for expectedAdded in [2, 0] {
            let (process, output, _) = try launch(arguments)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let summary = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(summary.contains("Imported \(expectedAdded) new image"), "\(summary)")
        }
    }

    /// Truncated and odd pictures make libvips warn ("Premature end of JPEG file", "error in
    /// tile …"); those reach stderr as JSON lines of the log, naming the file where known,
    /// never as GLib's own lines, and stdout holds the summary's lines alone. A file whose
    /// header libvips cannot read is skipped, by reason.
    @Test func importOfOddPicturesPrintsNoRawLibraryLines() throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try folder.picture("whole.jpg", width: 640, height: 480))))
        folder.file("truncated.jpg", Array(whole.prefix(whole.count / 3)))
        folder.file("garbage.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x78, count: 500))
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let (process, output, errors) = try launch(["import", folder.path, "--data-dir", data.path, "--config", Self.configDirectory])
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let logged = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let summary = printed.split(separator: "\n")
        #expect(summary.count == 3, "\(printed)")
        #expect(summary.first?.hasPrefix("Imported 2 new images from 3 files") == true, "\(printed)")
        #expect(summary.dropFirst().first == "Formats: jpeg 2", "\(printed)")
        #expect(summary.last?.hasPrefix("Skipped: ") == true && summary.last?.hasSuffix(" 1") == true, "\(printed)")
        let lines = logged.split(separator: "\n")
        #expect(!logged.contains("VIPS-WARNING") && !logged.contains("(process:"), "\(logged)")
        var warnings: [[String: Any]] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON line: \(line)")
            if let object, object["event"] as? String == "picture.log" { warnings.append(object) }
        }
        #expect(!warnings.isEmpty, "libvips said nothing of the broken pictures: \(logged)")
        #expect(warnings.allSatisfy { $0["level"] as? String == "warning" && $0["domain"] as? String == "VIPS" })
        #expect(warnings.contains { ($0["file"] as? String)?.hasSuffix("truncated.jpg") == true || ($0["file"] as? String)?.hasSuffix("garbage.jpg") == true })
    }
}
