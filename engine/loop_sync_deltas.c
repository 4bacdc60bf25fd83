/*
 * engine/loop_sync_deltas.c - arithmetic on the elements of distributed
 * arrays, for sync_for's deltas.
 *
 * A delta is "value at the end of a task minus value at its start", and
 * combining deltas (sum, mean, 1/nodes scaling) needs to know what an
 * element is made of: the site's array table gives the scalar type
 * (strads_loop_array.type), and an element of elem bytes is elem/size of
 * that type scalars. One switch per call, outside the loops, so each loop
 * is a plain typed loop the compiler can vectorize.
 *
 * It also finds the elements a task changed in its replica that
 * reconnaissance did not record (the page tracker described in loop.h), so
 * that their deltas are combined like the recorded ones instead of being
 * dropped. Pages, not elements: the body runs at full speed, the cost is one
 * fault per page the records miss and a compare per loaded page.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "dds/dds.h"
#include "engine/loop.h"

size_t rt__type_size(strads_type t)
{
    switch (t) {
    case STRADS_T_I32: case STRADS_T_F32: return 4;
    case STRADS_T_I64: case STRADS_T_U64: case STRADS_T_F64: return 8;
    }
    return 0;
}

/* A scalar v whose start was x gets a worker's value y (change d = y - x,
 * not all zero bytes). The first contribution to it, while v still holds
 * x, is y itself: x + (y - x) rounds a small value written over a large
 * one to the large one's precision (0.001f over 1e8f came out 0) and makes
 * -0.0 written over 1.0 +0.0. Later ones add their change. Every fold of
 * the threads (records, whole replicas, direct, and loop_sync_alone.c's)
 * uses it, so that a call run alone computes what it computes shared. */
/* (it evaluates v twice: its callers pass plain lvalues) */
#define RT_PUT(v, y, x, d, first) ((first) && !memcmp(&(v), &(x), sizeof(v)) ? (y) : (T_)((v) + (d)))

void rt__v_delta(strads_type t, void *d, const void *a, size_t n)
{
    RT_FOR_TYPE(t, {
        T_ *x = d;
        const T_ *y = a;
        for (size_t k = 0; k < n; k++) x[k] = RT_CHANGE(y[k], x[k]);
    })
}

void rt__v_add(strads_type t, void *acc, const void *d, size_t n)
{
    RT_FOR_TYPE(t, {
        T_ *x = acc;
        const T_ *y = d;
        for (size_t k = 0; k < n; k++) x[k] = (T_)(x[k] + y[k]);
    })
}

/* Elements compared a block of about 64 bytes at a time: a task changes
 * few elements of a large model (SAGA's residuals: 6,250 of 100,000 a
 * clock), and a block no replica changed is skipped in one pass. */
#define FOLD_BLOCK_BYTES 64

/* One element of nsc scalars of type T_ folded from nrep replicas (see
 * rt__fold_replicas): x_ its start values, was its value before the first
 * change is added. RT_CHANGE needs the T_ of the RT_FOR_TYPE around. A
 * mean of a row of several floating scalars goes a scalar at a time
 * (FOLD_SCALARS). */
