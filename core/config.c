/*
 * core/config.c - the one table of STRADS_* environment variables, and
 * how a process learns its rank, the job size, the coordinator and the secret.
 *
 * Every STRADS_* variable the library reads is a row of `vars` below: its
 * name, type, default, range (or parser) and meaning. rt_config_load reads
 * them all once, when the process starts, into an rt_config that the rest
 * of the library reads through rt_cfg(); a malformed value stops the
 * program at start with a message naming the variable. docs/config.md
 * documents the same table (test unit.test_config checks that each row is
 * there with its type, default and range), and test config.walk tries
 * malformed values of every row in a real program. STRADS_SYNC and
 * STRADS_SLOW are stored here and checked by the engine when the process
 * starts (rt_upper.check_config): their grammars live above core.
 *
 * Ranks come from, first match wins: strads-run (STRADS_RANK/STRADS_SIZE),
 * OpenMPI's mpirun (OMPI_COMM_WORLD_RANK/SIZE), a PMI launcher
 * (PMI_RANK/PMI_SIZE), Slurm's srun (SLURM_PROCID/SLURM_NTASKS); with none
 * of them the process is a job of size 1.
 */
#define _GNU_SOURCE /* cpu_set_t */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "core/rt.h"

typedef int (*custom_fn)(rt_config *c, const char *v, char *err, size_t errlen);

static int p_manual(rt_config *c, const char *v, char *err, size_t errlen);
static int p_secret(rt_config *c, const char *v, char *err, size_t errlen);
static int p_bind(rt_config *c, const char *v, char *err, size_t errlen);
static int p_cpus(rt_config *c, const char *v, char *err, size_t errlen);
static int p_log(rt_config *c, const char *v, char *err, size_t errlen);
static int p_coordinator(rt_config *c, const char *v, char *err, size_t errlen);
static int p_launcher(rt_config *c, const char *v, char *err, size_t errlen);
static int p_progress(rt_config *c, const char *v, char *err, size_t errlen);
static int p_slow(rt_config *c, const char *v, char *err, size_t errlen);
static int p_slow_test(rt_config *c, const char *v, char *err, size_t errlen);
static int p_sync(rt_config *c, const char *v, char *err, size_t errlen);
static int p_rank_of_job(rt_config *c, const char *v, char *err, size_t errlen);
static int p_fault(rt_config *c, const char *v, char *err, size_t errlen);
static int p_arena(rt_config *c, const char *v, char *err, size_t errlen);
static int p_checkpoint(rt_config *c, const char *v, char *err, size_t errlen);
static int p_recover(rt_config *c, const char *v, char *err, size_t errlen);
static int p_replay(rt_config *c, const char *v, char *err, size_t errlen);

/* A row: what the docs and tests see, and where its value goes (INT, BOOL,
 * FLAG, REAL and TEXT rows store it in the field at off, of size bytes;
 * CUSTOM rows store what they parse themselves). */
typedef struct row {
    rt_config_var v;
    size_t off, size;
    custom_fn parse;
} row;

#define AT(f) offsetof(rt_config, f), sizeof(((rt_config *)0)->f)
#define NOWHERE 0, 0
#define BIG 4611686018427387904LL /* 2^62: "no upper bound" of a 64-bit count */
#define INT_ROW(n, d, lo, hi, h, f) {{n, RT_CFG_INT, "integer", d, NULL, lo, hi, false, {0}, h}, AT(f), NULL}
#define BOOL_ROW(n, d, h, f) {{n, RT_CFG_BOOL, "0 or 1", d, "0, 1", 0, 1, false, {0}, h}, AT(f), NULL}
#define REAL_ROW(n, d, lo, open, h, f) {{n, RT_CFG_REAL, "number", d, NULL, lo, 0, open, {0}, h}, AT(f), NULL}
#define FLAG_ROW(n, h, f) {{n, RT_CFG_FLAG, "flag", "unset", "any (set: on)", 0, 0, false, {0}, h}, AT(f), NULL}
#define TEXT_ROW(n, t, d, h, f) {{n, RT_CFG_TEXT, t, d, "any", 0, 0, false, {0}, h}, AT(f), NULL}
#define CUSTOM_ROW(n, t, d, r, h, fn, ...) \
    {{n, RT_CFG_CUSTOM, t, d, r, 0, 0, false, {__VA_ARGS__}, h}, NOWHERE, fn}

