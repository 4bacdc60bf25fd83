/*
 * bench/transport_bench.c - throughput of 1 MiB messages and round trip of
 * small messages between two processes, through the strads transport and
 * through a plain blocking TCP socket pair, so that bench/transport.sh can
 * report the ratio of the two measured on the same machine in the same run.
 *
 *   strads-run -n 2 transport_bench strads [MSGS] [PINGS]
 *   transport_bench raw [MSGS] [PINGS]
 *
 * strads: rank 0 sends MSGS messages of 1 MiB (a head plus a zero-copy blob,
 * as dds/ ships rows) to rank 1 with rt_send; rank 1 takes each with rt_recv
 * and acknowledges the last, and rank 0 stops the clock on the
 * acknowledgement. Then PINGS round trips of a 64-byte message. raw: the same
 * two measurements between a parent and a forked child over loopback TCP
 * with TCP_NODELAY, each message a 4-byte length and the bytes, written with
 * one writev and read with blocking reads into a preallocated buffer (the
 * fastest simple thing a C programmer would write). Both do a warm-up first.
 *
 * Each mode prints one line, "MODE throughput_mib_s=X rtt_us=Y", which the
 * script parses. This is a measurement, not a test: it is built with the
 * project but ctest does not run it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/rt.h"
#include "strads.h"

#define BIG ((size_t)1 << 20)
#define SMALL 64
#define WARM_MSGS 16
#define WARM_PINGS 500
#define DEADLINE_MS 60000

enum { T_BIG = RT_MSG_USER_BASE + 40, T_ACK, T_PING, T_PONG, T_RPC, T_RPCR, T_BIGH };

typedef struct params {
    int64_t msgs, pings;
} params;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, int rc)
{
    fprintf(stderr, "transport_bench: %s: %s\n", what, rc < 0 ? strads_strerror(rc) : strerror(errno));
    exit(1);
}

/* ---- strads ---- */

static void st_send(int dst, uint32_t type, uint64_t tag, const void *blob, size_t len)
{
    rt_packer p;
    rt_pack_begin(&p, type, tag);
    msgpack_pack_bin(&p.pk, len);
    int rc = rt_send(dst, p.sb.data, p.sb.size, blob, len);
    rt_pack_done(&p);
    if (rc) die("rt_send", rc);
}

static void st_recv(uint32_t type, uint64_t tag, int src)
{
    rt_msg *m;
    int rc = rt_recv(type, tag, src, DEADLINE_MS, &m);
    if (rc) die("rt_recv", rc);
    rt_msg_free(m);
}

/* Sends n big messages to rank 1 and waits for its acknowledgement. */
static double st_stream(const char *buf, int64_t n, uint64_t round)
{
    double t0 = now_s();
    for (int64_t i = 0; i < n; i++) st_send(1, T_BIG, (uint64_t)i, buf, BIG);
    st_recv(T_ACK, round, 1);
    return now_s() - t0;
}

static void st_sink(int64_t n, uint64_t round)
{
    for (int64_t i = 0; i < n; i++) st_recv(T_BIG, (uint64_t)i, 0);
    st_send(0, T_ACK, round, NULL, 0);
}

static double st_ping(const char *buf, int64_t n)
{
    double t0 = now_s();
    for (int64_t i = 0; i < n; i++) {
        st_send(1, T_PING, (uint64_t)i, buf, SMALL);
        st_recv(T_PONG, (uint64_t)i, 1);
    }
    return now_s() - t0;
}

static void st_pong(const char *buf, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        st_recv(T_PING, (uint64_t)i, 0);
        st_send(0, T_PONG, (uint64_t)i, buf, SMALL);
    }
}

/* The runtime's request/reply path: rank 1 answers on its loop thread, as
 * the data servers do, so no thread of rank 1 wakes up for it. */
static void on_rpc(rt_msg *m, void *arg)
{
    (void)arg;
    rt_packer p;
    rt_pack_begin(&p, T_RPCR, m->tag);
    msgpack_pack_bin(&p.pk, SMALL);
    static char reply[SMALL];
    rt_send(m->src, p.sb.data, p.sb.size, reply, SMALL);
    rt_pack_done(&p);
    rt_msg_free(m);
}

