/*
 * launcher/main.c - strads-run: starts a strads job on this machine.
 *
 * What every process of the job receives (the contract core/config.c
 * reads; `strads-run --help` prints the same list):
 *   STRADS_RANK, STRADS_SIZE          identity, 0 = driver
 *   STRADS_COORDINATOR=127.0.0.1:P    where the driver accepts connections
 *   STRADS_SECRET                     64 hex digits, fresh per job
 *   STRADS_LAUNCHER=strads-run
 *   STRADS_LISTEN_FD=3                driver only: the listening socket of P
 *   STRADS_LAUNCHER_FD=4              the read end of a pipe strads-run holds
 *                                     open: the runtime ends the process when
 *                                     it closes (strads-run is gone, even by
 *                                     SIGKILL)
 *   STRADS_SPAWN_FD=5                 driver only, when the program links the
 *                                     runtime (lazy.c): the write end of a pipe
 *                                     strads-run reads; the other ranks start
 *                                     when the driver first writes a byte
 *   STRADS_THREADS, STRADS_LOG        from --threads / --log when given
 *   STRADS_RECOVER=DIR                on a restart (--restarts): the checkpoint
 *                                     folder, so the job resumes from it
 *   STRADS_CPUS=LIST                  rank r's own cores, when strads-run
 *                                     was given STRADS_CPUS=cores
 * Everything else in our environment passes through unchanged.
 *
 * A job of one process without --restarts has nobody to meet or watch:
 * strads-run execs the program in its own place (no STRADS_COORDINATOR,
 * STRADS_LISTEN_FD nor STRADS_LAUNCHER_FD), so its status and signals are
 * the program's.
 *
 * --restarts N: an attempt that ends in a node failure (launch_job_lost_rank)
 * is followed by a fresh one (new rendezvous socket, all ranks, the same
 * program and arguments) with STRADS_RECOVER set, up to N times; strads-run
 * exits with the last attempt's status. docs/recovery.md tells the story.
 *
 * The rendezvous is race-free by construction: strads-run binds and listens
 * on 127.0.0.1 port 0 before any child starts, and hands the socket itself to
 * the driver. Workers may connect before the driver has even reached main():
 * the kernel queues them in the backlog, so no worker ever sees "connection
 * refused" at start and no port is guessed.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "launch.h"

#define SECRET_BYTES 32

/* Opens the coordinator's socket; returns the fd and its port in *port, or -1
 * after printing why. */
static int open_rendezvous(int *port)
{
    struct sockaddr_in a;
    socklen_t alen = sizeof a;
    /* CLOEXEC: only the driver gets it, through its stdio slot 3. */
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

    if (fd < 0) {
        perror("strads-run: socket");
        return -1;
    }
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    /* SOMAXCONN: up to LAUNCH_MAX_RANKS workers may knock at once. */
    if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, SOMAXCONN) < 0 ||
        getsockname(fd, (struct sockaddr *)&a, &alen) < 0) {
        perror("strads-run: cannot listen on 127.0.0.1");
        close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

/* The variables we set are removed from what passes through, so a value left
 * over from an enclosing job can never reach a child. */
static int is_ours(const char *entry, const launch_opts *o, int recovering)
{
    static const char *const names[] = {
        "STRADS_RANK", "STRADS_SIZE", "STRADS_COORDINATOR", "STRADS_SECRET",
        "STRADS_LAUNCHER", "STRADS_LISTEN_FD", "STRADS_LAUNCHER_FD", "STRADS_SPAWN_FD",
    };
    size_t i, l;

    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        l = strlen(names[i]);
        if (strncmp(entry, names[i], l) == 0 && entry[l] == '=')
            return 1;
    }
    if (o->threads && strncmp(entry, "STRADS_THREADS=", 15) == 0)
        return 1;
    if (o->log && strncmp(entry, "STRADS_LOG=", 11) == 0)
        return 1;
    if (recovering && strncmp(entry, "STRADS_RECOVER=", 15) == 0)
        return 1;
    if (strcmp(entry, "STRADS_CPUS=cores") == 0) /* replaced by each rank's list */
        return 1;
    return 0;
}

