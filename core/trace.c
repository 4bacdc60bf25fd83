/*
 * core/trace.c - STRADS_TRACE: per-thread event buffers on every node,
 * gathered by the driver at shutdown into one Chrome trace-event JSON file.
 *
 * Why per-thread buffers: a hook runs inside rounds and tasks on every
 * worker thread, so it must not take a lock or touch a shared cache line.
 * Each thread owns a list of chunks it alone appends to; the list of threads
 * is locked once per thread, when it records its first event. Events are
 * written when they end (as complete "X" events), so a thread's events come
 * out children before parents.
 *
 * Why merging: an async_for round runs one cell per thread, but a sync_for
 * with a small minibatch runs thousands of tasks of a few microseconds each.
 * A leaf event shorter than MERGE_NS that starts within MERGE_NS of the end
 * of the previous event of the same kind, site and depth on the same thread
 * is folded into it (the event's "merged" argument counts them), so the file
 * stays small and the timeline still shows where the threads were busy.
 *
 * Clocks: events are timed with CLOCK_MONOTONIC and placed on the wall clock
 * through one (monotonic, realtime) pair taken at start, so nodes on one
 * machine line up exactly and nodes on several line up as well as their
 * clocks are synchronized (NTP). Times in the file are microseconds since
 * the driver started.
 *
 * Gathering: rt_trace_finish runs a node function on every node (the usual
 * RPC path); each node formats its own events as JSON text and sends them to
 * the driver (RT_MSG_TRACE), which writes them in rank order.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/trace.h"

#define CHUNK_EVENTS 4096
#define MAX_EVENTS_PER_THREAD (256 * 1024) /* ~10 MB per thread; later events are counted, not kept */
#define MAX_DEPTH 32
#define MERGE_NS 50000 /* 50 us: below this a repeated leaf event is merged into its predecessor */

typedef struct tr_ev {
    uint64_t t0, t1; /* CLOCK_MONOTONIC, ns */
    const strads_loop_site *site;
    int64_t arg;
    uint32_t n;      /* events merged into this one (1: none) */
    uint16_t kind, depth;
} tr_ev;

typedef struct tr_chunk {
    struct tr_chunk *next;
    uint32_t used;
    tr_ev ev[CHUNK_EVENTS];
} tr_chunk;

typedef struct tr_open {
    uint64_t t0;
    const strads_loop_site *site;
    int64_t arg;
    uint64_t mark; /* events recorded when it opened: unchanged at the end = a leaf */
    rt_trace_kind kind;
} tr_open;

/* One thread's buffer; only that thread writes it until rt_trace_finish. */
typedef struct tr_thread {
    struct tr_thread *next;
    tr_chunk *head, *tail;
    uint64_t nev, dropped;
    int depth;
    tr_open stack[MAX_DEPTH];
    long tid;
    int sort;
    char name[40];
} tr_thread;

/* Name, category and argument name of each kind, in rt_trace_kind order. */
static const struct {
    const char *name, *cat, *arg;
    bool sum; /* merged events add their arguments */
} kinds[RT_TR_NKINDS] = {
    [RT_TR_OPERATOR] = {"operator", "operator", NULL},
    [RT_TR_ASYNC_FOR] = {"async_for", "operator", NULL},
    [RT_TR_SYNC_FOR] = {"sync_for", "operator", NULL},
    [RT_TR_RECON] = {"reconnaissance", "plan", "iterations"},
    [RT_TR_PLAN] = {"planning", "plan", NULL},
    [RT_TR_ROUND] = {"round", "round", "round"},
    [RT_TR_CLOCK] = {"clock", "round", "clock"},
    [RT_TR_TASK] = {"task", "task", "iterations", true},
    [RT_TR_FETCH] = {"fetch", "transfer", NULL},
    [RT_TR_WRITEBACK] = {"write-back", "transfer", NULL},
    [RT_TR_BARRIER] = {"barrier", "barrier", NULL},
    [RT_TR_REDUCE] = {"reduce", "barrier", NULL},
    [RT_TR_PUSH] = {"push driver writes", "transfer", NULL},
    [RT_TR_PULL] = {"pull changes", "transfer", NULL},
    [RT_TR_SERVE] = {"serve", "serve", "from"},
};

int rt__trace_on;
static pthread_mutex_t threads_mu = PTHREAD_MUTEX_INITIALIZER;
static tr_thread *threads; /* under threads_mu */
static _Thread_local tr_thread *me;
static _Thread_local const char *my_name;
static _Thread_local int my_index;
static uint64_t mono0, real0; /* the clock pair taken at start */
static FILE *out;             /* driver: the trace file, created at start */

static uint64_t clock_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void rt_trace_name_thread(const char *name, int index)
{
    my_name = name;
    my_index = index;
}

