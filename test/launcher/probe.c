/*
 * test/launcher/probe.c - a stand-in for a strads program, for testing
 * strads-run without the runtime.
 *
 *   probe rendezvous   rank 0 accepts STRADS_SIZE-1 connections on the
 *                      inherited STRADS_LISTEN_FD and checks it is the socket
 *                      of STRADS_COORDINATOR; workers connect there and send
 *                      their rank. Prints "rendezvous ok N" on the driver.
 *   probe signals      exits 1 if any signal is ignored or blocked (strads-run
 *                      ignores SIGPIPE itself; children must not inherit it).
 *   probe fds          exits 1 if a worker inherited the rendezvous socket, or
 *                      the driver's STRADS_LISTEN_FD is not it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int env_int(const char *name)
{
    const char *v = getenv(name);

    if (!v) {
        fprintf(stderr, "probe: %s is not set\n", name);
        exit(1);
    }
    return atoi(v);
}

static int coordinator_port(void)
{
    const char *c = getenv("STRADS_COORDINATOR");
    const char *colon = c ? strrchr(c, ':') : NULL;

    if (!colon || strncmp(c, "127.0.0.1:", 10) != 0) {
        fprintf(stderr, "probe: bad STRADS_COORDINATOR '%s'\n", c ? c : "(unset)");
        exit(1);
    }
    return atoi(colon + 1);
}

static int driver_listen_fd(void)
{
    int fd = env_int("STRADS_LISTEN_FD"), on = 0;
    socklen_t len = sizeof on;
    struct sockaddr_in a;
    socklen_t alen = sizeof a;

    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &on, &len) < 0 || !on) {
        fprintf(stderr, "probe: fd %d is not a listening socket\n", fd);
        exit(1);
    }
    if (getsockname(fd, (struct sockaddr *)&a, &alen) < 0 ||
        ntohs(a.sin_port) != coordinator_port()) {
        fprintf(stderr, "probe: fd %d is not bound to STRADS_COORDINATOR's port\n", fd);
        exit(1);
    }
    return fd;
}

static int rendezvous(void)
{
    int rank = env_int("STRADS_RANK"), size = env_int("STRADS_SIZE");
    int seen = 0, i;

    if (rank == 0) {
        int lfd = driver_listen_fd();

        for (i = 1; i < size; i++) {
            int c = accept(lfd, NULL, NULL), r = -1;

            if (c < 0 || read(c, &r, sizeof r) != (ssize_t)sizeof r || r < 1 || r >= size) {
                fprintf(stderr, "probe: bad connection %d\n", i);
                return 1;
            }
            seen |= 1 << r;
            close(c);
        }
        if (seen != ((1 << size) - 2)) {
            fprintf(stderr, "probe: ranks seen 0x%x\n", seen);
            return 1;
        }
        printf("rendezvous ok %d\n", size);
        return 0;
    } else {
        struct sockaddr_in a;
        int s = socket(AF_INET, SOCK_STREAM, 0);

        memset(&a, 0, sizeof a);
        a.sin_family = AF_INET;
        a.sin_port = htons((uint16_t)coordinator_port());
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(s, (struct sockaddr *)&a, sizeof a) < 0) {
            fprintf(stderr, "probe: rank %d cannot connect: %s\n", rank, strerror(errno));
            return 1;
        }
        if (write(s, &rank, sizeof rank) != (ssize_t)sizeof rank)
            return 1;
        close(s);
        return 0;
    }
}

static int signals(void)
{
    sigset_t blocked;
    int sig;

    sigprocmask(SIG_BLOCK, NULL, &blocked);
    for (sig = 1; sig < 32; sig++) {
        struct sigaction sa;

        if (sig == SIGKILL || sig == SIGSTOP)
            continue;
        if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN) {
            fprintf(stderr, "probe: signal %d is ignored\n", sig);
            return 1;
        }
        if (sigismember(&blocked, sig)) {
            fprintf(stderr, "probe: signal %d is blocked\n", sig);
            return 1;
        }
    }
    return 0;
}

static int fds(void)
{
    int fd;

    if (env_int("STRADS_RANK") == 0) {
        driver_listen_fd();
        return 0;
    }
    if (getenv("STRADS_LISTEN_FD")) {
        fprintf(stderr, "probe: worker has STRADS_LISTEN_FD\n");
        return 1;
    }
    for (fd = 3; fd < 1024; fd++) {
        struct sockaddr_in a;
        socklen_t alen = sizeof a;

        if (fcntl(fd, F_GETFD) == -1)
            continue;
        if (getsockname(fd, (struct sockaddr *)&a, &alen) == 0 && a.sin_family == AF_INET &&
            ntohs(a.sin_port) == coordinator_port()) {
            fprintf(stderr, "probe: worker inherited the rendezvous socket as fd %d\n", fd);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "rendezvous") == 0)
        return rendezvous();
    if (argc == 2 && strcmp(argv[1], "signals") == 0)
        return signals();
    if (argc == 2 && strcmp(argv[1], "fds") == 0)
        return fds();
    fprintf(stderr, "usage: probe rendezvous|signals|fds\n");
    return 2;
}
