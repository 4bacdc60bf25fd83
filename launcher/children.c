/*
 * launcher/children.c - the processes of one job and their endings.
 *
 * Owns the rule that decides how a job ends (docs/design.md §10):
 *  - the driver (rank 0) exits with a status: that is the job's status;
 *    workers then get a few seconds to be shut down by the runtime, after
 *    which they are killed;
 *  - a worker exits non-zero or by a signal while the driver runs, or the
 *    driver dies by a signal: a node failure. strads-run names the rank and
 *    how it died, stops the others (SIGTERM, SIGKILL after a grace period) and
 *    exits non-zero, well within the 10 s the tests allow;
 *  - a child found stopped (SIGSTOP, SIGTSTP) on two polls STOP_POLL_MS apart
 *    while the driver runs is killed and is a node failure like a death:
 *    its peers would otherwise wait for it (a stopped process keeps its
 *    connections open) until their heartbeat timeout;
 *  - a child that exits with an error status is often reacting to a peer's
 *    death or stop that strads-run has not reaped or polled yet: the other
 *    children are looked at first (without reaping them), and a dead or
 *    stopped one is named before it, as the cause;
 *  - SIGINT/SIGTERM/SIGHUP sent to strads-run are forwarded to every child;
 *    children that ignore them are killed after a grace period. Every child
 *    also holds the read end of a pipe from strads-run (LAUNCH_LINK_FD): if
 *    strads-run dies, SIGKILL included, the pipe closes and the runtime in
 *    each rank ends its process.
 * Every ending goes through the same path: children exit, their pipes drain,
 * the handles close and uv_run() returns; launch_job_status() then reads what
 * happened. All of it runs on the one loop thread.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"

/* Grace periods, in ms. FAIL is short because the job is already lost and
 * the failure must be reported within 10 s; AFTER_DRIVER leaves the runtime
 * time to shut its workers down cleanly; DRAIN bounds the wait for output
 * pipes that a grandchild (a worker's own child) may hold open. */
#define GRACE_FAIL_MS 3000
#define DRIVER_REPORT_MS 2000
#define GRACE_SIGNAL_MS 5000
#define GRACE_AFTER_DRIVER_MS 5000
#define DRAIN_MS 1000
/* How often the children's states are read (/proc/PID/stat). Two polls in a
 * row must see a child stopped: a job-control stop and continue of the whole
 * process group (Ctrl-Z, fg) reaches the children one by one, and one poll
 * could fall between them. */
#define STOP_POLL_MS 200

typedef struct launch_child {
    launch_job *job;
    int rank;
    bool started, exited;
    int pid;
    int64_t code;      /* exit status when exited normally */
    int sig;           /* terminating signal, 0 when exited normally */
    bool killed;       /* we sent SIGKILL after a grace period */
    bool stopped;      /* we sent SIGTERM to stop it (node failure elsewhere) */
    bool hung;         /* found stopped by a signal: we killed it, it is the failure */
    bool named;        /* its death was reported before it was reaped */
    int stop_polls;    /* consecutive polls that found it stopped */
    int link_fd;       /* write end of its pipe (LAUNCH_LINK_FD), or -1 */
    uv_pipe_t pipe[2]; /* workers: the child's stdout and stderr */
    bool pipe_open[2];
    launch_lines lines[2];
} launch_child;

typedef enum {
    PHASE_RUNNING,     /* everyone running, the driver included */
    PHASE_DRIVER_DONE, /* driver exited with a status; waiting for workers */
    PHASE_FAILED,      /* node failure or setup failure: stopping the job */
    PHASE_SIGNALLED    /* strads-run got SIGINT/SIGTERM and forwarded it */
} launch_phase;

