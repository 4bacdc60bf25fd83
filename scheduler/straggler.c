/*
 * scheduler/straggler.c - controlled stragglers for tests and benchmarks:
 * parses STRADS_SLOW and answers "how many times slower does rank r compute
 * at time t". The engine stretches a node's compute by that factor (by
 * sleeping (factor-1) times the measured compute), which makes a slow node
 * reproducible on one machine and lets the sync models be compared under
 * the same static or changing slowdown, as in a multi-tenant cluster.
 *
 * Grammar (policy.h has the user-facing summary, docs/sync-models.md the
 * examples):
 *   spec    := entry ("," entry)*
 *   entry   := rank ":" factor                      static
 *            | rank ":" factor "@" on ["/" off]     periodic, starting slow at t = 0
 *            | rank ":" factor ("/" time "=" factor)+   steps
 * A bad spec is refused whole, with a message naming the token at fault,
 * because a silently ignored slowdown would make a benchmark lie.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

enum { SLOW_STATIC, SLOW_PERIODIC, SLOW_STEPS };

typedef struct slow_ent {
    int rank, kind;
    double f, on, off;  /* static and periodic */
    int nsteps;         /* steps: factor fv[k] from time t[k] on; t[0] = 0 */
    double *t, *fv;
} slow_ent;

struct sched_slow {
    int n;
    slow_ent *e;
};

void sched_slow_free(sched_slow *s)
{
    if (!s) return;
    for (int i = 0; i < s->n; i++) {
        free(s->e[i].t);
        free(s->e[i].fv);
    }
    free(s->e);
    free(s);
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        int k = snprintf(err, errlen, "STRADS_SLOW: ");
        va_list ap;
        va_start(ap, fmt);
        if (k >= 0 && (size_t)k < errlen) vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return STRADS_ECONFIG;
}

/* Parses the whole of [s, s+len) as a finite number. */
static int num(const char *s, size_t len, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf) return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end || errno || !isfinite(v)) return -1;
    *out = v;
    return 0;
}

/* A copy of the token for messages. */
static const char *tok(char *buf, size_t cap, const char *s, size_t len)
{
    if (len >= cap) len = cap - 1;
    memcpy(buf, s, len);
    buf[len] = 0;
    return buf;
}

static int parse_factor(const char *s, size_t len, const char *entry, double *f, char *err,
                        size_t errlen)
{
    char t[64];
    if (num(s, len, f) || *f < 1)
        return fail(err, errlen, "bad factor \"%s\" in \"%s\" (a number >= 1)",
                    tok(t, sizeof t, s, len), entry);
    return 0;
}

