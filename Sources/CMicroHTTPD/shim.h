#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift cannot
// call: one wrapper each.

// A daemon on `address` (its port 0 for an ephemeral one) with a thread of its own for each
// connection (so a slow request holds up no other), at most `connection_limit` connections
// (`per_ip_limit` from one address), each given `memory_limit` bytes for its request line and headers
// (a longer request is refused: 414 or 431) and closed after `timeout_seconds` idle. ITC so that the
// daemon can be quiesced (stop accepting, finish what is in flight). `notify` hears of each
// connection opened and closed, `completed` of each request finished, `uri_log` of each request line
// before libmicrohttpd parses its arguments. `ipv6` when `address` is an IPv6 one.
static inline struct MHD_Daemon *scanbench_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int connection_limit, unsigned int per_ip_limit,
    size_t memory_limit, unsigned int timeout_seconds, MHD_AccessHandlerCallback handler,
    void *handler_cls, MHD_NotifyConnectionCallback notify, MHD_RequestCompletedCallback completed,
    void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection)) {
  unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL
                       | MHD_USE_ITC | (ipv6 ? MHD_USE_IPv6 : 0);
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                          MHD_OPTION_NOTIFY_CONNECTION, notify, handler_cls,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, handler_cls,
                          MHD_OPTION_URI_LOG_CALLBACK, uri_log, handler_cls,
                          MHD_OPTION_END);
}

// The port the daemon listens on (the ephemeral one it was given), or 0.
static inline uint16_t scanbench_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

// The connection's socket, or -1.
static inline int scanbench_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? info->connect_fd : -1;
}

// Query arguments a request may have. libmicrohttpd keeps each argument in the connection's memory
// (`memory_limit`), and a request line of a few kilobytes of `a&a&…` exhausted it: the request got
// no answer at all. A request with more is answered 414.
enum { SCANBENCH_MAX_QUERY_ARGUMENTS = 64 };

// Whether the request line `uri` (as libmicrohttpd's URI callback sees it, before it parses the
// arguments) has more than SCANBENCH_MAX_QUERY_ARGUMENTS arguments; if so, its query is cut to
// nothing so that libmicrohttpd parses none. This writes into libmicrohttpd's read buffer, where the
// line lives and which libmicrohttpd itself writes into: libmicrohttpd 0.9.75 (Debian 12) finds the
// `?` before this callback and parses the arguments from the character after it, which is made the
// end of the string here (held by the server's tests).
static inline int scanbench_mhd_cut_long_query(const char *uri) {
  char *query = uri ? strchr(uri, '?') : NULL;
  if (query == NULL) return 0;
  unsigned long arguments = 1;
  for (const char *c = query + 1; *c != '\0'; c++) {
    if (*c == '&') arguments++;
  }
  if (arguments <= SCANBENCH_MAX_QUERY_ARGUMENTS) return 0;
  query[1] = '\0';
  return 1;
}
