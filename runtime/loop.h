/*
 * runtime/loop.h - internals shared by the loop engines (async_for,
 * sync_for) and reconnaissance.
 */
#ifndef STRADS_LOOP_H
#define STRADS_LOOP_H

#include "runtime/rt.h"
#include "scheduler/sched.h"

struct strads_recon {
    sched_records rec;
    const char *rd_lo, *rd_hi; /* element last recorded as read (or written) */
    const char *wr_lo, *wr_hi; /* element last recorded as written */
    int err;
};

void rt_recon_init(strads_recon *rc, int64_t first);

/* Threads a loop uses on each node: threads(n) clause, else STRADS_THREADS. */
int rt_loop_threads(const void *env);

#endif
