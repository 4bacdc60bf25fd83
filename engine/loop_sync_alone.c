/*
 * engine/loop_sync_alone.c - a BSP call's workers one after another on the
 * driver.
 *
 * A sync_for that averages or sums a model (`w[f] -= lr * g * x[f]`) is not
 * its sequential loop: under BSP every worker of a clock starts from the
 * clock's model and their changes are combined. Run alone as the
 * sequential program runs it, it would compute another model; shared, its
 * short calls cost far more than their work (logistic regression at two
 * processes: 98 clocks a call, each an exchange of about 75 us, for 13 us
 * of work).
 *
 * Here the driver computes what the N x T workers would, without them:
 * per clock, each worker's task (the same blocks, minibatches and clocks as
 * the nodes run, loop_sync.h's block_of and task_range) runs on a copy of
 * the clock's model; a worker's change is the elements whose bytes it
 * changed, as the nodes count them (loop_sync.c's fold_array, and the
 * owners' dds_writeback_deltas with changed_only); the threads of a node
 * fold in thread order (a mean or a sum per element; of a row of floating
 * scalars, per scalar), the nodes' changes combine in rank order (each
 * divided by the nodes that changed the
 * element, or summed), with the same arithmetic. So shared and alone
 * compute the same model, up to the order in which reductions add, and the
 * runtime may pick either by timing (engine/loop_alone.c).
 *
 * Only for what the copies can hold: arrays the body reaches through its
 * captured pointers, combined by mean or sum, whose copies over a whole
 * call stay under EMU_MAX_BYTES of copying (or what a shared call's time
 * would copy; a probe's two timed clocks decide instead).
 *
 * Some arrays need no copy: the workers write them in place, one after
 * another, and the call computes the same. An array of the iterations' own
 * that no other pointer of the body reaches (no worker reads an element
 * another writes), and, under a model that lets a worker read others'
 * changes as soon as they are made (SSP, ASP, a barrier policy: fresh),
 * an array whose changes are summed or the iterations' own: reading a
 * change at once is one of the runs such a model allows, and a sum of
 * changes is the same whether each is applied at once or at the clock's
 * end. SAGA's 100,000 residuals, summed, are then not copied and compared
 * by every worker at every clock (each touches a few thousand).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loop_sync.h"

/* Bytes copied and compared over a call: the workers' copies of the model
 * at every clock. Beyond this the copies cost more than a shared call;
 * where a shared call was timed, what it would copy in that time at
 * EMU_BYTES_PER_S (a layer's 2.6 MB of activations at 2 x 1: 84 MB of
 * copies against a 0.2 s shared call, which then never ran alone). */
#define EMU_MAX_BYTES ((size_t)64 << 20)
#define EMU_BYTES_PER_S 1e9
#define EMU_MAX_ARRAYS 64 /* written arrays a probe keeps */

typedef struct earr {
    dds_vec *dv;
    strads_type type;
    strads_agg_kind agg;
    size_t nsc;
    bool own; /* its iterations' own: the nodes write it in place, no delta */
    bool ro;  /* every field only reads it (dropped after find) */
    bool inplace; /* the workers write the array itself (no copy: above) */
    int fields;   /* the body's pointers into it */
    char *S, *F, *rep; /* the clock's model, a node's fold, a worker's copy */
    char *tmp;         /* one element's change */
    int64_t *tl, ntl;  /* elements a node's threads changed */
    int64_t *cl, ncl;  /* elements some node changed: the owners' combine */
    unsigned char *any; /* n: on cl */
    int32_t *cnt;      /* per element: the node's threads that changed it */
    int32_t *cs;       /* a mean of rows of several scalars: per scalar, or NULL */
    char *D;           /* n x N: element e's change by node r (one element's together) */
    unsigned char *ch; /* n x N: node r changed element e */
    int64_t *dl, ndl;  /* elements the clock's commit wrote (kept: S and rep follow them) */
    unsigned char *dm; /* n: on dl */
    int64_t kn;        /* the n, elem and bytes the buffers were made for */
    size_t kelem, kbytes;
} earr;

