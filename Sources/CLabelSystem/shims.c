// accept4 is a GNU extension: declared only with _GNU_SOURCE, which must not
// leak into the header Swift imports.
#define _GNU_SOURCE
#include <sys/socket.h>
#include "CLabelSystem.h"

int csystem_accept4(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

#include <arpa/inet.h>
#include <malloc.h>
#include <stdio.h>

int csystem_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

int csystem_malloc_trim(void) {
    return malloc_trim(0);
}

int csystem_peer_name(int fd, char *buffer, size_t length) {
    struct sockaddr_storage storage;
    socklen_t size = sizeof storage;
    if (getpeername(fd, (struct sockaddr *)&storage, &size) != 0) return -1;
    char host[INET6_ADDRSTRLEN];
    if (storage.ss_family == AF_INET) {
        struct sockaddr_in *v4 = (struct sockaddr_in *)&storage;
        if (!inet_ntop(AF_INET, &v4->sin_addr, host, sizeof host)) return -1;
        return snprintf(buffer, length, "%s:%u", host, ntohs(v4->sin_port));
    }
    if (storage.ss_family == AF_INET6) {
        struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&storage;
        if (!inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof host)) return -1;
        return snprintf(buffer, length, "[%s]:%u", host, ntohs(v6->sin6_port));
    }
    return -1;
}