#define FOLD_ELEMENT(T_, row, x_, rep, nrep, off, nsc, was, avg, t)                          \
    do {                                                                                     \
        if ((avg) && (nsc) > 1) {                                                            \
            FOLD_SCALARS(T_, row, x_, rep, nrep, off, nsc, t);                               \
            break;                                                                           \
        }                                                                                    \
        int cnt_ = 0;                                                                        \
        for (int r_ = 0; r_ < (nrep); r_++) {                                                \
            const T_ *y_ = (const T_ *)(const void *)((rep)[r_] + (off));                    \
            bool ch_ = false;                                                                \
            for (size_t k_ = 0; k_ < (nsc) && !ch_; k_++) {                                  \
                T_ d_ = RT_CHANGE(y_[k_], (x_)[k_]);                                         \
                ch_ = !rt__zero_scalar(&d_, sizeof d_); /* -0.0 is a change */               \
            }                                                                                \
            if (!ch_) continue;                                                              \
            if (!cnt_) memcpy((was), (row), (nsc) * sizeof(T_));                             \
            for (size_t k_ = 0; k_ < (nsc); k_++) {                                          \
                T_ d_ = RT_CHANGE(y_[k_], (x_)[k_]);                                         \
                if (!rt__zero_scalar(&d_, sizeof d_))                                        \
                    (row)[k_] = RT_PUT((row)[k_], y_[k_], (x_)[k_], d_, cnt_ == 0);          \
            }                                                                                \
            cnt_++;                                                                          \
        }                                                                                    \
        if ((avg) && cnt_ > 1) rt__v_scale_from((t), (row), (was), (nsc), 1.0 / cnt_);       \
    } while (0)

/* The mean of each scalar of an element over the replicas that changed
 * that scalar (rt__v_put's rule). */
#define FOLD_SCALARS(T_, row, x_, rep, nrep, off, nsc, t)                                    \
    do {                                                                                     \
        for (size_t k_ = 0; k_ < (nsc); k_++) {                                              \
            int c_ = 0;                                                                      \
            T_ w_ = (row)[k_];                                                               \
            for (int r_ = 0; r_ < (nrep); r_++) {                                            \
                const T_ *y_ = (const T_ *)(const void *)((rep)[r_] + (off));                \
                T_ d_ = RT_CHANGE(y_[k_], (x_)[k_]);                                         \
                if (rt__zero_scalar(&d_, sizeof d_)) continue;                               \
                (row)[k_] = RT_PUT((row)[k_], y_[k_], (x_)[k_], d_, c_ == 0);                \
                c_++;                                                                        \
            }                                                                                \
            if (c_ > 1) rt__v_scale_from((t), &(row)[k_], &w_, 1, 1.0 / c_);                \
        }                                                                                    \
    } while (0)

void rt__fold_replicas(strads_type t, bool avg, char *base, const char *start,
                       const char *const *rep, int nrep, size_t nsc, int64_t lo, int64_t hi,
                       void *was)
{
    size_t elem = nsc * rt__type_size(t);
    int64_t per = nsc == 1 ? (int64_t)(FOLD_BLOCK_BYTES / elem) : 1;
    RT_FOR_TYPE(t, {
        for (int64_t b0 = lo; b0 < hi; b0 += per) {
            int64_t b1 = b0 + per < hi ? b0 + per : hi;
            size_t off = (size_t)b0 * elem;
            if (nsc == 1) {
                /* most models: which elements some replica changed, as a
                 * mask without a branch an element, then only those */
                uint64_t m = 0;
                for (int r = 0; r < nrep; r++) m |= rt__changed_mask(rep[r] + off, start + off, elem, b1 - b0);
                for (; m; m &= m - 1) {
                    size_t at = (size_t)(b0 + __builtin_ctzll(m)) * elem;
                    FOLD_ELEMENT(T_, (T_ *)(void *)(base + at), (const T_ *)(const void *)(start + at),
                                 rep, nrep, at, 1, (T_ *)was, avg, t);
                }
                continue;
            }
            bool any = false;
            for (int r = 0; r < nrep && !any; r++) any = !rt__same_block(rep[r] + off, start + off, elem);
            if (any)
                FOLD_ELEMENT(T_, (T_ *)(void *)(base + off), (const T_ *)(const void *)(start + off),
                             rep, nrep, off, nsc, (T_ *)was, avg, t);
        }
    })
}

