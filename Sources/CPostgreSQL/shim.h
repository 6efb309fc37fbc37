#ifndef CPOSTGRESQL_SHIM_H
#define CPOSTGRESQL_SHIM_H

#include <libpq-fe.h>

// libpq has no variadic calls and no function-like macros on the paths we use, so Swift
// calls it directly; this header only gives the module one include. Anything added here is
// a `static inline` wrapper prefixed `cpq_`, so nothing can collide with libpq's symbols.

/// A notice processor that drops the server's notices (`NOTICE: relation exists, skipping`
/// and the like): libpq would otherwise print each to stderr, where it reads as an error.
static void cpq_ignore_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}

static inline void cpq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, cpq_ignore_notice, 0);
}

#endif
