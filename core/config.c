/*
 * core/config.c - the one table of STRADS_* environment variables, and
 * how a process learns its rank, the job size, the coordinator and the secret.
 *
 * Sources, first match wins: strads-run (STRADS_RANK/STRADS_SIZE), OpenMPI's
 * mpirun (OMPI_COMM_WORLD_RANK/SIZE), a PMI launcher (PMI_RANK/PMI_SIZE),
 * Slurm's srun (SLURM_PROCID/SLURM_NTASKS); with none of them the process is
 * a job of size 1. docs/config.md documents the same table; a test checks the
 * two agree.
 */
#define _GNU_SOURCE /* cpu_set_t */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "core/rt.h"

static const rt_config_var vars[] = {
    {"STRADS_RANK", "from the launcher", "rank of this process (0 = driver)"},
    {"STRADS_SIZE", "from the launcher, else 1", "number of processes in the job"},
    {"STRADS_COORDINATOR", "see docs/config.md", "host:port where rank 0 listens"},
    {"STRADS_SECRET", "STRADS_SECRET_FILE", "job secret, 64 hex digits"},
    {"STRADS_SECRET_FILE", "~/.strads/secret", "file holding the secret (external launchers)"},
    {"STRADS_LISTEN_FD", "none", "listening socket inherited by rank 0 (set by strads-run)"},
    {"STRADS_BIND", "address used to reach the coordinator", "address workers listen on"},
    {"STRADS_THREADS", "online cores / local processes", "worker threads per process"},
    {"STRADS_CPUS", "none", "CPUs this process runs on (0,1 or 0-3); cores: strads-run gives each rank its own"},
    {"STRADS_LOG", "warn", "log level: error, warn, info, debug, trace"},
    {"STRADS_HEARTBEAT_MS", "1000", "heartbeat period on idle connections"},
    {"STRADS_PEER_TIMEOUT_MS", "5000", "silence after which a peer is declared lost"},
    {"STRADS_CONNECT_TIMEOUT_MS", "30000", "start-up deadline: time without a worker joining; time for each connection"},
    {"STRADS_COLLECTIVE_TIMEOUT_MS", "600000", "deadline of a barrier/all-reduce/gather"},
    {"STRADS_MAX_MESSAGE", "4294967296", "largest message a node accepts, in bytes"},
    {"STRADS_LAUNCHER", "detected", "strads-run, mpirun, pmi, srun or none"},
    {"STRADS_STATS", "unset", "print per-loop statistics (reconnaissance, planning, phases) on stderr"},
    {"STRADS_RECON_EVERY", "0 (never again)", "redo reconnaissance and planning every k calls of a loop"},
    {"STRADS_RECON_BUDGET", "300", "seconds one reconnaissance iteration may run before the loop stops with an error (0: no limit)"},
    {"STRADS_RECON_SAMPLE", "16", "async_for: cut the blocks from 1 in k iterations before the reconnaissance pass"},
    {"STRADS_VERIFY_RECON", "0", "async_for: check every real access against the plan"},
    {"STRADS_VERIFY_PLAN", "unset", "async_for: check the plan for conflicts before running it"},
    {"STRADS_ORDER_FILE", "unset", "async_for: append the serial order each call equals (oracle tests)"},
    {"STRADS_RECORD", "unset", "folder to record the run in (orders, node logs, outcomes)"},
    {"STRADS_REPLAY", "unset", "folder of a recorded run to replay (one process or the cluster)"},
    {"STRADS_SLOW", "none", "controlled stragglers: rank:factor[@on[/off]] or steps, comma separated"},
    {"STRADS_SLOW_TEST", "none", "test hook: RANK:MS sleeps MS after every sync_for task on RANK"},
    {"STRADS_SYNC", "the pragma's", "override of sync_for models: MODEL or FILE:LINE=MODEL, comma separated"},
    {"STRADS_SSP_CHECK", "0", "measure the staleness of SSP runs and fail a loop that exceeds s"},
    {"STRADS_ABSP_REPORT_S", "1", "A-BSP: seconds between a node's progress reports to the driver"},
    {"STRADS_ABSP_CHECK", "0", "A-BSP: K > 0 fails a loop whose item process counts spread beyond threshold+1+K"},
    {"STRADS_TEST_PIECE", "4194304", "test hook: bytes of input elements per message of async_for's input move"},
    {"STRADS_FAULT", "none", "test hook: OP:RANK[:PHASE] kills rank RANK in loop call OP"},
    {"STRADS_ARENA", "0x200000000000:16T", "address[:size] of the distributed-array arena (same on every node)"},
    {"STRADS_CHECKPOINT", "none", "folder for checkpoints at operator boundaries"},
    {"STRADS_CHECKPOINT_EVERY", "1", "checkpoint every k parallel operators"},
    {"STRADS_CHECKPOINT_KEEP", "2", "checkpoints whose images are kept (0: all)"},
    {"STRADS_CHECKPOINT_ASYNC", "1", "0: write checkpoints in line instead of from copies in the background"},
    {"STRADS_CHECKPOINT_SYNC", "0", "1: fsync checkpoint files (survive a power loss, not only a killed process)"},
    {"STRADS_CHECKPOINT_CRASH", "none", "test hook: driver dies while checkpointing op N"},
    {"STRADS_RECOVER", "none", "folder of checkpoints to resume from (fast re-execution)"},
    {"STRADS_TRACE", "unset", "file where the driver writes a Chrome trace-event timeline of the run"},
    {"STRADS_PROGRESS", "auto", "progress line of long operators on the driver's stderr: auto (a tty), on, off"},
};

