/*
 * frontend/serve.c - `stradsc --serve SOCKET [READY_FD]`: the compile server
 * (serve.h says why it exists).
 *
 * One process holds libclang loaded and a lock file beside its socket (so
 * two servers racing to start leave one), and keeps one worker per CPU
 * forked and warmed up ahead of requests. A worker takes a connection,
 * reads the client's request, puts itself in the client's place (stdout,
 * stderr, working directory, umask, environment), runs the same translate
 * function as a direct `stradsc` (which keeps all its state in the context
 * of one translation: fe.h), and answers with its exit status, also from
 * an on_exit handler, so that a translation that exits (usage errors)
 * still reports its status. The server exits after STRADSCC_SERVER_IDLE
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
#include <sys/prctl.h>
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

/* Worker: the connection of the request in progress (-1: none). */
static int cur_conn = -1;

/* Worker: /dev/null, where stdout and stderr point between requests. */
static int null_fd = -1;

/* Worker: the exit status goes back to the client once all output is out,
 * and the client's stdout and stderr are let go: whoever reads them (make,
 * ctest, a shell's $(...)) waits until every copy is closed. */
static void reply(int status)
{
    fflush(NULL);
    dup2(null_fd, 1);
    dup2(null_fd, 2);
    char r[8] = "SCR1";
    for (int i = 0; i < 4; i++) r[4 + i] = (char)((uint32_t)status >> (8 * i));
    ssize_t n;
    do n = send(cur_conn, r, sizeof r, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    close(cur_conn);
    cur_conn = -1;
}

/* Worker: a translation that calls exit() (usage errors, out of memory)
 * still answers; the worker ends with it and the server forks another. */
static void reply_at_exit(int status, void *arg)
{
    (void)arg;
    if (cur_conn >= 0) reply(status);
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
    if (n < 8 && scs_read_all(conn, hdr + n, (size_t)(8 - n)) < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    return memcmp(hdr, "SCS1", 4) == 0 ? 0 : -1;
}

/* Worker: one request, as a direct run of stradsc in the client's place.
 * The worker keeps the previous request's buffer until the environment
 * stops pointing into it. */
static void work(int conn, int (*translate)(int argc, char **argv))
{
    static char *prev_body;
    static scs_request prev;
    char hdr[8];
    int fds[2] = {-1, -1};
    if (recv_header(conn, hdr, fds) < 0) {
        close(conn);
        return;
    }
    uint32_t len = scs_get32(hdr + 4);
    char *body = len <= SCS_MAX_REQUEST ? malloc(len ? len : 1) : NULL;
    scs_request r;
    if (!body || scs_read_all(conn, body, len) < 0 || scs_decode(body, len, &r) < 0 ||
        dup2(fds[0], 1) < 0 || dup2(fds[1], 2) < 0) {
        dup2(null_fd, 1);
        dup2(null_fd, 2);
        free(body);
        close(fds[0]);
        close(fds[1]);
        close(conn);
        return;
    }
    close(fds[0]);
    close(fds[1]);
    cur_conn = conn;
    if (chdir(r.cwd) < 0) {
        fprintf(stderr, "stradsc: cannot enter %s: %s\n", r.cwd, strerror(errno));
        reply(2);
    } else {
        umask((mode_t)r.umask);
        clearenv();
        for (int i = 0; i < r.envc; i++) putenv(r.env[i]);
        reply(translate(r.argc, r.argv));
    }
    free(prev_body);
    free(prev.argv);
    free(prev.env);
    prev_body = body;
    prev = r;
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

/* Workers: forked ahead of requests and warmed up (libclang's code paths
 * and the common headers faulted in: a new process pays ~20 ms of page
 * faults on its first parse, and in this VM a fork and warm-up cost ~100
 * ms of CPU), then serving requests one after the other, in accept. A
 * worker writes a byte to the server with every request (the idle clock),
 * and leaves after SCS_REQUESTS_PER_WORKER of them, since stradsc never
 * frees what a translation allocated; the server forks a replacement. */
typedef struct workers {
    pid_t pid[SCS_MAX_WORKERS];
    int n, want, failed;
} workers;

/* Forks one worker; -1 when fork fails. */
static int spawn(workers *w, int lfd, int lk, int note_r, int note_w, const scs_hooks *h)
{
    pid_t server = getpid(), pid = fork();
    if (pid < 0) return -1;
    if (pid > 0) {
        w->pid[w->n++] = pid;
        return 0;
    }
    /* workers leave with the server, however it ends */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != server) _exit(0);
    close(lk);
    close(note_r);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGPIPE, SIG_DFL); /* a translation's output as in a direct run */
    null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_fd < 0) _exit(3);
    on_exit(reply_at_exit, NULL);
    h->warm();
    for (int served = 0; served < SCS_REQUESTS_PER_WORKER;) {
        int conn = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
        if (conn < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            _exit(3);
        }
        struct ucred cr;
        socklen_t cl = sizeof cr;
        if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cr, &cl) < 0 || cr.uid != geteuid()) {
            close(conn);
            continue;
        }
        (void)scs_write_all(note_w, "W", 1);
        work(conn, h->translate);
        served++;
    }
    _exit(0);
}