typedef struct emu {
    const strads_loop_site *site;
    void *env;
    int N, T;
    int64_t begin, end, mb, clocks;
    int narr;
    earr *arr;
    void *wenv;  /* env with the pointers moved into the copy every worker uses in turn */
    char *tls;   /* N x T workers' */
    uint64_t body_us; /* in the workers' bodies, of the clocks kept */
    bool overlap;     /* two workers changed one element in a clock */
    bool fresh;       /* the model lets a worker read others' changes at once */
    bool kept;        /* S and rep follow the commits (kept), else copied anew each clock */
    bool copied;      /* S and rep hold the clock's model already (kept) */
    double shared_s;  /* a shared call's seconds (0: none timed) */
    bool probe;       /* within a budget, two clocks timed first */
    bool bufs;        /* every buffer made (or adopted): kept for the next call */
} emu;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* The arrays the body writes (every field that reaches one) and whether
 * they can be copied: 0 when the call cannot run here. */
static int find(emu *e)
{
    const strads_loop_site *s = e->site;
    e->arr = calloc(s->narrays ? s->narrays : 1, sizeof *e->arr);
    if (!e->arr) return 0;
    for (size_t i = 0; i < s->narrays; i++) {
        const strads_loop_array *d = &s->arrays[i];
        if (d->env_off + sizeof(void *) > s->env_size || !rt__type_size(d->type)) return 0;
        if (d->flags & STRADS_ARRAY_VIA_GLOBAL) return 0; /* a helper writes the node's copy */
        const char *p;
        memcpy(&p, (const char *)e->env + d->env_off, sizeof p);
        dds_vec *dv;
        if (!p) continue;
        if (dds_lookup(p, &dv, NULL) ||
            (!(d->flags & (STRADS_ARRAY_READONLY | STRADS_ARRAY_BYTES)) &&
             dv->elem % rt__type_size(d->type)))
            return 0;
        /* as loop_sync.c's find_arrays judges it, over every field */
        bool own = (d->flags & STRADS_ARRAY_OWN) && rt_own_here(d, p, dv, e->env) &&
                   d->agg != STRADS_AGG_FN;
        /* elements that are not numbers: the shared call says why */
        if ((d->flags & STRADS_ARRAY_BYTES) && !(d->flags & STRADS_ARRAY_READONLY) && !own)
            return 0;
        int a = 0;
        while (a < e->narr && e->arr[a].dv != dv) a++;
        if (a < e->narr) {
            earr *x = &e->arr[a];
            x->own &= own;
            x->fields++;
            if (!(d->flags & STRADS_ARRAY_READONLY)) {
                if (x->ro) x->type = d->type, x->agg = d->agg, x->ro = false;
                else if (x->type != d->type || x->agg != d->agg) return 0;
            }
            continue;
        }
        e->arr[e->narr++] = (earr){.dv = dv, .type = d->type, .agg = d->agg, .own = own,
                                   .ro = (d->flags & STRADS_ARRAY_READONLY) != 0, .fields = 1,
                                   .nsc = dv->elem / rt__type_size(d->type)};
    }
    /* arrays only read stay where they are */
    int w = 0;
    for (int a = 0; a < e->narr; a++)
        if (!e->arr[a].ro) e->arr[w++] = e->arr[a];
    e->narr = w;
    for (int a = 0; a < e->narr; a++)
        if (!e->arr[a].own && e->arr[a].agg != STRADS_AGG_SUM && e->arr[a].agg != STRADS_AGG_AVG)
            return 0;
    size_t bytes = 0;
    for (int a = 0; a < e->narr; a++) {
        earr *x = &e->arr[a];
        x->inplace = (x->own && x->fields == 1) ||
                     (e->fresh && (x->own || x->agg == STRADS_AGG_SUM));
        /* no two workers' changes to tell apart: as if they met */
        e->overlap |= x->inplace && !x->own;
        if (!x->inplace) bytes += x->dv->bytes;
    }
    /* each worker's copy and compare at every clock; a probe's two timed
     * clocks tell instead. The copies themselves (a few of each array:
     * setup) stay within EMU_MAX_BYTES an array set, whatever a slow
     * shared call would allow. */
    double cap = e->shared_s * EMU_BYTES_PER_S > (double)EMU_MAX_BYTES ? e->shared_s * EMU_BYTES_PER_S
                                                                       : (double)EMU_MAX_BYTES;
    return e->narr > 0 && bytes <= EMU_MAX_BYTES &&
           (e->probe || (double)bytes * (double)e->clocks * (double)(e->N * e->T + e->N) <= cap);
}