static const row vars[] = {
    CUSTOM_ROW("STRADS_RANK", "integer", "from the launcher", "0 to size - 1", "rank of this process (0 = driver)",
               p_manual, "abc", "-1", "0" /* without STRADS_SIZE */),
    CUSTOM_ROW("STRADS_SIZE", "integer", "from the launcher, else 1", "1 to 65536", "number of processes in the job",
               p_manual, "abc", "0", "2" /* without STRADS_RANK */),
    CUSTOM_ROW("STRADS_COORDINATOR", "host:port", "see below", "port 1 to 65535", "host:port where rank 0 listens",
               p_coordinator, "nohost", "h:abc", "h:0"),
    CUSTOM_ROW("STRADS_SECRET", "64 hex digits", "`STRADS_SECRET_FILE`", "64 hex digits", "job secret", p_secret, "abc"),
    TEXT_ROW("STRADS_SECRET_FILE", "path", "`~/.strads/secret`",
             "file holding the secret (external launchers)", secret_file),
    INT_ROW("STRADS_LISTEN_FD", "none", -1, 65535,
            "listening socket inherited by rank 0 (set by strads-run)", listen_fd),
    INT_ROW("STRADS_LAUNCHER_FD", "none", -1, 65535,
            "pipe from strads-run; its end means strads-run is gone (set by strads-run)", launcher_fd),
    INT_ROW("STRADS_SPAWN_FD", "none", -1, 65535,
            "pipe to strads-run; the driver's first byte starts the workers (set by strads-run)", spawn_fd),
    CUSTOM_ROW("STRADS_BIND", "address", "the address used to reach the coordinator", "up to 63 characters",
               "address workers listen on", p_bind,
               "an-address-longer-than-the-63-characters-of-a-host-name-field-at-all"),
    INT_ROW("STRADS_THREADS", "online cores / local processes", 1, 4096,
            "worker threads per process", threads),
    CUSTOM_ROW("STRADS_CPUS", "CPU list", "none", "CPU numbers and ranges, `cores`, `none`", "CPUs this process runs on (0,1 or 0-3)", p_cpus,
               "abc", "3-1", "0,"),
    CUSTOM_ROW("STRADS_LOG", "level", "`warn`", "`error`, `warn`, `info`, `debug`, `trace`", "log level: error, warn, info, debug, trace", p_log,
               "chatty"),
    INT_ROW("STRADS_HEARTBEAT_MS", "1000", 10, 3600000, "heartbeat period on idle connections",
            heartbeat_ms),
    /* Long: a process of a loaded machine can be off the CPU for seconds
     * (load 14-20 on 2 cores lost healthy peers at 5 s); a dead process
     * is seen at once by its closed connection, a stopped one by
     * strads-run. */
    INT_ROW("STRADS_PEER_TIMEOUT_MS", "60000", 50, 36000000,
            "silence after which a peer is declared lost", peer_timeout_ms),
    INT_ROW("STRADS_CONNECT_TIMEOUT_MS", "30000", 100, 36000000,
            "start-up deadline: time without a worker joining; time for each connection", connect_timeout_ms),
    INT_ROW("STRADS_COLLECTIVE_TIMEOUT_MS", "600000", 100, INT_MAX,
            "deadline of a barrier/all-reduce/gather", collective_timeout_ms),
    INT_ROW("STRADS_MAX_MESSAGE", "4294967296", 4096, BIG, "largest message a node accepts, in bytes",
            max_message),
    CUSTOM_ROW("STRADS_LAUNCHER", "word", "detected", "`strads-run`, `mpirun`, `pmi`, `srun`, `none`", "strads-run, mpirun, pmi, srun or none",
               p_launcher, "bogus"),
    FLAG_ROW("STRADS_STATS", "print per-loop statistics on stderr", stats),
    INT_ROW("STRADS_RECON_EVERY", "0", 0, BIG,
            "redo reconnaissance and planning every k calls of a loop", recon_every),
    REAL_ROW("STRADS_RECON_BUDGET", "300", 0, false,
             "seconds one reconnaissance iteration may run (0: no limit)", recon_budget_s),
    INT_ROW("STRADS_RECON_SAMPLE", "16", 1, 1000000000,
            "async_for: cut the blocks from 1 in k iterations", recon_sample),
    BOOL_ROW("STRADS_SAMPLE_PLAN", "1",
             "async_for: a sample that shows no parallelism runs the loop on the driver alone",
             sample_plan),
    BOOL_ROW("STRADS_TRY_ALONE", "1",
             "short calls run alone on the driver: a loop's first call for up to 20 ms, then "
             "until they cost what a shared call may, timed against shared, the faster kept",
             try_alone),
    BOOL_ROW("STRADS_VERIFY_RECON", "0", "async_for: check every real access against the plan",
             verify_recon),
    BOOL_ROW("STRADS_VERIFY_PLAN", "0", "async_for: check the plan for conflicts before running it",
             verify_plan),
    TEXT_ROW("STRADS_ORDER_FILE", "path", "unset",
             "async_for: append the serial order each call equals", order_file),
    TEXT_ROW("STRADS_RECORD", "path", "unset", "folder to record the run in", record),
    CUSTOM_ROW("STRADS_REPLAY", "path", "unset", "an existing folder", "folder of a recorded run to replay", p_replay,
               "/nonexistent/strads-replay"),
    CUSTOM_ROW("STRADS_SLOW", "spec", "none", "ranks below size, factors > 0", "controlled stragglers: rank:factor[@on[/off]] or steps",
               p_slow, "abc", "9:2"),
    CUSTOM_ROW("STRADS_SLOW_TEST", "RANK:MS", "none", "RANK below size, MS 0 to 3600000",
               "test hook: RANK sleeps MS after every sync_for task", p_slow_test, "abc", "0:-1",
               "9:10", "0:5x"),
    CUSTOM_ROW("STRADS_SYNC", "spec", "the pragmas' `sync(...)`, else `bsp`", "models and sites (meaning)",
               "sync_for models: MODEL or FILE:LINE=MODEL, comma separated", p_sync, "bogus",
               "ssp(x)", "a.c:x=bsp"),
    BOOL_ROW("STRADS_SSP_CHECK", "0", "fail an SSP loop whose staleness exceeds s", ssp_check),
    REAL_ROW("STRADS_ABSP_REPORT_S", "1", 0, true,
             "A-BSP: seconds between a node's progress reports", absp_report_s),
    REAL_ROW("STRADS_ABSP_MOVE_RATE", "measured", 0, true,
             "A-BSP: bytes/s the movement budget assumes", absp_move_rate),
    INT_ROW("STRADS_ABSP_CHECK", "0", 0, 1000000000,
            "A-BSP: K > 0 fails a loop whose counts spread beyond threshold+1+K", absp_check),
    INT_ROW("STRADS_TEST_PIECE", "4194304", 1, BIG,
            "test hook: bytes of input elements per message of async_for's input move", test_piece),
    CUSTOM_ROW("STRADS_TEST_PLAN_ERROR", "rank", "none", "0 to size - 1",
               "test hook: that rank fails its plan from spans on several nodes", p_rank_of_job,
               "abc", "9"),
    CUSTOM_ROW("STRADS_FAULT", "OP:RANK[:PHASE]", "none", "OP >= 1, RANK below size",
               "test hook: kills rank RANK in loop call OP", p_fault, "abc", "1:9", "0:0",
               "1:0:bogus"),
    CUSTOM_ROW("STRADS_ARENA", "addr[:size]", "`0x200000000000:16T`", "page-aligned, from 4 GiB; size >= 1 GiB; below 128 TiB",
               "address[:size] of the distributed-array arena (same on every node)", p_arena,
               "0x1000", "abc", "0x200000000000:4096", "0x7ff000000000:0x100000000000"),
    BOOL_ROW("STRADS_HUGEPAGES", "1",
             "dense parts of distributed vectors on transparent huge pages", hugepages),
    BOOL_ROW("STRADS_MALLOC_TUNE", "0 (`strads-run`: 1)",
             "tune glibc's malloc for the whole process", malloc_tune),
    CUSTOM_ROW("STRADS_CHECKPOINT", "path", "none", "a folder the driver may write (created)", "folder for checkpoints at operator boundaries",
               p_checkpoint, "/dev/null", "/proc/version/ck"),
    INT_ROW("STRADS_CHECKPOINT_EVERY", "1", 1, BIG, "checkpoint every k parallel operators",
            checkpoint_every),
    INT_ROW("STRADS_CHECKPOINT_KEEP", "2", 0, BIG, "checkpoints whose images are kept (0: all)",
            checkpoint_keep),
    BOOL_ROW("STRADS_CHECKPOINT_ASYNC", "1", "0: write checkpoints in line", checkpoint_async),
    BOOL_ROW("STRADS_CHECKPOINT_SYNC", "0", "1: fsync checkpoint files", checkpoint_sync),
    INT_ROW("STRADS_CHECKPOINT_CRASH", "none", 1, BIG,
            "test hook: driver dies while checkpointing op N", checkpoint_crash),
    CUSTOM_ROW("STRADS_RECOVER", "path", "none", "an existing folder", "folder of checkpoints to resume from", p_recover,
               "/nonexistent/strads-recover"),
    TEXT_ROW("STRADS_TRACE", "path", "unset",
             "file where the driver writes a Chrome trace-event timeline", trace_path),
    CUSTOM_ROW("STRADS_PROGRESS", "word", "`auto`", "`auto`, `on`, `off`", "progress line: auto (a tty), on, off",
               p_progress, "bogus"),
};
#define NVARS (sizeof vars / sizeof vars[0])
_Static_assert(NVARS <= RT_CONFIG_MAX, "RT_CONFIG_MAX is too small");

