/*
 * tools/report/trace_in.c - a Chrome trace-event file (what STRADS_TRACE
 * writes, or any tool's that uses the same format) into per-thread lists of
 * complete events, with process and thread names.
 *
 * Every event is checked before use and a bad one is reported with the line
 * and column where it starts: a report drawn from a half-understood trace
 * would mislead more than no report.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/report/json.h"
#include "tools/report/report.h"

/* Room for element n of an array that grows one element at a time: doubles
 * when n reaches a power of two, so n appends cost O(n) copies in all. */
static void *room_for(void *p, size_t n, size_t size)
{
    if (n & (n - 1)) return p; /* capacity is already above n */
    return realloc(p, (n ? 2 * n : 4) * size);
}

static int intern(rp_timeline *tl, const char *s)
{
    for (size_t i = 0; i < tl->nstrs; i++)
        if (strcmp(tl->strs[i], s) == 0) return (int)i;
    char **n = room_for(tl->strs, tl->nstrs, sizeof *n);
    if (!n) return -1;
    tl->strs = n;
    if (!(n[tl->nstrs] = strdup(s))) return -1;
    return (int)tl->nstrs++;
}

static rp_thread *thread_of(rp_timeline *tl, long pid, long tid)
{
    for (size_t i = 0; i < tl->nth; i++)
        if (tl->th[i].pid == pid && tl->th[i].tid == tid) return &tl->th[i];
    rp_thread *n = room_for(tl->th, tl->nth, sizeof *n);
    if (!n) return NULL;
    tl->th = n;
    n[tl->nth] = (rp_thread){pid, tid, 1 << 30, -1, NULL, 0, 0};
    return &n[tl->nth++];
}

static int pid_index(rp_timeline *tl, long pid)
{
    for (size_t i = 0; i < tl->npid; i++)
        if (tl->pids[i] == pid) return (int)i;
    long *p = room_for(tl->pids, tl->npid, sizeof *p);
    if (p) tl->pids = p;
    int *nm = room_for(tl->pid_name, tl->npid, sizeof *nm);
    if (nm) tl->pid_name = nm;
    int *so = room_for(tl->pid_sort, tl->npid, sizeof *so);
    if (so) tl->pid_sort = so;
    if (!p || !nm || !so) return -1;
    tl->pids[tl->npid] = pid;
    tl->pid_name[tl->npid] = -1;
    tl->pid_sort[tl->npid] = (int)pid;
    return (int)tl->npid++;
}

/* "iterations 5841, merged 12": the event's numbers and short texts, for
 * the page's tooltips; NULL when it has none (or no memory: cosmetic). */