static void free_bufs(earr *x)
{
    free(x->S);
    free(x->F);
    free(x->rep);
    free(x->tmp);
    free(x->tl);
    free(x->cl);
    free(x->any);
    free(x->cnt);
    free(x->cs);
    free(x->D);
    free(x->ch);
    free(x->dl);
    free(x->dm);
}

/* The copies and lists of a site's latest call, kept for its next: fresh
 * ones cost the first touch of every page at every call (a sparse model's
 * 0.8 MB at 2 x 1: five copies and the lists, a third of a call of 8
 * clocks). Between calls their marks and counts are zero: clock_run
 * clears what it sets. The driver's thread only. */
#define EMU_KEPT_SITES 4
#define EMU_KEPT_BYTES ((size_t)256 << 20)
typedef struct emu_kept {
    uint64_t site, used; /* used 0: empty */
    int N, narr;
    bool kept;
    earr *arr; /* the buffers, each with the shape it was made for */
} emu_kept;
static emu_kept kept_bufs[EMU_KEPT_SITES];
static uint64_t kept_clock;

static void kept_free(emu_kept *k)
{
    for (int a = 0; k->arr && a < k->narr; a++) free_bufs(&k->arr[a]);
    free(k->arr);
    *k = (emu_kept){0};
}

/* Does x's array fit the buffers in y? */
static bool fits_bufs(const emu *e, const earr *x, const earr *y)
{
    if (x->inplace != y->inplace) return false;
    if (x->inplace) return true;
    bool cs = x->agg == STRADS_AGG_AVG && x->nsc > 1 && !x->own;
    return y->kn == x->dv->n && y->kelem == x->dv->elem && y->kbytes == x->dv->bytes &&
           (y->cs != NULL) == cs && (y->dl != NULL) == e->kept;
}

/* The site's kept buffers into e's arrays, when they fit; else they go. */
static bool adopt(emu *e)
{
    emu_kept *k = NULL;
    for (int i = 0; i < EMU_KEPT_SITES && !k; i++)
        if (kept_bufs[i].used && kept_bufs[i].site == e->site->id) k = &kept_bufs[i];
    if (!k) return false;
    bool ok = k->N == e->N && k->kept == e->kept && k->narr == e->narr;
    for (int a = 0; ok && a < e->narr; a++) ok = fits_bufs(e, &e->arr[a], &k->arr[a]);
    for (int a = 0; ok && a < e->narr; a++) {
        earr *x = &e->arr[a], *y = &k->arr[a];
        if (x->inplace) continue;
        x->S = y->S, x->F = y->F, x->rep = y->rep, x->tmp = y->tmp, x->tl = y->tl, x->cl = y->cl;
        x->any = y->any, x->cnt = y->cnt, x->cs = y->cs, x->D = y->D, x->ch = y->ch;
        x->dl = y->dl, x->dm = y->dm;
        x->kn = y->kn, x->kelem = y->kelem, x->kbytes = y->kbytes;
        *y = (earr){0};
    }
    kept_free(k);
    return ok;
}

/* e's buffers kept for the site's next call, within EMU_KEPT_BYTES; the
 * least recently used site's go to make room. */