struct launch_job {
    uv_loop_t *loop;
    int n;
    launch_child *kids;
    int live;          /* started and not yet exited */
    int open_pipes;
    launch_phase phase;
    int failed_rank;   /* first failed rank, -1 for none */
    bool aborted;      /* a spawn failed after others had started */
    bool signals_on;
    bool got_signal;   /* strads-run was sent SIGINT/SIGTERM */
    int late_lost_rank; /* a worker died by a signal not ours after the driver
                         * exited (the driver may notice a loss first) */
    uv_signal_t sig_int, sig_term, sig_hup;
    uv_signal_t sig_chld; /* children are reaped here (launch_spawn) */
    bool chld_on;
    uv_timer_t kill_timer, drain_timer, driver_timer, poll_timer;
    const char *kill_why; /* for the message printed when kill_timer fires */
    uv_pipe_t req;        /* the driver's request for its workers (lazy.c) */
    bool req_on;          /* req initialized, not yet closed */
    void (*start)(void *arg);
    void *start_arg;
};

/* Only the signals a launcher is likely to see; others print as a number. */
const char *launch_signame(int sig)
{
    switch (sig) {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1";
    case SIGSEGV: return "SIGSEGV";
    case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE";
    case SIGALRM: return "SIGALRM";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    case SIGSYS: return "SIGSYS";
    default: return NULL;
    }
}

launch_job *launch_job_new(uv_loop_t *loop, int n)
{
    launch_job *job = calloc(1, sizeof *job);
    int r;

    if (!job || !(job->kids = calloc((size_t)n, sizeof *job->kids))) {
        free(job);
        return NULL;
    }
    job->loop = loop;
    job->n = n;
    job->failed_rank = -1;
    job->late_lost_rank = -1;
    for (r = 0; r < n; r++) {
        job->kids[r].job = job;
        job->kids[r].rank = r;
        job->kids[r].link_fd = -1;
    }
    uv_timer_init(loop, &job->kill_timer);
    uv_timer_init(loop, &job->drain_timer);
    uv_timer_init(loop, &job->driver_timer);
    uv_timer_init(loop, &job->poll_timer);
    job->driver_timer.data = job->poll_timer.data = job;
    job->kill_timer.data = job->drain_timer.data = job;
    return job;
}

static void close_if_open(uv_handle_t *h)
{
    if (!uv_is_closing(h))
        uv_close(h, NULL);
}

static void close_request(launch_job *job)
{
    if (job->req_on)
        close_if_open((uv_handle_t *)&job->req);
    job->req_on = false;
}

static void close_signals(launch_job *job)
{
    if (job->chld_on)
        close_if_open((uv_handle_t *)&job->sig_chld);
    if (!job->signals_on)
        return;
    close_if_open((uv_handle_t *)&job->sig_int);
    close_if_open((uv_handle_t *)&job->sig_term);
    close_if_open((uv_handle_t *)&job->sig_hup);
}

/* Closes whatever is still open (only after an early return from main, before
 * uv_run) and lets the loop finish the closes before freeing the memory that
 * holds the handles. */
void launch_job_free(launch_job *job)
{
    int r;

    if (!job)
        return;
    close_if_open((uv_handle_t *)&job->kill_timer);
    close_if_open((uv_handle_t *)&job->drain_timer);
    close_if_open((uv_handle_t *)&job->driver_timer);
    close_if_open((uv_handle_t *)&job->poll_timer);
    close_signals(job);
    close_request(job);
    uv_run(job->loop, UV_RUN_DEFAULT);
    for (r = 0; r < job->n; r++) {
        if (job->kids[r].link_fd >= 0)
            close(job->kids[r].link_fd);
        launch_lines_finish(&job->kids[r].lines[0]);
        launch_lines_finish(&job->kids[r].lines[1]);
    }
    free(job->kids);
    free(job);
}

static void send_all(launch_job *job, int sig)
{
    int r;

    for (r = 0; r < job->n; r++) {
        launch_child *c = &job->kids[r];

        if (c->started && !c->exited)
            kill(c->pid, sig);
    }
}