static void forget(workers *w, pid_t pid)
{
    for (int i = 0; i < w->n; i++)
        if (w->pid[i] == pid) {
            w->pid[i] = w->pid[--w->n];
            return;
        }
}

/* Forks workers up to the number wanted; -1 when none could be forked and
 * none is left. */
static int fill(workers *w, int lfd, int lk, const int note[2], const scs_hooks *h)
{
    while (w->n < w->want)
        if (spawn(w, lfd, lk, note[0], note[1], h) < 0) return w->n ? 0 : -1;
    return 0;
}

int fe_serve(const char *path, int ready_fd, const scs_hooks *h)
{
    char lock[4200];
    snprintf(lock, sizeof lock, "%s.lock", path);
    int lk = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lk < 0) return 2;
    if (flock(lk, LOCK_EX | LOCK_NB) < 0) { /* another server has it */
        ready(&ready_fd);
        return 0;
    }
    int lfd = listen_on(path), note[2];
    if (lfd < 0 || pipe2(note, O_CLOEXEC) < 0) return 2; /* the ready pipe closes unwritten */
    /* Workers are reaped here, not by the kernel, so that their CPU time
     * adds up in the server's (bench/stradscc.sh reads it); SIGCHLD only
     * interrupts the poll. */
    struct sigaction sa = {.sa_handler = on_child};
    sigaction(SIGCHLD, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    workers w = {.want = cpus < 1 ? 1 : cpus > SCS_MAX_WORKERS ? SCS_MAX_WORKERS : (int)cpus};
    int rc = fill(&w, lfd, lk, note, h);
    /* Connections wait in the backlog while the first workers warm up. */
    if (!rc) ready(&ready_fd);
    int64_t idle_ms = idle_seconds() * 1000, last = now_ms();
    while (!rc) {
        pid_t pid;
        while ((pid = waitpid(-1, NULL, WNOHANG)) > 0) {
            forget(&w, pid);
            /* workers dying with no request served between: broken warm-up? */
            if (++w.failed > 3 * SCS_MAX_WORKERS) rc = -1;
        }
        if (rc || fill(&w, lfd, lk, note, h) < 0) break;
        int64_t left = last + idle_ms - now_ms();
        if (left <= 0) break;
        struct pollfd p = {note[0], POLLIN, 0};
        int n = poll(&p, 1, (int)left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        char c;
        if (read(note[0], &c, 1) == 1) w.failed = 0;
        last = now_ms();
    }
    /* still holding the lock, so no newer server owns this name yet */
    unlink(path);
    close(lfd);
    /* Idle for the whole period: no worker is in a request. */
    for (int i = 0; i < w.n; i++) kill(w.pid[i], SIGKILL);
    /* The lock file goes too, still held: a starter that opened it before
     * finds it locked and its client falls back to a direct stradsc; one
     * that opens the name after makes a new file and a new server. */
    unlink(lock);
    close(lk);
    return rc ? 2 : 0;
}