static char *fmt_var(const char *name, const char *value);

/* STRADS_CPUS=cores (opt-in): rank r's own cores, the (r * T)-th to
 * (r * T + T - 1)-th CPUs strads-run may use, as the list the runtime binds
 * to, when N >= 2 and every rank's T threads fit. Not the default: bound
 * ranks helped MLR on 2 x 1 (epochs 3.5 % shorter in 5 of 5 alternating
 * pairs) but slowed SGD-MF on 2 x 1 by 8-10 % (a rank's network threads
 * can no longer use the other core while its rank waits). NULL otherwise
 * (a list or none set by the user passes through). */
static char *cpus_of(const launch_opts *o, int r)
{
    cpu_set_t allowed;
    const char *v = getenv("STRADS_CPUS");
    if (o->n < 2 || !v || strcmp(v, "cores") != 0 ||
        sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return NULL;
    int count = CPU_COUNT(&allowed), t = o->threads ? o->threads : count;
    if ((long)o->n * t > count)
        return NULL;
    char list[4096] = "";
    size_t len = 0;
    int seen = 0;
    for (int c = 0; c < CPU_SETSIZE && seen < (r + 1) * t; c++) {
        if (!CPU_ISSET(c, &allowed))
            continue;
        if (seen++ >= r * t && len + 16 < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", len ? "," : "", c);
    }
    return fmt_var("STRADS_CPUS", list);
}

static char *fmt_var(const char *name, const char *value)
{
    size_t n = strlen(name) + strlen(value) + 2;
    char *s = malloc(n);

    if (s)
        snprintf(s, n, "%s=%s", name, value);
    return s;
}

/* One attempt: starts the job, waits for it to end. Returns strads-run's
 * exit status for it; *lost is the rank whose failure ended it, else -1.
 * recover (may be NULL) is passed as STRADS_RECOVER. */
/* The job's environment: everything inherited that is not ours, then ours
 * (own[7], to free), with room for the per-rank variables after *base;
 * NULL when out of memory. coord: rank 0's host:port (NULL: one process,
 * which has no peers to meet). */
static char **job_env(const launch_opts *o, const char *hex, const char *coord,
                      const char *recover, char *own[7], size_t *base)
{
    extern char **environ;
    char num[32];
    char **env;
    size_t nenv = 0, i, k = 0;

    while (environ[nenv])
        nenv++;
    if (!(env = calloc(nenv + 13, sizeof *env)))
        return NULL;
    for (i = 0; i < nenv; i++)
        if (!is_ours(environ[i], o, recover != NULL))
            env[k++] = environ[i];
    snprintf(num, sizeof num, "%d", o->n);
    if (!(own[0] = fmt_var("STRADS_SIZE", num)) ||
        (coord && !(own[1] = fmt_var("STRADS_COORDINATOR", coord))) ||
        !(own[2] = fmt_var("STRADS_SECRET", hex)) ||
        !(own[3] = fmt_var("STRADS_LAUNCHER", "strads-run")))
        goto oom;
    if (o->threads) {
        snprintf(num, sizeof num, "%d", o->threads);
        if (!(own[4] = fmt_var("STRADS_THREADS", num)))
            goto oom;
    }
    if (o->log && !(own[5] = fmt_var("STRADS_LOG", o->log)))
        goto oom;
    if (recover && !(own[6] = fmt_var("STRADS_RECOVER", recover)))
        goto oom;
    for (i = 0; i < 7; i++)
        if (own[i])
            env[k++] = own[i];
    *base = k;
    return env;
oom:
    free(env);
    return NULL;
}

/* One process and no restarts: strads-run becomes the program, rank 0 of
 * a job of one (a second exec and the supervisor's loop cost a 16 ms
 * program a third of its time); its status, or its signal, is the job's.
 * Returns only when the exec failed, with the job's status. */
static int exec_alone(const launch_opts *o, const char *hex)
{
    char *own[7] = { 0 }, *cpus_var = cpus_of(o, 0);
    size_t k, i;
    char **env = job_env(o, hex, NULL, NULL, own, &k);
    int status = LAUNCH_EXIT_FAILED;

    if (!env) {
        fputs("strads-run: out of memory\n", stderr);
    } else {
        env[k++] = "STRADS_RANK=0";
        if (cpus_var)
            env[k++] = cpus_var;
        env[k] = NULL;
        signal(SIGPIPE, SIG_DFL); /* ours, not the program's */
        execvpe(o->argv[0], o->argv, env);
        int e = errno;
        signal(SIGPIPE, SIG_IGN);
        fprintf(stderr, "strads-run: cannot run '%s': %s\n", o->argv[0], strerror(e));
        status = e == ENOENT ? LAUNCH_EXIT_NOTFOUND : e == EACCES ? LAUNCH_EXIT_NOEXEC
                                                                  : LAUNCH_EXIT_FAILED;
    }
    for (i = 0; i < 7; i++)
        free(own[i]);
    free(cpus_var);
    free(env);
    return status;
}

/* One attempt's spawns: the environment every rank shares (base entries),
 * to which each spawn adds its own. */
typedef struct attempt {
    const launch_opts *o;
    launch_job *job;
    char **env;
    size_t base;
} attempt;

/* Starts rank r; listen_fd and spawn_fd as launch_spawn takes them. */
static int spawn_rank(attempt *a, int r, int listen_fd, int spawn_fd)
{
    char num[32];
    char *rank_var, *cpus_var = cpus_of(a->o, r);
    size_t k = a->base;

    snprintf(num, sizeof num, "%d", r);
    if (!(rank_var = fmt_var("STRADS_RANK", num))) {
        free(cpus_var);
        return UV_ENOMEM;
    }
    a->env[k++] = rank_var;
    if (cpus_var)
        a->env[k++] = cpus_var;
    a->env[k++] = "STRADS_LAUNCHER_FD=" LAUNCH_LINK_FD_STR;
    if (r == 0)
        a->env[k++] = "STRADS_LISTEN_FD=3";
    if (spawn_fd >= 0)
        a->env[k++] = "STRADS_SPAWN_FD=" LAUNCH_SPAWN_FD_STR;
    a->env[k] = NULL;
    int err = launch_spawn(a->job, r, a->o->argv, a->env, listen_fd, spawn_fd);
    free(rank_var);
    free(cpus_var);
    return err;
}

/* Ranks 1 .. n-1: at once, or when the driver asks (launch_on_request). */
static void start_workers(void *arg)
{
    attempt *a = arg;
    for (int r = 1; r < a->o->n; r++) {
        int err = spawn_rank(a, r, -1, -1);
        if (err) {
            fprintf(stderr, "strads-run: cannot start rank %d of '%s': %s; stopping the job\n",
                    r, a->o->argv[0], uv_strerror(err));
            launch_abort(a->job);
            return;
        }
    }
}

static int run_attempt(const launch_opts *o, const char *hex, const char *recover, int *lost)
{
    char coord[64];
    char **env = NULL, *own[7] = { 0 };
    size_t base, i;
    int port, lfd = -1, err, status = LAUNCH_EXIT_FAILED, req[2] = { -1, -1 };
    uv_loop_t loop;
    launch_job *job = NULL;

    *lost = -1;
    if ((lfd = open_rendezvous(&port)) < 0)
        return LAUNCH_EXIT_FAILED;
    snprintf(coord, sizeof coord, "127.0.0.1:%d", port);

    /* then the per-rank STRADS_RANK (and STRADS_LISTEN_FD for the driver) */
    if (!(env = job_env(o, hex, coord, recover, own, &base)))
        goto oom;

    if (uv_loop_init(&loop) != 0) {
        fputs("strads-run: cannot create an event loop\n", stderr);
        goto out;
    }
    if (!(job = launch_job_new(&loop, o->n)))
        goto oom_loop;
    attempt a = { o, job, env, base };

    /* Workers on the driver's request (lazy.c): not on a restart, whose
     * recovery wants every rank */
    if (!recover && launch_links_runtime(o->argv[0]) && pipe2(req, O_CLOEXEC) != 0)
        req[0] = req[1] = -1;
    err = spawn_rank(&a, 0, lfd, req[1]);
    /* The driver owns the socket now; without our copy, workers of a
     * driver that died get "connection refused" at once. */
    close(lfd);
    lfd = -1;
    if (req[1] >= 0)
        close(req[1]);
    if (err) {
        if (req[0] >= 0)
            close(req[0]);
        fprintf(stderr, "strads-run: cannot run '%s': %s\n", o->argv[0], uv_strerror(err));
        status = err == UV_ENOENT ? LAUNCH_EXIT_NOTFOUND
                 : err == UV_EACCES ? LAUNCH_EXIT_NOEXEC : LAUNCH_EXIT_FAILED;
        goto out_loop;
    }
    if (req[0] < 0 || launch_on_request(job, req[0], start_workers, &a) != 0)
        start_workers(&a);
    if ((err = launch_watch_signals(job)) != 0) {
        fprintf(stderr, "strads-run: cannot watch signals: %s; stopping the job\n",
                uv_strerror(err));
        launch_abort(job);
    }
    uv_run(&loop, UV_RUN_DEFAULT);
    status = launch_job_status(job);
    *lost = launch_job_lost_rank(job);
    goto out_loop;

oom_loop:
    fputs("strads-run: out of memory\n", stderr);
out_loop:
    launch_job_free(job);
    uv_loop_close(&loop);
    goto out;
oom:
    fputs("strads-run: out of memory\n", stderr);
out:
    if (lfd >= 0)
        close(lfd);
    for (i = 0; i < 7; i++)
        free(own[i]);
    free(env);
    return status;
}

/* strads-run holds two pipes per rank (its stdout and stderr), and each
 * process of the job one connection per peer; the children inherit our
 * limit. A short soft limit is raised to the hard one; a short hard limit
 * is said before anything starts, instead of as failed spawns or
 * connections. 64: the rendezvous socket, libuv's own, stdio, the
 * program's files. */
static int raise_nofile(int n)
{
    struct rlimit rl, up;
    rlim_t need = (rlim_t)2 * (rlim_t)n + 64;

    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= need)
        return 0;
    up = rl;
    up.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &up) != 0) { /* a hard limit above the kernel's nr_open */
        up.rlim_cur = need;
        if (setrlimit(RLIMIT_NOFILE, &up) != 0)
            up.rlim_cur = rl.rlim_cur;
    }
    if (up.rlim_cur >= need)
        return 0;
    fprintf(stderr, "strads-run: too many open files for -n %d: about %llu descriptors are "
            "needed (two pipes per rank here, a connection per worker in rank 0), but "
            "RLIMIT_NOFILE allows %llu (hard limit %llu); raise it (ulimit -n)\n", n,
            (unsigned long long)need, (unsigned long long)up.rlim_cur,
            (unsigned long long)rl.rlim_max);
    return -1;
}

