/*
 * strads_generated.h - the contract between the C that stradsc generates
 * and libstrads: loop sites, their field tables, the reconnaissance
 * recorders and the loop entry points. Programs do not call these by hand
 * (include/strads.h is the API); generated files include this header after
 * strads.h, and a site built against another STRADS_ABI_VERSION is refused
 * when its loop first runs.
 */
#ifndef STRADS_GENERATED_H
#define STRADS_GENERATED_H

#include "strads.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the layout of strads_loop_site or anything else in this
 * header changes. */
#define STRADS_ABI_VERSION 10

/* A loop call's environment (its captured values): on the caller's stack up
 * to STRADS__ENV_STACK_MAX bytes, else on the heap (a captured global array
 * of megabytes would overflow the stack). Zeroed either way. */
#define STRADS__ENV_STACK_MAX 65536
static inline void *strads__env_new(void *stack, size_t n)
{
    void *p = n > STRADS__ENV_STACK_MAX ? __builtin_calloc(1, n) : __builtin_memset(stack, 0, n);
    if (!p) strads_fatal(STRADS_ENOMEM, "a parallel loop's captured values");
    return p;
}
static inline void strads__env_free(void *env, size_t n)
{
    if (n > STRADS__ENV_STACK_MAX) __builtin_free(env);
}

#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* Parallel loops: the contract between stradsc's output and the runtime    */
/* ------------------------------------------------------------------------ */

/*
 * For every annotated loop stradsc emits one static const strads_loop_site
 * and calls strads_async_for() or strads_sync_for() with it. The body runs a
 * list or range of iterations so that captured values are bound to locals
 * once per task, not once per iteration:
 *
 *   body(env, tls, idx, lo, hi)  runs iterations idx[lo..hi) in that order,
 *                                or lo..hi-1 when idx is NULL.
 *   recon(env, rc, idx, lo, hi)  the reconnaissance variant: same iteration
 *                                set, calls strads_recon_iter() at the top of
 *                                each iteration and strads_recon_read/write()
 *                                for each element it reads or would write
 *                                through a pointer (addresses outside any
 *                                distributed array are for the runtime to
 *                                ignore); it writes nothing outside its own
 *                                locals and never runs stdio.
 *
 * env is the struct of captured values, generated per loop. It always starts
 * with a strads_loop_dyn (clause values evaluated at loop entry), then one
 * field per captured variable (a local's value, a global's value, a pointer
 * into a distributed array: the same address on every node), then for each
 * reduction/private/accumulate variable its loop-entry value and the
 * driver's address of it (meaningful on the driver only, never packed).
 *
 * tls is per-thread state of tls_size bytes (0 when the loop has no
 * reduction, private or accumulate clause, and then every tls callback is
 * NULL): private copies and reduction accumulators. The protocol an engine follows for one loop call:
 *
 *   tls_init(acc, env)             once, on the driver, for the result
 *   tls_init(tls_t, env)           for every thread t (on every node)
 *   body(env, tls_t, ...)          any number of times per thread
 *   tls_fold(acc, tls_t)           for every t, in a fixed order (rank, then
 *                                  thread) so that results are reproducible;
 *                                  a node may fold its threads into a
 *                                  node-level tls (initialized by tls_init)
 *                                  and ship that with tls_pack/tls_unpack,
 *                                  never as raw bytes: it holds pointers to
 *                                  section buffers
 *   publish(env, acc)              on the driver: writes reductions and
 *                                  accumulate() counters back to the user's
 *                                  variables through env's driver addresses
 *   tls_free(x)                    for every tls and acc (frees section
 *                                  buffers; the runtime frees the bytes)
 *
 * Any of these function pointers may be NULL when there is nothing to do.
 * pack() writes env as one msgpack array; unpack() fills an env (of
 * env_size zeroed bytes) on another node from it, also setting the worker's
 * copies of captured globals so that helper functions see the driver's
 * values, and may allocate copyin sections, released by env_free(env).
 * Both return 0 or a negative STRADS_E* code. Generated sites leave the
 * three NULL and give env_fields instead (below).
 */