const rt_config_var *rt_config_vars(size_t *n)
{
    static rt_config_var out[NVARS];
    static char ranges[NVARS][48];
    *n = NVARS;
    for (size_t i = 0; i < NVARS; i++) {
        out[i] = vars[i].v;
        const rt_config_var *v = &vars[i].v;
        if (v->kind == RT_CFG_INT && v->hi >= BIG)
            snprintf(ranges[i], sizeof ranges[i], ">= %lld", v->lo);
        else if (v->kind == RT_CFG_INT)
            snprintf(ranges[i], sizeof ranges[i], "%lld to %lld", v->lo, v->hi);
        else if (v->kind == RT_CFG_REAL)
            snprintf(ranges[i], sizeof ranges[i], "%s %lld", v->lo_open ? ">" : ">=", v->lo);
        if (!v->range) out[i].range = ranges[i];
    }
    return out;
}

const char *rt_config_raw(const rt_config *c, const char *name)
{
    for (size_t i = 0; i < NVARS; i++)
        if (strcmp(vars[i].v.name, name) == 0) return c->raw[i];
    return NULL;
}

static int bad(char *err, size_t errlen, const char *name, const char *v, const char *expect)
{
    snprintf(err, errlen, "%s=%s: expected %s", name, v, expect);
    return STRADS_ECONFIG;
}