static void release(emu *e)
{
    size_t bytes = 0;
    for (int a = 0; a < e->narr; a++) {
        const earr *x = &e->arr[a];
        if (!x->inplace)
            bytes += x->kbytes * (size_t)(3 + e->N) + (size_t)x->kn * (size_t)(30 + e->N);
    }
    if (!e->bufs || bytes > EMU_KEPT_BYTES) return;
    emu_kept *k = NULL;
    for (int i = 0; i < EMU_KEPT_SITES; i++) {
        emu_kept *c = &kept_bufs[i];
        if (c->used && c->site == e->site->id) {
            k = c;
            break;
        }
        if (!k || (k->used && (!c->used || c->used < k->used))) k = c;
    }
    kept_free(k);
    if (!(k->arr = malloc((size_t)e->narr * sizeof *k->arr))) return;
    *k = (emu_kept){.site = e->site->id, .used = ++kept_clock, .N = e->N, .narr = e->narr,
                    .kept = e->kept, .arr = k->arr};
    for (int a = 0; a < e->narr; a++) {
        k->arr[a] = e->arr[a];
        k->arr[a].dv = NULL;
        earr *x = &e->arr[a];
        x->S = x->F = x->rep = x->tmp = NULL;
        x->tl = x->cl = x->dl = NULL;
        x->any = x->dm = NULL;
        x->cnt = x->cs = NULL;
        x->D = NULL;
        x->ch = NULL;
    }
}

static void done(emu *e)
{
    release(e);
    for (int a = 0; e->arr && a < e->narr; a++) free_bufs(&e->arr[a]);
    free(e->arr);
    if (e->tls) rt_loop_tls_free(e->site, e->tls, e->N * e->T);
    free(e->wenv);
}

static int setup(emu *e)
{
    int W = e->N * e->T;
    bool adopted = adopt(e);
    for (int a = 0; a < e->narr && !adopted; a++) {
        earr *x = &e->arr[a];
        if (x->inplace) continue;
        x->kn = x->dv->n, x->kelem = x->dv->elem, x->kbytes = x->dv->bytes;
        size_t b = x->dv->bytes ? x->dv->bytes : 1;
        x->S = malloc(b);
        x->F = malloc(b);
        x->rep = malloc(b);
        x->tmp = malloc(x->dv->elem);
        x->tl = malloc((size_t)(x->dv->n ? x->dv->n : 1) * sizeof *x->tl);
        x->cl = malloc((size_t)(x->dv->n ? x->dv->n : 1) * sizeof *x->cl);
        x->any = calloc((size_t)(x->dv->n ? x->dv->n : 1), 1);
        x->cnt = calloc((size_t)(x->dv->n ? x->dv->n : 1), sizeof *x->cnt);
        if (x->agg == STRADS_AGG_AVG && x->nsc > 1 && !x->own &&
            !(x->cs = calloc((size_t)(x->dv->n ? x->dv->n : 1) * x->nsc, sizeof *x->cs)))
            return STRADS_ENOMEM;
        x->D = malloc(b * (size_t)e->N);
        x->ch = calloc((size_t)e->N, (size_t)(x->dv->n ? x->dv->n : 1));
        if (!x->S || !x->F || !x->rep || !x->tmp || !x->tl || !x->cl || !x->any || !x->cnt || !x->D || !x->ch) return STRADS_ENOMEM;
        if (e->kept && (!(x->dl = malloc((size_t)(x->dv->n ? x->dv->n : 1) * sizeof *x->dl)) ||
                        !(x->dm = calloc((size_t)(x->dv->n ? x->dv->n : 1), 1))))
            return STRADS_ENOMEM;
    }
    e->bufs = true;
    /* one env whose pointers into a written array point into its copy
     * (every worker uses the same copy in turn) */
    void *env = e->wenv = malloc(e->site->env_size);
    if (!env) return STRADS_ENOMEM;
    memcpy(env, e->env, e->site->env_size);
    for (size_t i = 0; i < e->site->narrays; i++) {
        size_t off = e->site->arrays[i].env_off;
        char *p;
        memcpy(&p, (char *)e->env + off, sizeof p);
        for (int a = 0; a < e->narr && p; a++) {
            dds_vec *dv = e->arr[a].dv;
            if (e->arr[a].inplace) continue;
            if (p < dv->base || p >= dv->base + dv->bytes) continue;
            char *q = e->arr[a].rep + (p - dv->base);
            memcpy((char *)env + off, &q, sizeof q);
        }
    }
    return rt_loop_tls_workers(e->site, e->env, 0, W, &e->tls);
}

