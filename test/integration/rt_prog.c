/*
 * rt_prog - the runtime exercised by a real multi-process job. Each mode is
 * one scenario; the ctest entries start it under strads-run (or mpirun) with
 * 1, 2 and 4 processes and check its exit status and output.
 *
 *   basic        broadcast, gather, barrier, all-reduce of every type and op
 *   determinism  a float sum whose value depends on the order of addition is
 *                identical to the rank-order sum however messages arrive
 *   transfer MiB rank 0 broadcasts MiB of data; every node checks its hash
 *   kill         the last rank dies by SIGKILL inside an operation; the driver
 *                must get STRADS_EPEER naming it
 *   intruder     a client without the secret connects to rank 0 (garbage, then
 *                a forged handshake); it is rejected and the job goes on
 *   exit         the driver leaves through exit() in the middle of main
 *   foreign      a node function from a shared library is refused
 *   cpus         where strads-run set STRADS_CPUS (STRADS_CPUS=cores given to
 *                it), every rank runs on its own
 *                cores (the first 64 CPUs' masks, gathered): prints
 *                "cpus bound" or, without STRADS_CPUS, "cpus unbound"
 *   backpressure rank 0 sends 640 MiB in 32 KiB messages to a rank 1 that
 *                sleeps before reading: neither process's memory may grow
 *                by more than a bounded amount
 *   many         any number of processes (256 in its test): every rank
 *                sends its number to the ranks 1 and size/2+1 above it
 *                (worker to worker, over the mesh), then a gather, an
 *                all-reduce and a barrier check every rank's part
 */
#define _GNU_SOURCE /* sched_getaffinity */
#include <arpa/inet.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "core/rt.h"
#include "strads.h"

static uint64_t cpu_masks[64]; /* rank -> its CPUs among the first 64 */

static int node_cpus(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return STRADS_ESTATE;
    int n = strads_size();
    uint64_t m[64] = {0};
    for (int c = 0; c < 64; c++)
        if (CPU_ISSET(c, &set)) m[strads_rank()] |= UINT64_C(1) << c;
    int rc = strads_allreduce(m, (size_t)n, STRADS_T_U64, STRADS_OP_SUM);
    if (!rc) memcpy(cpu_masks, m, sizeof m);
    return rc;
}

/* early: every node knows the dvector the driver allocated before the
 * workers had joined (its creation reached them before this call), and not
 * the one it freed meanwhile (arg: the two addresses). */
static int node_early(const void *arg, size_t len)
{
    void *p[2];
    CHECK_EQ(len, sizeof p);
    memcpy(p, arg, sizeof p);
    CHECK(strads_is_dvector(p[0]));
    CHECK(!strads_is_dvector(p[1]) || p[1] == p[0]);
    return 0;
}

static int node_basic(const void *arg, size_t len)
{
    (void)len;
    int me = strads_rank(), n = strads_size();
    int64_t seed = *(const int64_t *)arg;

    char msg[32] = {0};
    if (me == 0) snprintf(msg, sizeof msg, "hello %lld", (long long)seed);
    CHECK_OK(strads_broadcast(msg, sizeof msg));
    char want[32] = {0};
    snprintf(want, sizeof want, "hello %lld", (long long)seed);
    CHECK_STR(msg, want);

    int32_t ranks[64] = {0};
    int32_t mine = me * 10;
    CHECK_OK(strads_gather(&mine, sizeof mine, me == 0 ? ranks : NULL));
    if (me == 0)
        for (int r = 0; r < n; r++) CHECK_EQ(ranks[r], r * 10);
    CHECK_OK(strads_barrier());

    int64_t i64[3] = {me + 1, me + 1, me + 1};
    CHECK_OK(strads_allreduce(i64, 1, STRADS_T_I64, STRADS_OP_SUM));
    CHECK_OK(strads_allreduce(i64 + 1, 1, STRADS_T_I64, STRADS_OP_MAX));
    CHECK_OK(strads_allreduce(i64 + 2, 1, STRADS_T_I64, STRADS_OP_PROD));
    int64_t fact = 1;
    for (int r = 1; r <= n; r++) fact *= r;
    CHECK_EQ(i64[0], (int64_t)n * (n + 1) / 2);
    CHECK_EQ(i64[1], n);
    CHECK_EQ(i64[2], fact);
    float f32[2] = {(float)me, (float)-me};
    CHECK_OK(strads_allreduce(f32, 2, STRADS_T_F32, STRADS_OP_MIN));
    CHECK_DBL(f32[0], 0, 0);
    CHECK_DBL(f32[1], -(n - 1), 0);
    int32_t i32 = me;
    CHECK_OK(strads_allreduce(&i32, 1, STRADS_T_I32, STRADS_OP_MAX));
    CHECK_EQ(i32, n - 1);
    uint64_t u = (uint64_t)1 << me;
    CHECK_OK(strads_allreduce(&u, 1, STRADS_T_U64, STRADS_OP_SUM));
    CHECK_EQ(u, ((uint64_t)1 << n) - 1);
    return 0;
}

