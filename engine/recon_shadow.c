/*
 * engine/recon_shadow.c - what a reconnaissance iteration writes.
 *
 * Reconnaissance must follow the program's own control flow, so a write may
 * not simply be dropped: a helper that loops until a value it writes settles
 * (`while (*g < 1) *g += step;`) would never return, and one that fills a row
 * and checks it would check garbage. Nor may it run for real: the iteration
 * has not been planned, and other threads read the same memory. So each
 * write goes to this thread's shadow, keyed by 8-byte word with a byte mask,
 * and later reads of the same iteration (strads_recon_rd, through
 * rt_shadow_read) see the shadow's bytes over memory's. strads_recon_iter
 * empties it (a generation bump, no clearing).
 *
 * Loops recorded as ranges (recon_loop.c) skip their per-element work, and
 * with it their writes: those ranges are remembered as dropped. A later read
 * of the same iteration that overlaps a dropped range, or a range read over
 * shadowed words (a ranged loop reads memory directly), would see stale
 * values: the iteration is marked stale and the generated code runs it once
 * more in exact mode (strads_recon_again), where ranged loops take their
 * element-by-element form and every write goes to the shadow.
 */
#define _GNU_SOURCE /* pthread_getattr_np */
#include <errno.h> /* program_invocation_short_name */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loop.h"

#define TLS __thread __attribute__((tls_model("initial-exec")))
#define RING (64 * 1024) /* merged values handed to reads, reused in turn */
#define MAX_DROP 64
#define FEW 16 /* words an iteration's shadow lists, so that a range checks those */

typedef struct word {
    uintptr_t at; /* address / 8 */
    uint32_t gen;
    uint8_t mask; /* which of the 8 bytes are shadowed */
    unsigned char b[8];
} word;

typedef struct shadow {
    word *w;
    uint32_t cap, n, gen; /* n: words of generation gen */
    int stale, exact;
    int ndrop;
    uintptr_t drop_lo[MAX_DROP], drop_hi[MAX_DROP];
    uintptr_t drop_min, drop_max; /* around every dropped range: most reads miss it whole */
    unsigned char *ring;
    size_t ring_at;
    uintptr_t few[FEW]; /* the first FEW words of generation gen (all of them while n <= FEW) */
} shadow;

static TLS shadow sh;
TLS int rt_shadow_on; /* sh.n || sh.ndrop: the one test a read makes */
/* sh.stale || sh.exact: the inline test of strads_recon_again at every
 * iteration's end (a call there was a tenth of SGD-MF's key pass) */
TLS int strads_recon_pending;

void rt_shadow_reset(void)
{
    if (sh.n) {
        if (++sh.gen == 0) { /* wrapped: old generations would look current */
            memset(sh.w, 0, (size_t)sh.cap * sizeof *sh.w);
            sh.gen = 1;
        }
        sh.n = 0;
    }
    sh.ndrop = 0;
    rt_shadow_on = 0;
}

static size_t slot(uintptr_t at, uint32_t cap) { return (size_t)((at * 0x9E3779B97F4A7C15ull) >> 40) & (cap - 1); }

static word *find(uintptr_t at)
{
    if (!sh.n) return NULL;
    for (size_t k = slot(at, sh.cap);; k = (k + 1) & (sh.cap - 1)) {
        word *w = &sh.w[k];
        if (w->gen != sh.gen) return NULL;
        if (w->at == at) return w;
    }
}

/* The shadow's memory goes with its thread (the pool's threads end with
 * the job): a key whose destructor frees it. */
static pthread_key_t owner_key;
static pthread_once_t owner_once = PTHREAD_ONCE_INIT;

static void release(void *p)
{
    (void)p;
    free(sh.w);
    free(sh.ring);
    sh.w = NULL;
    sh.ring = NULL;
    sh.cap = sh.n = 0;
}

static void make_key(void) { (void)pthread_key_create(&owner_key, release); }

static void owned(void)
{
    pthread_once(&owner_once, make_key);
    (void)pthread_setspecific(owner_key, &sh);
}