/* stream(x): the worker whose tls tls_init is filling (rank * threads +
 * thread; 0 for the first, and for one process of one thread), and its
 * copy of x: x itself for worker 0, so that -n 1 --threads 1 is the plain
 * build, else x mixed with a splitmix64 hash of the worker. */
int64_t strads__tls_worker(void);
static inline uint64_t strads__stream(uint64_t x, int64_t w)
{
    if (w <= 0) return x;
    uint64_t z = (uint64_t)w * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return x ^ z ? x ^ z : z;
}

typedef struct strads_recon strads_recon;
void strads_recon_iter(strads_recon *rc, int64_t i);

/* Records a read (write) of [addr, addr+len) in a body's reconnaissance:
 * what hand-written sites call (generated ones call the recorders below). */
void strads_recon_read(strads_recon *rc, const void *addr, size_t len);
void strads_recon_write(strads_recon *rc, const void *addr, size_t len);

/* What generated reconnaissance calls for each access (engine/recon_recorders.c):
 * strads_recon_rd records a read of addr and returns it, strads_recon_rw
 * records a write (and a read first when read_too, as for `x += ...`). */
const void *strads_recon_rd(strads_recon *rc, const void *addr, size_t len);
/* The first member of every strads_recon (engine/loop.h): bytes whose
 * reads need no record, in span mode: on one node the array the loop only
 * reads (found by the first read of it), on several the iteration's own
 * element of it; NULL, NULL otherwise. They can hit no value the iteration
 * wrote (a write to them ends span mode), so STRADS__RD tests them here
 * instead of making a call: a rating's fields are most of SGD-MF's reads. */
typedef struct strads_recon_ign { const char *lo, *hi; } strads_recon_ign;
static inline __attribute__((__always_inline__)) const void *strads_recon_rdi(strads_recon *rc, const void *addr, size_t len)
{
    const strads_recon_ign *g = (const strads_recon_ign *)(const void *)rc;
    const char *p = (const char *)addr;
    return p >= g->lo && p + len <= g->hi ? addr : strads_recon_rd(rc, addr, len);
}
void strads_recon_rw(strads_recon *rc, const void *addr, size_t len, int read_too);
/* A write a called function may make on the path its test did not take:
 * recorded for an async_for only. */
void strads_recon_maywrite(strads_recon *rc, const void *addr, size_t len);
/* A write's value goes to the iteration's shadow, which later reads of the
 * same iteration see (engine/recon_shadow.c); memory is never written. */
void strads_recon_shadow_write(const void *addr, const void *val, size_t len);
/* A write of a body: recorded (strads_recon_rw) and its value shadowed. */
void strads_recon_store(strads_recon *rc, const void *addr, const void *val, size_t len);
void *strads_recon_memset(strads_recon *rc, void *dst, int c, size_t n);
/* The copy's own allocations (malloc in the body: a sample's scratch
 * index): written through, as its stack is, so that a called function's
 * plain loads see what it stored; free releases only those. */
void *strads_recon_malloc(strads_recon *rc, size_t n);
void *strads_recon_calloc(strads_recon *rc, size_t n, size_t size);
void *strads_recon_realloc(strads_recon *rc, void *p, size_t n);
void strads_recon_free(strads_recon *rc, void *p);
void *strads_recon_memmove(strads_recon *rc, void *dst, const void *src, size_t n);
/* The string functions, printf into a buffer and qsort: they read through
 * the shadow and write to it. strads_recon_str returns the string at s as
 * the iteration sees it (a string argument of a printf-style call). */
const char *strads_recon_str(strads_recon *rc, const char *s);
char *strads_recon_strcpy(strads_recon *rc, char *dst, const char *src);
char *strads_recon_strncpy(strads_recon *rc, char *dst, const char *src, size_t n);
char *strads_recon_strcat(strads_recon *rc, char *dst, const char *src);
char *strads_recon_strncat(strads_recon *rc, char *dst, const char *src, size_t n);
int strads_recon_sprintf(strads_recon *rc, char *dst, const char *fmt, ...)
    __attribute__((__format__(__printf__, 3, 4)));
int strads_recon_snprintf(strads_recon *rc, char *dst, size_t n, const char *fmt, ...)
    __attribute__((__format__(__printf__, 4, 5)));