/* Ring messages over the mesh at two distances, then collectives whose
 * results name every rank: any rank missing or misplaced changes them. */
static int node_many(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    int me = strads_rank(), n = strads_size();
    int dist[2] = {1, n / 2 + 1};
    for (int k = 0; k < 2 && n > 1; k++) {
        int to = (me + dist[k]) % n, from = (me - dist[k] % n + n) % n;
        int32_t v = me * 1000 + k, got;
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_USER_BASE + 50, (uint64_t)k);
        msgpack_pack_bin(&p.pk, sizeof v);
        msgpack_pack_bin_body(&p.pk, &v, sizeof v);
        CHECK_OK(rt_send_packed(to, &p));
        rt_msg *m;
        CHECK_OK(rt_recv(RT_MSG_USER_BASE + 50, (uint64_t)k, from, 60000, &m));
        CHECK_EQ(m->body_len, 2 + sizeof got); /* bin 8 header, then the bytes */
        memcpy(&got, m->body + 2, sizeof got);
        CHECK_EQ(got, from * 1000 + k);
        rt_msg_free(m);
    }
    int32_t *all = me == 0 ? malloc((size_t)n * sizeof *all) : NULL;
    CHECK(me != 0 || all != NULL);
    int32_t mine = me * 3 + 1;
    CHECK_OK(strads_gather(&mine, sizeof mine, all));
    if (me == 0)
        for (int r = 0; r < n; r++) CHECK_EQ(all[r], r * 3 + 1);
    free(all);
    int64_t sum = me;
    CHECK_OK(strads_allreduce(&sum, 1, STRADS_T_I64, STRADS_OP_SUM));
    CHECK_EQ(sum, (int64_t)n * (n - 1) / 2);
    CHECK_OK(strads_barrier());
    return 0;
}

/* Values whose float sum depends on the order of addition. */
static double contribution(int rank, int round)
{
    return (rank % 2 ? 1e16 : 1.0) * (rank % 3 ? -1 : 1) + rank * 0.1 + round * 1e-3;
}

static int node_determinism(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    int me = strads_rank(), n = strads_size();
    unsigned seed = (unsigned)(me * 7919 + 1);
    for (int round = 0; round < 40; round++) {
        /* jitter so that contributions arrive in varying orders */
        usleep((useconds_t)(rand_r(&seed) % 3000));
        double v = contribution(me, round);
        CHECK_OK(strads_allreduce(&v, 1, STRADS_T_F64, STRADS_OP_SUM));
        double want = contribution(0, round);
        for (int r = 1; r < n; r++) want += contribution(r, round);
        if (memcmp(&v, &want, sizeof v) != 0)
            CHECK_FAIL("round %d: %.17g differs from the rank-order sum %.17g", round, v, want);
    }
    return 0;
}

static int node_transfer(const void *arg, size_t len)
{
    (void)len;
    size_t bytes = (size_t)(*(const int64_t *)arg) << 20;
    unsigned char *buf = malloc(bytes);
    CHECK(buf != NULL);
    unsigned char want[32], got[32];
    if (strads_rank() == 0) {
        uint64_t x = 0x9E3779B97F4A7C15ull;
        for (size_t i = 0; i < bytes; i += 8) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            memcpy(buf + i, &x, bytes - i < 8 ? bytes - i : 8);
        }
        crypto_generichash(want, sizeof want, buf, bytes, NULL, 0);
    }
    CHECK_OK(strads_broadcast(want, sizeof want));
    CHECK_OK(strads_broadcast(buf, bytes));
    crypto_generichash(got, sizeof got, buf, bytes, NULL, 0);
    int32_t same = memcmp(got, want, sizeof got) == 0;
    CHECK_OK(strads_allreduce(&same, 1, STRADS_T_I32, STRADS_OP_MIN));
    CHECK_EQ(same, 1);
    free(buf);
    return 0;
}

