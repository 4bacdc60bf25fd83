/*
 * dds/kv.c - the node-local store of a dmap / dmultimap partition.
 *
 * An open-addressing hash table of fixed-size keys and values, in one flat
 * allocation (no per-entry malloc, no pointers, so a partition can be written
 * to a checkpoint image or shipped as bytes). Linear probing with
 * backward-shift deletion, no tombstones: every entry sits in the run of
 * occupied slots that starts at its home slot, so
 *   - a multimap keeps all values of a key in that run, in insertion order
 *     (an insert goes to the first empty slot after the earlier ones, a
 *     deletion only shifts entries back, and a rehash walks runs in order),
 *     which makes find-range return values in insertion order;
 *   - lookups stop at the first empty slot.
 * The caller passes the key's 64-bit hash (dds_hash_bytes): the same hash
 * picks the owning node (high bits) and the slot here (low bits).
 *
 * Not thread-safe: a partition is used by one thread at a time (the node's
 * main thread in pretraining operators, the loop thread for remote requests).
 */
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"

#define DDS_KV_OCC (1ULL << 63) /* stored hash has this bit: 0 means empty */

static size_t dds_round8(size_t x)
{
    return (x + 7) & ~(size_t)7;
}

static uint64_t *dds_slot_h(const dds_kv *t, size_t i)
{
    return (uint64_t *)(t->slots + i * t->esz);
}

static char *dds_slot_key(const dds_kv *t, size_t i)
{
    return t->slots + i * t->esz + 8;
}

static char *dds_slot_val(const dds_kv *t, size_t i)
{
    return t->slots + i * t->esz + 8 + dds_round8(t->ksz);
}

int dds_kv_init(dds_kv *t, size_t ksz, size_t vsz, bool multi)
{
    memset(t, 0, sizeof *t);
    if (ksz == 0)
        return STRADS_EINVAL;
    t->ksz = ksz;
    t->vsz = vsz;
    t->esz = 8 + dds_round8(ksz) + dds_round8(vsz);
    t->multi = multi;
    t->cap = 16;
    t->slots = calloc(t->cap, t->esz);
    return t->slots ? 0 : STRADS_ENOMEM;
}

void dds_kv_free(dds_kv *t)
{
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}

static void dds_kv_place(dds_kv *t, uint64_t hs, const void *key, const void *val)
{
    size_t mask = t->cap - 1, i = hs & mask;
    while (*dds_slot_h(t, i))
        i = (i + 1) & mask;
    *dds_slot_h(t, i) = hs;
    memcpy(dds_slot_key(t, i), key, t->ksz);
    if (t->vsz)
        memcpy(dds_slot_val(t, i), val, t->vsz);
    t->count++;
}

static int dds_kv_grow(dds_kv *t)
{
    dds_kv old = *t;
    size_t ncap = t->cap * 2;
    char *ns = calloc(ncap, t->esz);
    if (!ns)
        return STRADS_ENOMEM;
    t->slots = ns;
    t->cap = ncap;
    t->count = 0;
    /* Walk from an empty slot so that every run is visited front to back:
     * values of a multimap key keep their order. */
    size_t start = 0;
    while (*dds_slot_h(&old, start))
        start++;
    for (size_t k = 1; k <= old.cap; k++) {
        size_t i = (start + k) & (old.cap - 1);
        uint64_t hs = *dds_slot_h(&old, i);
        if (hs)
            dds_kv_place(t, hs, dds_slot_key(&old, i), dds_slot_val(&old, i));
    }
    free(old.slots);
    return 0;
}

/* Slot of the first entry with key, or (size_t)-1. */
static size_t dds_kv_first(const dds_kv *t, const void *key, uint64_t hs)
{
    size_t mask = t->cap - 1;
    for (size_t i = hs & mask;; i = (i + 1) & mask) {
        uint64_t s = *dds_slot_h(t, i);
        if (!s)
            return (size_t)-1;
        if (s == hs && memcmp(dds_slot_key(t, i), key, t->ksz) == 0)
            return i;
    }
}

int dds_kv_put(dds_kv *t, const void *key, const void *val, uint64_t h)
{
    uint64_t hs = h | DDS_KV_OCC;
    if (!t->multi) {
        size_t i = dds_kv_first(t, key, hs);
        if (i != (size_t)-1) {
            if (t->vsz)
                memcpy(dds_slot_val(t, i), val, t->vsz);
            return 0;
        }
    }
    /* Keep the load under 3/4: linear probing degrades fast above it. */
    if ((t->count + 1) * 4 > t->cap * 3) {
        int rc = dds_kv_grow(t);
        if (rc)
            return rc;
    }
    dds_kv_place(t, hs, key, val);
    return 0;
}

void *dds_kv_get(const dds_kv *t, const void *key, uint64_t h)
{
    size_t i = dds_kv_first(t, key, h | DDS_KV_OCC);
    return i == (size_t)-1 ? NULL : dds_slot_val(t, i);
}

size_t dds_kv_find(const dds_kv *t, const void *key, uint64_t h, void *vals, size_t max)
{
    uint64_t hs = h | DDS_KV_OCC;
    size_t mask = t->cap - 1, n = 0;
    for (size_t i = hs & mask; *dds_slot_h(t, i); i = (i + 1) & mask) {
        if (*dds_slot_h(t, i) == hs && memcmp(dds_slot_key(t, i), key, t->ksz) == 0) {
            if (n < max && t->vsz)
                memcpy((char *)vals + n * t->vsz, dds_slot_val(t, i), t->vsz);
            n++;
            if (!t->multi)
                break;
        }
    }
    return n;
}

/* Removes slot i and shifts later entries of the run back toward their home
 * slots, so that no lookup ever needs a tombstone. */
static void dds_kv_delete_at(dds_kv *t, size_t i)
{
    size_t mask = t->cap - 1;
    size_t j = i;
    for (;;) {
        j = (j + 1) & mask;
        uint64_t s = *dds_slot_h(t, j);
        if (!s)
            break;
        size_t home = s & mask;
        /* j's entry may move to i if its home is not within (i, j]. */
        bool stays = (i <= j) ? (home > i && home <= j) : (home > i || home <= j);
        if (stays)
            continue;
        memcpy(t->slots + i * t->esz, t->slots + j * t->esz, t->esz);
        i = j;
    }
    *dds_slot_h(t, i) = 0;
    t->count--;
}

size_t dds_kv_erase(dds_kv *t, const void *key, uint64_t h)
{
    uint64_t hs = h | DDS_KV_OCC;
    size_t n = 0, i;
    while ((i = dds_kv_first(t, key, hs)) != (size_t)-1) {
        dds_kv_delete_at(t, i);
        n++;
        if (!t->multi)
            break;
    }
    return n;
}

int dds_kv_foreach(const dds_kv *t, dds_kv_visit fn, void *arg)
{
    /* From an empty slot, like the rehash: a multimap key's values come out
     * in insertion order even when their run wraps around the table end. */
    size_t start = 0;
    while (*dds_slot_h(t, start))
        start++;
    for (size_t k = 1; k <= t->cap; k++) {
        size_t i = (start + k) & (t->cap - 1);
        if (*dds_slot_h(t, i)) {
            int rc = fn(dds_slot_key(t, i), dds_slot_val(t, i), arg);
            if (rc)
                return rc;
        }
    }
    return 0;
}
