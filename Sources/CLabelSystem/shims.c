// accept4 is a GNU extension: declared only with _GNU_SOURCE, which must not
// leak into the header Swift imports.
#define _GNU_SOURCE
#include <sys/socket.h>
#include "CLabelSystem.h"

int csystem_accept4(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