const rt_config_var *rt_config_vars(size_t *n)
{
    *n = sizeof vars / sizeof vars[0];
    return vars;
}

static int env_int(const char *name, long lo, long hi, long deflt, long *out, char *err,
                   size_t errlen)
{
    const char *s = getenv(name);
    if (!s || !*s) {
        *out = deflt;
        return 0;
    }
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi) {
        snprintf(err, errlen, "%s=%s: expected an integer in [%ld, %ld]", name, s, lo, hi);
        return STRADS_ECONFIG;
    }
    *out = v;
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
    for (size_t i = 0; i < sizeof launchers / sizeof launchers[0]; i++) {
        if (!getenv(launchers[i].rank) || !getenv(launchers[i].size)) continue;
        long r, n;
        int rc = env_int(launchers[i].size, 1, 65536, 1, &n, err, errlen);
        if (rc == 0) rc = env_int(launchers[i].rank, 0, n - 1, 0, &r, err, errlen);
        if (rc) return rc;
        c->rank = (int)r;
        c->size = (int)n;
        const char *l = getenv("STRADS_LAUNCHER");
        c->launcher = (i == 0 && l && *l) ? l : launchers[i].name;
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

static int load_secret(rt_config *c, char *err, size_t errlen)
{
    const char *s = getenv("STRADS_SECRET");
    if (s && *s) {
        if (parse_secret(s, c->secret)) {
            snprintf(err, errlen, "STRADS_SECRET: expected 64 hex digits");
            return STRADS_ECONFIG;
        }
        c->have_secret = true;
        return 0;
    }
    if (c->size == 1) return 0; /* nothing to authenticate */
    if (strcmp(c->launcher, "strads-run") == 0) {
        snprintf(err, errlen, "STRADS_SECRET is not set (strads-run always sets it)");
        return STRADS_ECONFIG;
    }
    char path[PATH_MAX];
    const char *f = getenv("STRADS_SECRET_FILE");
    if (f && *f)
        snprintf(path, sizeof path, "%s", f);
    else
        snprintf(path, sizeof path, "%s/.strads/secret", getenv("HOME") ? getenv("HOME") : "/tmp");
    int rc = secret_from_file(path, c->secret, err, errlen);
    if (rc == 0) c->have_secret = true;
    return rc;
}

int rt_config_load(rt_config *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->listen_fd = -1;
    int rc = detect_launcher(c, err, errlen);
    if (rc) return rc;

    long v;
    long cores = sysconf(_SC_NPROCESSORS_ONLN), local = local_processes(c);
    cores = cores > 0 ? cores : 1;
    if ((rc = env_int("STRADS_THREADS", 1, 4096, cores / local > 0 ? cores / local : 1, &v, err, errlen)))
        return rc;
    c->threads = (int)v;
    if ((rc = env_int("STRADS_HEARTBEAT_MS", 10, 3600000, 1000, &v, err, errlen))) return rc;
    c->heartbeat_ms = (int)v;
    if ((rc = env_int("STRADS_PEER_TIMEOUT_MS", 50, 36000000, 5000, &v, err, errlen))) return rc;
    c->peer_timeout_ms = (int)v;
    if ((rc = env_int("STRADS_CONNECT_TIMEOUT_MS", 100, 36000000, 30000, &v, err, errlen))) return rc;
    c->connect_timeout_ms = (int)v;
    if ((rc = env_int("STRADS_COLLECTIVE_TIMEOUT_MS", 100, INT_MAX, 600000, &v, err, errlen)))
        return rc;
    c->collective_timeout_ms = (int)v;
    if ((rc = env_int("STRADS_LISTEN_FD", -1, 65535, -1, &v, err, errlen))) return rc;
    c->listen_fd = (int)v;

    const char *mm = getenv("STRADS_MAX_MESSAGE");
    c->max_message = (size_t)1 << 32;
    if (mm && *mm) {
        char *end;
        unsigned long long x = strtoull(mm, &end, 10);
        if (*end || x < 4096) {
            snprintf(err, errlen, "STRADS_MAX_MESSAGE=%s: expected a byte count >= 4096", mm);
            return STRADS_ECONFIG;
        }
        c->max_message = (size_t)x;
    }

    const char *lvl = getenv("STRADS_LOG");
    c->log_level = RT_LOG_WARN;
    if (lvl && *lvl) {
        c->log_level = rt_log_parse_level(lvl);
        if (c->log_level < 0) {
            snprintf(err, errlen, "STRADS_LOG=%s: expected error, warn, info, debug or trace", lvl);
            return STRADS_ECONFIG;
        }
    }

    const char *co = getenv("STRADS_COORDINATOR");
    if (co && *co) {
        if (strlen(co) >= sizeof c->coordinator || !strrchr(co, ':')) {
            snprintf(err, errlen, "STRADS_COORDINATOR=%s: expected host:port", co);
            return STRADS_ECONFIG;
        }
        snprintf(c->coordinator, sizeof c->coordinator, "%s", co);
    } else if (c->size > 1) {
        if (strcmp(c->launcher, "strads-run") == 0) {
            snprintf(err, errlen, "STRADS_COORDINATOR is not set (strads-run always sets it)");
            return STRADS_ECONFIG;
        }
        default_coordinator(c);
    }
    const char *tr = getenv("STRADS_TRACE");
    c->trace_path = tr && *tr ? tr : NULL;
    const char *pg = getenv("STRADS_PROGRESS");
    c->progress = -1;
    if (pg && *pg && strcmp(pg, "auto") != 0) {
        c->progress = strcmp(pg, "on") == 0 || strcmp(pg, "1") == 0    ? 1
                      : strcmp(pg, "off") == 0 || strcmp(pg, "0") == 0 ? 0
                                                                       : -2;
        if (c->progress == -2) {
            snprintf(err, errlen, "STRADS_PROGRESS=%s: expected auto, on or off", pg);
            return STRADS_ECONFIG;
        }
    }
    const char *b = getenv("STRADS_BIND");
    if (b && *b) snprintf(c->bind_host, sizeof c->bind_host, "%s", b);

    return load_secret(c, err, errlen);
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

int rt_config_bind_cpus(char *err, size_t errlen)
{
    const char *v = getenv("STRADS_CPUS");
    cpu_set_t set;
    int given;
    if (parse_cpus(v, &set, &given)) {
        snprintf(err, errlen, "STRADS_CPUS=%s: expected CPU numbers and ranges, comma separated "
                              "(0,1 or 0-3), cores or none", v);
        return STRADS_ECONFIG;
    }
    if (given && sched_setaffinity(0, sizeof set, &set) != 0)
        rt_warn("STRADS_CPUS=%s: cannot bind to those CPUs (%s); running unbound", v,
                strerror(errno));
    return 0;
}