void strads_recon_qsort(strads_recon *rc, void *base, size_t nmemb, size_t size,
                        int (*cmp)(const void *, const void *));
/* The head of every strads_recon (engine/loop.h's rt_recon_hot), for the
 * range recorders below. In span mode (one plan from the rows an iteration
 * writes) row is the current iteration's [slot][lowest, highest]
 * micro-block of each written array, which a range inside one of the nr
 * written ranges only widens: inline, as a call per range would cost more
 * than the widening. row is NULL outside span mode. */
#define STRADS_RECON_RANGES 8
typedef struct strads_recon_head {
    strads_recon_ign ign;
    unsigned short *row;
    int nr;
    int shift[STRADS_RECON_RANGES]; /* byte offset >> shift = micro-block; -1: the call divides */
    int slot[STRADS_RECON_RANGES];  /* the row's entry a range widens */
    const char *lo[STRADS_RECON_RANGES], *hi[STRADS_RECON_RANGES];
} strads_recon_head;
/* Set while the iteration has shadowed a write or dropped a range
 * (engine/recon_shadow.c): a range is then checked against those. */
extern __thread __attribute__((__tls_model__("initial-exec"))) int strads_recon_shadowed;
static inline __attribute__((__always_inline__)) int
strads_recon_widen(strads_recon *rc, const void *addr, size_t len)
{
    const strads_recon_head *h = (const strads_recon_head *)(const void *)rc;
    const char *p = (const char *)addr;
    if (!h->row || strads_recon_shadowed) return 0;
    size_t last = len ? len - 1 : 0;
    for (int s = 0; s < h->nr; s++)
        if (p >= h->lo[s] && p + last < h->hi[s]) {
            int sh = h->shift[s];
            if (sh < 0) return 0;
            unsigned short *r = h->row + 2 * h->slot[s];
            size_t o0 = (size_t)(p - h->lo[s]);
            unsigned short m0 = (unsigned short)(o0 >> sh), m1 = (unsigned short)((o0 + last) >> sh);
            if (m0 < r[0]) r[0] = m0;
            if (m1 > r[1]) r[1] = m1;
            return 1;
        }
    return 0;
}
/* A loop recorded as ranges (recon_loop.c): its reads, and its writes, which
 * it does not run; reading those back later makes the iteration stale. */
void strads_recon_rdr_call(strads_recon *rc, const void *addr, size_t len);
static inline __attribute__((__always_inline__)) void
strads_recon_rdr(strads_recon *rc, const void *addr, size_t len)
{
    if (!strads_recon_widen(rc, addr, len)) strads_recon_rdr_call(rc, addr, len);
}
void strads_recon_rwr(strads_recon *rc, const void *addr, size_t len, int read_too);
/* A dropped store that nothing after it in the iteration names
 * (recon_later.c): shadowed as strads_recon_rwr only when two of the env's
 * pointers reach one array (another name could read it back). */
void strads_recon_rwd(strads_recon *rc, const void *addr, size_t len, int read_too);
/* The same for a loop whose values go nowhere (it assigns only its own
 * locals and its ranged rows): its ranges are not checked against what the
 * iteration wrote before, nor kept for what it reads after; its written
 * ranges are strads_recon_rw records. */
void strads_recon_rdr_only_call(strads_recon *rc, const void *addr, size_t len);
static inline __attribute__((__always_inline__)) void
strads_recon_rdr_only(strads_recon *rc, const void *addr, size_t len)
{
    if (!strads_recon_widen(rc, addr, len)) strads_recon_rdr_only_call(rc, addr, len);
}
/* A loop's written range that nothing of the iteration reads back (no
 * shadow): in span mode the row widens inline, as for a read range. */
static inline __attribute__((__always_inline__)) void
strads_recon_rw_range(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    if (!strads_recon_widen(rc, addr, len)) strads_recon_rw(rc, addr, len, read_too);
}
/* A loop's read range that a later loop of the iteration updates, surely
 * and whole (frontend/recon_pair.c): recorded read and written here, once. */
