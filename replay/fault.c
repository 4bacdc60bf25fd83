/*
 * replay/fault.c - fault injection for the recovery tests: a worker (or the
 * driver) kills itself with SIGKILL at a chosen point of a chosen operator.
 *
 *   STRADS_FAULT=OP:RANK[:PHASE]
 *
 * OP counts parallel loop calls on the node (every node makes the same
 * sequence, so OP names the same operator everywhere), RANK is the victim.
 * PHASE says where in operator OP it dies:
 *   start       as the call starts on it (the default)
 *   recon       in reconnaissance (RE), as its first reconnaissance task runs
 *   run         as it starts executing the body, after reconnaissance and
 *               planning, while the others execute
 *   writeback   as it starts writing back its first round's changes
 *   checkpoint  while the driver writes the checkpoint of OP: the driver
 *               creates DIR/fault-OP.marker between the images and the
 *               manifest and waits until the victim is lost (at most
 *               10 s); the victim, done with OP and waiting for the next
 *               call, dies when the marker appears
 * A recovering run (STRADS_RECOVER) ignores it, so a restarted job gets
 * past the fault. The engines mark their phases with replay_fault(); the
 * points are real code paths, so the test kills a process exactly where a
 * crash would hit.
 */
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "replay/replay.h"
#include "core/rt.h"

static struct {
    pthread_once_t once;
    bool on;
    uint64_t op;
    int rank;
    char phase[16];
} F = {.once = PTHREAD_ONCE_INIT};

static _Atomic uint64_t calls; /* loop calls begun on this node */

static void parse(void)
{
    const rt_config *c = rt_cfg();
    if (!c->fault_op || c->recover) return;
    F.op = c->fault_op;
    F.rank = c->fault_rank;
    snprintf(F.phase, sizeof F.phase, "%s", c->fault_phase);
    F.on = true;
}

static bool armed(const char *phase)
{
    pthread_once(&F.once, parse);
    return F.on && F.rank == strads_rank() && F.op == atomic_load(&calls) &&
           strcmp(F.phase, phase) == 0;
}

static _Noreturn void die(const char *phase)
{
    rt_log_fatal("STRADS_FAULT: killing myself in %s of loop call %" PRIu64, phase, F.op);
    raise(SIGKILL);
    abort(); /* not reached */
}

void replay_fault(const char *phase)
{
    static atomic_int fired;
    if (armed(phase) && !atomic_exchange(&fired, 1)) die(phase);
}

void replay_fault_op_begin(void)
{
    atomic_fetch_add(&calls, 1);
    replay_fault("start");
}

static void marker_path(char *out, size_t len, uint64_t op)
{
    const char *d = rt_cfg()->checkpoint;
    snprintf(out, len, "%s/fault-%" PRIu64 ".marker", d ? d : ".", op);
}

/* The victim's watcher: polls for the driver's marker. */
static void *watch(void *arg)
{
    (void)arg;
    char path[4200];
    marker_path(path, sizeof path, F.op);
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < 60000; i++) {
        if (access(path, F_OK) == 0) die("checkpoint");
        nanosleep(&ms, NULL);
    }
    return NULL;
}

void replay_fault_op_end(void)
{
    pthread_t t;
    if (armed("checkpoint") && strads_rank() != 0 && pthread_create(&t, NULL, watch, NULL) == 0)
        pthread_detach(t);
}

void replay_fault_checkpoint(uint64_t op)
{
    pthread_once(&F.once, parse);
    if (!F.on || strcmp(F.phase, "checkpoint") || op != F.op || strads_rank() != 0) return;
    if (F.rank == 0) die("checkpoint");
    char path[4200];
    marker_path(path, sizeof path, op);
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
    /* The checkpoint is held open until the victim is seen lost (its
     * connection closes), however loaded the machine: at most 10 s. */
    struct timespec ms = {0, 5000000};
    for (int i = 0; i < 2000 && rt_peer_alive(F.rank); i++) nanosleep(&ms, NULL);
    unlink(path);
}
