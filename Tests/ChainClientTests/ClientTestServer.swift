import ChainClient
import ChainConfig
import ChainService
import ChainTestSupport
import Foundation

@testable import ChainServer

/// A whole server started in-process on port 0 over a fresh data directory, and a
/// `ChainClient` for it: the client talks to it over real HTTP, as an app would.
final class ClientTestServer: Sendable {
    let app: ChainServerApp
    let directory: String

    init(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        directory = TemporaryDirectory.make()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.configDirectory = RepositoryPaths.configDirectory
        configuration.demoImages = 60
        configuration.logLevel = .error
        configure(&configuration)
        app = try ChainServerApp(configuration: configuration, log: Logger(level: .error))
        try app.start()
    }

    var url: URL { URL(string: app.url)! }
    var port: UInt16 { app.port }

    func stop() {
        app.stop(grace: .seconds(2))
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A fresh server and a client of it, for the length of `body`.
    static func with<T>(
        _ configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (ClientTestServer, ChainClient) async throws -> T
    ) async throws -> T {
        let server = try ClientTestServer(configure)
        defer { server.stop() }
        return try await body(server, ChainClient(url: server.url))
    }

    /// A fresh server, a client and a new session on it.
    static func withSession<T>(
        _ configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (ClientTestServer, ChainSession) async throws -> T
    ) async throws -> T {
        try await with(configure) { server, client in try await body(server, try await client.openSession()) }
    }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `seconds`: generous, as a
/// pass takes milliseconds and only a failure waits it out (sanitizer builds run far slower).
func eventually(_ seconds: Double = 30, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// A file a child process writes its output to, read once it has exited. Not a pipe:
/// Foundation's `readDataToEndOfFile` traps on EINTR, which the SIGCHLD of other tests'
/// children can cause while it blocks.
struct ChildOutput {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
    let handle: FileHandle

    init() throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// What the child wrote, and the file removed.
    func read() -> Data {
        try? handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return FileManager.default.contents(atPath: path) ?? Data()
    }
}