void strads_recon_rdr_rw_call(strads_recon *rc, const void *addr, size_t len);
static inline __attribute__((__always_inline__)) void
strads_recon_rdr_rw(strads_recon *rc, const void *addr, size_t len)
{
    if (!strads_recon_widen(rc, addr, len)) strads_recon_rdr_rw_call(rc, addr, len);
}
/* strads_recon_again, at the end of an iteration: 1 when it must run once
 * more in exact mode (strads_recon_exact() true: no ranges, every write to
 * the shadow), because it read back what a range did not run. Inline: most
 * iterations have nothing pending. */
int strads_recon_again_call(strads_recon *rc);
extern __thread __attribute__((__tls_model__("initial-exec"))) int strads_recon_pending;
static inline __attribute__((__always_inline__)) int strads_recon_again(strads_recon *rc)
{
    return strads_recon_pending ? strads_recon_again_call(rc) : 0;
}
int strads_recon_exact(void);
/* The user's assert() in reconnaissance code: fails as assert does, but
 * for an iteration's first pass that read stale memory (it runs again
 * exactly, where the check counts). */
void strads_recon_assert(const char *expr, const char *file, unsigned line, const char *fn);

struct msgpack_packer;
struct msgpack_object;

typedef enum { STRADS_ASYNC_FOR = 1, STRADS_SYNC_FOR = 2 } strads_loop_kind;

typedef enum {
    STRADS_SYNC_DEFAULT = 0, /* sync_for without sync(): BSP */
    STRADS_SYNC_BSP,
    STRADS_SYNC_SSP,      /* a = staleness */
    STRADS_SYNC_HYBRID,
    STRADS_SYNC_ASP,
    STRADS_SYNC_ABSP,     /* a = ratio, b = threshold (has_b: given; < 0 no swaps) */
    STRADS_SYNC_ELASTIC,  /* a = R */
    STRADS_SYNC_FLEXPARA,
    STRADS_SYNC_CUSTOM    /* custom_fn */
} strads_sync_kind;

typedef struct strads_sync_spec {
    strads_sync_kind kind;
    double a, b;
    int has_b;             /* the clause gave b (absp(R, 0) is a threshold of 0) */
    const char *custom_fn; /* name of the policy function for CUSTOM */
} strads_sync_spec;


/* Clause values that are expressions, evaluated by the generated call site
 * at loop entry; the first member of every env struct. */
typedef struct strads_loop_dyn {
    int64_t minibatch;     /* minibatch(n); 0 when absent */
    int64_t threads;       /* threads(n) per node; 0 when absent */
    strads_sync_spec sync; /* sync(...) of sync_for; kind 0 when absent */
} strads_loop_dyn;

/*
 * sync_for: how the engine finds the model a body updates, and how updates
 * from different workers combine. Each entry names one pointer field of env
 * (offsetof) that points into a distributed array, the scalar type of that
 * array's elements (float -> STRADS_T_F32; an element is elem_size/sizeof
 * scalars), and its aggregate() clause:
 *
 *   STRADS_AGG_AVG (default)  the element moves by the mean of the deltas of
 *                             the workers that wrote it (model averaging)
 *   STRADS_AGG_SUM            by the sum of the deltas (aggregate(x: sum))
 *   STRADS_AGG_FN             fn(elem, delta, elem_size) is called once per
 *                             contribution, in thread then rank order
 *                             (aggregate(x: my_fn))
 *
 * where a delta is a worker's value at the end of its task minus the value
 * it started from. Under BSP, SSP and ASP every worker thread runs a task on
 * its own replica of the arrays listed here (the engine hands the body an
 * env whose listed pointers are moved into the replica); Hybrid shares the
 * node's copy between threads. STRADS_ARRAY_READONLY marks an array the body
 * only reads (input data): it is never replicated nor written back.
 * Under SSP and ASP, where the number of contributions to a clock is not
 * known when a delta arrives, AVG scales a node's delta by 1/nodes.
 * Only pointers read from env are moved: a pointer the body derives from
 * them (W[u], a helper given W) follows, but a helper that reads a global
 * variable sees the node's copy, so the body must take every written array
 * from env. The table is required for a sync_for that writes distributed
 * arrays on more than one process (the element type is what makes deltas
 * computable); without it one process shares its copy between threads.
 */