/* The owners' combine of one element (dds_writeback_deltas): base plus
 * each node's change (its value minus the base) in rank order, a mean over
 * the nodes that changed it or a sum; a floating scalar one node alone
 * changed gets that node's value. */
static void combine(const emu *e, const earr *x, int64_t el)
{
    size_t elem = x->dv->elem;
    int64_t nch = 0;
    const unsigned char *ch = x->ch + (size_t)el * (size_t)e->N;
    for (int r = 0; r < e->N; r++) nch += ch[r];
    if (!nch) return;
    char *row = x->dv->base + (size_t)el * elem;
    const char *base = x->S + (size_t)el * elem;
    memcpy(row, base, elem);
    bool mean = x->agg == STRADS_AGG_AVG;
#define VAL(r) ((const T_ *)(const void *)(x->D + ((size_t)el * (size_t)e->N + (size_t)(r)) * elem))
    RT_FOR_TYPE(x->type, {
        T_ *v = (T_ *)(void *)row;
        const T_ *b = (const T_ *)(const void *)base;
        if ((T_)0.5 == 0) { /* integers: the rounded mean of the sum, or the sum */
            for (size_t k = 0; k < x->nsc; k++) {
                /* an int's changes summed as int64, as dds/delta.c's
                 * (from an INT_MAX "infinity" an int sum overflowed); a
                 * row's mean per scalar, over the nodes that changed it */
                uint64_t sum = 0; /* the sum as the type wraps it (no overflow) */
                int64_t s = 0, dk = 0;
                for (int r = 0; r < e->N; r++) {
                    if (!ch[r]) continue;
                    T_ y = RT_CHANGE(VAL(r)[k], b[k]);
                    sum += (uint64_t)y;
                    s += sizeof(T_) == 4 ? (int64_t)(int32_t)y : (int64_t)y;
                    dk += y != 0;
                }
                int64_t div = x->nsc > 1 ? dk : nch;
                if (!mean || div <= 1) {
                    v[k] = (T_)((uint64_t)v[k] + sum);
                } else {
                    int64_t q = (s >= 0 ? s + div / 2 : s - div / 2) / div;
                    v[k] = (T_)(v[k] + (T_)q);
                }
            }
        } else if (x->nsc > 1) { /* rows: per scalar, as dds/delta.c's (an untouched
                                  * scalar keeps its bytes, -0.0 too) */
            for (size_t k = 0; k < x->nsc; k++) {
                int32_t dk = 0;
                int last = 0;
                for (int r = 0; r < e->N; r++) {
                    T_ y = RT_CHANGE(VAL(r)[k], b[k]);
                    if (ch[r] && !rt__zero_scalar(&y, sizeof y)) dk++, last = r;
                }
                if (dk == 1) {
                    memcpy(&v[k], &VAL(last)[k], sizeof v[k]);
                    continue;
                }
                for (int r = 0; r < e->N; r++) {
                    if (!ch[r]) continue;
                    T_ y = RT_CHANGE(VAL(r)[k], b[k]);
                    if (rt__zero_scalar(&y, sizeof y)) continue;
                    v[k] = (T_)(v[k] + (mean && dk > 1 ? (T_)(y / (T_)dk) : y));
                }
            }
        } else if (nch == 1) {
            for (int r = 0; r < e->N; r++)
                if (ch[r]) memcpy(row, VAL(r), elem);
        } else {
            for (int r = 0; r < e->N; r++) {
                if (!ch[r]) continue;
                T_ y = RT_CHANGE(VAL(r)[0], b[0]);
                v[0] = (T_)(v[0] + (mean ? (T_)(y / (T_)nch) : y));
            }
        }
    })
#undef VAL
}

