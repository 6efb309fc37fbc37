#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

/* microhttpd.h expects these to be included first on Linux. */
#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#ifdef __linux__
#include <sys/epoll.h>
#include <unistd.h>
#endif

#include <microhttpd.h>

/*
 * Swift cannot import C variadic functions, so every variadic libmicrohttpd
 * call ChainServer needs gets a fixed-signature wrapper here. Each option is
 * passed explicitly so that none of libmicrohttpd's unsafe defaults (no
 * connection timeout, no per-IP limit) can apply by omission.
 */

static inline int cmhd_hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes %HH escapes in place like libmicrohttpd's default, except %00: a decoded NUL
   would end the C string handed to the access handler and silently cut the path
   (`/v1/images/img-1%00junk` read as `/v1/images/img-1`), so it stays literally "%00". */
static inline size_t
cmhd_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *s)
{
    (void)cls;
    (void)connection;
    char *read = s;
    char *write = s;
    while (*read != '\0') {
        if (read[0] == '%' && read[1] != '\0' && read[2] != '\0') {
            int high = cmhd_hex_value(read[1]);
            int low = cmhd_hex_value(read[2]);
            if (high >= 0 && low >= 0 && (high | low) != 0) {
                *write++ = (char)(high * 16 + low);
                read += 3;
                continue;
            }
        }
        *write++ = *read++;
    }
    *write = '\0';
    return (size_t)(write - s);
}

/* libmicrohttpd's URI log callback (MHD_OPTION_URI_LOG_CALLBACK), which has no typedef of
   its own: called with the raw request target, before it is split or unescaped. */
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/* Starts a daemon bound to `addr`; the port argument is ignored by
   libmicrohttpd because MHD_OPTION_SOCK_ADDR is given. */
static inline struct MHD_Daemon *
cmhd_start_daemon(unsigned int flags,
                  const struct sockaddr *addr,
                  MHD_AcceptPolicyCallback accept_policy,
                  void *accept_policy_cls,
                  MHD_AccessHandlerCallback handler,
                  void *handler_cls,
                  MHD_RequestCompletedCallback completed,
                  void *completed_cls,
                  MHD_NotifyConnectionCallback notify_connection,
                  void *notify_connection_cls,
                  cmhd_uri_log_callback uri_log,
                  void *uri_log_cls,
                  unsigned int thread_pool_size,
                  unsigned int connection_limit,
                  unsigned int per_ip_limit,
                  unsigned int timeout_seconds,
                  size_t memory_limit)
{
    return MHD_start_daemon(flags, 0,
                            accept_policy, accept_policy_cls,
                            handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_UNESCAPE_CALLBACK, cmhd_unescape_keeping_nul, NULL,
                            MHD_OPTION_END);
}

/* The port the daemon really listens on (useful when bound to port 0);
   0 if libmicrohttpd cannot tell. */
static inline uint16_t
cmhd_daemon_bind_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The peer address of a connection, owned by libmicrohttpd and valid only
   while the connection is; NULL if unavailable. */
static inline const struct sockaddr *
cmhd_connection_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/* The connection's socket, valid until its MHD_CONNECTION_NOTIFY_CLOSED notice returns
   (libmicrohttpd closes it only after that); -1 if unavailable. */
static inline int
cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* 1 when the peer of connected socket `fd` hung up (sent its FIN) or the connection failed,
   asked of the kernel without waiting; the socket is neither read nor written. Linux only
   (POLLRDHUP); elsewhere 0, and only writing finds a client gone. */