typedef enum { STRADS_AGG_AVG = 0, STRADS_AGG_SUM = 1, STRADS_AGG_FN = 2 } strads_agg_kind;
typedef void (*strads_agg_fn)(void *elem, const void *delta, size_t elem_size);
/* STRADS_ARRAY_VIA_GLOBAL: a function the body calls writes the array through
 * a global variable, which reaches the node's copy, not a thread's replica.
 * STRADS_ARRAY_OWN: the body reaches the array only as p[i] (or p[i][k] of
 * a row, or p[i * n + m] of a flat row(n), m counting 0 .. n - 1), i the
 * loop variable (stradsc proves it): where p[i] is the array's element
 * (own_elem, times n for a flat row), iteration i alone touches element
 * i, so the engine lets it write the node's copy in place under every
 * model.
 * STRADS_ARRAY_DISJOINT: the body reaches it only as p[a * i + b], one a for
 * all and the b's within |a| of each other (v[2 * j], v[2 * j + 1]), as a
 * column, or as its rows and a row the loop starts above (a flat one with
 * own_row_size set: only while that length is the array's row): no
 * iteration touches an element another writes, so a call run alone
 * computes what the call shared does (loop_sync.c).
 * STRADS_ARRAY_BYTES (with OWN): the elements are not made of the scalar
 * type (a struct of an int and a double, a bool); only written in place as
 * the iterations' own, never combined: the engine stops where at run time
 * they are not (a pointer into the middle of the array).
 * STRADS_ARRAY_ADDED (with aggregate(sum)): the body only adds into its
 * elements (p[e] += v, -=, ++, --) and never reads them, outside any
 * function it calls: the workers' summed changes are the sequential
 * program's additions, so a call run alone computes what the call shared
 * does, up to the order in which the additions round (loop_sync.c).
 * STRADS_ARRAY_SPAN (with any of the above, read only too): iteration i
 * reaches the array only at p[i * span_a + span_lo] .. p[i * span_a +
 * span_hi] (stradsc proves it: p[i], a flat row, p[a * i + b]), so that
 * the runtime can tell two pointers into one array apart from their
 * values: a layer's input and output at offsets of one activation array
 * (loop_sync.c's alone_same).
 * STRADS_ARRAY_COLS: the body reaches the array only in a block of columns
 * of its own, p[E * S + i * B + j + C] (j counting 0 .. B - 1): no
 * iteration reaches an element another does while cols_ok(env, begin,
 * end) says the call's columns lie within its rows (the blocked wavefronts
 * of LU factorizations and sequence alignment). */
enum { STRADS_ARRAY_READONLY = 1, STRADS_ARRAY_VIA_GLOBAL = 2, STRADS_ARRAY_OWN = 4,
       STRADS_ARRAY_DISJOINT = 8, STRADS_ARRAY_BYTES = 16, STRADS_ARRAY_ADDED = 32,
       STRADS_ARRAY_SPAN = 64, STRADS_ARRAY_COLS = 128 };
typedef struct strads_loop_array {
    size_t env_off;       /* offsetof(env struct, pointer field) */
    strads_type type;     /* scalar type of the elements */
    strads_agg_kind agg;
    strads_agg_fn fn;     /* STRADS_AGG_FN only */
    unsigned flags;       /* STRADS_ARRAY_* */
    size_t own_elem;      /* STRADS_ARRAY_OWN: the bytes of p[i], which must be the array's element */
    /* STRADS_ARRAY_OWN of a flat row (p[i * n + m], p a dvector of row(n)):
     * the env field holding n, an integer of own_row_size bytes (0: none);
     * the element is then n * own_elem bytes */
    size_t own_row_off;
    unsigned own_row_size;
    /* STRADS_ARRAY_SPAN: the elements p[k] are span_elem bytes; span_a 0:
     * a flat row, p[i * n] .. p[i * n + n - 1], n the env integer at
     * own_row_off */
    int64_t span_a, span_lo, span_hi;
    size_t span_elem;
    int (*cols_ok)(const void *env, int64_t begin, int64_t end); /* STRADS_ARRAY_COLS */
} strads_loop_array;