/* The same stream consumed on rank 1's loop thread (as the data servers
 * consume requests): no thread hand-off on the receiving side. The handler
 * acknowledges the last message of a round. */
static int64_t handled, handled_goal[3]; /* messages per round, set on rank 1 */
static void on_big(rt_msg *m, void *arg)
{
    (void)arg;
    uint64_t round = m->tag >> 32;
    rt_msg_free(m);
    if (round < 3 && ++handled == handled_goal[round]) {
        handled = 0;
        rt_packer p;
        rt_pack_begin(&p, T_ACK, round + 100);
        msgpack_pack_bin(&p.pk, 0);
        rt_send(0, p.sb.data, p.sb.size, NULL, 0);
        rt_pack_done(&p);
    }
}

static double st_stream_handled(const char *buf, int64_t n, uint64_t round)
{
    double t0 = now_s();
    for (int64_t i = 0; i < n; i++) st_send(1, T_BIGH, round << 32 | (uint64_t)i, buf, BIG);
    st_recv(T_ACK, round + 100, 1);
    return now_s() - t0;
}

static double st_rpc(const char *buf, int64_t n, uint64_t base)
{
    double t0 = now_s();
    for (int64_t i = 0; i < n; i++) {
        st_send(1, T_RPC, base + (uint64_t)i, buf, SMALL);
        st_recv(T_RPCR, base + (uint64_t)i, 1);
    }
    return now_s() - t0;
}

static int node_bench(const void *arg, size_t len)
{
    (void)len;
    params pr;
    memcpy(&pr, arg, sizeof pr);
    char *buf = malloc(BIG);
    if (!buf) die("malloc", STRADS_ENOMEM);
    memset(buf, 0x5a, BIG);
    if (strads_rank() == 0) {
        st_stream(buf, WARM_MSGS, 0);
        double t = st_stream(buf, pr.msgs, 1);
        st_ping(buf, WARM_PINGS);
        double r = st_ping(buf, pr.pings);
        if (strads_barrier()) die("barrier", STRADS_EPEER);
        st_rpc(buf, WARM_PINGS, 0);
        double q = st_rpc(buf, pr.pings, WARM_PINGS);
        if (strads_barrier()) die("barrier", STRADS_EPEER);
        st_stream_handled(buf, WARM_MSGS, 1);
        double th = st_stream_handled(buf, pr.msgs, 2);
        printf("strads throughput_mib_s=%.1f rtt_us=%.2f rpc_rtt_us=%.2f handled_mib_s=%.1f\n",
               (double)pr.msgs / t, r / (double)pr.pings * 1e6, q / (double)pr.pings * 1e6,
               (double)pr.msgs / th);
        fflush(stdout);
    } else if (strads_rank() == 1) {
        st_sink(WARM_MSGS, 0);
        st_sink(pr.msgs, 1);
        st_pong(buf, WARM_PINGS);
        st_pong(buf, pr.pings);
        rt_on_loop(T_RPC, on_rpc, NULL);
        if (strads_barrier()) die("barrier", STRADS_EPEER);
        handled_goal[1] = WARM_MSGS;
        handled_goal[2] = pr.msgs;
        rt_on_loop(T_BIGH, on_big, NULL);
        if (strads_barrier()) die("barrier", STRADS_EPEER);
    }
    free(buf);
    return 0;
}

/* ---- raw TCP ---- */

static void full_read(int fd, void *p, size_t n)
{
    char *c = p;
    while (n) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) die("read", 0);
        c += r;
        n -= (size_t)r;
    }
}

static void raw_send(int fd, const void *p, uint32_t n)
{
    uint32_t be = htonl(n);
    struct iovec iov[2] = {{&be, 4}, {(void *)p, n}};
    size_t left = 4 + (size_t)n;
    int k = 0;
    while (left) {
        ssize_t w = writev(fd, iov + k, 2 - k);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die("writev", 0);
        left -= (size_t)w;
        while (k < 2 && (size_t)w >= iov[k].iov_len) w -= (ssize_t)iov[k++].iov_len;
        if (k < 2) {
            iov[k].iov_base = (char *)iov[k].iov_base + w;
            iov[k].iov_len -= (size_t)w;
        }
    }
}