static void on_kill_timer(uv_timer_t *t)
{
    launch_job *job = t->data;
    char msg[160];
    int r;

    for (r = 0; r < job->n; r++) {
        launch_child *c = &job->kids[r];

        if (!c->started || c->exited)
            continue;
        snprintf(msg, sizeof msg, "strads-run: rank %d (pid %d) did not exit %s; killing it\n",
                 r, c->pid, job->kill_why);
        launch_write_stderr(msg, strlen(msg));
        c->killed = true;
        kill(c->pid, SIGKILL);
    }
}

/* SIGKILLs the survivors after ms unless they exit first. An earlier deadline
 * already set is kept: a later event never extends the time to the end. */
static void arm_kill(launch_job *job, uint64_t ms, const char *why)
{
    if (uv_is_active((uv_handle_t *)&job->kill_timer) &&
        uv_timer_get_due_in(&job->kill_timer) <= ms)
        return;
    job->kill_why = why;
    uv_timer_start(&job->kill_timer, on_kill_timer, ms, 0);
}

static void on_driver_timer(uv_timer_t *t)
{
    launch_job *job = t->data;
    launch_child *d = &job->kids[0];
    if (d->started && !d->exited) {
        d->stopped = true;
        kill(d->pid, SIGTERM);
    }
}

/* The job is lost: stop the workers now. The driver gets DRIVER_REPORT_MS to
 * notice the lost node itself and say where it was (its runtime stops it
 * within 3 s of the loss anyway), then SIGTERM like the rest. */
static void fail_job(launch_job *job, int rank)
{
    job->phase = PHASE_FAILED;
    if (job->failed_rank < 0)
        job->failed_rank = rank;
    for (int r = 1; r < job->n; r++) {
        launch_child *c = &job->kids[r];
        if (c->started && !c->exited) {
            c->stopped = true;
            kill(c->pid, SIGTERM);
        }
    }
    if (rank <= 0 || job->aborted)
        on_driver_timer(&job->driver_timer);
    else if (!uv_is_active((uv_handle_t *)&job->driver_timer))
        uv_timer_start(&job->driver_timer, on_driver_timer, DRIVER_REPORT_MS, 0);
    arm_kill(job, GRACE_FAIL_MS + DRIVER_REPORT_MS,
             "within 5 s of a node failure");
}

void launch_abort(launch_job *job)
{
    job->aborted = true;
    fail_job(job, -1);
}

static void report_exit(const launch_child *c, const char *suffix)
{
    char msg[200];
    const char *name = launch_signame(c->sig);

    if (c->sig && name)
        snprintf(msg, sizeof msg, "strads-run: rank %d (pid %d) was killed by signal %d (%s)%s\n",
                 c->rank, c->pid, c->sig, name, suffix);
    else if (c->sig)
        snprintf(msg, sizeof msg, "strads-run: rank %d (pid %d) was killed by signal %d%s\n",
                 c->rank, c->pid, c->sig, suffix);
    else
        snprintf(msg, sizeof msg, "strads-run: rank %d (pid %d) exited with status %lld%s\n",
                 c->rank, c->pid, (long long)c->code, suffix);
    launch_write_stderr(msg, strlen(msg));
}

static void on_drain_timer(uv_timer_t *t);

/* Every child has exited: stop listening for signals and timeouts, and give
 * the output pipes a moment to deliver their last lines. */
static void all_exited(launch_job *job)
{
    uv_timer_stop(&job->kill_timer);
    close_if_open((uv_handle_t *)&job->kill_timer);
    close_if_open((uv_handle_t *)&job->driver_timer);
    close_if_open((uv_handle_t *)&job->poll_timer);
    close_signals(job);
    close_request(job);
    if (job->open_pipes > 0) {
        uv_timer_start(&job->drain_timer, on_drain_timer, DRAIN_MS, 0);
        return;
    }
    close_if_open((uv_handle_t *)&job->drain_timer);
}