/* Elements compared a block of 64 bytes at a time: a worker changes few of
 * a large array (SAGA's 100,000 residuals, a clock's 6,250); a mask of a
 * block's changed elements skips the others without a branch each. */
#define EMU_BLOCK_BYTES 64

/* One clock: every node's threads on copies of the clock's model, their
 * changes folded per node, the nodes' combined. Lists keep each pass to
 * the elements changed. */
/* One worker's change to floating scalar el (now against was) into the
 * node's value F: the first worker's value itself (RT_PUT), later ones'
 * changes added; the copy made the clock's model again. */
#define EMU_FOLD_SCALAR(name, T_, U_)                                                        \
    static inline void name(earr *x, int64_t el, char *now, const char *was)                 \
    {                                                                                        \
        T_ n1, w1;                                                                           \
        memcpy(&n1, now, sizeof n1);                                                         \
        memcpy(&w1, was, sizeof w1);                                                         \
        T_ d1 = n1 - w1;                                                                     \
        memcpy(now, was, sizeof n1);                                                         \
        U_ bits;                                                                             \
        memcpy(&bits, &d1, sizeof bits);                                                     \
        if (!bits) return;                                                                   \
        T_ *f = (T_ *)(void *)(x->F + (size_t)el * sizeof(T_));                              \
        if (!x->cnt[el]++) *f = n1, x->tl[x->ntl++] = el;                                    \
        else *f += d1;                                                                       \
    }
EMU_FOLD_SCALAR(fold_f32, float, uint32_t)
EMU_FOLD_SCALAR(fold_f64, double, uint64_t)

/* Element el of x's node copy was written by the clock's commit. */
static void wrote(const emu *e, earr *x, int64_t el)
{
    if (e->kept && !x->dm[el]) x->dm[el] = 1, x->dl[x->ndl++] = el;
}