static int grow(void)
{
    uint32_t cap = sh.cap ? sh.cap * 2 : 256;
    word *nw = calloc(cap, sizeof *nw);
    if (!nw) return STRADS_ENOMEM;
    if (!sh.w) owned();
    if (!sh.gen) sh.gen = 1;
    for (uint32_t k = 0; k < sh.cap; k++) {
        word *w = &sh.w[k];
        if (w->gen != sh.gen) continue;
        size_t j = slot(w->at, cap);
        while (nw[j].gen == sh.gen) j = (j + 1) & (cap - 1);
        nw[j] = *w;
    }
    free(sh.w);
    sh.w = nw;
    sh.cap = cap;
    return 0;
}

static word *insert(uintptr_t at)
{
    if ((sh.n + 1) * 2 > sh.cap && grow()) return NULL;
    size_t k = slot(at, sh.cap);
    for (;; k = (k + 1) & (sh.cap - 1)) {
        word *w = &sh.w[k];
        if (w->gen != sh.gen) {
            w->gen = sh.gen;
            w->at = at;
            w->mask = 0;
            if (sh.n < FEW) sh.few[sh.n] = at;
            sh.n++;
            rt_shadow_on = 1;
            return w;
        }
        if (w->at == at) return w;
    }
}

static int dropped(uintptr_t lo, uintptr_t hi)
{
    /* a matmul's reads of its input after each output element's store:
     * the scan of MAX_DROP ranges per read was half its reconnaissance */
    if (hi <= sh.drop_min || lo >= sh.drop_max) return 0;
    for (int k = 0; k < sh.ndrop; k++)
        if (lo < sh.drop_hi[k] && sh.drop_lo[k] < hi) return 1;
    return 0;
}

/* Does [p, p + len) hold shadowed bytes? */
static int shadowed(const char *p, size_t len)
{
    if (!sh.n || !len) return 0;
    uintptr_t lo = (uintptr_t)p, hi = lo + len;
    /* a few words shadowed (a row's bias) against a range of many (the
     * row's ranged loop): look at those, not up every word of the range */
    bool few = sh.n <= FEW && sh.n < (hi - 1) / 8 - lo / 8 + 1;
    for (uintptr_t i = 0, a = lo / 8; few ? i < sh.n : a <= (hi - 1) / 8; i++, a++) {
        if (few && ((a = sh.few[i]) < lo / 8 || a > (hi - 1) / 8)) continue;
        const word *w = find(a);
        if (!w) continue;
        /* the bytes of this word inside [lo, hi): a row's last element
         * shadowed next to a ranged read of the row before it (rows of an
         * odd number of floats share words) is no overlap */
        unsigned b0 = a * 8 < lo ? (unsigned)(lo - a * 8) : 0, b1 = a * 8 + 8 > hi ? (unsigned)(hi - a * 8) : 8;
        if (w->mask & (uint8_t)(((1u << b1) - 1) & ~((1u << b0) - 1))) return 1;
    }
    return 0;
}

/* This thread's stack: the locals of the reconnaissance copies (a helper's
 * out-parameter, a local row), which are the iteration's own and whose
 * direct reads (`x`, not `*p`) do not pass through the shadow. */
static TLS uintptr_t stack_lo, stack_hi;

static int on_stack(uintptr_t lo, uintptr_t hi)
{
    if (!stack_hi) {
        pthread_attr_t a;
        void *base;
        size_t size;
        stack_hi = 1; /* unknown: nothing is on it */
        if (!pthread_getattr_np(pthread_self(), &a)) {
            if (!pthread_attr_getstack(&a, &base, &size)) {
                stack_lo = (uintptr_t)base;
                stack_hi = (uintptr_t)base + size;
            }
            pthread_attr_destroy(&a);
        }
    }
    return lo >= stack_lo && hi <= stack_hi;
}

/* The copy's own allocations (strads_recon_malloc), live in this thread:
 * written through, as the stack is. Past SCRATCH_MAX the rest are the
 * shadow's (their values read back through it, not by plain loads), and
 * free releases any pointer again, as before. */
enum { SCRATCH_MAX = 256 };
static TLS struct { uintptr_t lo, hi; } scratch[SCRATCH_MAX];
static TLS int nscratch, scratch_full;