/* The calling thread's buffer, registered on first use; NULL without memory. */
static tr_thread *self(void)
{
    if (me) return me;
    tr_thread *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->tid = (long)syscall(SYS_gettid);
    if (t->tid == (long)getpid()) {
        snprintf(t->name, sizeof t->name, "%s", strads_rank() == 0 ? "driver (main)" : "main");
        t->sort = 0;
    } else if (my_name && my_index >= 0) {
        snprintf(t->name, sizeof t->name, "%s %d", my_name, my_index);
        t->sort = my_index;
    } else if (my_name) {
        snprintf(t->name, sizeof t->name, "%s", my_name);
        t->sort = 999;
    } else {
        snprintf(t->name, sizeof t->name, "thread %ld", t->tid);
        t->sort = 1000;
    }
    pthread_mutex_lock(&threads_mu);
    t->next = threads;
    threads = t;
    pthread_mutex_unlock(&threads_mu);
    return me = t;
}

void rt__trace_begin(rt_trace_kind kind, const strads_loop_site *site, int64_t arg)
{
    tr_thread *t = self();
    if (!t) return;
    if (t->depth < MAX_DEPTH)
        t->stack[t->depth] = (tr_open){clock_ns(CLOCK_MONOTONIC), site, arg, t->nev, kind};
    t->depth++;
}

/* Appends e to t's buffer, or folds it into the previous event (see top). */
static void record(tr_thread *t, const tr_ev *e, bool leaf)
{
    tr_chunk *c = t->tail;
    if (leaf && c && c->used && e->t1 - e->t0 < MERGE_NS) {
        tr_ev *p = &c->ev[c->used - 1];
        if (p->kind == e->kind && p->site == e->site && p->depth == e->depth && p->t1 <= e->t0 &&
            e->t0 - p->t1 < MERGE_NS) {
            p->t1 = e->t1;
            p->n++;
            if (kinds[e->kind].sum) p->arg += e->arg;
            return;
        }
    }
    if (t->nev >= MAX_EVENTS_PER_THREAD) {
        t->dropped++;
        return;
    }
    if (!c || c->used == CHUNK_EVENTS) {
        tr_chunk *n = malloc(sizeof *n);
        if (!n) {
            t->dropped++;
            return;
        }
        n->next = NULL;
        n->used = 0;
        if (c)
            c->next = n;
        else
            t->head = n;
        t->tail = c = n;
    }
    c->ev[c->used++] = *e;
    t->nev++;
}

void rt__trace_end(void)
{
    tr_thread *t = me;
    if (!t || t->depth == 0) return; /* an end without its begin: ignored */
    if (--t->depth >= MAX_DEPTH) return;
    const tr_open *o = &t->stack[t->depth];
    tr_ev e = {o->t0, clock_ns(CLOCK_MONOTONIC), o->site, o->arg, 1, (uint16_t)o->kind,
               (uint16_t)t->depth};
    record(t, &e, t->nev == o->mark);
}

int rt_trace_init(const rt_config *cfg, char *err, size_t errlen)
{
    if (!cfg->trace_path) return 0;
    if (cfg->rank == 0 && !(out = fopen(cfg->trace_path, "w"))) {
        snprintf(err, errlen, "STRADS_TRACE=%s: cannot create the file: %s", cfg->trace_path,
                 strerror(errno));
        return STRADS_ECONFIG;
    }
    mono0 = clock_ns(CLOCK_MONOTONIC);
    real0 = clock_ns(CLOCK_REALTIME);
    rt__trace_on = 1;
    return 0;
}

/* ---- output ---- */

/* Prints ns as microseconds with three decimals, exactly (no rounding). */
static void put_us(FILE *f, int64_t ns)
{
    if (ns < 0) {
        fputc('-', f);
        ns = -ns;
    }
    fprintf(f, "%lld.%03lld", (long long)(ns / 1000), (long long)(ns % 1000));
}

/* A JSON string body: the file names of sites are the only text from outside. */
static void put_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void put_event(FILE *f, int rank, const tr_thread *t, const tr_ev *e, int64_t shift)
{
    fprintf(f, ",\n{\"ph\":\"X\",\"pid\":%d,\"tid\":%ld,\"name\":\"", rank, t->tid);
    put_str(f, kinds[e->kind].name);
    if (e->site) {
        fputc(' ', f);
        put_str(f, base_name(e->site->file));
        fprintf(f, ":%u", e->site->line);
    }
    fprintf(f, "\",\"cat\":\"%s\",\"ts\":", kinds[e->kind].cat);
    put_us(f, (int64_t)e->t0 + shift);
    fputs(",\"dur\":", f);
    put_us(f, (int64_t)(e->t1 - e->t0));
    fputs(",\"args\":{", f);
    const char *sep = "";
    if (kinds[e->kind].arg && e->arg >= 0) { /* < 0: not known */
        fprintf(f, "\"%s\":%lld", kinds[e->kind].arg, (long long)e->arg);
        sep = ",";
    }
    if (e->n > 1) fprintf(f, "%s\"merged\":%u", sep, e->n), sep = ",";
    if (e->site) {
        fprintf(f, "%s\"site\":\"", sep);
        put_str(f, e->site->file);
        fprintf(f, ":%u\"", e->site->line);
    }
    fputs("}}", f);
}