typedef struct strads_loop_site {
    uint32_t abi;            /* STRADS_ABI_VERSION */
    strads_loop_kind kind;
    const char *file;        /* user's file, line and column of the pragma */
    unsigned line, col;
    uint64_t id;             /* FNV-1a 64 of "basename:line:col": stable across builds */
    size_t env_size, tls_size;
    void (*body)(void *env, void *tls, const int64_t *idx, int64_t lo, int64_t hi);
    void (*recon)(const void *env, strads_recon *rc, const int64_t *idx, int64_t lo,
                  int64_t hi);
    void (*tls_init)(void *tls, const void *env);
    void (*tls_fold)(void *acc, const void *tls);
    void (*publish)(void *env, const void *acc);
    void (*tls_free)(void *tls);
    int (*pack)(struct msgpack_packer *pk, const void *env);
    int (*unpack)(const struct msgpack_object *o, void *env);
    void (*env_free)(void *env);
    int recon_on;            /* 0 after recon(off), else 1 */
    int calls_out;           /* the body calls a function of another file that may write
                              * memory (under recon(off)): what it writes is not listed */
    /* Ship a node's folded tls to the driver (reductions across processes):
     * tls_pack writes one msgpack object, tls_unpack fills a tls prepared by
     * tls_init. May be NULL when tls_size is 0. */
    int (*tls_pack)(struct msgpack_packer *pk, const void *tls);
    int (*tls_unpack)(const struct msgpack_object *o, void *tls);
    /* sync_for: the arrays of the model (see strads_loop_array); NULL when
     * the body writes no distributed array. Without it a multi-process
     * sync_for that writes one is refused (the engine cannot tell the
     * element type a delta needs). */
    const strads_loop_array *arrays;
    size_t narrays;
    /* The env's field table (strads_field), as stradsc emits it: where
     * pack, unpack and env_free are NULL the runtime hands it to
     * strads_fields_*, so a generated file needs no function for them (each
     * function costs gcc -O2 ~1.5 M instructions, even a one-line stub). */
    const struct strads_field *env_fields;
    int nenv_fields;
    /* stream(x) items: x's place in env and in a tls, so that the runtime
     * carries a worker's state on (a call's first iterations run alone on
     * the driver, the rest shared from where they left off). */
    const struct strads_stream_field *streams;
    int nstreams;
    /* async_for: a value the loop writes picks elements or decides a branch
     * at this line of the body (`switch (w[j] > 0)`, `cnt[w[j] > 0 ? a : b]`),
     * so a plan serves only the call it was made for; 0 when none does */
    int values_steer;
    /* ... and a value of that kind that other iterations may write (not
     * the iteration's own element): it can change while the call runs, so
     * no plan from values read before the call is sure; the call runs in
     * order on the driver. The line, or 0. */
    int values_others;
} strads_loop_site;
typedef struct strads_stream_field {
    size_t env_off, tls_off, size;
} strads_stream_field;

/* Field tables: where a field of a generated env or tls struct is and how it
 * travels between nodes. stradsc emits one table per struct; the env's is
 * the site's env_fields, the tls's goes through one-line tls_pack/tls_unpack
 * stubs that hand it to strads_fields_*; sections keep their lo and n fields
 * at lo_off and n_off. */
typedef struct strads_field {
    size_t off, size;
    int cls;      /* STRADS_F_* */
    void *global; /* worker copy of a captured global assigned after unpack, or NULL; a
                   * STRADS_F_BLOB with a global is not in the env (off 0): its bytes
                   * travel from the global and land in it */
    size_t lo_off, n_off, elem;
    int picks; /* STRADS_PICKS_*: whether the value can choose what the body touches */
} strads_field;
/* STRADS_F_COPYIN_REAL: a copyin section of float or double elements, whose
 * values pick no rows, so that their change does not redo a sync_for's
 * reconnaissance (centroids, a weight vector); STRADS_F_COPYIN any other. */
enum { STRADS_F_INT, STRADS_F_UINT, STRADS_F_FLT, STRADS_F_PTR, STRADS_F_BLOB,
       STRADS_F_COPYIN, STRADS_F_TLSSEC, STRADS_F_COPYIN_REAL };
