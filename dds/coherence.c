/*
 * dds/coherence.c - the driver's view of distributed arrays between operators.
 *
 * The rule (docs/dds.md, "Coherence"): when a parallel operator returns, the
 * driver's sequential code sees a coherent copy of every dvector; what the
 * sequential code writes is pushed to the owners before the next operator
 * starts. Inside an operator nothing is tracked: the body's accesses are
 * plain loads and stores, and the loop engines move data explicitly with
 * prefetch / write-back (dds/xfer.c).
 *
 * To push only what changed, the driver's mapping of each vector is kept
 * read-only between operators (from the end of its first operator on: until
 * then the pages present in the mapping are what was written, see
 * dds_push_resident); the first write to a page faults, the SIGSEGV
 * handler below marks the page dirty and opens it, and the write proceeds.
 * One fault per written page per operator, none when nothing is written.
 * Pages of a vector whose writes cannot be tracked (mprotect failed) are all
 * pushed. In a job of size 1 there is nothing to keep coherent and nothing is
 * tracked. Runs on the driver's main thread only (the handler runs on whatever
 * thread faulted, and touches only the bitmaps, atomically).
 *
 * Inside an operator the driver's node writes its mapping too (bodies,
 * fetches, owners applying write-backs). Changing the protection of a whole
 * mapping costs per present page (about 0.5-1 us here, in a VM: 30 ms for a
 * 190 MB input at each end of every operator), while most big vectors are
 * inputs that no operator writes. So a vector is opened whole for an
 * operator only while operators write it here ("hot": it changed in the
 * last operator, or faulted on a quarter of its pages); the others stay
 * protected, a write inside the operator opens its page through the same
 * handler (counted, not marked dirty), and the operator's end protects
 * again just the pages opened since; past BURST_PAGES such faults in one
 * operator the handler opens the vector whole and it is hot again. A write the kernel makes into a
 * protected page fails with EFAULT instead of faulting: such writes
 * (pread of a checkpoint image) open their range first (dds_open_pages).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "dds/dds.h"

static struct sigaction dds_old_segv;
static int dds_handler_installed;
static _Atomic int dds_in_operator; /* read by the handler on any thread */

/* Marks page in a bitmap. */
static void dds_set_bit(_Atomic uint64_t *bm, size_t page)
{
    atomic_fetch_or(&bm[page / 64], 1ULL << (page % 64));
}

/* Faults inside one operator after which the handler opens the whole
 * vector: a fault costs tens of microseconds here (signal, handler,
 * mprotect), so an operator that writes much of a vector it did not write
 * before (A-BSP moving a split onto the driver's node: 12,000 pages)
 * pays for BURST_PAGES of them, not for all. */
#define BURST_PAGES 64

/* Records that the page was opened: written by the sequential code
 * (dirty: pushed at the next operator) or inside an operator (counted).
 * Returns 1 when the whole vector should be opened now. */
static int dds_note_open(dds_vec *dv, size_t page)
{
    dds_set_bit(dv->opened, page);
    int64_t n = atomic_fetch_add_explicit(&dv->op_faults, 1, memory_order_relaxed) + 1;
    if (!atomic_load_explicit(&dds_in_operator, memory_order_relaxed)) {
        dds_set_bit(dv->dirty, page);
        /* Sequential code writing a quarter of it (a loop run alone on the
         * driver, a stencil's whole output array every step): every page
         * counts as written and the vector opens whole, so that its other
         * pages fault no more; the next operator pushes it whole, at most
         * four times what was written. (op_faults restarts at every
         * operator's begin and end.) */
        if (n < BURST_PAGES || (size_t)n * 4 < dv->npages)
            return 0;
        size_t words = (dv->npages + 63) / 64;
        for (size_t w = 0; w < words; w++)
            atomic_store_explicit(&dv->dirty[w], ~0ULL, memory_order_relaxed);
        return 1;
    }
    return n == BURST_PAGES;
}

static void dds_segv(int sig, siginfo_t *si, void *uc)
{
    dds_vec *dv;
    if (si && dds_in_arena(si->si_addr) && (dv = dds_mapping_of(si->si_addr)) &&
        dv->tracked && dv->dirty) {
        size_t ps = dds_page_size();
        size_t page = ((size_t)((char *)si->si_addr - dv->base)) / ps;
        if (dds_note_open(dv, page) &&
            mprotect(dv->base, dv->bytes, PROT_READ | PROT_WRITE) == 0) {
            atomic_store(&dv->burst, 1); /* dds_operator_end protects it whole */
            return;
        }
        if (mprotect(dv->base + page * ps, ps, PROT_READ | PROT_WRITE) == 0)
            return; /* the faulting write is retried and succeeds */
    }
    /* Not ours: behave as if we were never installed. */
    if (dds_old_segv.sa_flags & SA_SIGINFO) {
        dds_old_segv.sa_sigaction(sig, si, uc);
    } else if (dds_old_segv.sa_handler != SIG_DFL && dds_old_segv.sa_handler != SIG_IGN) {
        dds_old_segv.sa_handler(sig);
    } else {
        signal(SIGSEGV, SIG_DFL); /* the fault repeats and kills with a core */
    }
}