void rt__v_put(strads_type t, void *row, const void *y, const void *x, const void *dl, size_t nsc, bool first,
               int32_t *cs)
{
    RT_FOR_TYPE(t, {
        T_ *v = row;
        const T_ *a = y, *b = x, *c = dl;
        for (size_t k = 0; k < nsc; k++) {
            T_ d = c[k], own = RT_CHANGE(a[k], b[k]);
            if (rt__zero_scalar(&d, sizeof d)) continue;
            /* y itself only where the task started from x (its change is
             * y - x): a function writing the node's copy may have moved it */
            bool f = (cs ? cs[k] == 0 : first) && !memcmp(&own, &d, sizeof d);
            v[k] = RT_PUT(v[k], a[k], b[k], d, f);
            if (cs) cs[k]++;
        }
    })
}

void rt__v_mean_from(strads_type t, void *row, const void *was, size_t nsc, int32_t *cs)
{
    size_t ts = rt__type_size(t);
    for (size_t k = 0; k < nsc; k++) {
        if (cs[k] > 1)
            rt__v_scale_from(t, (char *)row + k * ts, (const char *)was + k * ts, 1, 1.0 / cs[k]);
        cs[k] = 0;
    }
}

void rt__v_add_changed(strads_type t, char *acc, const char *rep, const char *from, size_t nelem,
                       size_t nsc, int32_t *cnt, int32_t *cs)
{
    size_t elem = nsc * rt__type_size(t);
    bool word = nsc == 1;
    int64_t n = (int64_t)nelem, per = word ? (int64_t)(FOLD_BLOCK_BYTES / elem) : 1;
    RT_FOR_TYPE(t, {
        for (int64_t b0 = 0; b0 < n; b0 += per) {
            int64_t b1 = b0 + per < n ? b0 + per : n;
            size_t off = (size_t)b0 * elem;
            uint64_t m = word ? rt__changed_mask(rep + off, from + off, elem, b1 - b0)
                              : !rt__same_block(rep + off, from + off, elem);
            for (; m; m &= m - 1) {
                int64_t e = b0 + (word ? __builtin_ctzll(m) : 0);
                const T_ *y = (const T_ *)(const void *)(rep + (size_t)e * elem);
                const T_ *x = (const T_ *)(const void *)(from + (size_t)e * elem);
                bool changed = false;
                for (size_t k = 0; k < nsc && !changed; k++) {
                    T_ d = RT_CHANGE(y[k], x[k]);
                    changed = !rt__zero_scalar(&d, sizeof d); /* -0.0 is a change */
                }
                if (!changed) continue;
                T_ *v = (T_ *)(void *)(acc + (size_t)e * elem);
                bool first = cnt[e]++ == 0;
                int32_t *c = cs ? cs + (size_t)e * nsc : NULL;
                for (size_t k = 0; k < nsc; k++) {
                    T_ d = RT_CHANGE(y[k], x[k]);
                    if (rt__zero_scalar(&d, sizeof d)) continue;
                    v[k] = RT_PUT(v[k], y[k], x[k], d, c ? c[k] == 0 : first);
                    if (c) c[k]++;
                }
            }
        }
    })
}

__attribute__((noinline)) void rt__copy_node_rows(void *dst, const void *src, size_t n)
{
    memcpy(dst, src, n);
}

/* x = b + round((x - b) / q) for integer scalars, exactly: the change
 * taken in 128 bits (an int's from INT_MAX overflowed, a long's from
 * LONG_MAX / 4 lost its low bits in a double: two workers' equal
 * assignments came out far from the value they assigned), rounded half
 * away from zero, as the double path rounds. */
#define RT_MEAN_INT(T_, x, b, q)                                                             \
    do {                                                                                     \
        __int128 d_ = (__int128)(x) - (__int128)(b);                                         \
        if ((T_)-1 > 0) d_ = (__int128)(int64_t)(uint64_t)((x) - (b)); /* unsigned: signed */ \
        __int128 m_ = d_ >= 0 ? (d_ + (q) / 2) / (q) : -((-d_ + (q) / 2) / (q));             \
        (x) = (T_)((__int128)(b) + m_);                                                      \
    } while (0)