/* A whole decimal number in [lo, hi]: 0, else -1. */
static int parse_ll(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int env_int(const char *name, long lo, long hi, long deflt, long *out, char *err,
                   size_t errlen)
{
    const char *s = getenv(name);
    long long v = deflt;
    if (s && *s && parse_ll(s, lo, hi, &v)) {
        snprintf(err, errlen, "%s=%s: expected an integer in [%ld, %ld]", name, s, lo, hi);
        return STRADS_ECONFIG;
    }
    *out = (long)v;
    return 0;
}

static void store(rt_config *c, const row *r, const void *val, size_t len)
{
    if (r->size != len) abort(); /* a row whose field does not fit its kind */
    memcpy((char *)c + r->off, val, len);
}

/* Row r from its text v (non-empty): STRADS_ECONFIG with err naming it. */
static int parse_row(rt_config *c, const row *r, const char *v, char *err, size_t errlen)
{
    const char *n = r->v.name;
    switch (r->v.kind) {
    case RT_CFG_INT: {
        long long x;
        if (parse_ll(v, r->v.lo, r->v.hi, &x)) {
            char ex[96];
            if (r->v.hi >= BIG)
                snprintf(ex, sizeof ex, "an integer >= %lld", r->v.lo);
            else
                snprintf(ex, sizeof ex, "an integer in [%lld, %lld]", r->v.lo, r->v.hi);
            return bad(err, errlen, n, v, ex);
        }
        if (r->size == sizeof(int)) {
            int i = (int)x;
            store(c, r, &i, sizeof i);
        } else {
            int64_t i = x;
            store(c, r, &i, sizeof i);
        }
        return 0;
    }
    case RT_CFG_BOOL: {
        if (strcmp(v, "0") && strcmp(v, "1")) return bad(err, errlen, n, v, "0 or 1");
        bool b = v[0] == '1';
        store(c, r, &b, sizeof b);
        return 0;
    }
    case RT_CFG_REAL: {
        char *end;
        errno = 0;
        double d = strtod(v, &end);
        if (errno || end == v || *end || !isfinite(d) || d < (double)r->v.lo ||
            (r->v.lo_open && d <= (double)r->v.lo)) {
            char ex[64];
            snprintf(ex, sizeof ex, "a number %s %lld", r->v.lo_open ? ">" : ">=", r->v.lo);
            return bad(err, errlen, n, v, ex);
        }
        store(c, r, &d, sizeof d);
        return 0;
    }
    case RT_CFG_FLAG: {
        bool b = true;
        store(c, r, &b, sizeof b);
        return 0;
    }
    case RT_CFG_TEXT:
        store(c, r, &v, sizeof v);
        return 0;
    case RT_CFG_CUSTOM:
        return r->parse(c, v, err, errlen);
    }
    return 0;
}

/* Ranks from whichever launcher started us; 1 if none did. */
static int detect_launcher(rt_config *c, char *err, size_t errlen)
{
    static const struct {
        const char *rank, *size, *name;
    } launchers[] = {
        {"STRADS_RANK", "STRADS_SIZE", "strads-run"},
        {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "mpirun"},
        {"PMI_RANK", "PMI_SIZE", "pmi"},
        {"SLURM_PROCID", "SLURM_NTASKS", "srun"},
    };
    c->rank = 0;
    c->size = 1;
    c->launcher = "none";
    /* strads-run's pair: one without the other is a mistake, not "no
     * launcher" (a job of one process would silently run alone). */
    const char *sr = getenv("STRADS_RANK"), *ss = getenv("STRADS_SIZE");
    bool hr = sr && *sr, hs = ss && *ss;
    if (hr || hs) {
        long long r = 0, n = 1;
        if (hs && parse_ll(ss, 1, 65536, &n))
            return bad(err, errlen, "STRADS_SIZE", ss, "an integer in [1, 65536]");
        if (hr && parse_ll(sr, 0, 65535, &r))
            return bad(err, errlen, "STRADS_RANK", sr, "an integer in [0, 65535]");
        if (!hs) return bad(err, errlen, "STRADS_RANK", sr, "STRADS_SIZE as well (both or neither)");
        if (!hr) return bad(err, errlen, "STRADS_SIZE", ss, "STRADS_RANK as well (both or neither)");
        if (r >= n) return bad(err, errlen, "STRADS_RANK", sr, "a rank below STRADS_SIZE");
        c->rank = (int)r;
        c->size = (int)n;
        c->launcher = "strads-run";
        return 0;
    }
    for (size_t i = 1; i < sizeof launchers / sizeof launchers[0]; i++) {
        if (!getenv(launchers[i].rank) || !getenv(launchers[i].size)) continue;
        long r, n;
        int rc = env_int(launchers[i].size, 1, 65536, 1, &n, err, errlen);
        if (rc == 0) rc = env_int(launchers[i].rank, 0, n - 1, 0, &r, err, errlen);
        if (rc) return rc;
        c->rank = (int)r;
        c->size = (int)n;
        c->launcher = launchers[i].name;
        return 0;
    }
    return 0;
}

/* How many of the job's processes share this machine, which the default
 * thread count divides its cores among: strads-run starts all of them here
 * (two processes of two threads each on two cores took 5x as long to
 * plan SGD-MF as with one thread each); mpirun, MPICH's launchers and srun
 * say how many they put on this node. */
/* srun's tasks on this node: SLURM_STEP_TASKS_PER_NODE (or the job's
 * SLURM_TASKS_PER_NODE) lists the count of each node of the step in order,
 * runs written "2(x3)", and SLURM_NODEID is this node's place in it. A
 * plain `srun -n 2` sets these, not SLURM_NTASKS_PER_NODE. 0 when unknown. */
static long slurm_tasks_here(void)
{
    const char *v = getenv("SLURM_STEP_TASKS_PER_NODE");
    if (!v || !*v) v = getenv("SLURM_TASKS_PER_NODE");
    const char *id = getenv("SLURM_NODEID");
    long node = id && *id ? strtol(id, NULL, 10) : 0;
    if (!v || node < 0) return 0;
    for (const char *p = v; *p;) {
        char *end;
        long n = strtol(p, &end, 10), times = 1;
        if (end == p || n <= 0) return 0;
        if (*end == '(') {
            if (end[1] != 'x') return 0;
            times = strtol(end + 2, &end, 10);
            if (times <= 0 || *end != ')') return 0;
            end++;
        }
        if (node < times) return n;
        node -= times;
        if (*end != ',') return 0;
        p = end + 1;
    }
    return 0;
}

static long local_processes(const rt_config *c)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS",
                                        "SLURM_NTASKS_PER_NODE"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        long n = v ? strtol(v, NULL, 10) : 0; /* Slurm's may read "2(x3)" */
        if (n > 0) return n;
    }
    long n = strcmp(c->launcher, "srun") == 0 ? slurm_tasks_here() : 0;
    if (n > 0) return n;
    return strcmp(c->launcher, "strads-run") == 0 ? c->size : 1;
}