static char *args_text(const js_val *args)
{
    if (!args || args->type != JS_OBJ || !args->n) return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    const char *sep = "";
    for (size_t i = 0; i < args->n && i < 8; i++) {
        const js_val *v = args->items[i];
        if (v->type == JS_NUM)
            fprintf(f, "%s%.60s %.15g", sep, args->keys[i], v->num);
        else if (v->type == JS_STR)
            fprintf(f, "%s%.60s %.80s", sep, args->keys[i], v->str);
        else
            continue;
        sep = ", ";
    }
    fclose(f);
    if (buf && !*buf) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

static int add_event(rp_thread *t, double ts, double dur, int name, int cat, char *args)
{
    if (t->nev == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        rp_event *e = realloc(t->ev, cap * sizeof *e);
        if (!e) {
            free(args);
            return -1;
        }
        t->ev = e;
        t->cap = cap;
    }
    t->ev[t->nev++] = (rp_event){ts, dur, name, cat, args};
    return 0;
}

typedef struct ctx {
    const char *path;
    char *err;
    size_t errlen;
} ctx;

static int bad(const ctx *c, const js_val *v, const char *what)
{
    snprintf(c->err, c->errlen, "%s:%d:%d: %s", c->path, v->line, v->col, what);
    return -1;
}

/* A number field of event e; missing or not a number is an error. */
static int num(const ctx *c, const js_val *e, const char *key, double *out)
{
    const js_val *v = js_get(e, key);
    char what[96];
    if (!v) {
        snprintf(what, sizeof what, "event without \"%s\"", key);
        return bad(c, e, what);
    }
    if (v->type != JS_NUM) {
        snprintf(what, sizeof what, "\"%s\" is not a number", key);
        return bad(c, v, what);
    }
    *out = v->num;
    return 0;
}

static const char *str_or(const js_val *e, const char *key, const char *dflt)
{
    const js_val *v = js_get(e, key);
    return v && v->type == JS_STR ? v->str : dflt;
}

/* Metadata: process_name, process_sort_index, thread_name, thread_sort_index. */
static int meta(rp_timeline *tl, const ctx *c, const js_val *e, long pid)
{
    const char *what = str_or(e, "name", "");
    const js_val *args = js_get(e, "args");
    int pi = pid_index(tl, pid);
    if (pi < 0) return bad(c, e, "out of memory");
    if (!strcmp(what, "process_name") || !strcmp(what, "thread_name")) {
        const js_val *n = js_get(args, "name");
        if (!n || n->type != JS_STR) return bad(c, e, "name metadata without args.name");
        int s = intern(tl, n->str);
        if (s < 0) return bad(c, e, "out of memory");
        if (what[0] == 'p') {
            tl->pid_name[pi] = s;
            return 0;
        }
        double tid;
        if (num(c, e, "tid", &tid)) return -1;
        rp_thread *t = thread_of(tl, pid, (long)tid);
        if (!t) return bad(c, e, "out of memory");
        t->name = s;
    } else if (!strcmp(what, "process_sort_index") || !strcmp(what, "thread_sort_index")) {
        const js_val *n = js_get(args, "sort_index");
        if (!n || n->type != JS_NUM) return bad(c, e, "sort metadata without a numeric args.sort_index");
        if (what[0] == 'p') {
            tl->pid_sort[pi] = (int)n->num;
            return 0;
        }
        double tid;
        if (num(c, e, "tid", &tid)) return -1;
        rp_thread *t = thread_of(tl, pid, (long)tid);
        if (!t) return bad(c, e, "out of memory");
        t->sort = (int)n->num;
    }
    return 0;
}

/* Open B events, matched by the next E of the same thread. */
typedef struct open_b {
    long pid, tid;
    double ts;
    int name, cat;
    char *args;
} open_b;

static int one_event(rp_timeline *tl, const ctx *c, const js_val *e, open_b **ob, size_t *nob)
{
    if (e->type != JS_OBJ) return bad(c, e, "a trace event must be an object");
    const js_val *ph = js_get(e, "ph");
    if (!ph || ph->type != JS_STR) return bad(c, e, "event without a \"ph\" string");
    double pid = 0, tid = 0, ts = 0, dur = 0;
    char p = ph->str[0];
    if (p == 'M') return num(c, e, "pid", &pid) ? -1 : meta(tl, c, e, (long)pid);
    if (p != 'X' && p != 'B' && p != 'E') return 0; /* instants, counters, flows: not drawn */
    if (num(c, e, "pid", &pid) || num(c, e, "tid", &tid) || num(c, e, "ts", &ts)) return -1;
    if (p == 'X' && num(c, e, "dur", &dur)) return -1;
    if (dur < 0) return bad(c, js_get(e, "dur"), "negative duration");
    if (pid_index(tl, (long)pid) < 0) return bad(c, e, "out of memory");
    rp_thread *t = thread_of(tl, (long)pid, (long)tid);
    int name = intern(tl, str_or(e, "name", "?")), cat = intern(tl, str_or(e, "cat", ""));
    if (!t || name < 0 || cat < 0) return bad(c, e, "out of memory");
    if (p == 'B') {
        open_b *n = room_for(*ob, *nob, sizeof *n);
        if (!n) return bad(c, e, "out of memory");
        *ob = n;
        n[(*nob)++] = (open_b){(long)pid, (long)tid, ts, name, cat, args_text(js_get(e, "args"))};
        return 0;
    }
    if (p == 'E') {
        for (size_t i = *nob; i-- > 0;) {
            open_b *b = &(*ob)[i];
            if (b->pid != (long)pid || b->tid != (long)tid) continue;
            if (ts < b->ts) return bad(c, e, "an end (E) before its begin (B)");
            open_b got = *b;
            memmove(b, b + 1, (*nob - i - 1) * sizeof *b);
            (*nob)--;
            tl->events++;
            return add_event(t, got.ts, ts - got.ts, got.name, got.cat, got.args) ? bad(c, e, "out of memory")
                                                                                   : 0;
        }
        return bad(c, e, "an end (E) without a begin (B) on its thread");
    }
    tl->events++;
    return add_event(t, ts, dur, name, cat, args_text(js_get(e, "args"))) ? bad(c, e, "out of memory")
                                                                           : 0;
}

static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            char *b = realloc(buf, cap);
            if (!b) {
                free(buf);
                fclose(f);
                snprintf(err, errlen, "%s: out of memory", path);
                return NULL;
            }
            buf = b;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        snprintf(err, errlen, "%s: read error", path);
        return NULL;
    }
    *len = n;
    return buf;
}

