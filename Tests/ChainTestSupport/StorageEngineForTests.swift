import ChainConfig
import ChainPostgreSQL
import ChainSQLite
import ChainStorage
import Foundation
import Testing

/// The storage engines the contract tests run against: every `CatalogStorage` must pass
/// the same suite.
package enum StorageEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    package var testDescription: String { rawValue }

    /// A fresh place for a store: a temporary directory, and for PostgreSQL a new database
    /// in `cluster` (the run's shared one by default) for the catalog and sessions.
    package func makeLocation(in cluster: PostgresCluster? = nil) throws -> StorageLocation {
        let directory = TemporaryDirectory.make()
        do {
            switch self {
            case .sqlite: return StorageLocation(engine: self, directory: directory, url: nil)
            case .postgres:
                let url = try (cluster ?? PostgresCluster.start()).createDatabase()
                return StorageLocation(engine: self, directory: directory, url: url)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Runs `body` with a fresh location, removing its directory afterwards (the run's
    /// cluster, databases and all, goes when the process exits).
    package func withLocation<T>(_ body: (StorageLocation) throws -> T) throws -> T {
        let location = try makeLocation()
        defer { try? FileManager.default.removeItem(atPath: location.directory) }
        return try body(location)
    }

    package func withLocation<T>(_ body: (StorageLocation) async throws -> T) async throws -> T {
        let location = try makeLocation()
        defer { try? FileManager.default.removeItem(atPath: location.directory) }
        return try await body(location)
    }
}

/// Where one test's store lives; opening it again reopens the same catalog.
package struct StorageLocation: Sendable {
    package let engine: StorageEngine
    package let directory: String
    /// The database's URL, for PostgreSQL.
    package let url: String?

    package func open(durability: Durability = .off, readerCount: Int = 2) throws -> any CatalogStorage {
        if let url { return try PostgresCatalogStore(url: url, durability: durability, readerCount: readerCount) }
        return try SQLiteCatalogStore(directory: directory, durability: durability, readerCount: readerCount)
    }

    /// Runs `sql` on a connection of its own, outside any store (test setup).
    package func execute(_ sql: String) throws {
        if let url {
            let connection = try PostgresConnection(url: url)
            defer { connection.close() }
            try connection.execute(sql)
        } else {
            let connection = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readWriteCreate)
            defer { try? connection.close() }
            try connection.execute(sql)
        }
    }

    /// The table holding the attribute values: PostgreSQL keeps them apart from the images.
    package var valuesTable: String { engine == .postgres ? "image_values" : "images" }

    /// Makes any update of image `id` fail, the way a real constraint might, with `message`.
    package func refuseUpdates(ofImage id: Int, message: String) throws {
        switch engine {
        case .sqlite:
            try execute("""
                CREATE TRIGGER refuse_\(id) BEFORE UPDATE ON images WHEN NEW.id = \(id)
                BEGIN SELECT RAISE(ABORT, '\(message)'); END;
                """)
        case .postgres:
            try execute("""
                CREATE FUNCTION refuse_\(id)() RETURNS trigger LANGUAGE plpgsql AS
                $$ BEGIN RAISE EXCEPTION '\(message)'; END $$;
                CREATE TRIGGER refuse_\(id) BEFORE UPDATE ON image_values FOR EACH ROW WHEN (NEW.id = \(id))
                EXECUTE FUNCTION refuse_\(id)();
                """)
        }
    }

    /// A server configuration storing here.
    package func configure(_ configuration: inout ServerConfiguration) {
        configuration.dataDirectory = directory
        configuration.databaseURL = url
    }
}

/// The message a failed write carries, whichever engine reported it.
package func storageErrorMessage(_ error: any Error) -> String? {
    (error as? SQLiteError)?.message ?? (error as? PostgresError)?.message
}