/* A job id that every process of an external launch sees the same way. */
static const char *external_job_id(void)
{
    static const char *const names[] = {"PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid",
                                        "SLURM_JOB_ID", "PMI_JOBID"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v) return v;
    }
    return "strads";
}

/* First host of a Slurm node list such as "node[03-07,9],gpu1" -> "node03". */
static void slurm_first_host(const char *list, char *out, size_t outlen)
{
    size_t n = 0;
    const char *p = list;
    while (*p && *p != ',' && *p != '[' && n + 1 < outlen) out[n++] = *p++;
    if (*p == '[') {
        p++;
        while (isdigit((unsigned char)*p) && n + 1 < outlen) out[n++] = *p++;
    }
    out[n] = 0;
}

static void default_coordinator(rt_config *c)
{
    /* A port derived from the job id, so every rank computes the same one
     * without talking; the range avoids the ephemeral ports of Linux. */
    const char *id = external_job_id();
    uint32_t h = 2166136261u;
    for (const char *p = id; *p; p++) h = (h ^ (uint8_t)*p) * 16777619u;
    unsigned port = 17000 + h % 10000;
    char host[200] = "127.0.0.1";
    const char *nodes = getenv("SLURM_STEP_NODELIST");
    if (!nodes) nodes = getenv("SLURM_JOB_NODELIST");
    if (strcmp(c->launcher, "srun") == 0 && nodes && *nodes) slurm_first_host(nodes, host, sizeof host);
    snprintf(c->coordinator, sizeof c->coordinator, "%s:%u", host, port);
}

static int parse_secret(const char *hex, uint8_t out[32])
{
    size_t bin_len = 0;
    if (strlen(hex) != 64) return STRADS_ECONFIG;
    if (sodium_hex2bin(out, 32, hex, 64, NULL, &bin_len, NULL) != 0 || bin_len != 32)
        return STRADS_ECONFIG;
    return 0;
}

/* Reads the secret file, creating it (mode 0600) when absent. Several ranks
 * on one host may race here: each writes a private temp file and link()s it
 * into place, so exactly one wins and all read the winner's content. */
