#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: one wrapper each.

// A daemon on `address` (its port 0 for an ephemeral one) with its own polling threads: a pool of
// `threads` (epoll), at most `connection_limit` connections (`per_ip_limit` from one address), each
// given `memory_limit` bytes for its request line and headers (a longer request is refused: 414 or
// 431) and closed after `timeout_seconds` idle. `ipv6` when `address` is an IPv6 one.
static inline struct MHD_Daemon *scanbench_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int threads, unsigned int connection_limit,
    unsigned int per_ip_limit, size_t memory_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_cls) {
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | (ipv6 ? MHD_USE_IPv6 : 0);
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_THREAD_POOL_SIZE, threads,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                          MHD_OPTION_END);
}

// The port the daemon listens on (the ephemeral one it was given), or 0.
static inline uint16_t scanbench_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}