static int dds_install_handler(void)
{
    if (dds_handler_installed)
        return 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = dds_segv;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, &dds_old_segv))
        return STRADS_ESTATE;
    dds_handler_installed = 1;
    return 0;
}

static void dds_arm(dds_vec *dv)
{
    size_t words = (dv->npages + 63) / 64;
    for (size_t w = 0; w < words; w++) {
        atomic_store_explicit(&dv->dirty[w], 0, memory_order_relaxed);
        atomic_store_explicit(&dv->opened[w], 0, memory_order_relaxed);
    }
    if (mprotect(dv->base, dv->bytes, PROT_READ) == 0) {
        dv->tracked = true;
    } else {
        /* Cannot track: treat every page as written. */
        dv->tracked = false;
        for (size_t w = 0; w < words; w++)
            atomic_store_explicit(&dv->dirty[w], ~0ULL, memory_order_relaxed);
    }
}

void dds_track(dds_vec *dv)
{
    if (strads_size() == 1 || strads_rank() != 0 || dv->dirty)
        return;
    dv->npages = dv->bytes / dds_page_size();
    dv->dirty = calloc((dv->npages + 63) / 64, sizeof *dv->dirty);
    dv->opened = calloc((dv->npages + 63) / 64, sizeof *dv->opened);
    if (!dv->dirty || !dv->opened || dds_install_handler()) {
        free((void *)dv->dirty);
        free((void *)dv->opened);
        dv->dirty = NULL; /* untracked: dds_operator_begin pushes all of it */
        dv->opened = NULL;
        return;
    }
    /* Until an operator shows otherwise, operators write it. */
    dv->hot = true;
    /* Until its first operator a new vector is not write-protected: code
     * that fills it right after allocation (fread, read(2) into it) must not
     * see EFAULT; dds_operator_begin finds what was written with mincore. */
    if (!dds_in_operator)
        dv->fresh = true;
}

void dds_untrack(dds_vec *dv)
{
    if (dv->tracked)
        mprotect(dv->base, dv->bytes, PROT_READ | PROT_WRITE);
    dv->tracked = false;
}

void dds_open_pages(dds_vec *dv, void *p, size_t len)
{
    if (!dv->tracked || dv->open_all || !len)
        return;
    size_t ps = dds_page_size();
    size_t first = (size_t)((char *)p - dv->base) / ps;
    size_t last = ((size_t)((char *)p - dv->base) + len - 1) / ps;
    for (size_t pg = first; pg <= last && pg < dv->npages; pg++)
        (void)dds_note_open(dv, pg); /* a range opened here is opened anyway */
    if (mprotect(dv->base + first * ps, (last - first + 1) * ps, PROT_READ | PROT_WRITE))
        dds_untrack(dv); /* cannot open part: open all, pushed whole next time */
}

/* Protects again the pages opened since the vector was last protected as a
 * whole. */
static void dds_close_opened(dds_vec *dv)
{
    size_t ps = dds_page_size(), words = (dv->npages + 63) / 64;
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = atomic_exchange_explicit(&dv->opened[w], 0, memory_order_relaxed);
        while (bits) {
            size_t b = (size_t)__builtin_ctzll(bits), e = b;
            while (e < 64 && (bits >> e) & 1)
                e++;
            bits &= e < 64 ? ~((1ULL << e) - 1) : 0;
            if (mprotect(dv->base + (w * 64 + b) * ps, (e - b) * ps, PROT_READ)) {
                dds_arm(dv); /* all or nothing, as at the first arming */
                return;
            }
        }
    }
}

/* A fresh vector: every page present in the driver's mapping may have been
 * written (pages never touched are not present). A page only read maps the
 * zero page and is pushed too: harmless, owners hold zeros until the first
 * operator. */