static int secret_from_file(const char *path, uint8_t out[32], char *err, size_t errlen)
{
    char hex[65] = {0};
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        char dir[PATH_MAX], tmp[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash && slash != dir) {
            *slash = 0;
            mkdir(dir, 0700);
        }
        uint8_t key[32];
        randombytes_buf(key, sizeof key);
        sodium_bin2hex(hex, sizeof hex, key, sizeof key);
        snprintf(tmp, sizeof tmp, "%s.%d", path, (int)getpid());
        int t = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (t >= 0) {
            ssize_t w = write(t, hex, 64);
            close(t);
            if (w == 64) (void)link(tmp, path);
            unlink(tmp);
        }
        fd = open(path, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        snprintf(err, errlen, "cannot read the job secret from %s: %s", path, strerror(errno));
        return STRADS_ECONFIG;
    }
    ssize_t n = read(fd, hex, 64);
    close(fd);
    hex[n > 0 ? n : 0] = 0;
    if (parse_secret(hex, out)) {
        snprintf(err, errlen, "%s: expected 64 hex digits", path);
        return STRADS_ECONFIG;
    }
    return 0;
}

/* The secret when STRADS_SECRET did not give it (p_secret). */
static int load_secret(rt_config *c, char *err, size_t errlen)
{
    if (c->have_secret || c->size == 1) return 0; /* nothing to authenticate */
    if (strcmp(c->launcher, "strads-run") == 0) {
        snprintf(err, errlen,
                 "STRADS_SECRET is not set, yet STRADS_LAUNCHER says strads-run started this "
                 "process (it sets both); start the job with strads-run, or unset "
                 "STRADS_LAUNCHER to read the secret from STRADS_SECRET_FILE");
        return STRADS_ECONFIG;
    }
    char path[PATH_MAX];
    if (c->secret_file)
        snprintf(path, sizeof path, "%s", c->secret_file);
    else
        snprintf(path, sizeof path, "%s/.strads/secret", getenv("HOME") ? getenv("HOME") : "/tmp");
    int rc = secret_from_file(path, c->secret, err, errlen);
    if (rc == 0) c->have_secret = true;
    return rc;
}

/* STRADS_CPUS as a CPU set; *given 0 when unset or none. */
static int parse_cpus(const char *v, cpu_set_t *set, int *given)
{
    CPU_ZERO(set);
    *given = 0;
    /* cores: strads-run's request, which only strads-run turns into lists */
    if (!v || !*v || !strcmp(v, "none") || !strcmp(v, "cores")) return 0;
    for (const char *p = v;;) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p || lo < 0) return -1;
        if (*end == '-') {
            p = end + 1;
            hi = strtol(p, &end, 10);
            if (end == p || hi < lo) return -1;
        }
        if (hi >= CPU_SETSIZE) return -1;
        for (long c = lo; c <= hi; c++) CPU_SET((int)c, set);
        if (!*end) break;
        if (*end != ',') return -1;
        p = end + 1;
    }
    *given = 1;
    return 0;
}

/* ---- folders ---- */

/* An existing folder this process may read: 0, else STRADS_ECONFIG naming
 * the variable. */
static int check_folder(const char *name, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s=%s: %s", name, path, strerror(errno));
        return STRADS_ECONFIG;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s=%s: not a folder", name, path);
        return STRADS_ECONFIG;
    }
    if (access(path, R_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s=%s: cannot read the folder: %s", name, path, strerror(errno));
        return STRADS_ECONFIG;
    }
    return 0;
}

/* The checkpoint folder, created with its parents when absent, must be a
 * folder this process may write: refused at start rather than at every
 * checkpoint of the run. */
static int check_checkpoint_dir(const char *path, char *err, size_t errlen)
{
    char p[PATH_MAX];
    if (strlen(path) >= sizeof p - 64) {
        snprintf(err, errlen, "STRADS_CHECKPOINT=%s: path too long", path);
        return STRADS_ECONFIG;
    }
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        (void)mkdir(p, 0755); /* a failure shows in the stat below */
        *s = '/';
    }
    if (mkdir(p, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "STRADS_CHECKPOINT=%s: cannot create the folder: %s", path,
                 strerror(errno));
        return STRADS_ECONFIG;
    }
    struct stat st;
    if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "STRADS_CHECKPOINT=%s: not a folder", path);
        return STRADS_ECONFIG;
    }
    if (access(p, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "STRADS_CHECKPOINT=%s: cannot write in the folder: %s", path,
                 strerror(errno));
        return STRADS_ECONFIG;
    }
    return 0;
}

/* ---- the custom rows ---- */

/* STRADS_RANK and STRADS_SIZE: read with the other launchers' variables
 * before the table (detect_launcher). */
static int p_manual(rt_config *c, const char *v, char *err, size_t errlen)
{
    (void)c, (void)v, (void)err, (void)errlen;
    return 0;
}

/* The message leaves the value out: it is a secret. */
static int p_secret(rt_config *c, const char *v, char *err, size_t errlen)
{
    if (parse_secret(v, c->secret)) {
        snprintf(err, errlen, "STRADS_SECRET: expected 64 hex digits");
        return STRADS_ECONFIG;
    }
    c->have_secret = true;
    return 0;
}

static int p_bind(rt_config *c, const char *v, char *err, size_t errlen)
{
    if (strlen(v) >= sizeof c->bind_host)
        return bad(err, errlen, "STRADS_BIND", v, "an address of at most 63 characters");
    snprintf(c->bind_host, sizeof c->bind_host, "%s", v);
    return 0;
}

