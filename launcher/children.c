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
 *  - SIGINT/SIGTERM sent to strads-run are forwarded to every child; children
 *    that ignore them are killed after a grace period.
 * Every ending goes through the same path: children exit, their pipes drain,
 * the handles close and uv_run() returns; launch_job_status() then reads what
 * happened. All of it runs on the one loop thread.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct launch_child {
    launch_job *job;
    int rank;
    bool started, exited;
    int pid;
    int64_t code;      /* exit status when exited normally */
    int sig;           /* terminating signal, 0 when exited normally */
    bool killed;       /* we sent SIGKILL after a grace period */
    bool stopped;      /* we sent SIGTERM to stop it (node failure elsewhere) */
    uv_process_t proc;
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
    uv_signal_t sig_int, sig_term;
    uv_timer_t kill_timer, drain_timer, driver_timer;
    const char *kill_why; /* for the message printed when kill_timer fires */
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
    }
    uv_timer_init(loop, &job->kill_timer);
    uv_timer_init(loop, &job->drain_timer);
    uv_timer_init(loop, &job->driver_timer);
    job->driver_timer.data = job;
    job->kill_timer.data = job->drain_timer.data = job;
    return job;
}

static void close_if_open(uv_handle_t *h)
{
    if (!uv_is_closing(h))
        uv_close(h, NULL);
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
    if (job->signals_on) {
        close_if_open((uv_handle_t *)&job->sig_int);
        close_if_open((uv_handle_t *)&job->sig_term);
    }
    uv_run(job->loop, UV_RUN_DEFAULT);
    for (r = 0; r < job->n; r++) {
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
            uv_process_kill(&c->proc, sig);
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
        uv_process_kill(&c->proc, SIGKILL);
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
        uv_process_kill(&d->proc, SIGTERM);
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
            uv_process_kill(&c->proc, SIGTERM);
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
    if (job->signals_on) {
        close_if_open((uv_handle_t *)&job->sig_int);
        close_if_open((uv_handle_t *)&job->sig_term);
    }
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

static void on_child_exit(uv_process_t *p, int64_t code, int sig)
{
    launch_child *c = p->data;
    launch_job *job = c->job;

    c->exited = true;
    c->code = code;
    c->sig = sig;
    job->live--;
    uv_close((uv_handle_t *)p, NULL);

    switch (job->phase) {
    case PHASE_RUNNING:
        if (c->rank == 0 && sig == 0) {
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
         * cause, and is the one named. */
        if (sig != 0 && !c->killed && !c->stopped && job->failed_rank >= 0 &&
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

int launch_spawn(launch_job *job, int rank, char **argv, char **env, int listen_fd)
{
    launch_child *c = &job->kids[rank];
    uv_process_options_t opt;
    uv_stdio_container_t stdio[4];
    int i, err;

    memset(&opt, 0, sizeof opt);
    memset(stdio, 0, sizeof stdio);
    opt.exit_cb = on_child_exit;
    opt.file = argv[0];
    opt.args = argv;
    opt.env = env;
    opt.stdio = stdio;
    if (rank == 0) {
        for (i = 0; i < 3; i++) {
            stdio[i].flags = UV_INHERIT_FD;
            stdio[i].data.fd = i;
        }
        opt.stdio_count = 3;
    } else {
        stdio[0].flags = UV_IGNORE; /* /dev/null: stdin belongs to the driver */
        for (i = 0; i < 2; i++) {
            uv_pipe_init(job->loop, &c->pipe[i], 0);
            c->pipe[i].data = c;
            stdio[1 + i].flags = UV_CREATE_PIPE | UV_WRITABLE_PIPE;
            stdio[1 + i].data.stream = (uv_stream_t *)&c->pipe[i];
            launch_lines_init(&c->lines[i], rank);
        }
        opt.stdio_count = 3;
    }
    if (listen_fd >= 0) {
        /* Slot 3 makes it fd 3 in the child, without FD_CLOEXEC, whatever its
         * number is here; no other child gets it. */
        stdio[3].flags = UV_INHERIT_FD;
        stdio[3].data.fd = listen_fd;
        opt.stdio_count = 4;
    }
    c->proc.data = c;
    err = uv_spawn(job->loop, &c->proc, &opt);
    if (err) {
        uv_close((uv_handle_t *)&c->proc, NULL);
        if (rank != 0)
            for (i = 0; i < 2; i++)
                uv_close((uv_handle_t *)&c->pipe[i], NULL);
        return err;
    }
    c->started = true;
    c->pid = c->proc.pid;
    job->live++;
    if (rank != 0) {
        for (i = 0; i < 2; i++) {
            c->pipe_open[i] = true;
            job->open_pipes++;
            uv_read_start((uv_stream_t *)&c->pipe[i], on_alloc, on_read);
        }
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
    job->sig_int.data = job->sig_term.data = job;
    job->signals_on = true;
    if ((err = uv_signal_start(&job->sig_int, on_signal, SIGINT)) ||
        (err = uv_signal_start(&job->sig_term, on_signal, SIGTERM)))
        return err;
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
