#ifndef DASHPILOT_CSQLITE_SHIM_H
#define DASHPILOT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config() is variadic, so Swift cannot call it; these adapters can be.
/// Double-quoted string literals are an SQLite misfeature: "x" silently becomes 'x'
/// when no column x exists. Turn it off for DDL and DML alike.
static inline int csqlite_disable_double_quoted_strings(sqlite3 *db) {
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}

/// SQLITE_TRANSIENT is a macro Swift cannot import: it tells SQLite to copy bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
/// sqlite3_config() is variadic too. SQLite's allocator counts every allocation under a
/// global mutex unless memory statistics are off (sqlite.org/c3ref/c_config_covering_index_scan.html,
/// SQLITE_CONFIG_MEMSTATUS); nothing here reads those statistics. Only effective before
/// sqlite3_initialize(); returns SQLITE_MISUSE after it, which the caller may ignore.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE: whether closing the last connection checkpoints the WAL into
/// the database file. A store is opened with it on until the file is known to be a DashPilot store,
/// so a file refused at open is never written by the close.
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}
#endif
