/*
 * launcher/args.c - the command line of strads-run.
 *
 * The grammar is deliberately small and strict: strads-run's own flags come
 * first, and the first word that is not one of them (or everything after
 * "--") is the program. Parsing stops there so that the program's own flags
 * (-n, --threads, ...) are never taken by strads-run. A typo is a usage error
 * with exit status 2, never a guess, because a silently ignored flag in a job
 * script costs a cluster run.
 */
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "launch.h"

static const char usage_text[] =
    "usage: strads-run -n N [--threads T] [--log LEVEL] [--sync SPEC]\n"
    "                  [--checkpoint DIR [--checkpoint-every K]] [--recover DIR]\n"
    "                  [--restarts N] [--record DIR | --replay DIR] [--] program [args...]\n";

static const char help_text[] =
    "\n"
    "Starts N processes of program on this machine as one strads job: rank 0 is\n"
    "the driver (runs main, owns stdin/stdout/stderr), ranks 1..N-1 are workers\n"
    "whose output goes to stderr prefixed with \"[rank R] \". Returns the driver's\n"
    "exit status (128+signal if it was killed); if a node fails (dies, or is\n"
    "stopped by a signal), stops the job and exits non-zero naming the rank.\n"
    "SIGINT, SIGTERM and SIGHUP are forwarded to every process; if strads-run\n"
    "itself dies, the processes end too.\n"
    "\n"
    "options:\n"
    "  -n N             number of processes (1..4096), required\n"
    "  --threads T      worker threads per process (default: online cores / N)\n"
    "  --log LEVEL      runtime log level: error, warn, info, debug, trace\n"
    "  --sync SPEC      sync model of sync_for loops, overriding the pragmas:\n"
    "                   bsp, ssp(S), hybrid, asp, ... for every loop, or\n"
    "                   FILE:LINE=MODEL for one, comma separated\n"
    "  --checkpoint DIR write a checkpoint of the distributed arrays to DIR\n"
    "                   after parallel operators (docs/recovery.md)\n"
    "  --checkpoint-every K\n"
    "                   checkpoint after every K-th parallel operator (default 1)\n"
    "  --recover DIR    resume from the newest usable checkpoint in DIR:\n"
    "                   operators it covers are skipped (fast re-execution)\n"
    "  --restarts N     after a node failure, stop the job and start it again,\n"
    "                   recovering from the --checkpoint folder (required), up\n"
    "                   to N times;\n"
    "                   the exit status is the last attempt's\n"
    "  --record DIR     record the run in DIR (async_for orders, per-node event\n"
    "                   logs, each operator's outcome; docs/recovery.md)\n"
    "  --replay DIR     replay a recorded run on the recorded number of processes\n"
    "                   and threads (-n and --threads may be left out): output\n"
    "                   and arrays bit for bit those of the recorded run; for one\n"
    "                   process (gdb) use strads-replay DIR -- program args\n"
    "  -h, --help       this text\n"
    "  --               end of options; the next word is the program\n"
    "\n"
    "environment set for every process (everything else passes through):\n"
    "  STRADS_RANK         rank of this process, 0 = driver\n"
    "  STRADS_SIZE         number of processes N\n"
    "  STRADS_COORDINATOR  host:port where the driver accepts connections\n"
    "  STRADS_SECRET       job secret, 64 hex digits (fresh for every job)\n"
    "  STRADS_LAUNCHER     \"strads-run\"\n"
    "  STRADS_LISTEN_FD    driver only: inherited listening socket for the\n"
    "                      coordinator address (fd 3)\n"
    "  STRADS_LAUNCHER_FD  4: a pipe from strads-run; when it closes (strads-run\n"
    "                      is gone) the runtime ends the process\n"
    "                      (-n 1 without --restarts: strads-run becomes the\n"
    "                      program, and sets neither these nor the coordinator)\n"
    "  STRADS_SPAWN_FD     driver only, when the program links the runtime: 5, a\n"
    "                      pipe to strads-run; the other ranks start when the\n"
    "                      driver first needs them (STRADS_LAZY_WORKERS=0 given:\n"
    "                      all at once)\n"
    "  STRADS_THREADS      from --threads (passed through when not given)\n"
    "  STRADS_LOG          from --log (passed through when not given)\n"
    "  STRADS_SYNC         from --sync (passed through when not given)\n"
    "  STRADS_REPLAY       from --replay\n"
    "  STRADS_CHECKPOINT, STRADS_CHECKPOINT_EVERY, STRADS_RECOVER\n"
    "                      from --checkpoint, --checkpoint-every, --recover;\n"
    "                      STRADS_RECOVER is the checkpoint folder on a restart\n"
    "  STRADS_CPUS         with STRADS_CPUS=cores given: rank r's own cores (the\n"
    "                      (r*T)-th to (r*T+T-1)-th CPUs strads-run may use) when\n"
    "                      N >= 2 and N x T fit them; any other value passes\n"
    "                      through (a list every rank binds to, or none)\n"
    "  STRADS_MALLOC_TUNE  1 unless given: every process tunes glibc's malloc\n"
    "                      (thresholds, one arena, huge pages; docs/config.md)\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("strads-run: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    fputs(usage_text, stderr);
    fputs("Try 'strads-run --help' for more information.\n", stderr);
    return -1;
}