void rt__v_scale_from(strads_type t, void *row, const void *base, size_t n, double f)
{
    /* 1 / q of whole workers (a mean): exact for integers; a floating
     * scalar (most models, folded per element) skips the test */
    int64_t q = 0;
    if (t == STRADS_T_I32 || t == STRADS_T_I64 || t == STRADS_T_U64) {
        double inv = f > 0 ? 1.0 / f : 0;
        q = inv >= 1 && inv < 1e9 && fabs(inv - round(inv)) < 1e-6 ? (int64_t)round(inv) : 0;
    }
    if (q) {
        RT_FOR_TYPE(t, {
            T_ *x = row;
            const T_ *b = base;
            for (size_t k = 0; k < n; k++)
                if (memcmp(&x[k], &b[k], sizeof x[k])) RT_MEAN_INT(T_, x[k], b[k], q);
        })
        return;
    }
    RT_FOR_TYPE(t, {
        T_ *x = row;
        const T_ *b = base;
        /* integers to the nearest (two threads' equal assignments of
         * an int are their mean exactly; a half rounds away from zero),
         * their change signed: an unsigned element that went down changed
         * by a negative amount, not by almost 2^64 */
        for (size_t k = 0; k < n; k++) {
            if (!memcmp(&x[k], &b[k], sizeof x[k])) continue; /* unchanged, also at infinity */
            double v = ((T_)0.5 == 0 ? (double)(int64_t)(T_)(x[k] - b[k]) : (double)(x[k] - b[k])) * f;
            x[k] = (T_)(b[k] + (T_)((T_)0.5 == 0 ? round(v) : v));
        }
    })
}

void rt__v_scale(strads_type t, void *d, size_t n, double f)
{
    RT_FOR_TYPE(t, {
        T_ *x = d;
        for (size_t k = 0; k < n; k++)
            x[k] = (T_)(((T_)0.5 == 0 ? (double)(int64_t)x[k] : (double)x[k]) * f);
    })
}

/* ---- writes outside the records ---- */

static struct sigaction old_segv;
static atomic_int handler_on;
/* The trackers of the clock in progress: armed (release) after narmed is
 * set, so the handler never sees a count that does not match. */
static rt__track *_Atomic armed;
static _Atomic int narmed;

#define BIT(k, p) (((k)->loaded[(p) / 64] >> ((p) % 64)) & 1)

/* Bytes of the page at off that hold elements: past the last element there
 * is nothing to load or compare (a small array uses a sliver of its page). */
static size_t span(const rt__track *k, size_t off)
{
    size_t ps = dds_page_size();
    return off >= k->used ? 0 : k->used - off < ps ? k->used - off : ps;
}

/* Loads page p of the replica (open already) with its current content in
 * the node's copy: through the shadow, so that replica and start value
 * agree even when the owner side changes the node's copy meanwhile
 * (SSP/ASP). */
static void fill_page(rt__track *k, size_t p)
{
    size_t off = p * dds_page_size(), len = span(k, off);
    rt__copy_node_rows(k->shadow + off, k->src + off, len);
    memcpy(k->rep + off, k->shadow + off, len);
    k->loaded[p / 64] |= 1ULL << (p % 64);
}

/* Opens page p and loads it. Runs in the handler: syscalls and memcpy only. */
static int load_page(rt__track *k, size_t p)
{
    if (mprotect(k->rep + p * dds_page_size(), dds_page_size(), PROT_READ | PROT_WRITE)) return -1;
    fill_page(k, p);
    return 0;
}