static void on_pipe_closed(uv_handle_t *h)
{
    launch_child *c = h->data;
    launch_job *job = c->job;

    job->open_pipes--;
    if (job->live == 0 && job->open_pipes == 0)
        close_if_open((uv_handle_t *)&job->drain_timer);
}

static void close_pipe(launch_child *c, int i)
{
    if (!c->pipe_open[i])
        return;
    c->pipe_open[i] = false;
    launch_lines_finish(&c->lines[i]);
    uv_close((uv_handle_t *)&c->pipe[i], on_pipe_closed);
}

static void on_drain_timer(uv_timer_t *t)
{
    launch_job *job = t->data;
    int r;

    for (r = 0; r < job->n; r++) {
        close_pipe(&job->kids[r], 0);
        close_pipe(&job->kids[r], 1);
    }
    close_if_open((uv_handle_t *)&job->drain_timer);
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    /* One loop thread and read_cb consumes the bytes before the next read,
     * so one buffer serves every pipe. */
    static char space[64 * 1024];

    (void)h;
    (void)suggested;
    *buf = uv_buf_init(space, sizeof space);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    launch_child *c = s->data;
    int i = (s == (uv_stream_t *)&c->pipe[0]) ? 0 : 1;

    if (nread > 0)
        launch_lines_feed(&c->lines[i], buf->base, (size_t)nread);
    else if (nread < 0) /* UV_EOF, or an error: either way this stream is done */
        close_pipe(c, i);
}

/* The state letter of /proc/PID/stat ('R', 'S', 'T' stopped, 't' traced,
 * 'Z' dead, ...), or 0 when it cannot be read. */
static char proc_state(int pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    /* "pid (comm) S ...": comm may hold spaces and parentheses */
    char *e = strrchr(buf, ')');
    return e && e[1] == ' ' ? e[2] : 0;
}

/* c was found stopped: it cannot answer its peers, which would wait for it
 * until their heartbeat timeout. Killed now, it is the node failure (and
 * --restarts restarts the job). A debugger's stop ('t') is not this. */
static void on_hung(launch_child *c)
{
    char msg[160];
    snprintf(msg, sizeof msg, "strads-run: rank %d (pid %d) is stopped (by a signal); killing it\n",
             c->rank, c->pid);
    launch_write_stderr(msg, strlen(msg));
    c->hung = true;
    kill(c->pid, SIGKILL);
    fail_job(c->job, c->rank);
}

/* A child other than except that has died by a signal (found without
 * reaping it: on_sigchld reaps it later) or is stopped; NULL when none. *sig is
 * the signal that killed it, 0 for a stopped one. */
static launch_child *find_cause(launch_job *job, const launch_child *except, int *sig)
{
    for (int r = 0; r < job->n; r++) {
        launch_child *c = &job->kids[r];
        siginfo_t si;
        if (c == except || !c->started || c->exited || c->named || c->hung)
            continue;
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            si.si_pid == c->pid && (si.si_code == CLD_KILLED || si.si_code == CLD_DUMPED)) {
            *sig = si.si_status;
            return c;
        }
        if (proc_state(c->pid) == 'T') {
            *sig = 0;
            return c;
        }
    }
    return NULL;
}

/* Names cause (from find_cause) as the job's failure, before the exit that
 * led to it is reported. */
static void name_cause(launch_job *job, launch_child *cause, int sig)
{
    if (!sig) {
        on_hung(cause);
        return;
    }
    launch_child dead = *cause;
    dead.sig = sig;
    report_exit(&dead, "");
    cause->named = true;
    fail_job(job, cause->rank);
}

static void on_poll_timer(uv_timer_t *t)
{
    launch_job *job = t->data;
    if (job->phase != PHASE_RUNNING)
        return;
    for (int r = 0; r < job->n; r++) {
        launch_child *c = &job->kids[r];
        if (!c->started || c->exited || c->hung)
            continue;
        if (proc_state(c->pid) != 'T') {
            c->stop_polls = 0;
        } else if (++c->stop_polls >= 2) {
            on_hung(c);
            return;
        }
    }
}