/* A decimal integer in [lo, hi] and nothing else ("4x", "", " 4" are refused). */
static int parse_count(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v;

    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* The levels core/logging.c understands, names or 0..4 (checked here so that
 * a typo fails before N processes start, not in each of them). */
static int valid_log_level(const char *s)
{
    static const char *const names[] = { "error", "warn", "info", "debug", "trace" };
    size_t i;

    if (s[0] >= '0' && s[0] <= '4' && s[1] == '\0')
        return 1;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(s, names[i]) == 0)
            return 1;
    return 0;
}

/*
 * Matches argv[*i] against a flag taking a value, in the spellings
 * "--flag V", "--flag=V" (long) or "-nV", "-n V" (short). Returns the value,
 * advancing *i past it, or NULL when argv[*i] is not this flag. *missing is set
 * when the flag is there but its value is not.
 */
static const char *flag_value(int argc, char **argv, int *i, const char *flag, int *missing)
{
    const char *a = argv[*i];
    size_t fl = strlen(flag);

    if (strncmp(a, flag, fl) != 0)
        return NULL;
    if (a[fl] == '\0') {
        if (*i + 1 >= argc) {
            *missing = 1;
            return NULL;
        }
        return argv[++*i];
    }
    if (flag[1] == '-' && a[fl] == '=')
        return a + fl + 1;
    if (flag[1] != '-')
        return a + fl; /* -n4 */
    return NULL;          /* --threadsX is some other (unknown) flag */
}

/* The checkpoint folder, created with its parents when absent, must be a
 * folder strads-run may write (the driver runs here): a bad one is refused
 * before the job starts instead of failing at every checkpoint. 0, or -1
 * after a message. */
static int checkpoint_folder(const char *dir)
{
    char p[PATH_MAX];
    struct stat st;

    if (strlen(dir) >= sizeof p)
        return usage_error("bad --checkpoint '%s': path too long", dir);
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = 0;
        (void)mkdir(p, 0755); /* a failure shows below */
        *s = '/';
    }
    if (mkdir(p, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "strads-run: --checkpoint %s: cannot create the folder: %s\n", dir,
                strerror(errno));
        return -1;
    }
    if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "strads-run: --checkpoint %s: not a folder\n", dir);
        return -1;
    }
    if (access(p, W_OK | X_OK) != 0) {
        fprintf(stderr, "strads-run: --checkpoint %s: cannot write in the folder: %s\n", dir,
                strerror(errno));
        return -1;
    }
    return 0;
}

/* --recover's folder (or STRADS_RECOVER's) must exist: a typo would
 * otherwise run the job from the start. 0, or -1 after a message. */
static int recover_folder(const char *dir)
{
    struct stat st;

    if (stat(dir, &st) != 0) {
        fprintf(stderr, "strads-run: --recover %s: %s\n", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "strads-run: --recover %s: not a folder\n", dir);
        return -1;
    }
    return 0;
}

