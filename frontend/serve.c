/*
 * frontend/serve.c - `stradsc --serve SOCKET [READY_FD]`: the compile server
 * (serve.h says why it exists).
 *
 * One process holds libclang loaded and a lock file beside its socket (so
 * two servers racing to start leave one); per connection it forks a worker,
 * which takes the client's request, becomes the client (stdout, stderr,
 * working directory, umask, environment), runs the same translate function
 * as a direct `stradsc`, and answers with its exit status from an on_exit
 * handler, so that every exit path of the translation, usage errors
 * included, reports its status. The server exits after STRADSCC_SERVER_IDLE
 * seconds (default 300) without a connection, removing its socket. Only
 * connections from its own user are served.
 */
#define _GNU_SOURCE
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define IDLE_DEFAULT_S 300

static int idle_seconds(void)
{
    const char *v = getenv("STRADSCC_SERVER_IDLE");
    long s = v && *v ? strtol(v, NULL, 10) : IDLE_DEFAULT_S;
    return s > 0 && s < 86400 ? (int)s : IDLE_DEFAULT_S;
}

/* Worker: the exit status goes back to the client once all output is out. */
static void reply(int status, void *arg)
{
    int conn = *(int *)arg;
    fflush(NULL);
    char r[8] = "SCR1";
    for (int i = 0; i < 4; i++) r[4 + i] = (char)((uint32_t)status >> (8 * i));
    (void)scs_write_all(conn, r, sizeof r);
}

/* Worker: reads the frame header with the client's two descriptors. */
static int recv_header(int conn, char hdr[8], int fds[2])
{
    char cbuf[CMSG_SPACE(2 * sizeof(int))];
    struct iovec iov = {hdr, 8};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                       .msg_controllen = sizeof cbuf};
    ssize_t n;
    do n = recvmsg(conn, &m, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    if (n <= 0) return -1;
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
        c->cmsg_len != CMSG_LEN(2 * sizeof(int)))
        return -1;
    memcpy(fds, CMSG_DATA(c), 2 * sizeof(int));
    if (n < 8 && scs_read_all(conn, hdr + n, (size_t)(8 - n)) < 0) return -1;
    return memcmp(hdr, "SCS1", 4) == 0 ? 0 : -1;
}

/* Worker: one request; never returns. */
static void work(int conn, int (*translate)(int argc, char **argv))
{
    signal(SIGCHLD, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    char hdr[8];
    int fds[2] = {-1, -1};
    if (recv_header(conn, hdr, fds) < 0) _exit(3);
    uint32_t len = scs_get32(hdr + 4);
    char *body = len <= SCS_MAX_REQUEST ? malloc(len ? len : 1) : NULL;
    scs_request r;
    if (!body || scs_read_all(conn, body, len) < 0 || scs_decode(body, len, &r) < 0) _exit(3);
    if (dup2(fds[0], 1) < 0 || dup2(fds[1], 2) < 0) _exit(3);
    close(fds[0]);
    close(fds[1]);
    on_exit(reply, &conn);
    if (chdir(r.cwd) < 0) {
        fprintf(stderr, "stradsc: cannot enter %s: %s\n", r.cwd, strerror(errno));
        exit(2);
    }
    umask((mode_t)r.umask);
    clearenv();
    for (int i = 0; i < r.envc; i++) putenv(r.env[i]);
    exit(translate(r.argc, r.argv));
}

static void on_child(int sig) { (void)sig; }

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int listen_on(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof a.sun_path) return -1;
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    unlink(path); /* a dead server's: the lock says no live one owns it */
    if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 64) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void ready(int *fd)
{
    if (*fd < 0) return;
    (void)scs_write_all(*fd, "R", 1);
    close(*fd);
    *fd = -1;
}

int fe_serve(const char *path, int ready_fd, int (*translate)(int argc, char **argv))
{
    char lock[4200];
    snprintf(lock, sizeof lock, "%s.lock", path);
    int lk = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lk < 0) return 2;
    if (flock(lk, LOCK_EX | LOCK_NB) < 0) { /* another server has it */
        ready(&ready_fd);
        return 0;
    }
    int lfd = listen_on(path);
    if (lfd < 0) return 2; /* the client sees the ready pipe close unwritten */
    ready(&ready_fd);
    /* Workers are reaped here, not by the kernel, so that their CPU time
     * adds up in the server's (bench/stradscc.sh reads it); SIGCHLD only
     * interrupts the poll. */
    struct sigaction sa = {.sa_handler = on_child};
    sigaction(SIGCHLD, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    int64_t idle_ms = idle_seconds() * 1000, last = now_ms();
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        int64_t left = last + idle_ms - now_ms();
        if (left <= 0) break;
        struct pollfd p = {lfd, POLLIN, 0};
        int n = poll(&p, 1, (int)left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        last = now_ms();
        int conn = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
        if (conn < 0) continue;
        struct ucred cr;
        socklen_t cl = sizeof cr;
        if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cr, &cl) < 0 || cr.uid != geteuid()) {
            close(conn);
            continue;
        }
        pid_t pid = fork();
        if (pid == 0) {
            close(lfd);
            close(lk);
            work(conn, translate);
        }
        close(conn); /* on a failed fork the client runs stradsc itself */
    }
    /* still holding the lock, so no newer server owns this name yet */
    unlink(path);
    close(lfd);
    close(lk);
    return 0;
}