static inline int
cmhd_socket_peer_gone(int fd)
{
#ifdef __linux__
#ifndef POLLRDHUP
#define POLLRDHUP 0x2000 /* <poll.h> declares it only under _GNU_SOURCE */
#endif
    struct pollfd watched = { .fd = fd, .events = POLLRDHUP, .revents = 0 };
    return poll(&watched, 1, 0) == 1 && (watched.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
#else
    (void)fd;
    return 0;
#endif
}

/* How far a TCP socket's sending has got: the bytes the peer has acknowledged
   (tcp_info's tcpi_bytes_acked, Linux 4.1 on) and the bytes queued but not yet
   acknowledged (TIOCOUTQ, also named SIOCOUTQ). glibc's <netinet/tcp.h> struct tcp_info
   stops short of tcpi_bytes_acked, and <linux/tcp.h> clashes with it, so the field is read
   at its offset in the kernel's struct, which only ever grows at its end. Returns 0, or -1
   when the socket cannot tell (another system, an older kernel, not TCP). */
static inline int
cmhd_socket_send_state(int fd, uint64_t *acked, int *queued)
{
#ifdef __linux__
    enum { tcp_info_option = 11, bytes_acked_offset = 120 };
    unsigned char info[256];
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, tcp_info_option, info, &length) != 0
        || length < bytes_acked_offset + sizeof(uint64_t))
        return -1;
    memcpy(acked, info + bytes_acked_offset, sizeof(uint64_t));
    return ioctl(fd, TIOCOUTQ, queued) == 0 ? 0 : -1;
#else
    (void)fd; (void)acked; (void)queued;
    return -1;
#endif
}

/* What the connection-notify callback stored for this TCP connection, or NULL. */
static inline void *
cmhd_connection_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/* A response whose body a callback produces over time, of unknown length (sent chunked). */
static inline struct MHD_Response *
cmhd_create_stream_response(size_t block_size,
                            MHD_ContentReaderCallback reader,
                            void *reader_cls,
                            MHD_ContentReaderFreeCallback free_callback)
{
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, block_size, reader, reader_cls, free_callback);
}

/* Sets one connection's idle timeout; 0 means none (for streams, which stay open on purpose). */
static inline int
cmhd_connection_set_timeout(struct MHD_Connection *connection, unsigned int seconds)
{
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds) == MHD_YES;
}

/* Hang-up watching for event streams. libmicrohttpd takes a suspended connection's socket
   out of its epoll set, so a parked stream would learn that its client left only at its
   next write. These keep a second epoll set of stream sockets, each registered one-shot for
   the peer's FIN (EPOLLRDHUP), a reset or an error (EPOLLHUP and EPOLLERR, always
   reported), with a caller's 64-bit token standing for the socket: a token is never
   reused, so a late event can never be taken for another connection that got the same
   descriptor number. Elsewhere than Linux the set is never made (-1). */
static inline int
cmhd_hangups_create(void)
{
#ifdef __linux__
    return epoll_create1(EPOLL_CLOEXEC);
#else
    return -1;
#endif
}

/* Watches `fd` for its peer leaving, once; 0, or -1 with errno. */
static inline int
cmhd_hangups_add(int set, int fd, uint64_t token)
{
#ifdef __linux__
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLRDHUP | EPOLLONESHOT;
    event.data.u64 = token;
    return epoll_ctl(set, EPOLL_CTL_ADD, fd, &event);
#else
    (void)set; (void)fd; (void)token;
    return -1;
#endif
}

/* Stops watching `fd` (before it is closed); 0, or -1 with errno. */
static inline int
cmhd_hangups_remove(int set, int fd)
{
#ifdef __linux__
    struct epoll_event unused;
    return epoll_ctl(set, EPOLL_CTL_DEL, fd, &unused);
#else
    (void)set; (void)fd;
    return -1;
#endif
}

/* Waits up to `timeout_ms` for sockets whose peer left; writes up to `capacity` tokens and
   returns how many (0 on timeout), or -1 with errno (EINTR included). */
static inline int
cmhd_hangups_wait(int set, uint64_t *tokens, int capacity, int timeout_ms)
{
#ifdef __linux__
    enum { batch = 64 };
    struct epoll_event events[batch];
    int count = epoll_wait(set, events, capacity < batch ? capacity : batch, timeout_ms);
    for (int index = 0; index < count; index++) tokens[index] = events[index].data.u64;
    return count;
#else
    (void)set; (void)tokens; (void)capacity; (void)timeout_ms;
    return -1;
#endif
}

static inline void
cmhd_hangups_close(int set)
{
#ifdef __linux__
    if (set >= 0) close(set);
#else
    (void)set;
#endif
}

/* The content reader's "done" answers, which are macros Swift cannot import. */
static const ssize_t CMHD_CONTENT_END_OF_STREAM = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t CMHD_CONTENT_END_WITH_ERROR = MHD_CONTENT_READER_END_WITH_ERROR;

#endif /* CMICROHTTPD_SHIM_H */
