/*
 * dds/arena.c - the address space that every distributed array lives in.
 *
 * Each process reserves one large range of address space at the same fixed
 * address (PROT_NONE, MAP_NORESERVE: it costs page tables only once touched).
 * The driver hands out pieces of it with a first-fit allocator; every node
 * maps the same piece read-write when a dvector is created. That is what lets
 * a pointer to a distributed array be captured, stored in a global and used
 * on any node unchanged, and lets a node's mapping be laid out like the whole
 * array: untouched pages cost nothing.
 *
 * Threads: the allocator is used only by the driver's main thread (between
 * operators); map/unmap by whoever creates or frees a vector on a node.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/rt.h"
#include "dds/dds.h"
#include "core/rt.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static uintptr_t dds_arena_lo, dds_arena_hi;
static int dds_arena_status = 1; /* 1: not tried yet */
static pthread_mutex_t dds_arena_mu = PTHREAD_MUTEX_INITIALIZER;

/* Free list of the driver's allocator: sorted, coalesced ranges. */
typedef struct { uintptr_t lo, hi; } dds_range;
static dds_range *dds_free_list;
static size_t dds_free_n, dds_free_cap;

size_t dds_page_size(void)
{
    static size_t ps;
    if (!ps)
        ps = (size_t)sysconf(_SC_PAGESIZE);
    return ps;
}

static int dds_arena_reserve(void)
{
    /* STRADS_ARENA, checked by the configuration */
    uintptr_t addr = (uintptr_t)rt_cfg()->arena_addr;
    uint64_t size = rt_cfg()->arena_size;
    if (!addr) addr = DDS_ARENA_DEFAULT_ADDR;
    if (!size) size = DDS_ARENA_DEFAULT_SIZE;
    void *p = mmap((void *)addr, size, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED || (uintptr_t)p != addr) {
        /* Old kernels ignore MAP_FIXED_NOREPLACE and return another address. */
        int e = errno;
        if (p != MAP_FAILED)
            munmap(p, size);
        rt_error("cannot reserve the distributed-array arena at %#" PRIxPTR
                " (%" PRIu64 " GiB): %s; something is mapped there or the address space "
                "is limited (ulimit -v). Set STRADS_ARENA=addr[:size] to another "
                "free page-aligned range, the same on every node.",
                addr, size >> 30, p == MAP_FAILED ? strerror(e) : "address taken");
        return STRADS_ENOMEM;
    }
    dds_arena_lo = addr;
    dds_arena_hi = addr + size;
    dds_free_cap = 16;
    dds_free_list = malloc(dds_free_cap * sizeof *dds_free_list);
    if (!dds_free_list)
        return STRADS_ENOMEM;
    dds_free_list[0] = (dds_range){ addr, addr + size };
    dds_free_n = 1;
    return 0;
}

int dds_arena_init(void)
{
    pthread_mutex_lock(&dds_arena_mu);
    if (dds_arena_status == 1)
        dds_arena_status = dds_arena_reserve();
    int rc = dds_arena_status;
    pthread_mutex_unlock(&dds_arena_mu);
    return rc;
}

bool dds_in_arena(const void *p)
{
    uintptr_t a = (uintptr_t)p;
    return a >= dds_arena_lo && a < dds_arena_hi;
}

#define HUGE_PAGE ((uintptr_t)2 << 20) /* see dds_arena_dense */

static size_t dds_round_up(size_t x, size_t a)
{
    return (x + a - 1) / a * a;
}

int dds_arena_pick(size_t len, size_t align, uintptr_t *addr)
{
    int rc = dds_arena_init();
    if (rc)
        return rc;
    size_t ps = dds_page_size();
    if (align < ps)
        align = ps;
    if (align & (align - 1))
        return STRADS_EINVAL;
    if (len >= HUGE_PAGE && align < HUGE_PAGE)
        align = HUGE_PAGE; /* all of it can be on huge pages (dds_arena_dense) */
    if (len == 0)
        len = 1;
    if (len > dds_arena_hi - dds_arena_lo)
        return STRADS_ENOMEM;
    len = dds_round_up(len, ps);
    /* Leave one guard page after each vector so an overrun faults instead of
     * silently writing into the next distributed array. */
    size_t need = len + ps;
    for (size_t k = 0; k < dds_free_n; k++) {
        dds_range *r = &dds_free_list[k];
        uintptr_t a = dds_round_up(r->lo, align);
        if (a < r->lo || a + need < a || a + need > r->hi)
            continue;
        uintptr_t lo = r->lo, hi = r->hi;
        /* Split [lo, hi) into [lo, a) and [a+need, hi). */
        if (a > lo && a + need < hi) {
            if (dds_free_n == dds_free_cap) {
                dds_range *nl = realloc(dds_free_list, 2 * dds_free_cap * sizeof *nl);
                if (!nl)
                    return STRADS_ENOMEM;
                dds_free_list = nl;
                dds_free_cap *= 2;
                r = &dds_free_list[k];
            }
            memmove(r + 2, r + 1, (dds_free_n - k - 1) * sizeof *r);
            dds_free_n++;
            r[0] = (dds_range){ lo, a };
            r[1] = (dds_range){ a + need, hi };
        } else if (a > lo) {
            r->hi = a;
        } else if (a + need < hi) {
            r->lo = a + need;
        } else {
            memmove(r, r + 1, (dds_free_n - k - 1) * sizeof *r);
            dds_free_n--;
        }
        *addr = a;
        return 0;
    }
    return STRADS_ENOMEM;
}