static int on_scratch(uintptr_t lo, uintptr_t hi)
{
    for (int i = nscratch - 1; i >= 0; i--)
        if (lo >= scratch[i].lo && hi <= scratch[i].hi) return 1;
    return 0;
}

/* The iteration's own memory: its stack, its allocations. */
static int own_mem(uintptr_t lo, uintptr_t hi) { return on_stack(lo, hi) || (nscratch && on_scratch(lo, hi)); }

static void *scratch_add(void *p, size_t n)
{
    if (!p) return p;
    if (nscratch < SCRATCH_MAX)
        scratch[nscratch].lo = (uintptr_t)p, scratch[nscratch++].hi = (uintptr_t)p + (n ? n : 1);
    else
        scratch_full = 1;
    return p;
}

/* Takes p out of the list: 1 if it was there. */
static int scratch_drop(void *p)
{
    for (int i = nscratch - 1; i >= 0; i--)
        if (scratch[i].lo == (uintptr_t)p) {
            scratch[i] = scratch[--nscratch];
            return 1;
        }
    return 0;
}

void *strads_recon_malloc(strads_recon *rc, size_t n)
{
    (void)rc;
    return scratch_add(malloc(n), n);
}

void *strads_recon_calloc(strads_recon *rc, size_t n, size_t size)
{
    (void)rc;
    size_t all;
    if (__builtin_mul_overflow(n, size, &all)) return NULL;
    return scratch_add(calloc(n, size), all);
}

void *strads_recon_realloc(strads_recon *rc, void *p, size_t n)
{
    (void)rc;
    /* (a pointer the copy did not allocate is the program's: not moved) */
    if (p && !scratch_drop(p) && !scratch_full) return scratch_add(malloc(n), n);
    return scratch_add(realloc(p, n), n);
}

void strads_recon_free(strads_recon *rc, void *p)
{
    (void)rc;
    /* the program's own memory (a captured buffer the body frees) stays
     * for the body itself to free */
    if (p && (scratch_drop(p) || scratch_full)) free(p);
}

void strads_recon_shadow_write(const void *addr, const void *val, size_t len)
{
    const char *p = addr;
    const unsigned char *v = val;
    if (own_mem((uintptr_t)p, (uintptr_t)p + len)) {
        memcpy((void *)(uintptr_t)p, val, len);
        return;
    }
    if (dropped((uintptr_t)p, (uintptr_t)p + len)) sh.stale = strads_recon_pending = 1;
    for (size_t i = 0; i < len;) {
        uintptr_t a = ((uintptr_t)p + i) / 8;
        unsigned o = (unsigned)(((uintptr_t)p + i) % 8);
        word *w = insert(a);
        if (!w) {
            sh.stale = strads_recon_pending = 1; /* out of memory: the exact pass will fail the same way */
            return;
        }
        for (; o < 8 && i < len; o++, i++) {
            w->b[o] = v[i];
            w->mask |= (uint8_t)(1u << o);
        }
    }
}

const void *rt_shadow_read(const void *addr, size_t len)
{
    const char *p = addr;
    if (sh.ndrop && dropped((uintptr_t)p, (uintptr_t)p + len)) sh.stale = strads_recon_pending = 1;
    if (!shadowed(p, len)) return addr;
    if (len > RING / 4) { /* too large to merge: exact mode cannot help either */
        return addr;
    }
    if (!sh.ring) {
        if (!(sh.ring = malloc(RING))) return addr;
        owned();
    }
    if (sh.ring_at + len > RING) sh.ring_at = 0;
    unsigned char *out = sh.ring + sh.ring_at;
    sh.ring_at += (len + 15) & ~(size_t)15;
    memcpy(out, p, len);
    for (size_t i = 0; i < len;) {
        uintptr_t a = ((uintptr_t)p + i) / 8;
        unsigned o = (unsigned)(((uintptr_t)p + i) % 8);
        const word *w = find(a);
        for (; o < 8 && i < len; o++, i++)
            if (w && (w->mask >> o & 1)) out[i] = w->b[o];
    }
    return out;
}

/* A range a loop recorded instead of running it: reading it back later in
 * the iteration needs exact mode. Reads over shadowed bytes do too. */
