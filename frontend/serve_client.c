/*
 * frontend/serve_client.c - stradscc's end of the compile server (serve.h):
 * connect to the server of this stradsc, starting it when there is none,
 * send the request with our stdout and stderr, and wait for the status.
 * Every failure returns -1 and stradscc runs stradsc itself, so the server
 * only ever saves time. STRADSCC_SERVER=0 turns it off.
 */
#define _GNU_SOURCE
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* How long a starting server may take to listen (it loads libclang). */
#define START_TIMEOUT_MS 20000

static int connect_to(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strcpy(a.sun_path, path); /* scs_socket_path checked the length */
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int rc;
    do rc = connect(fd, (struct sockaddr *)&a, sizeof a);
    while (rc < 0 && errno == EINTR);
    if (rc < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Starts `stradsc --serve path 3` as a daemon (its own session, no
 * terminal, none of our descriptors but the ready pipe, so that make or
 * ctest never wait on it) and waits until it listens. 0 when it does. */
static int start_server(const char *stradsc, const char *path)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        if (setsid() < 0 || fork() != 0) _exit(0);
        int null = open("/dev/null", O_RDWR);
        if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0 ||
            dup2(p[1], 3) < 0)
            _exit(127);
        close_range(4, ~0u, 0);
        execl(stradsc, "stradsc", "--serve", path, "3", (char *)NULL);
        _exit(127);
    }
    close(p[1]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    struct pollfd pf = {p[0], POLLIN, 0};
    char c = 0;
    int ok = poll(&pf, 1, START_TIMEOUT_MS) == 1 && read(p[0], &c, 1) == 1 && c == 'R';
    close(p[0]);
    return ok ? 0 : -1;
}

/* Sends the request; the first bytes carry our stdout and stderr. */
static int send_request(int fd, char **argv)
{
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return -1;
    mode_t um = umask(0);
    umask(um);
    size_t len;
    char *buf = scs_encode(cwd, (uint32_t)um, argv, environ, &len);
    if (!buf) return -1;
    int fds[2] = {1, 2};
    char cbuf[CMSG_SPACE(sizeof fds)];
    memset(cbuf, 0, sizeof cbuf);
    struct iovec iov = {buf, 8};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                       .msg_controllen = sizeof cbuf};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    ssize_t n;
    do n = sendmsg(fd, &m, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    int rc = n == 8 ? scs_write_all(fd, buf + 8, len - 8) : -1;
    free(buf);
    return rc;
}

int scs_translate(const char *stradsc, char **argv)
{
    const char *v = getenv("STRADSCC_SERVER");
    if (v && !strcmp(v, "0")) return -1;
    char path[PATH_MAX];
    if (scs_socket_path(stradsc, path, sizeof path) < 0) return -1;
    int fd = connect_to(path);
    if (fd < 0 && (start_server(stradsc, path) < 0 || (fd = connect_to(path)) < 0)) return -1;
    /* a worker that dies mid-request must not kill stradscc through the socket */
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigaction(SIGPIPE, &ign, &old);
    char r[8];
    int status = -1;
    if (send_request(fd, argv) == 0 && scs_read_all(fd, r, sizeof r) == 0 &&
        memcmp(r, "SCR1", 4) == 0)
        status = (int)scs_get32(r + 4);
    sigaction(SIGPIPE, &old, NULL);
    close(fd);
    return status;
}