void dds_arena_unpick(uintptr_t addr, size_t len)
{
    size_t ps = dds_page_size();
    uintptr_t lo = addr, hi = addr + dds_round_up(len ? len : 1, ps) + ps;
    size_t k = 0;
    while (k < dds_free_n && dds_free_list[k].lo < lo)
        k++;
    bool join_prev = k > 0 && dds_free_list[k - 1].hi == lo;
    bool join_next = k < dds_free_n && dds_free_list[k].lo == hi;
    if (join_prev && join_next) {
        dds_free_list[k - 1].hi = dds_free_list[k].hi;
        memmove(&dds_free_list[k], &dds_free_list[k + 1],
                (dds_free_n - k - 1) * sizeof *dds_free_list);
        dds_free_n--;
    } else if (join_prev) {
        dds_free_list[k - 1].hi = hi;
    } else if (join_next) {
        dds_free_list[k].lo = lo;
    } else {
        if (dds_free_n == dds_free_cap) {
            dds_range *nl = realloc(dds_free_list, 2 * dds_free_cap * sizeof *nl);
            if (!nl)
                return; /* leaks address space, never memory */
            dds_free_list = nl;
            dds_free_cap *= 2;
        }
        memmove(&dds_free_list[k + 1], &dds_free_list[k],
                (dds_free_n - k) * sizeof *dds_free_list);
        dds_free_list[k] = (dds_range){ lo, hi };
        dds_free_n++;
    }
}

int dds_arena_map(uintptr_t addr, size_t len)
{
    int rc = dds_arena_init();
    if (rc)
        return rc;
    len = dds_round_up(len ? len : 1, dds_page_size());
    if (addr < dds_arena_lo || addr + len > dds_arena_hi)
        return STRADS_EINVAL;
    /* MAP_FIXED inside our own reservation: replaces PROT_NONE pages with
     * fresh zero pages. Without MAP_NORESERVE, like the mapping malloc makes
     * for a large block: the kernel's overcommit policy (vm.overcommit_memory)
     * judges a vector as it would judge malloc of its size, so a vector no
     * node could ever hold is refused here, at allocation, instead of
     * growing until the OOM killer stops the job. Untouched pages still cost
     * nothing. */
    void *p = mmap((void *)addr, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (p == MAP_FAILED) {
        /* Some kernels unmap the old range before the overcommit check
         * refuses the new one: put the reservation back so that no other
         * mapping can land inside the arena. */
        mmap((void *)addr, len, PROT_NONE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
        return STRADS_ENOMEM;
    }
    return 0;
}

int dds_arena_fits(size_t len)
{
    /* A mapping elsewhere, at once unmapped: the kernel's overcommit check
     * is made on the size alone, and no page is touched. */
    void *p = mmap(NULL, len ? len : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED)
        return STRADS_ENOMEM;
    munmap(p, len ? len : 1);
    return 0;
}

/*
 * Huge pages for the dense part of a vector. The kernel's THP mode on Debian
 * is "madvise", so without this a vector sits on 4 KiB pages, which in a VM
 * costs on three counts: a fresh page fault (4-5 ms per MB here, against
 * 0.1-1.4 ms on 2 MB pages), a TLB miss on nearly every random row access
 * (SGD-MF's updates), and the coherence tracking's mprotect of a hot vector
 * (dds/coherence.c), which changes one entry per 4 KiB page: 40 ms each way
 * for SGD-MF's 123 MB W on the driver, every epoch.
 */
void dds_arena_dense(void *p, size_t len)
{
    uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    uintptr_t hi = ((uintptr_t)p + len) & ~(HUGE_PAGE - 1);
    if (hi <= lo)
        return; /* no whole huge page in it (also: every small fetch) */
    bool off = !rt_cfg()->hugepages;
    /* A range that may be sparse after all (a huge vector touched here and
     * there) would grow by 2 MB per element touched. Bounded: only ranges of
     * at most a quarter of the machine's memory, which even wholly resident
     * fit. */
    if (!off && dds_arena_may_fill(hi - lo))
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* best effort */
}

bool dds_arena_may_fill(size_t len)
{
    static _Atomic long long quarter = -1;
    if (quarter < 0) {
        long pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);
        quarter = pages > 0 && ps > 0 ? (long long)pages * ps / 4 : 0;
    }
    return (unsigned long long)len <= (unsigned long long)quarter;
}

static void dds_dense_flush(dds_dense_acc *a)
{
    if (a->bytes * 2 >= HUGE_PAGE)
        dds_arena_dense((void *)a->region, HUGE_PAGE);
    a->bytes = 0;
}

void dds_dense_add(dds_dense_acc *a, const void *p, size_t len)
{
    uintptr_t lo = (uintptr_t)p, hi = lo + len;
    while (lo < hi) {
        uintptr_t region = lo & ~(HUGE_PAGE - 1);
        uintptr_t end = region + HUGE_PAGE < hi ? region + HUGE_PAGE : hi;
        if (region != a->region) {
            dds_dense_flush(a);
            a->region = region;
        }
        a->bytes += end - lo;
        lo = end;
    }
}

void dds_dense_end(dds_dense_acc *a)
{
    dds_dense_flush(a);
    a->region = 0;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

/* Copies below this fault in few enough pages to leave alone. */
#define POPULATE_MIN ((size_t)64 << 10)

void dds_populate(void *p, size_t len)
{
    if (len < POPULATE_MIN)
        return;
    size_t ps = dds_page_size();
    uintptr_t lo = (uintptr_t)p & ~(uintptr_t)(ps - 1);
    uintptr_t hi = ((uintptr_t)p + len + ps - 1) & ~(uintptr_t)(ps - 1);
    (void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
}

void dds_arena_unmap(uintptr_t addr, size_t len)
{
    len = dds_round_up(len ? len : 1, dds_page_size());
    /* Back to a reserved, inaccessible range: frees the pages, keeps the hole. */
    mmap((void *)addr, len, PROT_NONE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
}
