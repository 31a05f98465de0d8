// Linux system headers that Glibc's Swift module does not export (epoll,
// eventfd), plus small wrappers for what Swift cannot call directly.
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

/// errno as a function: Swift cannot read the thread-local macro reliably.
static inline int csystem_errno(void) { return errno; }

/// accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC).
int csystem_accept4(int fd);

/// mallopt(M_ARENA_MAX, count): bounds glibc's per-thread malloc arenas.
int csystem_limit_malloc_arenas(int count);

/// malloc_trim(0): returns free heap pages to the kernel.
int csystem_malloc_trim(void);

/// The peer of a connected socket as `host:port` / `[v6]:port`; returns the length or -1.
int csystem_peer_name(int fd, char *buffer, size_t length);

/// The epoll_event data field is a union; these keep Swift away from it.
static inline struct epoll_event csystem_epoll_event(uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return event;
}

static inline uint64_t csystem_epoll_event_data(const struct epoll_event *event) { return event->data.u64; }
static inline uint32_t csystem_epoll_event_events(const struct epoll_event *event) { return event->events; }