static void track_segv(int sig, siginfo_t *si, void *uc)
{
    rt__track *t = atomic_load_explicit(&armed, memory_order_acquire);
    int n = atomic_load_explicit(&narmed, memory_order_relaxed);
    char *a = si ? si->si_addr : NULL;
    for (int i = 0; t && a && i < n; i++) {
        rt__track *k = &t[i];
        if (!k->rep || a < k->rep || a >= k->rep + k->bytes) continue;
        size_t p = (size_t)(a - k->rep) / dds_page_size();
        /* A loaded page is open: a fault there is not ours. The body may
         * be between a call and its errno check: keep errno as it was. */
        int saved = errno;
        int ok = !BIT(k, p) && load_page(k, p) == 0;
        errno = saved;
        if (ok) return; /* the access is retried */
        break;
    }
    /* Not ours: behave as if we were never installed (the driver's write
     * tracker of dds/coherence.c may be the one below, or above, us). */
    if (old_segv.sa_flags & SA_SIGINFO) {
        old_segv.sa_sigaction(sig, si, uc);
    } else if (old_segv.sa_handler != SIG_DFL && old_segv.sa_handler != SIG_IGN) {
        old_segv.sa_handler(sig);
    } else {
        signal(SIGSEGV, SIG_DFL); /* the fault repeats and kills with a core */
    }
}

int rt__track_init(rt__track *k, char *rep, const dds_vec *dv)
{
    memset(k, 0, sizeof *k);
    /* Installed once, by the node-function thread, before any tracker is
     * armed; never removed (a later handler may chain to it). */
    if (!atomic_load(&handler_on)) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = track_segv;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGSEGV, &sa, &old_segv)) return STRADS_ESTATE;
        atomic_store(&handler_on, 1);
    }
    size_t pages = (dv->bytes + dds_page_size() - 1) / dds_page_size();
    k->loaded = calloc((pages + 63) / 64 + 1, sizeof *k->loaded);
    void *sh = mmap(NULL, dv->bytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (!k->loaded || sh == MAP_FAILED) {
        free(k->loaded);
        k->loaded = NULL;
        if (sh != MAP_FAILED) munmap(sh, dv->bytes);
        return STRADS_ENOMEM;
    }
    k->shadow = sh;
    k->rep = rep;
    k->src = dv->base;
    k->bytes = dv->bytes;
    k->used = (size_t)dv->n * dv->elem;
    return 0;
}

void rt__track_free(rt__track *k)
{
    if (k->shadow) munmap(k->shadow, k->bytes);
    free(k->loaded);
    memset(k, 0, sizeof *k);
}

void rt__track_arm(rt__track *k, int n)
{
    if (k) atomic_store_explicit(&narmed, n, memory_order_relaxed);
    atomic_store_explicit(&armed, k, memory_order_release);
}

/* Opening a page in the middle of a closed replica splits the mapping, and
 * closing it merges it back: several microseconds of kernel work per run of
 * pages, against about one for loading and comparing a page. So runs of
 * recorded pages up to this many pages apart are opened (and loaded) as one. */
enum { TRACK_GAP = 8 };
int rt__track_begin(rt__track *k, const rt__elist *all, size_t elem)
{
    size_t ps = dds_page_size(), pages = (k->bytes + ps - 1) / ps;
    int64_t n = rt__el_count_all(all, (int64_t)(k->used / elem));
    memset(k->loaded, 0, (pages + 63) / 64 * sizeof *k->loaded);
    if (n == (int64_t)(k->used / elem)) {
        /* Every element is recorded (a dense model: MLR's W), so every
         * page holding one is loaded and nothing can fault: closing and
         * opening the replica again would only cost its mprotect calls,
         * a quarter of a millisecond a task on a VM. */
        size_t used = (k->used + ps - 1) / ps;
        if (k->closed && mprotect(k->rep, used * ps, PROT_READ | PROT_WRITE)) return STRADS_ESTATE;
        k->closed = 0;
        for (size_t p = 0; p < used; p++) fill_page(k, p);
        return 0;
    }
    /* Closing the whole replica is one call (and one TLB flush); pages the
     * previous task left behind hold stale values and must fault again. */
    if (mprotect(k->rep, k->bytes, PROT_NONE)) return STRADS_ESTATE;
    k->closed = 1;
    size_t run0 = 0, run1 = 0; /* pending run of pages [run0, run1) to open */
    for (int64_t j = 0; j <= n; j++) {
        size_t p0 = 0, p1 = 0;
        if (j < n) {
            size_t off = (size_t)rt__el_at(all, j) * elem;
            p0 = off / ps;
            p1 = (off + elem - 1) / ps + 1;
            if (p0 <= run1 + TRACK_GAP && run1 > run0) {
                if (p1 > run1) run1 = p1;
                continue;
            }
        }
        /* Whole pages: a page's other elements get their current values
         * too, so a write to one of them has a right start value. */
        if (run1 > run0) {
            if (mprotect(k->rep + run0 * ps, (run1 - run0) * ps, PROT_READ | PROT_WRITE))
                return STRADS_ESTATE;
            for (size_t p = run0; p < run1; p++)
                if (!BIT(k, p)) fill_page(k, p);
        }
        run0 = p0;
        run1 = p1;
    }
    return 0;
}

