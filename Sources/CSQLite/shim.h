#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions nor import the SQLITE_TRANSIENT macro (a cast of -1
// to a function pointer), so these fixed-signature wrappers stand in for them. Every name is
// prefixed `csqlite_` so nothing here can collide with SQLite's own symbols.

/// `sqlite3_db_config` for the boolean options (`SQLITE_DBCONFIG_DEFENSIVE`, `…_DQS_DML`, …)
/// that take an int and report the resulting setting through `out` (which may be NULL).
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}

/// Binds text that SQLite copies before returning, so the Swift buffer may go away at once.
static inline int csqlite_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int byteCount) {
    return sqlite3_bind_text(stmt, index, text, byteCount, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies before returning, so the Swift buffer may go away at once.
static inline int csqlite_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *bytes, int byteCount) {
    return sqlite3_bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}

#endif
