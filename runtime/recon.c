/*
 * runtime/recon.c - what a reconnaissance body calls: it turns the addresses
 * a body would touch into (array, element, read/write) records.
 *
 * A body touches the same element many times in a row (W[i][k] for every k),
 * so the element last recorded for reading and the one last recorded for
 * writing are remembered as address ranges: a repeat costs two compares and
 * no lookup. Addresses outside every distributed array (locals, copyin and
 * private memory) are ignored: they cannot conflict across iterations.
 */
#include <string.h>

#include "dds/dds.h"
#include "runtime/loop.h"

void rt_recon_init(strads_recon *rc, int64_t first)
{
    memset(rc, 0, sizeof *rc);
    sched_rec_init(&rc->rec, first);
}

void strads_recon_iter(strads_recon *rc, int64_t i)
{
    rc->rd_lo = rc->rd_hi = rc->wr_lo = rc->wr_hi = NULL;
    int rc2 = sched_rec_iter(&rc->rec, i);
    if (rc2 && !rc->err) rc->err = rc2;
}

static void record(strads_recon *rc, const void *addr, size_t len, bool write)
{
    dds_vec *dv;
    int64_t e0;
    if (len == 0) len = 1;
    if (dds_lookup(addr, &dv, &e0) != 0) return;
    int64_t e1 = e0 + (int64_t)(((const char *)addr - (dv->base + (size_t)e0 * dv->elem) + len - 1) /
                                dv->elem);
    if (e1 >= dv->n) e1 = dv->n - 1;
    for (int64_t e = e0; e <= e1; e++) {
        int r = sched_rec_add(&rc->rec, dv->id, e, write);
        if (r && !rc->err) rc->err = r;
    }
    const char *lo = dv->base + (size_t)e0 * dv->elem, *hi = dv->base + (size_t)(e1 + 1) * dv->elem;
    /* A recorded write covers reads of the same element too. */
    if (write) rc->wr_lo = lo, rc->wr_hi = hi;
    rc->rd_lo = lo, rc->rd_hi = hi;
}

void strads_recon_read(strads_recon *rc, const void *addr, size_t len)
{
    const char *p = addr;
    if (p >= rc->rd_lo && p + len <= rc->rd_hi) return;
    record(rc, addr, len, false);
}

void strads_recon_write(strads_recon *rc, const void *addr, size_t len)
{
    const char *p = addr;
    if (p >= rc->wr_lo && p + len <= rc->wr_hi) return;
    record(rc, addr, len, true);
}