/* Remembers [lo, hi) as dropped: joined to the latest range when they meet
 * (a row's elements dropped one by one, gemm's C[i][j] *= beta, are one
 * range), and past MAX_DROP ranges joined to the latest whatever lies
 * between: a wider dropped range only sends more iterations to the exact
 * pass, never fewer. */
static void drop_add(uintptr_t lo, uintptr_t hi)
{
    int k = sh.ndrop;
    if (!k || lo < sh.drop_min) sh.drop_min = lo;
    if (!k || hi > sh.drop_max) sh.drop_max = hi;
    if (k && (k == MAX_DROP || (lo <= sh.drop_hi[k - 1] && sh.drop_lo[k - 1] <= hi))) {
        if (lo < sh.drop_lo[k - 1]) sh.drop_lo[k - 1] = lo;
        if (hi > sh.drop_hi[k - 1]) sh.drop_hi[k - 1] = hi;
    } else {
        sh.drop_lo[k] = lo;
        sh.drop_hi[k] = hi;
        sh.ndrop = k + 1;
    }
    rt_shadow_on = 1;
}

/* A read range over dropped or shadowed bytes sees stale values; so does a
 * written one over shadowed words (a ranged loop reads memory directly). A
 * write over dropped bytes does not: its value is dropped too, and a later
 * read of either is caught. */
static __attribute__((noinline)) void range_slow(const void *addr, size_t len, int write)
{
    uintptr_t lo = (uintptr_t)addr, hi = lo + len;
    if ((!write && sh.ndrop && dropped(lo, hi)) || (sh.n && shadowed(addr, len)))
        sh.stale = strads_recon_pending = 1;
    if (write) drop_add(lo, hi);
}

/* A written range with no value shadowed (the common case: ranged row
 * loops, no element stores) costs the append, without the register saves
 * that the calls of the general case would cost every range. */
void rt_shadow_range(const void *addr, size_t len, int write)
{
    /* A store the copy dropped that lands on this thread's stack: a local
     * array written through a pointer (`long *q = loc + 1; *q = v;`),
     * which the copy takes for a distributed array's or a global's memory
     * and whose later reads are plain loads, not recorded: the iteration
     * runs again in the exact copy, which stores there (a branch on
     * loc[1] then picks the rows it writes). */
    if (write && own_mem((uintptr_t)addr, (uintptr_t)addr + len)) sh.stale = strads_recon_pending = 1;
    if (__builtin_expect(sh.n || !write, 0)) {
        range_slow(addr, len, write);
        return;
    }
    drop_add((uintptr_t)addr, (uintptr_t)addr + len);
}

int strads_recon_exact(void) { return sh.exact; }

void strads_recon_assert(const char *expr, const char *file, unsigned line, const char *fn)
{
    if (sh.stale && !sh.exact) return; /* its values are stale: the exact pass checks */
    /* A worker's pass reads elements it has not fetched yet (as 0: a
     * dvector header's field the driver owns), which rt_recon_fetch_reads
     * then fetches, recording those iterations again; the body's own
     * assert checks the values when it runs. */
    if (strads_rank() != 0) return;
    /* as glibc's assert() fails */
    fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file,
            line, fn, expr);
    abort();
}

int strads_recon_again_call(strads_recon *rc)
{
    (void)rc;
    if (!sh.stale || sh.exact) {
        sh.exact = sh.stale = strads_recon_pending = 0;
        return 0;
    }
    sh.stale = 0;
    sh.exact = 1;
    rt_shadow_reset();
    return 1;
}

void strads_recon_store(strads_recon *rc, const void *addr, const void *val, size_t len)
{
    strads_recon_rw(rc, addr, len, 0);
    strads_recon_shadow_write(addr, val, len);
}

void *strads_recon_memset(strads_recon *rc, void *dst, int c, size_t n)
{
    unsigned char b[256];
    memset(b, c, sizeof b);
    for (size_t i = 0; i < n; i += sizeof b)
        strads_recon_store(rc, (char *)dst + i, b, n - i < sizeof b ? n - i : sizeof b);
    return dst;
}

/* memmove's semantics (memcpy's too): a chunk is read before it is
 * written over, walking down when dst overlaps src from above. */