static int node_kill(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    CHECK_OK(strads_barrier());
    /* The others go straight into the next barrier: whether the peer dies
     * before they enter it or while they wait in it, they get STRADS_EPEER. */
    if (strads_rank() == strads_size() - 1) raise(SIGKILL);
    return strads_barrier();
}

static long peak_rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
    if (f) fclose(f);
    return kib;
}

static int node_backpressure(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    const size_t msg = 32 << 10;
    const int count = 20480; /* 640 MiB */
    long before = peak_rss_kib();
    if (strads_rank() == 0) {
        char *buf = calloc(1, msg);
        for (int i = 0; i < count; i++) {
            rt_packer p;
            rt_pack_begin(&p, RT_MSG_USER_BASE + 1, (uint64_t)i);
            msgpack_pack_bin(&p.pk, msg);
            buf[0] = (char)i;
            CHECK_OK(rt_send(1, p.sb.data, p.sb.size, buf, msg));
            rt_pack_done(&p);
        }
        free(buf);
    } else if (strads_rank() == 1) {
        sleep(2); /* a slow receiver */
        for (int i = 0; i < count; i++) {
            rt_msg *m;
            CHECK_OK(rt_recv(RT_MSG_USER_BASE + 1, (uint64_t)i, 0, 60000, &m));
            rt_msg_free(m);
        }
    }
    long grew_mib = (peak_rss_kib() - before) / 1024;
    printf("rank %d: peak memory grew by %ld MiB while 640 MiB went through\n", strads_rank(), grew_mib);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    CHECK_INT(grew_mib, <, 160); /* sanitizer allocators keep freed memory */
#endif
    return strads_barrier();
}

/* Connects to rank 0's listening port as a client that lacks the secret. */
static void intrude(void)
{
    const char *co = getenv("STRADS_COORDINATOR");
    CHECK(co != NULL);
    const char *colon = strrchr(co, ':');
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(colon + 1))};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    for (int attempt = 0; attempt < 2; attempt++) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        CHECK(connect(s, (struct sockaddr *)&a, sizeof a) == 0);
        if (attempt == 0) {
            const char junk[] = "GET / HTTP/1.0\r\n\r\n";
            CHECK(write(s, junk, sizeof junk) > 0);
        } else {
            /* A well-formed HELLO claiming rank 1, then a forged proof. */
            unsigned char f[128];
            size_t n = 0;
            unsigned char body[64];
            size_t b = 0;
            body[b++] = 0x01; /* type HELLO */
            body[b++] = 0x00; /* tag */
            body[b++] = 0x01; /* rank 1 */
            body[b++] = 0xc4;
            body[b++] = 32;
            memset(body + b, 0xAB, 32);
            b += 32;
            f[n++] = 0xD5, f[n++] = 1, f[n++] = 2, f[n++] = 0;
            uint32_t l = (uint32_t)(b + 8);
            f[n++] = (unsigned char)(l >> 24), f[n++] = (unsigned char)(l >> 16);
            f[n++] = (unsigned char)(l >> 8), f[n++] = (unsigned char)l;
            for (int i = 0; i < 8; i++) f[n++] = (unsigned char)((uint64_t)b >> (56 - 8 * i));
            memcpy(f + n, body, b);
            n += b;
            CHECK(write(s, f, n) == (ssize_t)n);
            unsigned char proof[64] = {0xD5, 1, 2, 0, 0, 0, 0, 8 + 36};
            size_t p = 8;
            for (int i = 0; i < 7; i++) proof[p++] = 0;
            proof[p++] = 36;
            proof[p++] = 0x02, proof[p++] = 0x00, proof[p++] = 0xc4, proof[p++] = 32;
            memset(proof + p, 0x5A, 32);
            p += 32;
            CHECK(write(s, proof, p) == (ssize_t)p);
        }
        /* The runtime must close the connection on us. */
        char buf[256];
        ssize_t r;
        int total = 0;
        while ((r = read(s, buf, sizeof buf)) > 0) total += (int)r;
        CHECK(r == 0 || r < 0);
        close(s);
        printf("intruder %d rejected (%d bytes received before close)\n", attempt, total);
    }
}

