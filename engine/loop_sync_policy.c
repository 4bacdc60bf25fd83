/*
 * engine/loop_sync_policy.c - sync(custom(NAME)): a barrier policy decides
 * which node may start its next clock (the ASYNC paper's custom barriers).
 *
 * The sync_for engine asks its gate whenever a node wants to start a clock
 * (loop_sync_ssp.c); this gate turns what the engine knows - how many
 * clocks every node has completed - into a STAT table (clock, staleness
 * behind the fastest node, available = waiting to start the same or a
 * later clock) and asks the policy. NAME is a built-in of
 * scheduler/custom_policy.c - bsp, ssp, throttle, async - optionally with
 * its parameter as a numeric suffix (ssp3: staleness 3; throttle2: release
 * once 2 nodes are waiting), or a function of the program with the type
 * strads_policy_fn, found by name: stradscc links programs with
 * --export-dynamic so that dlsym sees it. Every node asks the same pure
 * policy with the same table, so all agree without talking.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loop.h"
#include "scheduler/policy.h"

typedef struct resolved {
    char name[64];
    sched_policy_fn builtin;
    strads_policy_fn user;
    long arg;
} resolved;

static resolved last; /* the node-function thread only */

/* Splits "throttle2" into a built-in and its parameter, or finds a user
 * function of that name. */
static int resolve(const char *name, int nodes, resolved *r)
{
    if (strcmp(r->name, name) == 0 && (r->builtin || r->user)) return 0;
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    size_t n = strlen(name), d = n;
    while (d > 0 && isdigit((unsigned char)name[d - 1])) d--;
    static const struct {
        const char *name;
        sched_policy_fn fn;
        long (*dflt)(int nodes);
    } builtins[] = {
        {"bsp", sched_policy_ssp, NULL},
        {"ssp", sched_policy_ssp, NULL},
        {"throttle", sched_policy_throttle, NULL},
        {"async", sched_policy_async, NULL},
    };
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        if (strlen(builtins[i].name) != d || strncmp(builtins[i].name, name, d)) continue;
        r->builtin = builtins[i].fn;
        if (d < n)
            r->arg = atol(name + d);
        else if (strcmp(builtins[i].name, "ssp") == 0)
            r->arg = 1;
        else if (strcmp(builtins[i].name, "throttle") == 0)
            r->arg = (nodes + 1) / 2;
        if (strcmp(builtins[i].name, "bsp") == 0) r->arg = 0;
        return 0;
    }
    r->user = (strads_policy_fn)dlsym(RTLD_DEFAULT, name);
    if (!r->user) {
        rt_error("sync(custom(%s)): no built-in policy (bsp, ssp[S], throttle[K], async) and no "
                 "function of that name in the program (link it with stradscc, or with "
                 "-rdynamic, so that it can be found)",
                 name);
        return STRADS_ENOTFOUND;
    }
    return 0;
}

static int custom_gate(const strads_sync_spec *spec, int me, int64_t clock, const int64_t *done,
                       const double *avg_s, int nodes)
{
    int rc = resolve(spec->custom_fn && *spec->custom_fn ? spec->custom_fn : "bsp", nodes, &last);
    if (rc) return rc;
    sched_stat_table t;
    if ((rc = sched_stat_init(&t, nodes, last.arg))) return rc;
    unsigned char *may = calloc((size_t)nodes, 1);
    strads_worker_stat *w = calloc((size_t)nodes, sizeof *w);
    if (!may || !w) {
        free(may);
        free(w);
        sched_stat_free(&t);
        return STRADS_ENOMEM;
    }
    int64_t top = 0;
    for (int r = 0; r < nodes; r++)
        if (done[r] > top) top = done[r];
    for (int r = 0; r < nodes; r++) {
        t.w[r].clock = w[r].clock = done[r];
        t.w[r].staleness = w[r].staleness = top - done[r];
        t.w[r].available = w[r].available = done[r] >= clock;
        t.w[r].avg_task_s = w[r].avg_task_s = avg_s ? avg_s[r] : 0;
    }
    rc = last.builtin ? last.builtin(&t, may) : last.user(w, nodes, last.arg, may);
    int go = rc < 0 ? rc : may[me] != 0;
    free(may);
    free(w);
    sched_stat_free(&t);
    return go;
}

/* A gate the program installed itself (before main) is kept. */
void rt_sync_policy_install(void)
{
    if (!rt_sync_has_gate(STRADS_SYNC_CUSTOM)) rt_sync_set_gate(STRADS_SYNC_CUSTOM, custom_gate);
}