int launch_parse_args(int argc, char **argv, launch_opts *o)
{
    int i, missing = 0;
    const char *v;

    memset(o, 0, sizeof *o);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == '\0')
            break; /* the program ("-" alone is a file name) */
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            fputs(help_text, stdout);
            return 1;
        }
        if ((v = flag_value(argc, argv, &i, "-n", &missing))) {
            if (parse_count(v, 1, LAUNCH_MAX_RANKS, &o->n))
                return usage_error("bad -n '%s': expected a number of processes from 1 to "
                                   "4096", v);
        } else if ((v = flag_value(argc, argv, &i, "--threads", &missing))) {
            if (parse_count(v, 1, LAUNCH_MAX_THREADS, &o->threads))
                return usage_error("bad --threads '%s': expected a number from 1 to 4096", v);
        } else if ((v = flag_value(argc, argv, &i, "--log", &missing))) {
            if (!valid_log_level(v))
                return usage_error("bad --log '%s': expected error, warn, info, debug or "
                                   "trace", v);
            o->log = v;
        } else if ((v = flag_value(argc, argv, &i, "--sync", &missing))) {
            /* The model grammar is checked by the runtime, which names the
             * bad part; an empty value is caught here. Children inherit the
             * variable with the rest of the environment. */
            if (!*v)
                return usage_error("bad --sync '%s': expected a sync model such as ssp(2)", v);
            if (setenv("STRADS_SYNC", v, 1))
                return usage_error("cannot set STRADS_SYNC=%s", v);
        } else if ((v = flag_value(argc, argv, &i, "--checkpoint-every", &missing))) {
            int k;
            if (parse_count(v, 1, 1000000000, &k))
                return usage_error("bad --checkpoint-every '%s': expected a number of "
                                   "operators from 1", v);
            if (setenv("STRADS_CHECKPOINT_EVERY", v, 1))
                return usage_error("cannot set STRADS_CHECKPOINT_EVERY=%s", v);
        } else if ((v = flag_value(argc, argv, &i, "--checkpoint", &missing))) {
            /* The runtime creates the folder (the driver may run elsewhere
             * under other launchers); children inherit the variable. */
            if (!*v)
                return usage_error("bad --checkpoint '%s': expected a folder", v);
            if (setenv("STRADS_CHECKPOINT", v, 1))
                return usage_error("cannot set STRADS_CHECKPOINT=%s", v);
            o->checkpoint = v;
        } else if ((v = flag_value(argc, argv, &i, "--recover", &missing))) {
            if (!*v)
                return usage_error("bad --recover '%s': expected a checkpoint folder", v);
            if (setenv("STRADS_RECOVER", v, 1))
                return usage_error("cannot set STRADS_RECOVER=%s", v);
        } else if ((v = flag_value(argc, argv, &i, "--record", &missing))) {
            if (!*v)
                return usage_error("bad --record '%s': expected a folder", v);
            if (setenv("STRADS_RECORD", v, 1))
                return usage_error("cannot set STRADS_RECORD=%s", v);
        } else if ((v = flag_value(argc, argv, &i, "--replay", &missing))) {
            if (!*v)
                return usage_error("bad --replay '%s': expected a recorded folder", v);
            o->replay = v;
        } else if ((v = flag_value(argc, argv, &i, "--restarts", &missing))) {
            if (parse_count(v, 0, 1000, &o->restarts))
                return usage_error("bad --restarts '%s': expected a number from 0 to 1000", v);
        } else if (missing) {
            return usage_error("option '%s' needs a value", a);
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    if (o->replay && getenv("STRADS_RECORD") && *getenv("STRADS_RECORD"))
        return usage_error("%s", "--replay and --record (STRADS_RECORD) cannot be combined");
    if (o->replay && launch_replay_setup(o))
        return -1;
    if (o->n == 0)
        return usage_error("%s", "missing -n N (the number of processes)");
    if (i >= argc)
        return usage_error("%s", "missing program to run");
    o->argv = argv + i;
    if (!o->checkpoint && (v = getenv("STRADS_CHECKPOINT")) && *v)
        o->checkpoint = v;
    if (o->restarts && !o->checkpoint)
        return usage_error("%s", "--restarts needs --checkpoint DIR (a restart recovers from "
                                 "its checkpoints)");
    if (o->checkpoint && checkpoint_folder(o->checkpoint))
        return -1;
    if ((v = getenv("STRADS_RECOVER")) && *v && recover_folder(v))
        return -1;
    return 0;
}