int prog_main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: rt_prog MODE\n");
        return 2;
    }
    const char *mode = argv[1];
    int64_t arg = 42;
    if (strcmp(mode, "basic") == 0) {
        for (int i = 0; i < 3; i++) CHECK_OK(strads_invoke_all(node_basic, &arg, sizeof arg));
    } else if (strcmp(mode, "many") == 0) {
        CHECK_OK(strads_invoke_all(node_many, NULL, 0));
    } else if (strcmp(mode, "determinism") == 0) {
        CHECK_OK(strads_invoke_all(node_determinism, NULL, 0));
    } else if (strcmp(mode, "transfer") == 0) {
        arg = argc > 2 ? atoll(argv[2]) : 256;
        CHECK_OK(strads_invoke_all(node_transfer, &arg, sizeof arg));
    } else if (strcmp(mode, "kill") == 0) {
        int rc = strads_invoke_all(node_kill, NULL, 0);
        printf("invoke_all returned %s\n", strads_errname(rc));
        return rc == 0 ? 0 : 1;
    } else if (strcmp(mode, "intruder") == 0) {
        if (strads_size() > 1) intrude();
        CHECK_OK(strads_invoke_all(node_basic, &arg, sizeof arg));
    } else if (strcmp(mode, "exit") == 0) {
        CHECK_OK(strads_invoke_all(node_basic, &arg, sizeof arg));
        printf("ok %s size=%d\n", mode, strads_size());
        fflush(stdout);
        exit(0);
    } else if (strcmp(mode, "backpressure") == 0) {
        CHECK_OK(strads_invoke_all(node_backpressure, NULL, 0));
    } else if (strcmp(mode, "cpus") == 0) {
        CHECK(strads_size() <= 64);
        CHECK_OK(strads_invoke_all(node_cpus, NULL, 0));
        const char *v = getenv("STRADS_CPUS");
        int bound = v && *v && strcmp(v, "none") != 0 && strcmp(v, "cores") != 0;
        for (int r = 0; r < strads_size(); r++) {
            printf("rank %d cpus 0x%llx\n", r, (unsigned long long)cpu_masks[r]);
            if (!bound) continue;
            CHECK_EQ(__builtin_popcountll(cpu_masks[r]), strads_threads());
            for (int q = 0; q < r; q++) CHECK_EQ(cpu_masks[q] & cpu_masks[r], 0);
        }
        printf("cpus %s\n", bound ? "bound" : "unbound");
    } else if (strcmp(mode, "early") == 0) {
        /* The driver's main runs before the workers join: it allocates,
         * frees, and says so in a file (argv[2]) that the test's workers
         * wait for before they start; then its first call needs them. */
        CHECK(argc > 2);
        void *p[2]; /* kept, freed */
        CHECK((p[1] = strads_dv_malloc(4096 * 8, 8, "rt_prog.c:early_freed")) != NULL);
        CHECK((p[0] = strads_dv_malloc(4096 * 8, 8, "rt_prog.c:early_kept")) != NULL);
        strads_free(p[1]);
        FILE *f = fopen(argv[2], "w");
        CHECK(f != NULL);
        fclose(f);
        CHECK_OK(strads_invoke_all(node_early, p, sizeof p));
        CHECK_OK(strads_invoke_all(node_basic, &arg, sizeof arg));
        strads_free(p[0]);
    } else if (strcmp(mode, "foreign") == 0) {
        CHECK_EQ(strads_invoke_all((strads_node_fn)(void *)puts, NULL, 0), STRADS_ENOFUNC);
    } else {
        fprintf(stderr, "rt_prog: unknown mode %s\n", mode);
        return 2;
    }
    printf("ok %s size=%d\n", mode, strads_size());
    return 0;
}

STRADS_MAIN(prog_main)