/* STRADS_MALLOC_TUNE: the library leaves a program's allocator alone unless
 * asked; strads-run asks (1) unless the user said 0. Then large malloc'ed
 * buffers also go on transparent huge pages in every process of the job
 * (glibc's malloc tunable; the kernel's THP mode "madvise", Debian's
 * default, honours it): reconnaissance records, plans, message buffers
 * and the program's own data are touched once, fresh, and at 4 KiB a page
 * fault each; in a VM a fault costs several microseconds (SGD-MF, 2.5 M
 * ratings on 2 nodes: planning 0.60 -> 0.27 s, the first epoch 1.87 ->
 * 1.21 s). Kept when the user set GLIBC_TUNABLES's hugetlb. 0, or -1
 * after a message (a value other than 0 or 1). */
static int malloc_tune(void)
{
    const char *on = getenv("STRADS_MALLOC_TUNE"), *t = getenv("GLIBC_TUNABLES");
    if (on && *on && strcmp(on, "0") && strcmp(on, "1")) {
        fprintf(stderr, "strads-run: STRADS_MALLOC_TUNE=%s: expected 0 or 1\n", on);
        return -1;
    }
    if (on && !strcmp(on, "0"))
        return 0;
    setenv("STRADS_MALLOC_TUNE", "1", 1);
    if (t && strstr(t, "glibc.malloc.hugetlb"))
        return 0;
    const char *more = t && *t ? t : "";
    size_t n = strlen(more) + 32;
    char *v = malloc(n);
    if (!v)
        return 0;
    snprintf(v, n, "%s%sglibc.malloc.hugetlb=1", more, *more ? ":" : "");
    setenv("GLIBC_TUNABLES", v, 1);
    free(v);
    return 0;
}