static void clock_run(emu *e, int64_t clock, bool commit)
{
    for (int a = 0; a < e->narr; a++) {
        earr *x = &e->arr[a];
        if (x->inplace) continue;
        x->ncl = 0;
        if (e->kept && e->copied) continue;
        memcpy(x->S, x->dv->base, x->dv->bytes);
        memcpy(x->rep, x->S, x->dv->bytes);
    }
    e->copied = true;
    sync_hdr h = {.begin = e->begin, .end = e->end};
    for (int r = 0; r < e->N; r++) {
        int64_t lo, hi;
        block_of(&h, e->N, r, &lo, &hi);
        int64_t ntask = ceil_div(hi - lo, e->mb);
        for (int a = 0; a < e->narr; a++) e->arr[a].ntl = 0;
        for (int t = 0; t < e->T; t++) {
            int64_t k = clock * e->T + t;
            if (k >= ntask) continue;
            int64_t tlo = lo + k * e->mb, thi = tlo + e->mb < hi ? tlo + e->mb : hi;
            int w = r * e->T + t;
            uint64_t b0 = rt_now_us();
            rt_body(e->site, e->wenv, e->tls + (size_t)w * e->site->tls_size, NULL, tlo, thi);
            if (commit) e->body_us += rt_now_us() - b0;
            /* the thread's change, rep - S, where its bytes are not zero
             * (loop_sync.c's fold_array), added in thread order; the copy
             * made the clock's model again for the next worker */
            for (int a = 0; a < e->narr; a++) {
                earr *x = &e->arr[a];
                if (x->inplace) continue;
                size_t elem = x->dv->elem;
                /* one scalar an element: a block's mask; else a row at a time */
                bool word = elem == 4 || elem == 8;
                int64_t per = word ? (int64_t)(EMU_BLOCK_BYTES / elem) : 1;
                for (int64_t b0 = 0; b0 < x->dv->n; b0 += per) {
                    int64_t b1 = b0 + per < x->dv->n ? b0 + per : x->dv->n;
                    size_t off = (size_t)b0 * elem, len = (size_t)(b1 - b0) * elem;
                    uint64_t m = word ? rt__changed_mask(x->rep + off, x->S + off, elem, b1 - b0)
                                      : !rt__same_block(x->rep + off, x->S + off, len);
                    for (; m; m &= m - 1) {
                        int64_t el = word ? b0 + __builtin_ctzll(m) : b0;
                        char *now = x->rep + (size_t)el * elem;
                        const char *was = x->S + (size_t)el * elem;
                        if (rt__same_block(now, was, elem)) continue;
                        if (x->own) { /* written in place: the value itself */
                            if (!x->cnt[el]++) x->tl[x->ntl++] = el;
                            memcpy(x->F + (size_t)el * elem, now, elem);
                            memcpy(now, was, elem);
                            continue;
                        }
                        if (x->nsc == 1 && x->type == STRADS_T_F32) { /* inline: most models */
                            fold_f32(x, el, now, was);
                            continue;
                        }
                        if (x->nsc == 1 && x->type == STRADS_T_F64) {
                            fold_f64(x, el, now, was);
                            continue;
                        }
                        memcpy(x->tmp, was, elem);
                        rt__v_delta(x->type, x->tmp, now, x->nsc);
                        if (rt__zero_bytes(x->tmp, elem)) {
                            memcpy(now, was, elem);
                            continue;
                        }
                        bool first = !x->cnt[el]++;
                        if (first) {
                            memcpy(x->F + (size_t)el * elem, was, elem);
                            x->tl[x->ntl++] = el;
                        }
                        rt__v_put(x->type, x->F + (size_t)el * elem, now, was, x->tmp, x->nsc, first,
                                  x->cs ? x->cs + (size_t)el * x->nsc : NULL);
                        memcpy(now, was, elem);
                    }
                }
            }
        }
        /* the node's value (the threads' mean or sum), and its change
         * against the clock's model where its bytes differ */
        for (int a = 0; a < e->narr; a++) {
            earr *x = &e->arr[a];
            size_t elem = x->dv->elem;
            for (int64_t j = 0; j < x->ntl; j++) {
                int64_t el = x->tl[j];
                int32_t cnt = x->cnt[el];
                x->cnt[el] = 0;
                e->overlap |= cnt > 1 && !x->own;
                char *row = x->F + (size_t)el * elem;
                const char *was = x->S + (size_t)el * elem;
                if (x->cs)
                    rt__v_mean_from(x->type, row, was, x->nsc, x->cs + (size_t)el * x->nsc);
                else if (x->agg == STRADS_AGG_AVG && cnt > 1 && !x->own)
                    rt__v_scale_from(x->type, row, was, x->nsc, 1.0 / cnt);
                if (e->N == 1 || x->own) { /* in place, at once */
                    if (commit) memcpy(x->dv->base + (size_t)el * elem, row, elem), wrote(e, x, el);
                    continue;
                }
                if (rt__same_block(row, was, elem)) continue;
                /* the node's value, as it goes to the owner */
                memcpy(x->D + ((size_t)el * (size_t)e->N + (size_t)r) * elem, row, elem);
                x->ch[(size_t)el * (size_t)e->N + (size_t)r] = 1;
                if (!x->any[el]) x->any[el] = 1, x->cl[x->ncl++] = el;
            }
        }
    }
    for (int a = 0; a < e->narr; a++) {
        earr *x = &e->arr[a];
        for (int64_t j = 0; j < x->ncl; j++) {
            int64_t el = x->cl[j];
            if (commit) combine(e, x, el), wrote(e, x, el);
            x->any[el] = 0;
            int nodes = 0;
            for (int r = 0; r < e->N; r++) {
                nodes += x->ch[(size_t)el * (size_t)e->N + (size_t)r];
                x->ch[(size_t)el * (size_t)e->N + (size_t)r] = 0;
            }
            e->overlap |= nodes > 1;
        }
        /* the next clock's model: the node's copy where the commit wrote */
        size_t elem = x->dv->elem;
        for (int64_t j = 0; j < x->ndl; j++) {
            size_t off = (size_t)x->dl[j] * elem;
            memcpy(x->S + off, x->dv->base + off, elem);
            memcpy(x->rep + off, x->dv->base + off, elem);
            x->dm[x->dl[j]] = 0;
        }
        x->ndl = 0;
    }
}