int rp_trace_read(const char *path, rp_timeline *tl, char *err, size_t errlen)
{
    memset(tl, 0, sizeof *tl);
    size_t len;
    char *text = slurp(path, &len, err, errlen);
    if (!text) return -1;
    js_val *root;
    char jerr[200];
    int rc = js_parse(text, len, &root, jerr, sizeof jerr);
    free(text);
    if (rc) {
        snprintf(err, errlen, "%s:%s", path, jerr);
        return -1;
    }
    ctx c = {path, err, errlen};
    const js_val *evs = root->type == JS_ARR ? root : js_get(root, "traceEvents");
    if (!evs || evs->type != JS_ARR) {
        js_free(root);
        return bad(&c, root, "expected {\"traceEvents\": [...]} or an array of events "
                             "(a Chrome trace-event file, as STRADS_TRACE writes)"),
               -1;
    }
    open_b *ob = NULL;
    size_t nob = 0;
    rc = 0;
    for (size_t i = 0; i < evs->n && !rc; i++) rc = one_event(tl, &c, evs->items[i], &ob, &nob);
    for (size_t i = 0; i < nob; i++) free(ob[i].args); /* never ended: not drawn */
    free(ob);
    js_free(root);
    return rc;
}

static int by_dur_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

void rp_trace_limit(rp_timeline *tl, size_t max)
{
    size_t total = 0;
    for (size_t i = 0; i < tl->nth; i++) total += tl->th[i].nev;
    if (total <= max || max == 0) return;
    double *d = malloc(total * sizeof *d);
    if (!d) return;
    size_t k = 0;
    for (size_t i = 0; i < tl->nth; i++)
        for (size_t j = 0; j < tl->th[i].nev; j++) d[k++] = tl->th[i].ev[j].dur;
    qsort(d, total, sizeof *d, by_dur_desc);
    double cut = d[max - 1];
    free(d);
    /* strictly longer than the cut, then ties until max: the page stays bounded */
    size_t kept = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < tl->nth; i++) {
            rp_thread *t = &tl->th[i];
            size_t w = 0;
            for (size_t j = 0; j < t->nev; j++) {
                rp_event e = t->ev[j];
                bool keep = pass == 0 ? e.dur > cut : (e.dur > cut || (e.dur == cut && kept < max));
                if (pass == 0 && keep) kept++;
                if (pass == 1 && e.dur == cut && keep) kept++;
                if (pass == 1 && keep) t->ev[w++] = e;
                if (pass == 1 && !keep) tl->omitted++, free(e.args);
            }
            if (pass == 1) t->nev = w;
        }
}

void rp_trace_free(rp_timeline *tl)
{
    for (size_t i = 0; i < tl->nth; i++) {
        for (size_t j = 0; j < tl->th[i].nev; j++) free(tl->th[i].ev[j].args);
        free(tl->th[i].ev);
    }
    free(tl->th);
    for (size_t i = 0; i < tl->nstrs; i++) free(tl->strs[i]);
    free(tl->strs);
    free(tl->pids);
    free(tl->pid_name);
    free(tl->pid_sort);
    memset(tl, 0, sizeof *tl);
}