/* STRADS_PICKS_DEFAULT: integers, pointers and structs may pick rows (a
 * change redoes reconnaissance), floating values do not; stradsc says NO for
 * a value the body only computes with (an epoch counter in a step size) and
 * YES for a floating value that reaches a subscript or an async_for branch.
 * Of a pointer the body only reads through, NO says the same of the
 * elements it reads: a change of that array keeps an async_for's plan. */
enum { STRADS_PICKS_DEFAULT, STRADS_PICKS_NO, STRADS_PICKS_YES };
#define STRADS_FIELD(T, f) __builtin_offsetof(T, f), sizeof(((T *)0)->f)
int strads_fields_pack(struct msgpack_packer *pk, const void *base, const strads_field *fd, int n);
int strads_fields_unpack(const struct msgpack_object *o, void *base, const strads_field *fd,
                         int n);
/* Frees the copyin sections strads_fields_unpack allocated. */
void strads_fields_free(void *base, const strads_field *fd, int n);

/* Run iterations [begin, end) of site with captured values env. On return the
 * driver's variables named by reduction/accumulate clauses hold their final
 * values. Errors are fatal (strads_fatal) because a loop has no error path.
 * engine/loop_async.c runs async_for, engine/loop_sync.c sync_for.
 *
 * sync_for cuts [begin, end) into one contiguous block per node (the block a
 * dvector of end-begin elements would give it), each block into minibatches
 * of dyn.minibatch iterations (0: about 8 per thread), and runs them in
 * clocks: in each clock every thread runs one minibatch. The sync model is
 * dyn.sync unless STRADS_SYNC overrides it at launch:
 *   STRADS_SYNC="ssp(3)"                     every sync_for site
 *   STRADS_SYNC="sgd.c:42=asp,ssp(2)"        the site at sgd.c line 42, others
 * (entries separated by commas; "file:line=" matches the pragma's line and
 * the file's base name). */
void strads_async_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env);
void strads_sync_for(const strads_loop_site *site, int64_t begin, int64_t end, void *env);

/* stradscc links programs with -Wl,--wrap=free (and Strads::strads gives
 * CMake targets the same), so every free() of the
 * program's own objects lands here (strads_free: a distributed array may
 * reach free() through any pointer). */
void __wrap_free(void *p);

/* The same for the calls whose kernel write into a dvector would fail with
 * EFAULT while the driver keeps its pages write-protected (dds/io_wrap.c
 * opens them first). Declared without system headers, which the translated
 * file must include only where the user's file does: ssize_t and off_t are
 * long, socklen_t unsigned, FILE struct _IO_FILE (glibc, LP64). */
struct _IO_FILE;
struct iovec;
struct msghdr;
struct sockaddr;
long __wrap_read(int fd, void *buf, size_t n);
long __wrap_pread(int fd, void *buf, size_t n, long off);
long __wrap_pread64(int fd, void *buf, size_t n, long off);
long __wrap_readv(int fd, const struct iovec *iov, int n);
long __wrap_preadv(int fd, const struct iovec *iov, int n, long off);
long __wrap_recv(int fd, void *buf, size_t n, int flags);
long __wrap_recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *from, unsigned *len);
long __wrap_recvmsg(int fd, struct msghdr *msg, int flags);
size_t __wrap_fread(void *p, size_t size, size_t n, struct _IO_FILE *f);
size_t __wrap_fread_unlocked(void *p, size_t size, size_t n, struct _IO_FILE *f);
long __wrap___read_chk(int fd, void *buf, size_t n, size_t buflen);
long __wrap___pread_chk(int fd, void *buf, size_t n, long off, size_t buflen);
long __wrap___pread64_chk(int fd, void *buf, size_t n, long off, size_t buflen);
long __wrap___recv_chk(int fd, void *buf, size_t n, size_t buflen, int flags);
long __wrap___recvfrom_chk(int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
                           unsigned *len);
size_t __wrap___fread_chk(void *p, size_t plen, size_t size, size_t n, struct _IO_FILE *f);
size_t __wrap___fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, struct _IO_FILE *f);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif /* STRADS_GENERATED_H */