static int dds_push_resident(dds_vec *dv, void **state)
{
    size_t ps = dds_page_size(), step = (size_t)1 << 20; /* pages per mincore call */
    unsigned char *vec = malloc(step);
    if (!vec)
        return dds__push_span(dv, 0, dv->n, state);
    int rc = 0;
    for (size_t p0 = 0; p0 < dv->npages && !rc; p0 += step) {
        size_t np = dv->npages - p0 < step ? dv->npages - p0 : step;
        if (mincore(dv->base + p0 * ps, np * ps, vec)) {
            memset(vec, 1, np); /* unknown: push the lot */
        }
        for (size_t p = 0; p < np && !rc;) {
            if (!(vec[p] & 1)) {
                p++;
                continue;
            }
            size_t q = p;
            while (q < np && (vec[q] & 1))
                q++;
            int64_t lo = (int64_t)((p0 + p) * ps / dv->elem);
            int64_t hi = (int64_t)(((p0 + q) * ps + dv->elem - 1) / dv->elem);
            rc = dds__push_span(dv, lo, hi < dv->n ? hi : dv->n, state);
            p = q;
        }
    }
    free(vec);
    return rc;
}

typedef struct dds_begin_st {
    int rc;
} dds_begin_st;

/* Pushes the elements overlapping dirty pages of dv owned by other nodes. */
static void dds_push_dirty(dds_vec *dv, void *arg)
{
    dds_begin_st *st = arg;
    free(dv->keep); /* left by an operator that failed before its pull */
    dv->keep = NULL;
    dv->nkeep = 0;
    void *state = NULL;
    size_t ps = dds_page_size();
    int rc = 0;
    if (!dv->dirty) {
        rc = dds__push_span(dv, 0, dv->n, &state);
    } else if (dv->fresh) {
        rc = dds_push_resident(dv, &state);
        dv->fresh = false;
    } else {
        size_t words = (dv->npages + 63) / 64;
        uint64_t *bm = malloc((words ? words : 1) * sizeof *bm);
        if (!bm) {
            rc = dds__push_span(dv, 0, dv->n, &state); /* unknown: push all */
        } else {
            for (size_t w = 0; w < words; w++)
                bm[w] = atomic_exchange(&dv->dirty[w], 0);
#define DDS_BIT(p) ((bm[(p) / 64] >> ((p) % 64)) & 1)
            for (size_t p = 0; p < dv->npages && !rc;) {
                if (!DDS_BIT(p)) {
                    p++;
                    continue;
                }
                size_t q = p;
                while (q < dv->npages && DDS_BIT(q))
                    q++;
                int64_t lo = (int64_t)(p * ps / dv->elem);
                int64_t hi = (int64_t)((q * ps + dv->elem - 1) / dv->elem);
                rc = dds__push_span(dv, lo, hi < dv->n ? hi : dv->n, &state);
                p = q;
            }
#undef DDS_BIT
            free(bm);
        }
    }
    if (state) {
        dv->version++;
        int r = dds__push_span(dv, 0, -1, &state);
        if (!rc)
            rc = r;
    }
    if (rc && !st->rc)
        st->rc = rc;
    atomic_store_explicit(&dv->op_faults, 0, memory_order_relaxed);
    dv->open_all = false;
    if (dv->tracked && dv->hot) {
        dds_untrack(dv);
        dv->open_all = true;
    }
}

int dds_operator_begin(void)
{
    if (strads_size() == 1 || strads_rank() != 0)
        return 0;
    dds_begin_st st = { 0 };
    atomic_store(&dds_in_operator, 1);
    dds_vec_foreach(dds_push_dirty, &st);
    return st.rc;
}

static void dds_rearm(dds_vec *dv, void *arg)
{
    (void)arg;
    free(dv->keep); /* the pull has used it */
    dv->keep = NULL;
    dv->nkeep = 0;
    /* The driver's own partition is already in its mapping. */
    bool changed = false;
    for (size_t w = 0; w < (dv->nchunks + 63) / 64; w++)
        changed |= atomic_exchange_explicit(&dv->changed[w], 0, memory_order_relaxed) != 0;
    if (changed) dv->version++;
    if (!dv->dirty)
        return;
    if (!dv->tracked) { /* fresh, or opened whole for this operator */
        /* an input no operator writes here stays protected from now on */
        if (dv->open_all && !changed)
            dv->hot = false;
        dv->open_all = false;
        dds_arm(dv);
        return;
    }
    /* read and restarted: the sequential code's faults count from here */
    int64_t faults = atomic_exchange_explicit(&dv->op_faults, 0, memory_order_relaxed);
    if (faults > 0 && (size_t)faults * 4 >= dv->npages)
        dv->hot = true;
    if (atomic_exchange(&dv->burst, 0)) { /* opened whole inside the operator */
        dv->hot = true;
        dds_arm(dv);
        return;
    }
    dds_close_opened(dv);
}

int dds_operator_end(void)
{
    if (strads_size() == 1 || strads_rank() != 0)
        return 0;
    /* Workers learn of DDS messages when their first vector is created. */
    int rc = dds__has_collections() ? dds__pull_changed() : 0;
    atomic_store(&dds_in_operator, 0);
    dds_vec_foreach(dds_rearm, NULL);
    return rc;
}
