import ChainTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `chain-server` as an operator runs it with principals: `open` mode refused off
/// loopback, `keys add|list|revoke`, and neither a key nor a session token ever in the log
/// or in clear in the catalog file.
@Suite(.serialized)
struct AuthCommandTests {
    let command = ChainServerCommandTests()

    /// Runs `chain-server arguments` to its end: exit status, stdout, stderr.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let (process, output, errors) = try command.launch(arguments, environment: environment)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        #expect(ChainServerCommandTests.waitForExit(process, within: .seconds(60)))
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test(arguments: ["0.0.0.0", "::", "192.0.2.1"])
    func openModeOffLoopbackRefusesToStartAndSaysWhy(host: String) throws {
        let data = try command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let (status, out, err) = try run(["--host", host, "--port", "0", "--data-dir", data.path, "--config", ChainServerCommandTests.configDirectory])
        #expect(status != 0)
        #expect(out.isEmpty)
        let lines = err.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(err)")
        #expect(err.contains("open mode") && err.contains("auth.allowOpen"))
    }

    /// The repository's menus with a small catalog and no demo pictures to draw: this suite
    /// starts servers beside the others, and need not load the machine for seconds.
    func lightConfiguration(in data: URL) throws -> String {
        let config = data.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ChainServerCommandTests.configDirectory + "/menus.json", toPath: config.appendingPathComponent("menus.json").path)
        try Data(#"{"catalog": {"demoImages": 60, "demoPictures": false}}"#.utf8).write(to: config.appendingPathComponent("server.json"))
        return config.path
    }

    @Test func keysOnTheCommandLineAndNeverAKeyOrTokenInTheLogOrTheFile() async throws {
        let data = try command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let common = ["--data-dir", data.appendingPathComponent("data").path, "--config", try lightConfiguration(in: data)]
        let (added, out, _) = try run(["keys", "add", "eve", "--role", "editor"] + common)
        #expect(added == 0)
        let key = try #require(out.split(separator: "\n").last.map(String.init))
        #expect(key.hasPrefix("ck_") && key.count > 40)
        let (again, _, err) = try run(["keys", "add", "eve", "--role", "viewer"] + common)
        #expect(again != 0 && err.contains("eve"))
        let (_, listed, _) = try run(["keys", "list"] + common)
        #expect(listed.contains("eve\teditor\t") && listed.contains("active") && !listed.contains(key))
        let (bad, _, usage) = try run(["keys", "add", "x", "--role", "root"] + common)
        #expect(bad == 2 && usage.contains("usage:"))

        let environment = ["CHAIN_LOG_LEVEL": "debug", "CHAIN_AUTH_MODE": "keys"]
        let (server, output, errors) = try command.launch(["--port", "0"] + common, environment: environment)
        let match = try #require(command.firstLine(of: output).wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/))
        let base = String(match.output.1)
        let (refused, _) = try await command.send("POST", base + "/v1/sessions")
        #expect(refused == 401)
        let (created, session) = try await command.send("POST", base + "/v1/sessions", token: key)
        #expect(created == 201)
        let id = try #require(session["id"] as? String)
        let token = try #require(session["token"] as? String)
        let commands = base + "/v1/sessions/\(id)/commands"
        #expect(try await command.send("POST", commands, body: #"{"action":"select","args":{"images":["img-3"]}}"#, token: token).0 == 200)
        #expect(try await command.send("POST", commands, body: #"{"action":"setRating","args":{"rating":2}}"#, token: token).0 == 200)
        #expect(try await command.send("POST", commands, body: "{}", token: token + "x").0 == 401)

        // Revoked while it runs: the token is refused within the poll.
        let (revoked, _, _) = try run(["keys", "revoke", "eve"] + common)
        #expect(revoked == 0)
        var status = 200
        for _ in 0..<50 where status != 401 {
            try await Task.sleep(for: .milliseconds(100))
            status = try await command.send("GET", base + "/v1/sessions/\(id)", token: token).0
        }
        #expect(status == 401)
        let (_, afterList, _) = try run(["keys", "list"] + common)
        #expect(afterList.contains("revoked"))

        server.terminate()
        server.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("session.created"), "the debug log was read")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("data/catalog.sqlite").path))
        for secret in [key, token] {
            #expect(!log.contains(secret))
            for file in ["catalog.sqlite", "catalog.sqlite-wal"] {
                let bytes = (try? Data(contentsOf: data.appendingPathComponent("data").appendingPathComponent(file))) ?? Data()
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds a secret in clear")
            }
        }
    }
}
