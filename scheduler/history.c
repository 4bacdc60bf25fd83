/*
 * scheduler/history.c - versioned rows for history-based bodies (ASYNC's
 * ASYNCbroadcast with an index): keep the last `keep` versions of a table of
 * fixed-size rows, so that a SAGA-style body can read a row as of the
 * version an item last saw instead of the driver broadcasting a table of
 * every item's parameters.
 *
 * Copy-on-write per row: a version stores only the rows written in it, each
 * row keeps a newest-first chain of its copies, and a read walks the chain
 * to the newest copy not newer than the version asked for (at most `keep`
 * steps), else reads the base. When a version becomes the oldest kept, the
 * rows it changed make every older copy of themselves unreachable, so
 * exactly those chains are trimmed and the version's own copies fold into
 * the base: the cost of forgetting is proportional to what was written, not
 * to the table, and memory is the base plus the rows changed in the newer
 * kept versions. Pure data structure; the engine decides what a row is (a
 * DDS element, a block of them) and which version a reader needs.
 */
#include <stdlib.h>
#include <string.h>

#include "scheduler/policy.h"
#include "strads.h"

typedef struct hnode {
    uint64_t version;
    struct hnode *next; /* older copy */
    unsigned char data[];
} hnode;

typedef struct rowlist {
    size_t *v, n, cap;
} rowlist;

struct sched_hist {
    size_t nrows, rowsize;
    int keep;
    uint64_t latest, oldest;
    unsigned char *base; /* every row as of the oldest kept version */
    hnode **head;        /* newest copy of each row, NULL: only the base */
    rowlist *changed;    /* keep+1 slots: rows written in version v at v % (keep+1) */
    size_t copies;
};

int sched_hist_new(size_t nrows, size_t rowsize, int keep, const void *init, sched_hist **out)
{
    if (!out || nrows == 0 || rowsize == 0 || keep < 1) return STRADS_EINVAL;
    if (nrows > SIZE_MAX / rowsize) return STRADS_ENOMEM;
    sched_hist *h = calloc(1, sizeof *h);
    if (!h) return STRADS_ENOMEM;
    h->nrows = nrows;
    h->rowsize = rowsize;
    h->keep = keep;
    h->base = init ? malloc(nrows * rowsize) : calloc(nrows, rowsize);
    h->head = calloc(nrows, sizeof *h->head);
    h->changed = calloc((size_t)keep + 1, sizeof *h->changed);
    if (!h->base || !h->head || !h->changed) {
        sched_hist_free(h);
        return STRADS_ENOMEM;
    }
    if (init) memcpy(h->base, init, nrows * rowsize);
    *out = h;
    return 0;
}

void sched_hist_free(sched_hist *h)
{
    if (!h) return;
    if (h->head)
        for (size_t r = 0; r < h->nrows; r++)
            for (hnode *n = h->head[r], *nx; n; n = nx) {
                nx = n->next;
                free(n);
            }
    if (h->changed)
        for (int i = 0; i <= h->keep; i++) free(h->changed[i].v);
    free(h->changed);
    free(h->head);
    free(h->base);
    free(h);
}

static rowlist *slot(const sched_hist *h, uint64_t v)
{
    return &h->changed[v % ((uint64_t)h->keep + 1)];
}

int sched_hist_row_mut(sched_hist *h, size_t r, void **row)
{
    if (!h || !row || r >= h->nrows) return STRADS_EINVAL;
    uint64_t v = h->latest + 1;
    hnode *top = h->head[r];
    if (top && top->version == v) {
        *row = top->data;
        return 0;
    }
    rowlist *l = slot(h, v);
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        size_t *nv = realloc(l->v, cap * sizeof *nv);
        if (!nv) return STRADS_ENOMEM;
        l->v = nv;
        l->cap = cap;
    }
    hnode *n = malloc(sizeof *n + h->rowsize);
    if (!n) return STRADS_ENOMEM;
    n->version = v;
    n->next = top;
    memcpy(n->data, top ? top->data : h->base + r * h->rowsize, h->rowsize);
    h->head[r] = n;
    l->v[l->n++] = r;
    h->copies++;
    *row = n->data;
    return 0;
}

int sched_hist_write(sched_hist *h, size_t r, const void *data)
{
    if (!data) return STRADS_EINVAL;
    void *row;
    int rc = sched_hist_row_mut(h, r, &row);
    if (rc == 0) memcpy(row, data, h->rowsize);
    return rc;
}

/* Version `v` became the oldest kept: for each row it wrote, nothing can
 * read a copy older than v any more, and v's own copy can move into the
 * base (which now means "as of the oldest kept version"), so a row written
 * once long ago costs no copy at all. */
static void trim(sched_hist *h, uint64_t v)
{
    const rowlist *l = slot(h, v);
    for (size_t k = 0; k < l->n; k++) {
        size_t r = l->v[k];
        hnode **pp = &h->head[r];
        while (*pp && (*pp)->version != v) pp = &(*pp)->next;
        hnode *n = *pp;
        if (!n) continue; /* cannot happen: v wrote this row */
        for (hnode *o = n->next, *nx; o; o = nx) {
            nx = o->next;
            free(o);
            h->copies--;
        }
        memcpy(h->base + r * h->rowsize, n->data, h->rowsize);
        *pp = NULL;
        free(n);
        h->copies--;
    }
}

int sched_hist_commit(sched_hist *h, uint64_t *version)
{
    if (!h) return STRADS_EINVAL;
    h->latest++;
    if (h->latest - h->oldest + 1 > (uint64_t)h->keep) {
        uint64_t dropped = h->oldest++;
        trim(h, h->oldest);
        /* The dropped version's slot is the one the next version builds in. */
        slot(h, dropped)->n = 0;
    }
    if (version) *version = h->latest;
    return 0;
}

int sched_hist_get(const sched_hist *h, size_t r, uint64_t version, const void **row)
{
    if (!h || !row || r >= h->nrows) return STRADS_EINVAL;
    if (version < h->oldest || version > h->latest) return STRADS_ENOTFOUND;
    const hnode *n = h->head[r];
    while (n && n->version > version) n = n->next;
    *row = n ? (const void *)n->data : (const void *)(h->base + r * h->rowsize);
    return 0;
}

uint64_t sched_hist_latest(const sched_hist *h)
{
    return h ? h->latest : 0;
}

uint64_t sched_hist_oldest(const sched_hist *h)
{
    return h ? h->oldest : 0;
}

size_t sched_hist_copies(const sched_hist *h)
{
    return h ? h->copies : 0;
}