static int p_coordinator(rt_config *c, const char *v, char *err, size_t errlen)
{
    const char *colon = strrchr(v, ':');
    long long port;
    if (strlen(v) >= sizeof c->coordinator || !colon || colon == v ||
        parse_ll(colon + 1, 1, 65535, &port))
        return bad(err, errlen, "STRADS_COORDINATOR", v, "host:port, a port from 1 to 65535");
    snprintf(c->coordinator, sizeof c->coordinator, "%s", v);
    return 0;
}

static int p_log(rt_config *c, const char *v, char *err, size_t errlen)
{
    c->log_level = rt_log_parse_level(v);
    if (c->log_level < 0)
        return bad(err, errlen, "STRADS_LOG", v, "error, warn, info, debug or trace");
    return 0;
}

static int p_launcher(rt_config *c, const char *v, char *err, size_t errlen)
{
    static const char *const names[] = {"strads-run", "mpirun", "pmi", "srun", "none"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(v, names[i]) == 0) {
            /* a name strads-run gives, kept only under strads-run */
            if (strcmp(c->launcher, "strads-run") == 0) c->launcher = names[i];
            return 0;
        }
    return bad(err, errlen, "STRADS_LAUNCHER", v, "strads-run, mpirun, pmi, srun or none");
}

static int p_progress(rt_config *c, const char *v, char *err, size_t errlen)
{
    c->progress = !strcmp(v, "auto")                     ? -1
                  : !strcmp(v, "on") || !strcmp(v, "1")  ? 1
                  : !strcmp(v, "off") || !strcmp(v, "0") ? 0
                                                         : -2;
    if (c->progress == -2) return bad(err, errlen, "STRADS_PROGRESS", v, "auto, on or off");
    return 0;
}

/* RANK, a rank of this job: 0, else -1. */
static int parse_rank(const rt_config *c, const char *v, long long *r)
{
    return parse_ll(v, 0, c->size - 1, r);
}

static int p_rank_of_job(rt_config *c, const char *v, char *err, size_t errlen)
{
    long long r;
    if (parse_rank(c, v, &r)) {
        char ex[64];
        snprintf(ex, sizeof ex, "a rank of this job, 0 to %d", c->size - 1);
        return bad(err, errlen, "STRADS_TEST_PLAN_ERROR", v, ex);
    }
    c->test_plan_error = r;
    return 0;
}

/* STRADS_SLOW and STRADS_SYNC: their grammars belong to the layers above
 * core, which check them when the process starts (rt_upper.check_config). */
static int p_slow(rt_config *c, const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    c->slow = v;
    return 0;
}

static int p_slow_test(rt_config *c, const char *v, char *err, size_t errlen)
{
    char rank[16];
    const char *colon = strchr(v, ':');
    long long r, ms;
    if (!colon || (size_t)(colon - v) >= sizeof rank) goto fail;
    memcpy(rank, v, (size_t)(colon - v));
    rank[colon - v] = 0;
    if (parse_rank(c, rank, &r) || parse_ll(colon + 1, 0, 3600000, &ms)) goto fail;
    c->slow_test_rank = (int)r;
    c->slow_test_ms = ms;
    return 0;
fail:;
    char ex[96];
    snprintf(ex, sizeof ex, "RANK:MILLISECONDS, a rank from 0 to %d", c->size - 1);
    return bad(err, errlen, "STRADS_SLOW_TEST", v, ex);
}

static int p_sync(rt_config *c, const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    c->sync = v;
    return 0;
}

/* OP:RANK[:PHASE], OP >= 1, RANK of this job. */
static int p_fault(rt_config *c, const char *v, char *err, size_t errlen)
{
    static const char *const phases[] = {"start", "recon", "run", "writeback", "checkpoint"};
    char rank[16], phase[16] = "start";
    unsigned long long op;
    int n = 0;
    long long r;
    if (sscanf(v, "%llu:%15[0-9]%n", &op, rank, &n) != 2 || op == 0 || v[0] == '-') goto fail;
    if (v[n] == ':') {
        int m = 0;
        if (sscanf(v + n + 1, "%15[a-z]%n", phase, &m) != 1 || v[n + 1 + m]) goto fail;
    } else if (v[n]) {
        goto fail;
    }
    if (parse_rank(c, rank, &r)) goto fail;
    for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++)
        if (strcmp(phase, phases[i]) == 0) {
            c->fault_op = op;
            c->fault_rank = (int)r;
            snprintf(c->fault_phase, sizeof c->fault_phase, "%s", phase);
            return 0;
        }
fail:;
    char ex[160];
    snprintf(ex, sizeof ex, "OP:RANK[:PHASE], OP >= 1, RANK from 0 to %d, PHASE start, recon, run, "
             "writeback or checkpoint", c->size - 1);
    return bad(err, errlen, "STRADS_FAULT", v, ex);
}

