// The floor of the launch 304 rows in run.sh: not an HTTP server, but the least any
// server on this kernel does for a keep-alive revalidation. One edge-triggered epoll
// loop on 127.0.0.1, one read of what the client sent, and one send per request of a
// fixed answer (the bytes of label-server's own 304, from a file); no parsing beyond
// counting the ends of request heads, no Date, no logging. Whole requests are assumed
// to arrive in one read, which holds for wrk.
//
// Where a row's rate for this server is no higher than nginx's, the client (wrk) sets
// the rate and the row cannot tell servers apart; where it is higher, the row measures
// the server.
//
//   cc -O2 -o floor-server Benchmarks/floor-server.c
//   floor-server ANSWER_FILE        # prints `listening on http://127.0.0.1:PORT`
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s ANSWER_FILE\n", argv[0]);
        return 2;
    }
    static char answer[16384];
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    size_t answer_length = fread(answer, 1, sizeof answer, file);
    fclose(file);
    if (answer_length == 0 || answer_length == sizeof answer) {
        fprintf(stderr, "%s: empty or over %zu bytes\n", argv[1], sizeof answer - 1);
        return 1;
    }

    int one = 1;
    int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = 0};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    socklen_t length = sizeof address;
    if (listener < 0 || setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0
        || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0
        || getsockname(listener, (struct sockaddr *)&address, &length) != 0) {
        perror("listen");
        return 1;
    }
    int poll = epoll_create1(0);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    if (poll < 0 || epoll_ctl(poll, EPOLL_CTL_ADD, listener, &event) != 0) {
        perror("epoll");
        return 1;
    }
    printf("listening on http://127.0.0.1:%d\n", ntohs(address.sin_port));
    fflush(stdout);

    static struct epoll_event events[512];
    static char input[65536];
    for (;;) {
        int count = epoll_wait(poll, events, 512, -1);
        for (int i = 0; i < count; i++) {
            int fd = events[i].data.fd;
            if (fd == listener) {
                int client;
                while ((client = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    struct epoll_event added = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = client};
                    if (epoll_ctl(poll, EPOLL_CTL_ADD, client, &added) != 0) close(client);
                }
                continue;
            }
            ssize_t got = read(fd, input, sizeof input);
            if (got <= 0) {
                close(fd);
                continue;
            }
            for (ssize_t k = 3; k < got; k++) {
                if (input[k] == '\n' && input[k - 1] == '\r' && input[k - 2] == '\n' && input[k - 3] == '\r') {
                    if (send(fd, answer, answer_length, MSG_NOSIGNAL) < 0) break;
                }
            }
        }
    }
}