/* A probe's arrays as they were before its clock: whole copies, within
 * EMU_MAX_BYTES. */
static bool keep(const emu *e, char **was)
{
    size_t bytes = 0;
    if (e->narr > EMU_MAX_ARRAYS) return false;
    for (int a = 0; a < e->narr; a++) bytes += e->arr[a].dv->bytes;
    if (bytes > EMU_MAX_BYTES) return false;
    for (int a = 0; a < e->narr; a++) {
        size_t len = (size_t)e->arr[a].dv->n * e->arr[a].dv->elem; /* the elements, not the
                                                                      * last page's padding */
        if (!(was[a] = malloc(len ? len : 1))) {
            while (a-- > 0) free(was[a]);
            return false;
        }
        memcpy(was[a], e->arr[a].dv->base, len);
    }
    return true;
}

static int64_t clocks_of(int64_t begin, int64_t end, int N, int T, int64_t mb)
{
    sync_hdr h = {.begin = begin, .end = end};
    int64_t clocks = 0;
    for (int r = 0; r < N; r++) {
        int64_t lo, hi;
        block_of(&h, N, r, &lo, &hi);
        int64_t c = ceil_div(ceil_div(hi - lo, mb), T);
        if (c > clocks) clocks = c;
    }
    return clocks;
}

bool rt__sync_emulate(const strads_loop_site *site, void *env, int64_t begin, int64_t end, int N,
                      int T, int64_t mb, bool fresh, double budget_s, double shared_s,
                      rt__emu_seen *seen)
{
    *seen = (rt__emu_seen){0};
    /* Only the commits write the node's copy of a copied array during the
     * call, unless the body calls a function of another file, which may
     * write it through a global: then the clock's model is copied anew at
     * every clock. */
    emu e = {.site = site, .env = env, .N = N, .T = T, .begin = begin, .end = end, .mb = mb,
             .clocks = clocks_of(begin, end, N, T, mb), .fresh = fresh, .shared_s = shared_s,
             .probe = budget_s > 0, .kept = !site->calls_out};
    if (!find(&e) || setup(&e)) {
        done(&e);
        return false;
    }
    /* Within a budget: two clocks timed, and the rest only when the clocks
     * fit; else the arrays as they were before them (a probe's rest cannot
     * run shared: the nodes' blocks would be another call's). */
    int64_t from = 0;
    if (budget_s > 0) {
        char *was[EMU_MAX_ARRAYS] = {0};
        if (!keep(&e, was)) {
            done(&e);
            return false;
        }
        /* the second clock's rate: the first pays the first touch of
         * every copy (21 ms for 3 ms of a layer's 8 clocks) */
        uint64_t t0 = rt_now_us();
        clock_run(&e, 0, true);
        uint64_t t1 = rt_now_us();
        if (e.clocks > 1) clock_run(&e, 1, true), from = 1;
        uint64_t t2 = rt_now_us();
        double first = (double)(t1 - t0) / 1e6, rate = from ? (double)(t2 - t1) / 1e6 : first;
        double took = first + rate * (double)(e.clocks - 1);
        seen->whole_s = took;
        bool fits = took <= budget_s;
        for (int a = 0; a < e.narr; a++) {
            if (!fits) memcpy(e.arr[a].dv->base, was[a], (size_t)e.arr[a].dv->n * e.arr[a].dv->elem);
            free(was[a]);
        }
        if (!fits) {
            done(&e);
            return false;
        }
        from++;
    }
    for (int64_t c = from; c < e.clocks; c++) clock_run(&e, c, true);
    /* every worker's reductions, threads then nodes */
    char *acc = NULL;
    int rc = rt_loop_fold_alone(site, env, e.tls, N * T, &acc);
    if (rc) strads_fatal(rc, site->file); /* a reduction is never dropped */
    rt_loop_publish(site, env, acc);
    seen->body_s = (double)e.body_us / 1e6;
    seen->overlap = e.overlap;
    done(&e);
    return true;
}
