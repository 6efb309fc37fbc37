import ChainPostgreSQL
import ChainSQLite
import ChainStorage

extension ServerConfiguration {
    /// The catalog storage this configuration names: PostgreSQL at `databaseURL` when set,
    /// otherwise SQLite in `dataDirectory`.
    package func openStorage() throws -> any CatalogStorage {
        if let databaseURL {
            return try PostgresCatalogStore(url: databaseURL, durability: durability, readerCount: readerConnections)
        }
        return try SQLiteCatalogStore(directory: dataDirectory, durability: durability, readerCount: readerConnections)
    }
}
