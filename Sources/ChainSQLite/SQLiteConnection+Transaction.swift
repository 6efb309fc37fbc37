import ChainStorage

extension SQLiteConnection {
    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`. An error from `body` or from COMMIT
    /// rolls back and is rethrown: that error is what the caller needs, so a failing
    /// rollback (the connection's close rolls back anyway) does not replace it.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try executeCached("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try executeCached("COMMIT")
            return value
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` inside a savepoint of the open transaction; an error from `body` undoes
    /// what it wrote, and nothing before it, and is rethrown. When the undoing itself fails,
    /// `SavepointRollbackFailed` is thrown: the transaction must then not be committed.
    package func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try executeCached("SAVEPOINT \(name)")
        do {
            let value = try body()
            try executeCached("RELEASE \(name)")
            return value
        } catch {
            do {
                try execute("ROLLBACK TO \(name)")
                try execute("RELEASE \(name)")
            } catch let rollback {
                throw SavepointRollbackFailed(cause: error, rollback: rollback)
            }
            throw error
        }
    }
}
