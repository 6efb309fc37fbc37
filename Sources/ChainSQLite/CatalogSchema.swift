import ChainModel
import ChainStorage

/// The catalog's tables, versioned by `PRAGMA user_version`.
///
/// Each migration moves the file from version `n - 1` to `n` inside one transaction, so a
/// crash mid-migration leaves the previous version intact. A file from a newer build is
/// refused before anything is written to it.
package enum CatalogSchema {
    /// Migration `i` produces version `i + 1`. Append only: shipped migrations never change.
    package static let migrations: [String] = [
        // v1: the image catalog.
        """
        CREATE TABLE images (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
            path TEXT UNIQUE,
            byte_size INTEGER,
            width INTEGER,
            height INTEGER,
            format TEXT,
            added_at TEXT
        );
        -- Pages filtered by `rating >= ? AND id > ? ORDER BY id LIMIT n` walk the rowid from
        -- `id` and stop after n matches, with no sort: no index orders a rating range by id.
        -- This one gives exact-rating pages the same walk over matching rows only, and
        -- counts per rating a covering index.
        CREATE INDEX images_by_rating ON images(rating, id);
        """,
        // v2: colour labels and flags, stored as the model's codes (`ColorLabel`, `Flag`).
        // No attribute is indexed any more: an index entry per image moved made setting a
        // million images five stars twice as slow (1 s of index upkeep in 2), while a
        // filtered page walks the rowid from its cursor and stops at `limit` matches; the
        // worst page, a value no image has, scans the table once (about 90 ms a million rows).
        """
        ALTER TABLE images ADD COLUMN label INTEGER NOT NULL DEFAULT 0 CHECK (label BETWEEN 0 AND 5);
        ALTER TABLE images ADD COLUMN flag INTEGER NOT NULL DEFAULT 0 CHECK (flag BETWEEN 0 AND 2);
        DROP INDEX images_by_rating;
        """,
        // v3: sessions, so they survive a restart, written in the transaction of the command
        // that changed them. Undo entries are stored once each, by serial, and the session's
        // state names its stacks by serial; idempotency receipts hold the answer to replay.
        """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            token_digest BLOB NOT NULL UNIQUE,
            client TEXT NOT NULL,
            state TEXT NOT NULL,
            stacks TEXT NOT NULL DEFAULT '',
            handlers TEXT NOT NULL DEFAULT ''
        ) WITHOUT ROWID;
        CREATE TABLE undo_entries (
            session TEXT NOT NULL,
            serial INTEGER NOT NULL,
            name TEXT NOT NULL,
            changes BLOB NOT NULL,
            PRIMARY KEY (session, serial)
        ) WITHOUT ROWID;
        CREATE TABLE idempotency_receipts (
            session TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint BLOB NOT NULL,
            status INTEGER NOT NULL,
            content_type TEXT NOT NULL,
            body BLOB NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (session, key)
        ) WITHOUT ROWID;
        """,
        // v4: what the file says of how it was taken (`StoredMetadata`), read at import;
        // images imported before have none and stand as stored (orientation 1).
        """
        ALTER TABLE images ADD COLUMN capture_time TEXT;
        ALTER TABLE images ADD COLUMN capture_ms INTEGER;
        ALTER TABLE images ADD COLUMN camera_make TEXT;
        ALTER TABLE images ADD COLUMN camera_model TEXT;
        ALTER TABLE images ADD COLUMN lens TEXT;
        ALTER TABLE images ADD COLUMN exposure_time TEXT;
        ALTER TABLE images ADD COLUMN aperture REAL;
        ALTER TABLE images ADD COLUMN iso INTEGER;
        ALTER TABLE images ADD COLUMN focal_length REAL;
        ALTER TABLE images ADD COLUMN orientation INTEGER NOT NULL DEFAULT 1 CHECK (orientation BETWEEN 1 AND 8);
        """,
        // v5: principals. API keys by name, stored as the SHA-256 digest of the key (as
        // session tokens are), revoked rather than deleted so a revoked name is never given
        // out again; and each session's principal, so a restart keeps who it acts for.
        // Sessions stored before were the anonymous editor's (`open` mode).
        """
        CREATE TABLE api_keys (
            name TEXT PRIMARY KEY,
            role TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
            digest BLOB NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        ) WITHOUT ROWID;
        ALTER TABLE sessions ADD COLUMN principal TEXT NOT NULL DEFAULT 'anonymous';
        ALTER TABLE sessions ADD COLUMN role TEXT NOT NULL DEFAULT 'editor';
        """,
        // v6: the catalog's history (`HistoryRecord`): one entry per committed write naming who,
        // which session, which action and when (milliseconds since 1970), and one row per image
        // it changed, with the changed attributes' values before and after packed into one
        // small integer each (`HistoryValues`). A write adds the entry and its rows to
        // `history_recent` (the entry as image 0, its time in `before`), keyed by entry, so the
        // whole record lands on the table's last page, one page whatever the images; the
        // history's pruning thread moves them every second or so (`SQLiteHistoryRows.fold`)
        // into `history_entries` and `history_values`, keyed by image then entry, so an image's
        // history is one range read newest first (with the few recent rows beside it) and
        // pruning sweeps ranges of images. Written straight into both, each command dirtied two
        // more pages, one at a random place: setRating cost 18% more CPU at 64 connections.
        """
        CREATE TABLE history_entries (
            id INTEGER PRIMARY KEY,
            principal TEXT NOT NULL,
            session TEXT NOT NULL,
            action TEXT NOT NULL,
            time_ms INTEGER NOT NULL
        );
        CREATE TABLE history_values (
            image INTEGER NOT NULL,
            entry INTEGER NOT NULL,
            before INTEGER NOT NULL,
            after INTEGER NOT NULL,
            PRIMARY KEY (image, entry)
        ) WITHOUT ROWID;
        CREATE TABLE history_recent (
            entry INTEGER NOT NULL,
            image INTEGER NOT NULL,
            before INTEGER NOT NULL,
            after INTEGER NOT NULL,
            principal TEXT,
            session TEXT,
            action TEXT,
            PRIMARY KEY (entry, image)
        ) WITHOUT ROWID;
        """,
        // v7: the history's rows stay where they are written. One row per image an entry
        // changed goes into `history_log`, keyed by entry, so a write's rows land on the
        // table's last page: its values before and after (`HistoryValues`), when, and who
        // through which session and action as the id of a `history_actors` row, interned by the
        // writer (`SQLiteHistoryActors`), so the row is a few small integers. The history's
        // pruning thread folds only the per-image index, `history_by_image` (image, entry),
        // every second or so (`SQLiteHistoryRows.fold`), up to the entry `history_folded`
        // names; an image's history is a range of the index joined to the log, beside the
        // log's rows past the fold. v6 moved every row once more, entry and values into two
        // tables, and deleted it: history cost setRating 10–16% more CPU at 64 connections.
        // An actor is used for entries below its `until_entry` only, so it is dropped once the
        // log keeps none below it.
        """
        CREATE TABLE history_actors (
            id INTEGER PRIMARY KEY,
            principal TEXT NOT NULL,
            session TEXT NOT NULL,
            action TEXT NOT NULL,
            until_entry INTEGER NOT NULL
        );
        CREATE TABLE history_log (
            entry INTEGER NOT NULL,
            image INTEGER NOT NULL,
            before INTEGER NOT NULL,
            after INTEGER NOT NULL,
            actor INTEGER NOT NULL,
            time_ms INTEGER NOT NULL,
            PRIMARY KEY (entry, image)
        ) WITHOUT ROWID;
        CREATE TABLE history_by_image (
            image INTEGER NOT NULL,
            entry INTEGER NOT NULL,
            PRIMARY KEY (image, entry)
        ) WITHOUT ROWID;
        CREATE TABLE history_folded (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            entry INTEGER NOT NULL
        );
        INSERT OR REPLACE INTO history_entries (id, principal, session, action, time_ms)
            SELECT entry, principal, session, action, before FROM history_recent WHERE image = 0;
        INSERT OR REPLACE INTO history_values (image, entry, before, after)
            SELECT image, entry, before, after FROM history_recent WHERE image <> 0;
        INSERT INTO history_actors (principal, session, action, until_entry)
            SELECT principal, session, action, max(id) + 1 FROM history_entries GROUP BY principal, session, action;
        INSERT INTO history_log (entry, image, before, after, actor, time_ms)
            SELECT v.entry, v.image, v.before, v.after, a.id, e.time_ms FROM history_values v
            JOIN history_entries e ON e.id = v.entry
            JOIN history_actors a ON a.principal = e.principal AND a.session = e.session AND a.action = e.action
            ORDER BY v.entry, v.image;
        INSERT INTO history_by_image (image, entry) SELECT image, entry FROM history_log ORDER BY image, entry;
        INSERT INTO history_folded (id, entry)
            SELECT 1, max(coalesce((SELECT max(entry) FROM history_log), 0), coalesce((SELECT max(id) FROM history_entries), 0));
        DROP TABLE history_recent;
        DROP TABLE history_values;
        DROP TABLE history_entries;
        """,
    ]

    package static var currentVersion: Int { migrations.count }

    /// Brings the file behind `connection` to `currentVersion` and switches it to WAL.
    package static func migrate(_ connection: SQLiteConnection) throws {
        try refuseNewer(version(of: connection), connection)
        try enableWAL(connection)

        try connection.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let found = try version(of: connection)
            try refuseNewer(found, connection)
            for index in found..<currentVersion {
                try connection.execute(migrations[index])
            }
            if found < currentVersion {
                try connection.execute("PRAGMA user_version = \(currentVersion)")
            }
        }
    }

    package static func version(of connection: SQLiteConnection) throws -> Int {
        Int(try connection.scalarInt64("PRAGMA user_version") ?? 0)
    }

    private static func refuseNewer(_ found: Int, _ connection: SQLiteConnection) throws {
        guard found <= currentVersion else {
            throw CatalogStoreError.schemaTooNew(path: connection.path, found: found, supported: currentVersion)
        }
    }

    /// WAL lets readers run beside the single writer; the setting persists in the file.
    private static func enableWAL(_ connection: SQLiteConnection) throws {
        let statement = try connection.prepare("PRAGMA journal_mode = WAL")
        let mode = try statement.rows { $0.text(at: 0) ?? "" }.first ?? ""
        try statement.finalize()
        guard mode.lowercased() == "wal" else {
            throw CatalogStoreError.walUnavailable(path: connection.path, mode: mode)
        }
    }
}
