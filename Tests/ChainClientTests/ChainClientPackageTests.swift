import Foundation
import Testing

/// ChainClient is the wire's client: it must not lean on the server's code. The package's own
/// description says what each target depends on.
@Suite("ChainClient's place in the package")
struct ChainClientPackageTests {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func theLibraryHasNoTargetDependencyAtAll() throws {
        let description = try Self.describe()
        let targets = try #require(description["targets"] as? [[String: Any]])
        let client = try #require(targets.first { $0["name"] as? String == "ChainClient" })
        #expect(client["target_dependencies"] == nil, "ChainClient depends on \(client["target_dependencies"] ?? [])")
        #expect(client["product_dependencies"] == nil)
        #expect(client["type"] as? String == "library")
        let products = try #require(description["products"] as? [[String: Any]])
        let product = try #require(products.first { $0["name"] as? String == "ChainClient" })
        #expect(product["targets"] as? [String] == ["ChainClient"])
    }

    /// `swift package describe --type json`, parsed. Its own scratch path: the `swift test`
    /// running this holds the lock on the package's `.build`.
    static func describe() throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", packageDirectory, "--scratch-path", scratch, "describe", "--type", "json"]
        let output = try ChildOutput()
        process.standardOutput = output.handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let data = output.read()
        try #require(process.terminationStatus == 0, "swift package describe exited \(process.terminationStatus)")
        // Warnings may precede the JSON on standard output.
        let start = try #require(data.firstIndex(of: UInt8(ascii: "{")))
        return try #require(try JSONSerialization.jsonObject(with: data[start...]) as? [String: Any])
    }
}