static void req_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    static char byte[16];
    (void)h;
    (void)suggested;
    *buf = uv_buf_init(byte, sizeof byte);
}

/* The first byte starts the workers, while the job runs; an end of the
 * pipe (the driver exited, or closed it) starts nothing. */
static void req_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    launch_job *job = s->data;
    (void)buf;
    if (nread == 0)
        return;
    close_request(job);
    if (nread > 0 && job->phase == PHASE_RUNNING && !job->kids[0].exited && job->start)
        job->start(job->start_arg);
}

int launch_on_request(launch_job *job, int fd, void (*start)(void *arg), void *arg)
{
    int err = uv_pipe_init(job->loop, &job->req, 0);
    if (err) {
        close(fd);
        return err;
    }
    job->req.data = job;
    job->req_on = true;
    job->start = start;
    job->start_arg = arg;
    if ((err = uv_pipe_open(&job->req, fd))) {
        close(fd);
        close_request(job);
        return err;
    }
    if ((err = uv_read_start((uv_stream_t *)&job->req, req_alloc, req_read)))
        close_request(job);
    return err;
}

static void on_child_exit(launch_child *c, int64_t code, int sig)
{
    launch_job *job = c->job;

    c->exited = true;
    c->code = code;
    c->sig = sig;
    job->live--;

    launch_child *cause;
    int cause_sig;

    switch (job->phase) {
    case PHASE_RUNNING:
        if (c->rank == 0)
            close_request(job); /* workers never asked for are not started */
        if (sig == 0 && code != 0 && (cause = find_cause(job, c, &cause_sig))) {
            /* the cause first; the driver's own message says the rest */
            name_cause(job, cause, cause_sig);
            if (c->rank != 0)
                report_exit(c, "");
        } else if (c->rank == 0 && sig == 0) {
            job->phase = PHASE_DRIVER_DONE;
            arm_kill(job, GRACE_AFTER_DRIVER_MS, "within 5 s after the driver exited");
        } else if (sig != 0 || code != 0) {
            report_exit(c, "");
            fail_job(job, c->rank);
        }
        break;
    case PHASE_DRIVER_DONE:
        /* The job's result is the driver's; a worker that fails while being
         * shut down is worth a line but does not change it. */
        if ((sig != 0 || code != 0) && !c->killed)
            report_exit(c, " after the driver exited");
        if (sig != 0 && !c->killed && job->late_lost_rank < 0)
            job->late_lost_rank = c->rank;
        break;
    case PHASE_FAILED:
        /* A node that exits with an error status is often reacting to the
         * loss of a peer (the driver killed a moment earlier, its exit not
         * yet reaped): a node killed by a signal we did not send is the
         * cause, and is the one named. That includes a SIGKILL after our
         * SIGTERM: a process killed by SIGKILL can take seconds to become
         * reapable on a loaded machine (threads in disk writes), long
         * enough for the driver's SIGTERM to go out first. */
        if (sig != 0 && !c->killed && (!c->stopped || sig == SIGKILL) && job->failed_rank >= 0 &&
            job->kids[job->failed_rank].sig == 0) {
            report_exit(c, "");
            job->failed_rank = c->rank;
        }
        break;
    case PHASE_SIGNALLED:
        break; /* expected: we are stopping them */
    }
    if (job->live == 0)
        all_exited(job);
}

/* SIGCHLD: reaps whichever children have ended, each once. */
static void on_sigchld(uv_signal_t *h, int signum)
{
    launch_job *job = h->data;
    (void)signum;
    for (int r = 0; r < job->n; r++) {
        launch_child *c = &job->kids[r];
        int st;
        if (!c->started || c->exited || waitpid(c->pid, &st, WNOHANG) != c->pid)
            continue;
        if (WIFSIGNALED(st))
            on_child_exit(c, 0, WTERMSIG(st));
        else
            on_child_exit(c, WEXITSTATUS(st), 0);
    }
}