static int parse_entry(const char *s, size_t len, int size, slow_ent *e, char *err, size_t errlen)
{
    char entry[128], t[64];
    tok(entry, sizeof entry, s, len);
    const char *colon = memchr(s, ':', len);
    if (!colon) return fail(err, errlen, "entry \"%s\" is not rank:factor", entry);
    double r;
    size_t rl = (size_t)(colon - s);
    if (num(s, rl, &r) || r < 0 || r != floor(r) || r > 1e9 ||
        !isdigit((unsigned char)s[0]))
        return fail(err, errlen, "bad rank \"%s\" in \"%s\"", tok(t, sizeof t, s, rl), entry);
    if (size > 0 && r >= size)
        return fail(err, errlen, "rank %d in \"%s\" is not below the job size %d", (int)r, entry,
                    size);
    e->rank = (int)r;
    const char *p = colon + 1, *end = s + len;
    const char *at = memchr(p, '@', (size_t)(end - p));
    if (at) { /* F@ON[/OFF] */
        e->kind = SLOW_PERIODIC;
        int rc = parse_factor(p, (size_t)(at - p), entry, &e->f, err, errlen);
        if (rc) return rc;
        const char *q = at + 1, *slash = memchr(q, '/', (size_t)(end - q));
        const char *qe = slash ? slash : end;
        if (num(q, (size_t)(qe - q), &e->on) || !(e->on > 0))
            return fail(err, errlen, "bad period \"%s\" in \"%s\" (seconds > 0)",
                        tok(t, sizeof t, q, (size_t)(qe - q)), entry);
        e->off = e->on;
        if (slash && (num(slash + 1, (size_t)(end - slash - 1), &e->off) || !(e->off >= 0)))
            return fail(err, errlen, "bad off period \"%s\" in \"%s\" (seconds >= 0)",
                        tok(t, sizeof t, slash + 1, (size_t)(end - slash - 1)), entry);
        return 0;
    }
    const char *slash = memchr(p, '/', (size_t)(end - p));
    if (!slash) {
        e->kind = SLOW_STATIC;
        return parse_factor(p, (size_t)(end - p), entry, &e->f, err, errlen);
    }
    /* F0/T1=F1/T2=F2... */
    e->kind = SLOW_STEPS;
    int cap = 1;
    for (const char *q = p; q < end; q++) cap += *q == '/';
    e->t = malloc((size_t)cap * sizeof *e->t);
    e->fv = malloc((size_t)cap * sizeof *e->fv);
    if (!e->t || !e->fv) return STRADS_ENOMEM;
    int rc = parse_factor(p, (size_t)(slash - p), entry, &e->fv[0], err, errlen);
    if (rc) return rc;
    e->t[0] = 0;
    e->nsteps = 1;
    for (const char *q = slash + 1; q <= end;) {
        const char *qe = memchr(q, '/', (size_t)(end - q));
        if (!qe) qe = end;
        const char *eq = memchr(q, '=', (size_t)(qe - q));
        if (!eq)
            return fail(err, errlen, "step \"%s\" in \"%s\" is not time=factor",
                        tok(t, sizeof t, q, (size_t)(qe - q)), entry);
        double tm;
        if (num(q, (size_t)(eq - q), &tm) || !(tm > e->t[e->nsteps - 1]))
            return fail(err, errlen,
                        "bad step time \"%s\" in \"%s\" (seconds, increasing, after 0)",
                        tok(t, sizeof t, q, (size_t)(eq - q)), entry);
        rc = parse_factor(eq + 1, (size_t)(qe - eq - 1), entry, &e->fv[e->nsteps], err, errlen);
        if (rc) return rc;
        e->t[e->nsteps++] = tm;
        q = qe + 1;
    }
    return 0;
}

int sched_slow_parse(const char *spec, int size, sched_slow **out, char *err, size_t errlen)
{
    if (!out) return STRADS_EINVAL;
    *out = NULL;
    if (err && errlen) err[0] = 0;
    sched_slow *s = calloc(1, sizeof *s);
    if (!s) return STRADS_ENOMEM;
    if (!spec) {
        *out = s;
        return 0;
    }
    int cap = 1;
    for (const char *q = spec; *q; q++) cap += *q == ',';
    s->e = calloc((size_t)cap, sizeof *s->e);
    if (!s->e) {
        sched_slow_free(s);
        return STRADS_ENOMEM;
    }
    const char *p = spec;
    int rc = 0;
    while (rc == 0 && *p) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        /* Spaces around an entry are harmless (shell quoting); inside, not. */
        while (len && isspace((unsigned char)*p)) p++, len--;
        while (len && isspace((unsigned char)p[len - 1])) len--;
        if (len == 0) {
            if (q || s->n) rc = fail(err, errlen, "empty entry in \"%s\"", spec);
        } else {
            slow_ent *e = &s->e[s->n++];
            rc = parse_entry(p, len, size, e, err, errlen);
            for (int i = 0; rc == 0 && i < s->n - 1; i++)
                if (s->e[i].rank == e->rank)
                    rc = fail(err, errlen, "rank %d is given twice in \"%s\"", e->rank, spec);
        }
        if (!q) break;
        p = q + 1;
        if (!*p && rc == 0) rc = fail(err, errlen, "empty entry in \"%s\"", spec);
    }
    if (rc) {
        sched_slow_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

double sched_slow_factor(const sched_slow *s, int rank, double t)
{
    if (!s) return 1;
    if (!(t > 0)) t = 0;
    for (int i = 0; i < s->n; i++) {
        const slow_ent *e = &s->e[i];
        if (e->rank != rank) continue;
        switch (e->kind) {
        case SLOW_STATIC:
            return e->f;
        case SLOW_PERIODIC:
            return fmod(t, e->on + e->off) < e->on ? e->f : 1;
        default: {
            int k = e->nsteps - 1;
            while (k > 0 && e->t[k] > t) k--;
            return e->fv[k];
        }
        }
    }
    return 1;
}