/*
 * This node's events and names as JSON array elements, each preceded by
 * ",\n", with times relative to origin (the driver's start, realtime ns).
 * Frees the buffers. Returns a malloc'ed text (*len bytes) or NULL.
 */
static char *format_node(uint64_t origin, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    int rank = strads_rank();
    int64_t shift = (int64_t)real0 - (int64_t)mono0 - (int64_t)origin;
    fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":\"rank %d%s\"}}",
            rank, rank, rank == 0 ? " (driver)" : "");
    fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_sort_index\",\"args\":{\"sort_index\":%d}}",
            rank, rank);
    pthread_mutex_lock(&threads_mu);
    tr_thread *list = threads;
    threads = NULL;
    pthread_mutex_unlock(&threads_mu);
    for (tr_thread *t = list, *next; t; t = next) {
        next = t->next;
        fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%ld,\"name\":\"thread_name\",\"args\":{\"name\":\"",
                rank, t->tid);
        put_str(f, t->name);
        fputs("\"}}", f);
        fprintf(f, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%ld,\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":%d}}",
                rank, t->tid, t->sort);
        if (t->dropped)
            rt_warn("STRADS_TRACE: thread %s kept its first %llu events and dropped %llu", t->name,
                    (unsigned long long)t->nev, (unsigned long long)t->dropped);
        for (tr_chunk *c = t->head, *cn; c; c = cn) {
            cn = c->next;
            for (uint32_t i = 0; i < c->used; i++) put_event(f, rank, t, &c->ev[i], shift);
            free(c);
        }
        free(t);
    }
    me = NULL; /* the calling thread's buffer is gone too */
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Writes one node's fragment; the first one loses its leading ",\n". */
static void put_fragment(const char *s, size_t len, bool *first)
{
    if (*first && len >= 2) s += 2, len -= 2;
    if (len) *first = false;
    fwrite(s, 1, len, out);
}

/* Driver: the other nodes' fragments, in rank order. */
static void gather_workers(bool *first)
{
    for (int r = 1; r < strads_size(); r++) {
        rt_msg *m;
        int rc = rt_recv(RT_MSG_TRACE, 0, r, rt_cfg()->collective_timeout_ms, &m);
        if (rc) {
            rt_warn("STRADS_TRACE: rank %d sent no events (%s); the trace lacks them", r,
                    strads_strerror(rc));
            continue;
        }
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *o;
        if (rt_unpack_next(&up, m->body, m->body_len, &off, &o) || o->type != MSGPACK_OBJECT_BIN)
            rt_warn("STRADS_TRACE: malformed events from rank %d, left out", r);
        else
            put_fragment(o->via.bin.ptr, o->via.bin.size, first);
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
    }
}

static bool driver_wrote; /* the driver's part of the gathering ran */

/* Node function of the gathering; arg is the driver's origin. */
static int trace_node(const void *arg, size_t len)
{
    uint64_t origin;
    if (len != sizeof origin) return STRADS_EPROTO;
    memcpy(&origin, arg, sizeof origin);
    rt__trace_on = 0; /* the gathering is not part of the run */
    size_t n = 0;
    char *s = format_node(origin, &n);
    if (strads_rank() != 0) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_TRACE, 0);
        msgpack_pack_bin(&p.pk, s ? n : 0);
        int rc = rt_send(0, p.sb.data, p.sb.size, s, s ? n : 0);
        rt_pack_done(&p);
        free(s);
        return rc;
    }
    bool first = true;
    fputs("{\"traceEvents\":[\n", out);
    if (s) put_fragment(s, n, &first);
    free(s);
    gather_workers(&first);
    driver_wrote = true;
    return 0;
}

void rt_trace_finish(void)
{
    if (!out) return;
    uint64_t origin = real0;
    rt__trace_on = 0;
    if (strads_size() > 1) {
        int rc = strads_invoke_all(trace_node, &origin, sizeof origin);
        if (rc) rt_warn("STRADS_TRACE: gathering the nodes' events: %s", strads_strerror(rc));
    }
    if (!driver_wrote) trace_node(&origin, sizeof origin);
    fprintf(out, "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"nodes\":%d,\"merge_below_us\":%d}}\n",
            strads_size(), MERGE_NS / 1000);
    if (fclose(out))
        rt_error("STRADS_TRACE=%s: writing the file failed: %s", rt_cfg()->trace_path, strerror(errno));
    out = NULL;
}