/* A copy of fd at 10 or above, close-on-exec: a spawn's dup2 onto a low
 * slot never finds its source there already (dup2 of a descriptor onto
 * itself keeps close-on-exec) nor overwrites another source. */
static int high_fd(int fd)
{
    return fcntl(fd, F_DUPFD_CLOEXEC, 10);
}

/* A program without a #! line (ENOEXEC) runs under /bin/sh, as execvp
 * runs it (and uv_spawn, through execvp, did): found on PATH as
 * posix_spawnp would. Returns 0 or a negative errno. */
static int spawn_script(pid_t *pid, char **argv, const posix_spawn_file_actions_t *fa,
                        const posix_spawnattr_t *attr, char **env)
{
    char path[4096];
    const char *file = argv[0];
    if (!strchr(file, '/')) {
        const char *dirs = getenv("PATH");
        bool found = false;
        for (const char *d = dirs ? dirs : "/bin:/usr/bin"; !found && d; d = strchr(d, ':')) {
            if (*d == ':')
                d++;
            size_t dl = strcspn(d, ":");
            int w = snprintf(path, sizeof path, "%.*s%s%s", (int)dl, d, dl ? "/" : "", file);
            found = w > 0 && (size_t)w < sizeof path && access(path, X_OK) == 0;
        }
        if (!found)
            return -ENOEXEC;
        file = path;
    }
    size_t n = 0;
    while (argv[n])
        n++;
    char **sh = calloc(n + 2, sizeof *sh);
    if (!sh)
        return -ENOMEM;
    sh[0] = "/bin/sh";
    sh[1] = (char *)file;
    for (size_t i = 1; i <= n; i++)
        sh[i + 1] = argv[i];
    int err = -posix_spawn(pid, "/bin/sh", fa, attr, sh, env);
    free(sh);
    return err;
}

/* posix_spawn, not uv_spawn: glibc's spawns with vfork semantics (0.7 ms on
 * the 2-core VM) where libuv's forks and copies strads-run's page tables
 * (2.8 ms), twice for a job of two, before its driver can start. */
int launch_spawn(launch_job *job, int rank, char **argv, char **env, int listen_fd, int spawn_fd)
{
    launch_child *c = &job->kids[rank];
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    sigset_t all, none;
    int i, err = 0, link[2] = { -1, -1 }, out[2][2] = { { -1, -1 }, { -1, -1 } }, low[5];
    int hi[5] = { -1, -1, -1, -1, -1 }; /* listen, link, stdout, stderr, request: copies at 10+ */
    pid_t pid;

    if (!job->chld_on) {
        uv_signal_init(job->loop, &job->sig_chld);
        job->sig_chld.data = job;
        job->chld_on = true; /* closed with the job's signals, started or not */
        if ((err = uv_signal_start(&job->sig_chld, on_sigchld, SIGCHLD)))
            return err;
    }
    /* The pipe's read end is the child's LAUNCH_LINK_FD. Our end is
     * close-on-exec, so no other child holds it: it closes when we are gone. */
    if (pipe2(link, O_CLOEXEC) < 0)
        return uv_translate_sys_error(errno);
    for (i = 0; rank != 0 && i < 2; i++)
        if (pipe2(out[i], O_CLOEXEC) < 0)
            err = uv_translate_sys_error(errno);
    low[0] = 3, low[1] = LAUNCH_LINK_FD, low[2] = 1, low[3] = 2, low[4] = LAUNCH_SPAWN_FD;
    int src[5] = { listen_fd, link[0], out[0][1], out[1][1], spawn_fd };
    for (i = 0; i < 5 && !err; i++)
        if (src[i] >= 0 && (hi[i] = high_fd(src[i])) < 0)
            err = uv_translate_sys_error(errno);
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    /* What the child gets of ours: the default for every signal (we ignore
     * SIGPIPE) and none blocked. */
    memset(&all, 0xff, sizeof all); /* sigfillset leaves out glibc's own */
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    if (rank != 0 && !err) /* stdin belongs to the driver */
        err = -posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    for (i = 0; i < 5 && !err; i++)
        if (hi[i] >= 0)
            err = -posix_spawn_file_actions_adddup2(&fa, hi[i], low[i]);
    if (!err)
        err = -posix_spawnp(&pid, argv[0], &fa, &attr, argv, env);
    if (err == -ENOEXEC)
        err = spawn_script(&pid, argv, &fa, &attr, env);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    for (i = 0; i < 5; i++)
        if (hi[i] >= 0)
            close(hi[i]);
    close(link[0]);
    for (i = 0; i < 2; i++)
        if (out[i][1] >= 0)
            close(out[i][1]);
    if (err) {
        close(link[1]);
        for (i = 0; i < 2; i++)
            if (out[i][0] >= 0)
                close(out[i][0]);
        return err;
    }
    c->link_fd = link[1];
    c->started = true;
    c->pid = pid;
    job->live++;
    for (i = 0; rank != 0 && i < 2; i++) {
        uv_pipe_init(job->loop, &c->pipe[i], 0);
        c->pipe[i].data = c;
        launch_lines_init(&c->lines[i], rank);
        if (uv_pipe_open(&c->pipe[i], out[i][0]) != 0) {
            /* its output is lost, not the job: the pipe's end closes */
            close(out[i][0]);
            uv_close((uv_handle_t *)&c->pipe[i], NULL);
            continue;
        }
        c->pipe_open[i] = true;
        job->open_pipes++;
        uv_read_start((uv_stream_t *)&c->pipe[i], on_alloc, on_read);
    }
    return 0;
}

