/*
 * runtime/recon.c - what a reconnaissance body calls: it turns the addresses
 * a body would touch into (array, element, read/write) records.
 *
 * A body touches the same element many times in a row (W[i][k] for every k),
 * so the element last recorded for reading and the one last recorded for
 * writing are remembered as address ranges (strads_recon_hot): a repeat is
 * two compares inlined in the generated code, and only a new element comes
 * here. Addresses outside every distributed array (locals, copyin and
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
    memset(&rc->hot, 0, sizeof rc->hot);
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
    strads_recon_hot *h = &rc->hot;
    if (write) {
        unsigned k = h->wr_next++ & 1;
        h->wr_lo[k] = lo, h->wr_hi[k] = hi;
    }
    unsigned k = h->rd_next++ & 1;
    h->rd_lo[k] = lo, h->rd_hi[k] = hi;
}

/* The inline halves in strads.h have found the address outside the element
 * recorded last. */
void strads_recon_read_slow(strads_recon *rc, const void *addr, size_t len)
{
    record(rc, addr, len, false);
}

void strads_recon_write_slow(strads_recon *rc, const void *addr, size_t len)
{
    record(rc, addr, len, true);
}