void *strads_recon_memmove(strads_recon *rc, void *dst, const void *src, size_t n)
{
    unsigned char b[256];
    int down = (const char *)dst > (const char *)src && (const char *)dst < (const char *)src + n;
    for (size_t done = 0; done < n;) {
        size_t m = n - done < sizeof b ? n - done : sizeof b;
        size_t i = down ? n - done - m : done;
        memcpy(b, strads_recon_rd(rc, (const char *)src + i, m), m);
        strads_recon_store(rc, (char *)dst + i, b, m);
        done += m;
    }
    return dst;
}

/* The length of the string at s as the iteration sees it (its shadowed
 * bytes over memory's), reading and recording byte by byte, at most max. */
static size_t recon_strnlen(strads_recon *rc, const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && *(const char *)strads_recon_rd(rc, s + n, 1)) n++;
    return n;
}

const char *strads_recon_str(strads_recon *rc, const char *s)
{
    if (!s) return s;
    size_t n = recon_strnlen(rc, s, SIZE_MAX);
    return strads_recon_rd(rc, s, n + 1);
}

char *strads_recon_strcpy(strads_recon *rc, char *dst, const char *src)
{
    strads_recon_memmove(rc, dst, src, recon_strnlen(rc, src, SIZE_MAX) + 1);
    return dst;
}

char *strads_recon_strncpy(strads_recon *rc, char *dst, const char *src, size_t n)
{
    size_t len = recon_strnlen(rc, src, n);
    strads_recon_memmove(rc, dst, src, len);
    strads_recon_memset(rc, dst + len, 0, n - len);
    return dst;
}

char *strads_recon_strcat(strads_recon *rc, char *dst, const char *src)
{
    strads_recon_strcpy(rc, dst + recon_strnlen(rc, dst, SIZE_MAX), src);
    return dst;
}

char *strads_recon_strncat(strads_recon *rc, char *dst, const char *src, size_t n)
{
    char *end = dst + recon_strnlen(rc, dst, SIZE_MAX);
    size_t len = recon_strnlen(rc, src, n);
    strads_recon_memmove(rc, end, src, len);
    strads_recon_memset(rc, end + len, 0, 1);
    return dst;
}

/* The text printed into a buffer of its own, then stored into dst like any
 * write: at most cap bytes, the last of them a NUL. String arguments come
 * through strads_recon_str (the generated call wraps them). */
static int recon_vprint(strads_recon *rc, char *dst, size_t cap, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    if (len < 0 || !cap) {
        va_end(again);
        return len;
    }
    size_t keep = (size_t)len + 1 < cap ? (size_t)len + 1 : cap;
    char small[256], *buf = (size_t)len + 1 <= sizeof small ? small : malloc((size_t)len + 1);
    if (!buf) {
        va_end(again);
        strads_fatal(STRADS_ENOMEM, "reconnaissance of a sprintf in a loop body");
    }
    vsnprintf(buf, (size_t)len + 1, fmt, again);
    va_end(again);
    buf[keep - 1] = 0;
    strads_recon_store(rc, dst, buf, keep);
    if (buf != small) free(buf);
    return len;
}

int strads_recon_sprintf(strads_recon *rc, char *dst, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = recon_vprint(rc, dst, SIZE_MAX, fmt, ap);
    va_end(ap);
    return len;
}

int strads_recon_snprintf(strads_recon *rc, char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = recon_vprint(rc, dst, n, fmt, ap);
    va_end(ap);
    return len;
}

/* The array as the iteration sees it, sorted in a buffer of its own (the
 * comparator reads only its arguments), stored back like any write. */
void strads_recon_qsort(strads_recon *rc, void *base, size_t nmemb, size_t size,
                        int (*cmp)(const void *, const void *))
{
    size_t total = nmemb * size;
    if (!total) return;
    char *buf = malloc(total);
    if (!buf) strads_fatal(STRADS_ENOMEM, "reconnaissance of a qsort in a loop body");
    for (size_t i = 0; i < total; i += 256) {
        size_t m = total - i < 256 ? total - i : 256;
        memcpy(buf + i, strads_recon_rd(rc, (const char *)base + i, m), m);
    }
    qsort(buf, nmemb, size, cmp);
    strads_recon_store(rc, base, buf, total);
    free(buf);
}
