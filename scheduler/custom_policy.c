/*
 * scheduler/custom_policy.c - custom consistency models (ASYNC's CCMs) for
 * sync(custom(fn)): the STAT table the driver keeps per worker (clock,
 * staleness, average task time, availability), the built-in barrier
 * policies over it (SSP, throttled release, fully asynchronous) and the
 * name -> function registry through which the engine finds `fn`.
 *
 * A policy is a pure function of the table, called whenever the table
 * changes, that says which idle workers may start their next task. Keeping
 * it pure is what lets replay re-derive every release decision from the
 * recorded task completions.
 *
 * The registry is an explicit object held by the process context rather
 * than a static table, so tests and several engines do not share hidden
 * state; the runtime registers the user's functions (named in the pragma)
 * into it before the first loop runs.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

/* Weight of the newest task in avg_task_s: recent enough to follow a node
 * that slows down, smooth enough that one outlier does not flip a policy. */
#define AVG_ALPHA 0.25

int sched_stat_init(sched_stat_table *t, int n, long arg)
{
    if (!t || n < 1) return STRADS_EINVAL;
    memset(t, 0, sizeof *t);
    t->w = calloc((size_t)n, sizeof *t->w);
    if (!t->w) return STRADS_ENOMEM;
    t->n = n;
    t->arg = arg;
    for (int i = 0; i < n; i++) t->w[i].available = 1;
    return 0;
}

void sched_stat_free(sched_stat_table *t)
{
    if (!t) return;
    free(t->w);
    memset(t, 0, sizeof *t);
}

int sched_stat_dispatch(sched_stat_table *t, int w)
{
    if (!t || w < 0 || w >= t->n) return STRADS_EINVAL;
    if (!t->w[w].available) return STRADS_ESTATE;
    t->w[w].available = 0;
    t->w[w].seen = t->version;
    t->w[w].staleness = 0;
    return 0;
}

int sched_stat_done(sched_stat_table *t, int w, double task_s)
{
    if (!t || w < 0 || w >= t->n || !(task_s >= 0)) return STRADS_EINVAL;
    sched_stat *s = &t->w[w];
    if (s->available) return STRADS_ESTATE;
    s->available = 1;
    s->avg_task_s = s->clock == 0 ? task_s : (1 - AVG_ALPHA) * s->avg_task_s + AVG_ALPHA * task_s;
    s->clock++;
    t->version++;
    /* Staleness: how many updates landed since each worker got its copy. */
    for (int i = 0; i < t->n; i++) t->w[i].staleness = t->version - t->w[i].seen;
    return 0;
}

static int check(const sched_stat_table *t, const unsigned char *out)
{
    return (!t || !t->w || t->n < 1 || !out) ? STRADS_EINVAL : 0;
}

int sched_policy_ssp(const sched_stat_table *t, unsigned char *may)
{
    if (check(t, may)) return STRADS_EINVAL;
    if (t->arg < 0) return STRADS_EINVAL;
    int64_t minc = t->w[0].clock;
    for (int i = 1; i < t->n; i++)
        if (t->w[i].clock < minc) minc = t->w[i].clock;
    int k = 0;
    for (int i = 0; i < t->n; i++) {
        may[i] = t->w[i].available && t->w[i].clock - minc <= t->arg;
        k += may[i];
    }
    return k;
}

int sched_policy_throttle(const sched_stat_table *t, unsigned char *may)
{
    if (check(t, may)) return STRADS_EINVAL;
    /* k beyond the job would block forever; k below 1 means "anyone". */
    long need = t->arg < 1 ? 1 : t->arg > t->n ? t->n : t->arg;
    int avail = 0;
    for (int i = 0; i < t->n; i++) avail += t->w[i].available != 0;
    for (int i = 0; i < t->n; i++) may[i] = avail >= need && t->w[i].available;
    return avail >= need ? avail : 0;
}

int sched_policy_async(const sched_stat_table *t, unsigned char *may)
{
    if (check(t, may)) return STRADS_EINVAL;
    int k = 0;
    for (int i = 0; i < t->n; i++) {
        may[i] = t->w[i].available != 0;
        k += may[i];
    }
    return k;
}

/* BSP is SSP with staleness 0, whatever arg the table carries. */
static int policy_bsp(const sched_stat_table *t, unsigned char *may)
{
    if (check(t, may)) return STRADS_EINVAL;
    sched_stat_table z = *t;
    z.arg = 0;
    return sched_policy_ssp(&z, may);
}

/* ---- registry ---------------------------------------------------------- */

static int valid_name(const char *s)
{
    if (!s || !(isalpha((unsigned char)s[0]) || s[0] == '_')) return 0;
    size_t n = 0;
    for (; s[n]; n++)
        if (!(isalnum((unsigned char)s[n]) || s[n] == '_')) return 0;
    return n <= SCHED_POLICY_NAME_MAX;
}

int sched_policy_reg_init(sched_policy_reg *r)
{
    if (!r) return STRADS_EINVAL;
    memset(r, 0, sizeof *r);
    int rc = sched_policy_register(r, "bsp", policy_bsp);
    if (!rc) rc = sched_policy_register(r, "ssp", sched_policy_ssp);
    if (!rc) rc = sched_policy_register(r, "throttle", sched_policy_throttle);
    if (!rc) rc = sched_policy_register(r, "async", sched_policy_async);
    if (rc) sched_policy_reg_free(r);
    return rc;
}

void sched_policy_reg_free(sched_policy_reg *r)
{
    if (!r) return;
    free(r->ent);
    memset(r, 0, sizeof *r);
}

static int find(const sched_policy_reg *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->ent[i].name, name) == 0) return i;
    return -1;
}

int sched_policy_register(sched_policy_reg *r, const char *name, sched_policy_fn fn)
{
    if (!r || !fn || !valid_name(name)) return STRADS_EINVAL;
    int i = find(r, name);
    if (i >= 0) return r->ent[i].fn == fn ? 0 : STRADS_EINVAL;
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 8;
        struct sched_policy_ent *e = realloc(r->ent, (size_t)cap * sizeof *e);
        if (!e) return STRADS_ENOMEM;
        r->ent = e;
        r->cap = cap;
    }
    strcpy(r->ent[r->n].name, name); /* length checked by valid_name */
    r->ent[r->n].fn = fn;
    r->n++;
    return 0;
}

int sched_policy_lookup(const sched_policy_reg *r, const char *name, sched_policy_fn *fn)
{
    if (!r || !name || !fn) return STRADS_EINVAL;
    int i = find(r, name);
    if (i < 0) return STRADS_ENOTFOUND;
    *fn = r->ent[i].fn;
    return 0;
}