/* addr[:size] in C notation (0x... or decimal); the range must lie within
 * the user half of a 47-bit address space and above the first 4 GiB, where
 * a non-PIE program's image and heap live. */
static int p_arena(rt_config *c, const char *v, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    unsigned long long a = strtoull(v, &end, 0), z = 0; /* 0: dds/'s default size */
    if (!errno && end != v && *end == ':') {
        const char *s = end + 1;
        z = strtoull(s, &end, 0);
        if (end == s) errno = EINVAL;
    }
    long ps = sysconf(_SC_PAGESIZE);
    if (errno || *end || v[0] == '-' || a < (1ULL << 32) || a % (unsigned long long)(ps > 0 ? ps : 4096) ||
        (z && z < (1ULL << 30)) || z > (1ULL << 47) || a > (1ULL << 47) - (z ? z : 1ULL << 30))
        return bad(err, errlen, "STRADS_ARENA", v,
                   "addr[:size], a page-aligned address from 4 GiB, a size of at least 1 GiB, "
                   "the range below 128 TiB");
    c->arena_addr = a;
    c->arena_size = z;
    return 0;
}

static int p_cpus(rt_config *c, const char *v, char *err, size_t errlen)
{
    cpu_set_t set;
    int given;
    if (parse_cpus(v, &set, &given))
        return bad(err, errlen, "STRADS_CPUS", v,
                   "CPU numbers and ranges, comma separated (0,1 or 0-3), cores or none");
    c->cpus = v;
    return 0;
}

/* STRADS_CHECKPOINT and STRADS_RECOVER keep their text; the driver checks
 * the folders once every row is read (rt_config_load). */
static int p_checkpoint(rt_config *c, const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    c->checkpoint = v;
    return 0;
}

static int p_recover(rt_config *c, const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    c->recover = v;
    return 0;
}

/* Every process replays (one process, or each node of the recorded job). */
static int p_replay(rt_config *c, const char *v, char *err, size_t errlen)
{
    c->replay = v;
    return check_folder("STRADS_REPLAY", v, err, errlen);
}

int rt_config_load(rt_config *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->listen_fd = -1;
    c->launcher_fd = -1;
    c->spawn_fd = -1;
    c->launcher = "none";
    int rc = detect_launcher(c, err, errlen);
    if (rc) return rc;

    /* Defaults of the rows whose field takes them, before the table. */
    long cores = sysconf(_SC_NPROCESSORS_ONLN), local = local_processes(c);
    cores = cores > 0 ? cores : 1;
    c->threads = cores / local > 0 ? (int)(cores / local) : 1;
    c->heartbeat_ms = 1000;
    c->peer_timeout_ms = 60000;
    c->connect_timeout_ms = 30000;
    c->collective_timeout_ms = 600000;
    c->max_message = (size_t)1 << 32;
    c->log_level = RT_LOG_WARN;
    c->progress = -1;
    c->recon_budget_s = 300;
    c->recon_sample = 16;
    c->sample_plan = true;
    c->try_alone = true;
    c->slow_test_rank = -1;
    c->absp_report_s = 1;
    c->test_piece = 4 << 20;
    c->test_plan_error = -1;
    c->hugepages = true;
    c->checkpoint_every = 1;
    c->checkpoint_keep = 2;
    c->checkpoint_async = true;

    /* Every row, in table order; a custom row may look at the job size. */
    for (size_t i = 0; i < NVARS; i++) {
        const char *v = getenv(vars[i].v.name);
        /* empty is unset, except for a flag, which is on once set */
        if (!v || (!*v && vars[i].v.kind != RT_CFG_FLAG)) continue;
        c->raw[i] = v;
        if ((rc = parse_row(c, &vars[i], v, err, errlen))) return rc;
    }
    /* Rows that need others: where the checkpoints go and where a recovery
     * comes from are checked on the driver, which alone writes and reads
     * them, the first before the second (one folder may be both). */
    if (c->rank == 0 && c->checkpoint && (rc = check_checkpoint_dir(c->checkpoint, err, errlen)))
        return rc;
    if (c->rank == 0 && c->recover && (rc = check_folder("STRADS_RECOVER", c->recover, err, errlen)))
        return rc;

    if (!c->coordinator[0] && c->size > 1) {
        if (strcmp(c->launcher, "strads-run") == 0) {
            snprintf(err, errlen,
                     "STRADS_COORDINATOR is not set, yet STRADS_LAUNCHER says strads-run "
                     "started this process (it sets both); start the job with strads-run, or "
                     "set STRADS_COORDINATOR to rank 0's host:port");
            return STRADS_ECONFIG;
        }
        default_coordinator(c);
    }
    return load_secret(c, err, errlen);
}


int rt_config_bind_cpus(const rt_config *c, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    cpu_set_t set;
    int given;
    if (parse_cpus(c->cpus, &set, &given) == 0 && given && sched_setaffinity(0, sizeof set, &set) != 0)
        rt_warn("STRADS_CPUS=%s: cannot bind to those CPUs (%s); running unbound", c->cpus,
                strerror(errno));
    return 0;
}