/* Whether element bytes [b, b + elem) differ from their start value on the
 * loaded pages they lie on; with d, writes the start value there (loaded
 * pages from the shadow, others as they are: not accessed, unchanged). */
static int elem_changed(const rt__track *k, size_t b, size_t elem, char *d)
{
    size_t ps = dds_page_size(), end = b + elem;
    int ch = 0;
    if (d) memcpy(d, k->rep + b, elem);
    for (size_t p = b / ps; p * ps < end; p++) {
        if (!BIT(k, p)) continue;
        size_t lo = p * ps > b ? p * ps : b, hi = (p + 1) * ps < end ? (p + 1) * ps : end;
        if (d) memcpy(d + (lo - b), k->shadow + lo, hi - lo);
        ch |= memcmp(k->rep + lo, k->shadow + lo, hi - lo) != 0;
    }
    return ch;
}

int rt__track_changed(const rt__track *k, const rt__sarr *x, const rt__elist *wr, rt__xlist *out)
{
    const dds_vec *dv = x->dv;
    size_t ps = dds_page_size(), pages = (k->bytes + ps - 1) / ps, elem = dv->elem;
    int64_t next = 0, wi = 0, nw = rt__el_count_all(wr, dv->n);
    out->n = 0;
    for (size_t w = 0; w < (pages + 63) / 64; w++) {
        if (!k->loaded[w]) continue;
        for (size_t p = w * 64; p < (w + 1) * 64 && p < pages; p++) {
            size_t off = p * ps, len = span(k, off);
            if (!BIT(k, p) || !memcmp(k->rep + off, k->shadow + off, len)) continue;
            int64_t e = (int64_t)(off / elem), e1 = (int64_t)((off + len + elem - 1) / elem);
            if (e < next) e = next; /* an element across pages is looked at once */
            if (e1 > dv->n) e1 = dv->n;
            for (; e < e1; e++) {
                while (wi < nw && rt__el_at(wr, wi) < e) wi++;
                if (wi < nw && rt__el_at(wr, wi) == e) continue; /* recorded: has its delta */
                if (!elem_changed(k, (size_t)e * elem, elem, NULL)) continue;
                if (out->n == out->cap) {
                    int64_t cap = out->cap ? 2 * out->cap : 64;
                    int64_t *idx = realloc(out->idx, (size_t)cap * sizeof *idx);
                    if (idx) out->idx = idx;
                    char *d = idx ? realloc(out->d, (size_t)cap * elem) : NULL;
                    if (!d) return STRADS_ENOMEM;
                    out->d = d;
                    out->cap = cap;
                }
                char *d = out->d + (size_t)out->n * elem;
                elem_changed(k, (size_t)e * elem, elem, d);
                rt__v_delta(x->desc->type, d, k->rep + (size_t)e * elem, x->nsc);
                out->idx[out->n++] = e;
            }
            next = e1;
        }
    }
    return 0;
}
