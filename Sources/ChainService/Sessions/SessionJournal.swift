import ChainModel
import ChainStorage

/// Keeps sessions in storage, so they survive a restart: it turns what changed of a session
/// into a `SessionWrite` for the batch that also carries the command's catalog writes, and
/// at start turns what storage holds back into live sessions.
///
/// Undo entries are written once each (a million-image change is not rewritten by every
/// later selection); a write names the entries added since the last commit and those gone.
package final class SessionJournal: Sendable {
    package let storage: any CatalogStorage

    /// How many entries no stack names any more a session's storage keeps before one write
    /// deletes them all.
    package static let deletionBatch = UndoStack.levels

    package init(storage: any CatalogStorage) {
        self.storage = storage
    }

    /// A session's change, prepared to go in a batch and, once that batch committed, to be
    /// recorded on the session.
    package struct Change: Sendable {
        package var write: SessionWrite
        /// The serials storage holds once the write commits.
        package var entries: SerialRuns

        /// Records the committed write on `session` (the model itself is the caller's to set).
        package func committed(on session: LiveSession) {
            session.stored(entries: entries, receipt: write.receipt, dropping: write.droppedReceipts, counted: write.expectedVersion != nil)
        }
    }

    /// What storing `model` (when given) and `receipt` (when given) as `session`'s new
    /// state writes. Entries are written once: only those newer than the newest stored are
    /// read out of the model (serials only grow), and those no stack names any more go,
    /// `deletionBatch` at a time, found a run of consecutive serials at a time.
    package func change(of session: LiveSession, to model: Session?, receipt: IdempotencyReceipt? = nil) -> Change {
        var write = SessionWrite(id: session.id, kind: .update)
        let stored = session.storedEntries
        var entries = stored
        if let model {
            write.expectedVersion = session.storedVersion
            // The stored stacks are those of the session's model now (the last committed):
            // when the command left every stack as it was, they are not read or written.
            let stacks = !model.hasSameUndoStacks(as: session.model)
            let archive = model.archive(entriesAfter: stored.last ?? 0, stacks: stacks)
            write.state = SessionStateCoding.encodeState(archive)
            if stacks {
                write.stacks = SessionStateCoding.encodeStacks(archive)
                write.addedEntries = archive.entries.map { entry in
                    SessionWrite.Entry(
                        serial: entry.serial, name: entry.name, changes: ChangeSetCoding.encode(entry.changes, expecting: entry.expected))
                }
                let named = archive.entrySerials
                let gone = stored.subtracting(named)
                // Entries no stack names any more go a batch at a time: a full stack drops
                // one entry per command, and deleting each alone dirtied an extra page of
                // the entries table in every commit. Until then they stay, unread.
                if gone.count >= Self.deletionBatch {
                    write.removedEntries = gone.runs
                    entries = named
                } else {
                    entries = SerialRuns(merging: stored.runs + named.runs)
                }
            }
        }
        if let receipt {
            write.receipt = receipt
            write.droppedReceipts = session.receiptsToDrop
        }
        return Change(write: write, entries: entries)
    }

    /// Stores a new session; `completion` runs once it is durable, or not.
    package func create(_ session: LiveSession, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        var write = SessionWrite(id: session.id, kind: .create(tokenDigest: session.tokenDigest, client: session.client, principal: session.principal))
        let archive = session.model.archive
        write.state = SessionStateCoding.encodeState(archive)
        write.stacks = SessionStateCoding.encodeStacks(archive)
        storage.write(StorageWrite(session: write), stillValid: nil, completion: completion)
    }

    /// Stores a session's remote handlers as `record` (`RemoteHandlerCoding`'s) has them.
    package func storeHandlers(
        of session: LiveSession, _ record: [UInt8], completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        var write = SessionWrite(id: session.id, kind: .update)
        write.handlers = record
        storage.write(StorageWrite(session: write), stillValid: nil, completion: completion)
    }

    /// Forgets an ended session. `unusedFor` (an expiry, with the idle time): only if no
    /// other instance sharing the storage has stored a command's state since this one did, or
    /// recorded a use (`storeUse`) within that time; one that did is using it.
    package func delete(
        _ session: LiveSession, unusedFor idle: Duration? = nil,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void = { _ in }
    ) {
        var write = SessionWrite(id: session.id, kind: .delete)
        if let idle {
            write.expectedVersion = session.storedVersion
            write.unusedFor = idle
        }
        storage.write(StorageWrite(session: write), stillValid: nil, completion: completion)
    }

    /// Records in shared storage that `session` is in use here (plain reads store nothing
    /// else), so another instance's expiry leaves it. A use that failed to store is tried
    /// again on the next one.
    package func storeUse(of session: LiveSession) {
        guard storage.isShared else { return }
        var write = SessionWrite(id: session.id, kind: .update)
        write.used = true
        storage.write(StorageWrite(session: write), stillValid: nil) { stored in
            if case .failure = stored { session.storedUseFailed() }
        }
    }

    /// Every stored session, live again. A session that cannot be read back is an error
    /// naming it: starting without it would log its client out without a word.
    package func restore(now: ContinuousClock.Instant) throws -> [LiveSession] {
        try storage.loadSessions().map { stored in try Self.restore(stored, now: now) }
    }

    /// Takes `session` again as storage holds it now, when another instance may have changed
    /// it (`LiveSession.replaceStored`; from a job on its queue). `nil` when it is stored no
    /// more (ended elsewhere); otherwise whether another instance had stored a newer state
    /// (a command's, or its remote handlers').
    /// Taken whole even at the same version: a receipt alone counts none. Storage that only
    /// this instance writes has nothing newer.
    package func refresh(_ session: LiveSession) throws -> Bool? {
        guard storage.isShared else { return false }
        guard let stored = try storage.loadSession(.id(session.id)) else { return nil }
        let restored = try Self.restore(stored, now: .now)
        let newer = restored.storedVersion != session.storedVersion || restored.view(live: false)?.version != session.view(live: false)?.version
        session.replaceStored(with: restored)
        return newer
    }

    /// A session created on another instance sharing the storage, or served by one, by its
    /// token's digest: found while some instance recorded a use of it within `usedWithin`;
    /// otherwise told apart as stored but idle (a second query) or absent.
    package func load(tokenDigest: [UInt8], usedWithin: Duration) throws -> SessionLookup {
        guard storage.isShared else { return .absent }
        if let stored = try storage.loadSession(.tokenDigestUsedWithin(tokenDigest, usedWithin)) {
            return .found(try Self.restore(stored, now: .now))
        }
        return try storage.loadSession(.tokenDigest(tokenDigest)) == nil ? .absent : .idle
    }

    package static func restore(_ stored: StoredSession, now: ContinuousClock.Instant) throws -> LiveSession {
        do {
            let entries = try stored.entries.sorted { $0.key < $1.key }.map { serial, entry in
                let decoded = try ChangeSetCoding.decodeEntry(entry.changes)
                return SessionArchive.EntryArchive(serial: serial, name: entry.name, changes: decoded.changes, expected: decoded.expected)
            }
            let archive = try SessionStateCoding.decode(state: stored.state, stacks: stored.stacks, entries: entries)
            let model = try Session(restoring: archive)
            var handlers = try RemoteHandlerCoding.decode(stored.handlers)
            // As `LiveSession.model` does when a command closes a window: its handlers go,
            // and that counts as one change. A handler stored after that command committed
            // was registered on a responder that still existed.
            if handlers.handlers.contains(where: { !model.contains($0.responder) }) {
                handlers.handlers.removeAll { !model.contains($0.responder) }
                handlers.changes += 1
            }
            return LiveSession(
                id: stored.id, tokenDigest: stored.tokenDigest, principal: stored.principal, client: stored.client, now: now, model: model,
                handlers: handlers, storedEntries: SerialRuns(stored.entries.keys), receipts: stored.receipts,
                storedVersion: stored.version, storedHandlers: stored.handlers)
        } catch {
            throw CatalogStoreError.corruptSession(id: stored.id, reason: "\(error)")
        }
    }
}