int main(int argc, char **argv)
{
    launch_opts o;
    unsigned char secret[SECRET_BYTES];
    char hex[2 * SECRET_BYTES + 1];
    int status, lost, attempt;

    switch (launch_parse_args(argc, argv, &o)) {
    case 1: return 0;
    case -1: return LAUNCH_EXIT_USAGE;
    default: break;
    }
    /* Our stderr may be a pipe whose reader quits; a write error is enough.
     * The children get the default disposition of every signal
     * (launch_spawn). */
    signal(SIGPIPE, SIG_IGN);

    if (sodium_init() < 0) {
        fputs("strads-run: libsodium failed to initialize\n", stderr);
        return LAUNCH_EXIT_FAILED;
    }
    randombytes_buf(secret, sizeof secret);
    sodium_bin2hex(hex, sizeof hex, secret, sizeof secret);
    sodium_memzero(secret, sizeof secret);

    if (raise_nofile(o.n) != 0)
        return LAUNCH_EXIT_FAILED;
    if (malloc_tune())
        return LAUNCH_EXIT_USAGE;
    /* Restarts recover from the checkpoint folder, else from --recover's. */
    const char *from = o.checkpoint ? o.checkpoint : getenv("STRADS_RECOVER");
    if (from && !*from)
        from = NULL;
    if (o.n == 1 && o.restarts == 0) {
        status = exec_alone(&o, hex);
        sodium_memzero(hex, sizeof hex);
        return status;
    }
    status = run_attempt(&o, hex, NULL, &lost);
    for (attempt = 1; attempt <= o.restarts && lost >= 0; attempt++) {
        /* The failed attempt's processes are all gone (uv_run returned after
         * the last exit), so the new one cannot meet stale peers; the secret
         * is kept, the rendezvous socket is new. */
        if (from)
            fprintf(stderr, "strads-run: node failure (rank %d); restart %d of %d, recovering "
                    "from the checkpoints in %s\n", lost, attempt, o.restarts, from);
        else
            fprintf(stderr, "strads-run: node failure (rank %d); restart %d of %d from the "
                    "start (no --checkpoint folder to recover from)\n", lost, attempt,
                    o.restarts);
        status = run_attempt(&o, hex, o.checkpoint, &lost);
    }
    if (o.restarts && lost >= 0)
        fprintf(stderr, "strads-run: node failure (rank %d) after %d restart%s; giving up\n",
                lost, o.restarts, o.restarts == 1 ? "" : "s");
    sodium_memzero(hex, sizeof hex);
    return status;
}
