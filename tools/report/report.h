/*
 * tools/report/report.h - what strads-report reads (a STRADS_TRACE file and
 * a program's output) and the page it writes, one file per step:
 * trace_in.c (trace -> timeline), log_in.c (output -> convergence curves),
 * page.c (both -> one self-contained HTML file), main.c (command line).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

/* One complete event of a thread: times in microseconds. */
typedef struct rp_event {
    double ts, dur;
    int name, cat; /* indexes into rp_timeline.strs */
    char *args;    /* "key value, ..." of its numeric and text args, or NULL; owned */
} rp_event;

typedef struct rp_thread {
    long pid, tid;
    int sort;
    int name; /* string index, -1: unnamed */
    rp_event *ev;
    size_t nev, cap;
} rp_thread;

typedef struct rp_timeline {
    rp_thread *th;
    size_t nth;
    long *pids;          /* processes seen, with their names and sort order */
    int *pid_name, *pid_sort;
    size_t npid;
    char **strs;         /* interned names and categories */
    size_t nstrs;
    size_t events, omitted; /* X events read; short ones left out of the page */
} rp_timeline;

/* Reads a Chrome trace-event file (object with traceEvents, or a bare
 * array); complete (X) and begin/end (B/E) events, process and thread names.
 * Errors: "path:line:col: what" in err, returns -1. */
int rp_trace_read(const char *path, rp_timeline *tl, char *err, size_t errlen);
/* Keeps at most max events, the longest ones, counting the rest in omitted. */
void rp_trace_limit(rp_timeline *tl, size_t max);
void rp_trace_free(rp_timeline *tl);

/* One convergence curve: y = the number after `name` on each line that has
 * it; x = the number after `xname` on the same line, or the 1-based count. */
typedef struct rp_curve {
    const char *name, *xname;
    double *x, *y;
    size_t n;
} rp_curve;

/* Reads path once for every curve. A line with xname missing where a curve
 * needs it is an error naming the file and line. Returns -1 with err set. */
int rp_log_read(const char *path, rp_curve *c, size_t nc, char *err, size_t errlen);

/* Writes the page: title, the curves, the timeline (may be NULL). */
int rp_page_write(FILE *f, const char *title, const rp_curve *c, size_t nc,
                  const rp_timeline *tl);

#endif
