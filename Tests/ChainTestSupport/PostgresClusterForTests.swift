import ChainPostgreSQL
import ChainSupport
import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster from Debian's `postgresql`, started once per test run in
/// a temporary directory (initdb, pg_ctl), listening on a Unix socket only, and stopped when
/// the test process exits. Each test takes a database of its own (`createDatabase`).
///
/// As root (CI), the server runs as the `postgres` user, since it refuses to run as root.
/// Syncing is off: the cluster is thrown away, and what the tests check is the engine's
/// transactions, not the disk's.
package final class PostgresCluster: Sendable {
    /// The run's cluster, started by the first test that asks.
    package static let shared: Result<PostgresCluster, any Error> = Result { try PostgresCluster() }

    package static func start() throws -> PostgresCluster { try shared.get() }

    /// A cluster of the caller's own, for a test that stops and starts the server; `stop()`
    /// removes it.
    package static func startPrivate() throws -> PostgresCluster { try PostgresCluster(shared: false) }

    package let directory: String
    package let port = 5432
    private let binaries: String
    private let databases = Lock(0)

    private init(shared: Bool = true) throws {
        guard let binaries = Self.findBinaries() else {
            throw ClusterError("no PostgreSQL server binaries under /usr/lib/postgresql: `make test` installs Debian's postgresql")
        }
        self.binaries = binaries
        // Short: the socket's path must fit in 107 bytes.
        directory = "/tmp/chain-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if geteuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: directory)
        }
        try run("initdb", ["-D", directory + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        try startServer()
        Self.running.withLock { $0.append((binaries, directory)) }
        Self.stopAtExit
    }

    /// Stops every cluster still running when the test process exits.
    private static let stopAtExit: Void = {
        atexit {
            for (binaries, directory) in PostgresCluster.running.withLock({ $0 }) {
                try? PostgresCluster.run(binaries: binaries, "pg_ctl", ["-D", directory + "/data", "-m", "immediate", "stop"], in: directory)
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }()

    /// The clusters to stop when the process exits.
    private static let running = Lock<[(String, String)]>([])

    /// Stops the server for good and removes the cluster.
    package func remove() {
        try? stopServer()
        Self.running.withLock { $0.removeAll { $0.1 == directory } }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A new, empty database; its URL.
    package func createDatabase() throws -> String {
        let name = "t\(databases.withLock { $0 += 1; return $0 })_\(UUID().uuidString.prefix(8).lowercased())"
        let admin = try PostgresConnection(url: url(database: "postgres"))
        defer { admin.close() }
        try admin.execute("CREATE DATABASE \(name)")
        return url(database: name)
    }

    package func url(database: String) -> String {
        "postgresql:///\(database)?host=\(directory)&port=\(port)&user=postgres"
    }

    /// Stops the server at once, as a crash would.
    package func stopServer() throws {
        try run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
    }

    package func startServer() throws {
        let options = "-k \(directory) -p \(port) -c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=400"
        try run("pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "60", "-o", options, "start"])
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        try Self.run(binaries: binaries, tool, arguments, in: directory)
    }

    /// Runs `tool` through `/bin/sh` and waits for it, with its output in `<directory>/tools.log`.
    /// Not `Process`: on Linux it learns of an exit through a descriptor the child inherits,
    /// which the server `pg_ctl start` leaves running inherits in turn, so it never hears.
    private static func run(binaries: String, _ tool: String, _ arguments: [String], in directory: String) throws {
        let command = (geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [binaries + "/" + tool] + arguments
        let log = directory + "/tools.log"
        let line = command.map(quoted).joined(separator: " ") + " >>" + quoted(log) + " 2>&1 </dev/null"
        let status = system(line)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw ClusterError("\(line) exited with status \(status): \(text.suffix(2_000))")
        }
    }

    private static func quoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The newest installed major version's `bin` directory.
    private static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().reversed()
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    package struct ClusterError: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }
}
