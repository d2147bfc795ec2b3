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