static void on_signal(uv_signal_t *h, int sig)
{
    launch_job *job = h->data;

    job->got_signal = true;
    if (job->phase != PHASE_FAILED)
        job->phase = PHASE_SIGNALLED;
    send_all(job, sig);
    arm_kill(job, GRACE_SIGNAL_MS, "within 5 s of the forwarded signal");
}

int launch_watch_signals(launch_job *job)
{
    int err;

    uv_signal_init(job->loop, &job->sig_int);
    uv_signal_init(job->loop, &job->sig_term);
    uv_signal_init(job->loop, &job->sig_hup);
    job->sig_int.data = job->sig_term.data = job->sig_hup.data = job;
    job->signals_on = true;
    if ((err = uv_signal_start(&job->sig_int, on_signal, SIGINT)) ||
        (err = uv_signal_start(&job->sig_term, on_signal, SIGTERM)) ||
        (err = uv_signal_start(&job->sig_hup, on_signal, SIGHUP)))
        return err;
    uv_timer_start(&job->poll_timer, on_poll_timer, STOP_POLL_MS, STOP_POLL_MS);
    if (job->live == 0)
        all_exited(job); /* nothing started (cannot happen today) */
    return 0;
}

int launch_job_status(const launch_job *job)
{
    const launch_child *d = &job->kids[0];

    if (job->aborted)
        return LAUNCH_EXIT_FAILED;
    if (job->failed_rank > 0) {
        /* A worker failed; the driver was stopped by us, or noticed the loss
         * itself and exited with its own (non-zero) status. */
        if (d->exited && d->sig == 0 && d->code != 0)
            return (int)(d->code & 0xff);
        return LAUNCH_EXIT_FAILED;
    }
    if (d->sig)
        return 128 + d->sig;
    return (int)(d->code & 0xff);
}

int launch_job_lost_rank(const launch_job *job)
{
    const launch_child *d = &job->kids[0];

    if (job->aborted || job->got_signal)
        return -1;
    if (job->failed_rank >= 0)
        return job->failed_rank;
    /* The driver saw the loss first and exited with an error of its own. */
    if (d->exited && d->sig == 0 && d->code != 0)
        return job->late_lost_rank;
    return -1;
}
