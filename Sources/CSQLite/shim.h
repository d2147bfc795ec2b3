#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline void (*scanbench_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call: one wrapper per option used.
// While a file is being checked, closing the connection must not checkpoint (write) it.
static inline int scanbench_sqlite_no_checkpoint_on_close(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

// sqlite3_config is variadic too. Memory statistics put a global mutex around every allocation
// SQLite makes (several per row written); scanbench never reads them.
static inline int scanbench_sqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// FTS5's registration API, which SQLite hands out only as a pointer bound to `SELECT fts5(?)`
// under the type name "fts5_api_ptr" (a string that must outlive the statement: a literal here).
// NULL when FTS5 is not compiled in.
static inline fts5_api *scanbench_fts5_api(sqlite3 *db) {
  fts5_api *api = 0;
  sqlite3_stmt *statement = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
  }
  sqlite3_finalize(statement);
  return api;
}

// The type name under which a buffer is bound with sqlite3_bind_pointer and read back with
// sqlite3_value_pointer: it must outlive the statement (a literal).
static inline const char *scanbench_document_sizes_type(void) { return "scanbench_document_sizes"; }
