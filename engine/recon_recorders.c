/*
 * engine/recon_recorders.c - the recorders that generated reconnaissance calls.
 *
 * stradsc wraps every access of a reconnaissance body in one of these
 * (STRADS__RD and strads_recon_rw in the generated file). They are out of
 * line on purpose: inlined, the fast path of strads_recon_read/write was
 * expanded at every access of every body, and compiling those copies cost
 * the generated file more than the rest of its glue (bench/stradscc.sh);
 * here it is compiled once, at the library's optimization level, for the
 * price of a call per access in a pass that runs once per loop site.
 *
 * Being out of line, they can also afford what the plain fast paths
 * (engine/loop.h) do not: in span mode an access to a written array, read or written,
 * widens the iteration's span once and puts its bytes in both hot entries,
 * so that the body's next pass over the same row (SGD-MF reads w and h in
 * one loop and reads and writes them in the next) stops at the first
 * compare: two span updates an iteration instead of six.
 */
#include "engine/loop.h"

/* Span mode: widens the span for an access to a written array, and makes
 * its bytes hot for reading and writing (reset at the next iteration). A
 * single element's access (window set) also keeps the micro-blocks it
 * widened by, four an iteration, which the other accesses of the same rows
 * then hit: a body that touches a row's bias apart from its vector and
 * four rows an iteration (GloVe's a[D] beside a[0 .. D)) widened, with a
 * division for rows of D + 1 floats, at nearly every call. A row's range
 * (SGD-MF's rdr_rw, most often the row's only access) only looks. */
static inline __attribute__((always_inline)) int span_hot(strads_recon *rc, const char *p, size_t len,
                                                          int window)
{
    rt_recon_hot *h = (rt_recon_hot *)(void *)rc;
    if (!h->sp_row) return 0;
    unsigned nw = h->sp_nw < 4 ? h->sp_nw : 4;
    for (unsigned k = 0; k < nw; k++)
        if (p >= h->sp_wlo[k] && p + len <= h->sp_whi[k]) return 1;
    if (!window) {
        if (!rt_recon_span_widen(h, p, len)) return 0;
        rt_recon_hot_put(h, p, p + len, 1);
        return 1;
    }
    const char *lo, *hi;
    if (!rt_recon_span_window(h, p, len, &lo, &hi)) return 0;
    unsigned k = h->sp_nw++ & 3;
    h->sp_wlo[k] = lo, h->sp_whi[k] = hi;
    rt_recon_hot_put(h, lo, hi, 1);
    return 1;
}

/* Records a read; the shadow is the caller's. */
static inline void rd_record(strads_recon *rc, const void *addr, size_t len)
{
    const rt_recon_hot *h = (const rt_recon_hot *)(const void *)rc;
    const char *p = addr;
    /* the ignored array first: in span mode it is what most plain reads
     * hit (the rating's fields), while the hot entries hold the rows of
     * the arrays written; outside span mode it is empty (NULL, NULL) */
    if ((p >= h->ign.lo && p + len <= h->ign.hi) ||
        (p >= h->rd_lo[0] && p + len <= h->rd_hi[0]) || (p >= h->rd_lo[1] && p + len <= h->rd_hi[1]) ||
        rt_recon_ign_more(rc, p, len))
        goto done;
    for (unsigned k = 0; k < rc->ncov; k++)
        if (p >= rc->cov[k].lo && p + len <= rc->cov[k].hi) goto done;
    if (!span_hot(rc, p, len, 1)) rt_recon_read_slow(rc, addr, len);
done:
    if (__builtin_expect((++rt_recon_calls & rt_recon_check_mask) == 0, 0)) rt_recon_budget_check();
}

const void *strads_recon_rd(strads_recon *rc, const void *addr, size_t len)
{
    rd_record(rc, addr, len);
    /* what the iteration wrote before, if anything (recon_shadow.c) */
    return __builtin_expect(rt_shadow_on, 0) ? rt_shadow_read(addr, len) : addr;
}

static inline void rw_record(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    const rt_recon_hot *h = (const rt_recon_hot *)(const void *)rc;
    const char *p = addr;
    /* recorded as written covers a read too (recon.c sets both entries) */
    if ((p >= h->wr_lo[0] && p + len <= h->wr_hi[0]) || (p >= h->wr_lo[1] && p + len <= h->wr_hi[1]))
        return;
    if (span_hot(rc, p, len, len <= 16)) return;
    if (read_too) rt_recon_read_fast(rc, addr, len);
    rt_recon_write_fast(rc, addr, len);
}

void strads_recon_rw(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    rw_record(rc, addr, len, read_too);
}

/* A write a function of the file may make on the path its test did not
 * take (frontend/recon_maywrite.c): read and written for an async_for,
 * whose plan may rest on more than an iteration touches; nothing for a
 * sync_for, whose records are exact (it finds unrecorded writes by page). */
void strads_recon_maywrite(strads_recon *rc, const void *addr, size_t len)
{
    if (!rc->sync) rw_record(rc, addr, len, 1);
}

/* A loop's range (frontend/recon_loop.c), recorded instead of running the
 * loop. With nothing shadowed or dropped this iteration (rt_shadow_on is
 * off), a read range can overlap neither: no call to the shadow. */
void strads_recon_rdr_call(strads_recon *rc, const void *addr, size_t len)
{
    /* a loop's range is most often a row of a written array: in span
     * mode the widening first, before three compares that would miss */
    if (!span_hot(rc, addr, len, 0)) rd_record(rc, addr, len);
    if (__builtin_expect(rt_shadow_on, 0)) rt_shadow_range(addr, len, 0);
}

void strads_recon_rwr(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    rw_record(rc, addr, len, read_too);
    rt_shadow_range(addr, len, 1);
}

void strads_recon_rwd(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    rw_record(rc, addr, len, read_too);
    if (!rc->env_apart) rc->env_apart = rc->site && rt_recon_env_apart(rc->site, rc->env) ? 1 : -1;
    if (rc->env_apart < 0) rt_shadow_range(addr, len, 1);
}

/* A loop whose values go nowhere (frontend/recon_loop.c's `only`): nothing
 * it reads decides a later access, and a written range is never followed
 * by a read in the iteration (recon.c ranges a loop that writes only then),
 * so no shadow: rt_shadow_on stays off, and the iteration's reads and its
 * end skip the shadow's tests. Its written ranges are plain
 * strads_recon_rw records. */
void strads_recon_rdr_only_call(strads_recon *rc, const void *addr, size_t len)
{
    if (!span_hot(rc, addr, len, 0)) rd_record(rc, addr, len);
}

/* A read range whose bytes a later loop of the iteration updates, whole
 * and surely, without a shadow (frontend/recon_pair.c): the write is
 * recorded here, and that loop records nothing. The read is checked
 * against what the iteration dropped before, as any read range is. */
void strads_recon_rdr_rw_call(strads_recon *rc, const void *addr, size_t len)
{
    /* a row of a written array, as for strads_recon_rdr: the widening first */
    if (!span_hot(rc, addr, len, 0)) rw_record(rc, addr, len, 1);
    if (__builtin_expect(rt_shadow_on, 0)) rt_shadow_range(addr, len, 0);
}

/* For hand-written sites: the plain recorders, without shadows or spans. */
void strads_recon_read(strads_recon *rc, const void *addr, size_t len)
{
    rt_recon_read_fast(rc, addr, len);
}

void strads_recon_write(strads_recon *rc, const void *addr, size_t len)
{
    rt_recon_write_fast(rc, addr, len);
}
