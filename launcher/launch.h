/*
 * launcher/launch.h - the private interface between the files of
 * strads-run, the local launcher.
 *
 * strads-run starts N copies of one program on this machine and gives each the
 * identity the runtime reads at start (rank, size, coordinator address, job
 * secret). It is a separate executable that does not link libstrads: it must
 * keep working, and keep reporting which node died, when the runtime inside
 * the children is broken. Files: args.c (command line, usage), prefix.c
 * (rank-prefixed worker output), children.c (spawning, exits, signals,
 * timeouts), lazy.c (whether workers may wait for the driver's request),
 * main.c (secret, rendezvous socket, environment).
 *
 * Threads: strads-run has one thread, the libuv loop's.
 */
#ifndef STRADS_LAUNCH_H
#define STRADS_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

/* Exit codes of strads-run itself (when it cannot return the driver's). */
enum {
    LAUNCH_EXIT_FAILED = 1,   /* a node failed, or strads-run could not set up */
    LAUNCH_EXIT_USAGE = 2,    /* bad command line */
    LAUNCH_EXIT_NOEXEC = 126, /* program found but not executable (like sh) */
    LAUNCH_EXIT_NOTFOUND = 127
};

/* Where every rank finds the read end of its pipe from strads-run (the
 * driver has its listening socket at 3). */
#define LAUNCH_LINK_FD 4
#define LAUNCH_LINK_FD_STR "4"

/* Where the driver of a job whose workers start when it asks (lazy.c) finds
 * the write end of a pipe strads-run reads: a byte on it starts them. */
#define LAUNCH_SPAWN_FD 5
#define LAUNCH_SPAWN_FD_STR "5"
/* Words the runtime writes with its request (core/start.c's spawn_mark,
 * the same words), found in a program that links it statically. */
#define LAUNCH_RUNTIME_MARK "strads-runtime: workers on request v1"

/* Upper bounds that only guard against typos (-n 10000000). */
#define LAUNCH_MAX_RANKS 4096
#define LAUNCH_MAX_THREADS 4096

/* ---- args.c ---- */
typedef struct launch_opts {
    int n;            /* processes to start, >= 1 */
    int threads;      /* --threads, 0 when not given */
    const char *log;  /* --log level, NULL when not given */
    const char *checkpoint; /* --checkpoint DIR, else $STRADS_CHECKPOINT, else NULL */
    int restarts;     /* --restarts N: restarts after a node failure, 0 when not given */
    const char *replay; /* --replay DIR, else NULL */
    char **argv;      /* program and its arguments, NULL-terminated; points into main's argv */
} launch_opts;

/* Parses the command line into o. Returns 0 to run, 1 when --help was printed
 * (exit 0), -1 after printing a usage error on stderr (exit LAUNCH_EXIT_USAGE). */
int launch_parse_args(int argc, char **argv, launch_opts *o);

/* ---- replay.c ---- */
/* --replay DIR: reads the recorded node count and threads from DIR, takes
 * them for o->n and o->threads (refusing different explicit ones with a
 * message) and sets STRADS_REPLAY. 0, or -1 after printing why. */
int launch_replay_setup(launch_opts *o);

/* ---- prefix.c ---- */
/* Cuts one worker stream into lines and writes each complete line to stderr as
 * "[rank R] line\n" with a single write(), so that lines of different ranks and
 * of the driver (which shares the terminal) never interleave mid-line. */
typedef struct launch_lines {
    int rank;
    char *buf;        /* bytes of the current, incomplete line */
    size_t len, cap;
} launch_lines;

void launch_lines_init(launch_lines *l, int rank);
/* Appends data; writes every line it completes. */
void launch_lines_feed(launch_lines *l, const char *data, size_t n);
/* Writes a pending partial line (with a newline added) and frees the buffer. */
void launch_lines_finish(launch_lines *l);
/* write() all of buf to fd 2, retrying on EINTR and waiting on EAGAIN;
 * gives up silently when stderr is gone (nobody is left to tell). */
void launch_write_stderr(const char *buf, size_t n);

/* ---- lazy.c ---- */
/* Does the program (found as execvp finds it) link the strads runtime, so
 * that its workers may wait for the driver's request? Not when
 * STRADS_LAZY_WORKERS is set to anything but 1. */
bool launch_links_runtime(const char *file);

/* ---- children.c ---- */
typedef struct launch_job launch_job;

/* Creates the job for n ranks on loop. Returns NULL on out of memory. */
launch_job *launch_job_new(uv_loop_t *loop, int n);
void launch_job_free(launch_job *job);

/* Starts rank with argv and env (copied by the kernel at exec, so the caller may
 * free them on return). listen_fd >= 0 is passed to the child as fd 3 and
 * spawn_fd >= 0 as LAUNCH_SPAWN_FD (driver only). On failure returns a
 * negative libuv error and prints nothing; the caller reports it (it knows
 * whether this is the first spawn). */
int launch_spawn(launch_job *job, int rank, char **argv, char **env, int listen_fd, int spawn_fd);

/* The driver's requests for its workers: fd (ours, the read end of the
 * pipe whose write end the driver got at LAUNCH_SPAWN_FD) is read on the
 * loop; its first byte calls start(arg) once, unless the job is already
 * ending. Closed when the driver exits or the pipe does. 0 or a libuv
 * error (fd is then closed). */
int launch_on_request(launch_job *job, int fd, void (*start)(void *arg), void *arg);

/* After the last spawn: installs the SIGINT/SIGTERM/SIGHUP handlers and
 * starts polling the children for a stopped one. A failure to
 * spawn a worker after others started is handed over with launch_abort. */
int launch_watch_signals(launch_job *job);
/* Terminates every started child as after a node failure (SIGTERM, SIGKILL
 * after the grace period) and makes the job exit LAUNCH_EXIT_FAILED. */
void launch_abort(launch_job *job);

/* The exit status of strads-run once uv_run() has returned. */
int launch_job_status(const launch_job *job);
/* Once uv_run() has returned: the rank whose failure ended the job (a node
 * failure, which --restarts may repair), or -1 when the job ended otherwise
 * (the driver's own status, a forwarded signal, a failed spawn). */
int launch_job_lost_rank(const launch_job *job);

/* "SIGKILL" for 9, or NULL for signals without a name here. */
const char *launch_signame(int sig);

#endif /* STRADS_LAUNCH_H */