static void raw_recv(int fd, void *buf, size_t cap)
{
    uint32_t be;
    full_read(fd, &be, 4);
    size_t n = ntohl(be);
    if (n > cap) {
        fprintf(stderr, "transport_bench: raw message of %zu bytes\n", n);
        exit(1);
    }
    full_read(fd, buf, n);
}

static void nodelay(int fd)
{
    int one = 1;
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one)) die("TCP_NODELAY", 0);
}

static int raw_main(params pr)
{
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t al = sizeof a;
    if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) || listen(ls, 1) ||
        getsockname(ls, (struct sockaddr *)&a, &al))
        die("listen", 0);
    char *buf = malloc(BIG);
    if (!buf) die("malloc", STRADS_ENOMEM);
    memset(buf, 0x5a, BIG);
    pid_t child = fork();
    if (child < 0) die("fork", 0);
    if (child == 0) { /* the receiving side, as rank 1 */
        close(ls);
        int s = socket(AF_INET, SOCK_STREAM, 0);
        if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a)) die("connect", 0);
        nodelay(s);
        char ack = 1;
        for (int64_t round = 0; round < 2; round++) {
            int64_t n = round ? pr.msgs : WARM_MSGS;
            for (int64_t i = 0; i < n; i++) raw_recv(s, buf, BIG);
            raw_send(s, &ack, 1);
        }
        for (int64_t i = 0; i < WARM_PINGS + pr.pings; i++) {
            raw_recv(s, buf, BIG);
            raw_send(s, buf, SMALL);
        }
        close(s);
        _exit(0);
    }
    int s = accept(ls, NULL, NULL);
    if (s < 0) die("accept", 0);
    close(ls);
    nodelay(s);
    char ack[8];
    double t = 0, r = 0;
    for (int64_t round = 0; round < 2; round++) {
        int64_t n = round ? pr.msgs : WARM_MSGS;
        double t0 = now_s();
        for (int64_t i = 0; i < n; i++) raw_send(s, buf, (uint32_t)BIG);
        raw_recv(s, ack, sizeof ack);
        t = now_s() - t0;
    }
    char small[SMALL];
    for (int64_t round = 0; round < 2; round++) {
        int64_t n = round ? pr.pings : WARM_PINGS;
        double t0 = now_s();
        for (int64_t i = 0; i < n; i++) {
            raw_send(s, buf, SMALL);
            raw_recv(s, small, sizeof small);
        }
        r = now_s() - t0;
    }
    close(s);
    int st;
    waitpid(child, &st, 0);
    free(buf);
    printf("raw throughput_mib_s=%.1f rtt_us=%.2f\n", (double)pr.msgs / t,
           r / (double)pr.pings * 1e6);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

static int bench_main(int argc, char **argv)
{
    params pr = {.msgs = 512, .pings = 20000};
    if (argc < 2 || (strcmp(argv[1], "strads") && strcmp(argv[1], "raw"))) {
        fprintf(stderr, "usage: strads-run -n 2 transport_bench strads [MSGS] [PINGS]\n"
                        "       transport_bench raw [MSGS] [PINGS]\n");
        return 2;
    }
    if (argc > 2) pr.msgs = atoll(argv[2]);
    if (argc > 3) pr.pings = atoll(argv[3]);
    if (pr.msgs < 1 || pr.pings < 1) {
        fprintf(stderr, "transport_bench: MSGS and PINGS must be positive\n");
        return 2;
    }
    if (strcmp(argv[1], "raw") == 0) return raw_main(pr);
    if (strads_size() != 2) {
        fprintf(stderr, "transport_bench: the strads mode needs exactly 2 processes "
                        "(strads-run -n 2)\n");
        return 2;
    }
    int rc = strads_invoke_all(node_bench, &pr, sizeof pr);
    if (rc) die("strads_invoke_all", rc);
    return 0;
}

STRADS_MAIN(bench_main)
