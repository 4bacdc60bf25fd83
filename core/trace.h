/*
 * core/trace.h - STRADS_TRACE=file.json: a timeline of what every node and
 * thread did (operators, reconnaissance, planning, rounds and clocks, tasks,
 * barriers, transfers, reductions), written by the driver at shutdown as one
 * Chrome trace-event file (opens in Perfetto and chrome://tracing; pid = rank,
 * tid = thread). Also the progress line of long operators (progress.c).
 *
 * Hooks come in pairs on one thread, rt_trace_begin(kind, site, arg) then
 * rt_trace_end(), and nest like the code they bracket. With STRADS_TRACE
 * unset each hook is one predictable branch on a global flag. With it set, a
 * hook appends to the calling thread's own buffer (no lock; an allocation
 * only when a chunk of events fills), and tiny repeated leaf events (tasks of
 * a few microseconds) are merged into one event that counts them, so a long
 * run does not make a huge file.
 *
 * Threads: every function may be called from any thread; rt_trace_finish
 * from the driver's main thread only, when no loop runs.
 */
#ifndef STRADS_TRACE_H
#define STRADS_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "core/rt.h"
#include "strads_generated.h"

/* What an event is: its name, category and the meaning of its argument are
 * in a table in trace.c (keep the two in the same order). */
typedef enum rt_trace_kind {
    RT_TR_OPERATOR,  /* driver: one parallel operator, push and pull included (site) */
    RT_TR_ASYNC_FOR, /* every node: its part of an async_for call (site) */
    RT_TR_SYNC_FOR,  /* every node: its part of a sync_for call (site) */
    RT_TR_RECON,     /* reconnaissance (iterations) */
    RT_TR_PLAN,      /* planning on the driver, or waiting for one's part of the plan */
    RT_TR_ROUND,     /* async_for round (round number) */
    RT_TR_CLOCK,     /* sync_for clock (clock number) */
    RT_TR_TASK,      /* a task or cell run by a worker thread (its iterations) */
    RT_TR_FETCH,     /* pulling elements from their owners */
    RT_TR_WRITEBACK, /* pushing written elements or deltas to their owners */
    RT_TR_BARRIER,   /* a barrier */
    RT_TR_REDUCE,    /* folding reductions */
    RT_TR_PUSH,      /* driver: the sequential code's writes reach the owners */
    RT_TR_PULL,      /* driver: the owners' changes reach the driver */
    RT_TR_SERVE,     /* an owner serving another node's request (its rank) */
    RT_TR_NKINDS
} rt_trace_kind;

/* Message type carrying a node's events to the driver (wire format). */
enum { RT_MSG_TRACE = RT_MSG_USER_BASE + 60 };

/* Set once by rt_trace_init, before any thread runs. Hidden: every hook is
 * inside libstrads, so the flag is read directly, not through the GOT. */
extern int rt__trace_on __attribute__((visibility("hidden")));
void rt__trace_begin(rt_trace_kind kind, const strads_loop_site *site, int64_t arg);
void rt__trace_end(void);

/* Opens an event on this thread; site may be NULL, arg is kind-specific
 * (< 0: unknown, left out of the file). */
static inline void rt_trace_begin(rt_trace_kind kind, const strads_loop_site *site, int64_t arg)
{
    if (__builtin_expect(rt__trace_on, 0)) rt__trace_begin(kind, site, arg);
}

/* Closes the innermost open event of this thread. */
static inline void rt_trace_end(void)
{
    if (__builtin_expect(rt__trace_on, 0)) rt__trace_end();
}

/* Names the calling thread in the trace ("worker", 3 -> "worker 3"; an
 * index < 0 is left out); cheap, call it once when a thread starts. name
 * must be a string literal. */
void rt_trace_name_thread(const char *name, int index);

/* Reads cfg->trace_path (STRADS_TRACE); the driver creates the file now so a
 * bad path stops the program at start. Returns 0 or STRADS_ECONFIG with a
 * message in err naming the variable. */
int rt_trace_init(const rt_config *cfg, char *err, size_t errlen);

/* Driver, before the workers are shut down: gathers every node's events and
 * writes the file. A node that cannot answer is reported and left out. */
void rt_trace_finish(void);

/* ---- progress of long operators on the driver's terminal (progress.c) ---- */

/* Driver: the operator at site starts. Shows nothing unless stderr is a
 * terminal (or STRADS_PROGRESS=on) and the operator runs for more than a
 * second. Other ranks: no-op. */
void rt_progress_begin(const strads_loop_site *site);
/* Rank 0: the operator will take `total` steps of `unit` ("rounds",
 * "clocks"), or an unknown number when total <= 0 (A-BSP runs clocks until
 * told to stop); until this is called the line says it is starting. */
void rt_progress_total(int64_t total, const char *unit);
/* Rank 0: one more step is complete. */
void rt_progress_step(void);
/* Rank 0: the operator ended; erases the line if one was drawn. */
void rt_progress_end(void);

#endif /* STRADS_TRACE_H */
