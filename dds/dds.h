/*
 * dds/dds.h - the private interface of the distributed data structures.
 *
 * dds/ owns every distributed collection of a job: dvectors (distributed
 * arrays living at the same address on every node, inside one reserved arena
 * of address space), dmaps / dmultimaps (fixed-size keys and values in a
 * node-local hash table, partitioned by key hash), the messages that move
 * their data (prefetch, write-back of values or of deltas), the coherence rule
 * at operator boundaries, the pretraining operators and checkpoint images.
 * The runtime's loop engines and the scheduler use what is declared here; the
 * public half is the DDS section of include/strads.h.
 *
 * Threads: the registry and the partition tables change only between
 * operators, on the driver's main thread or inside a node function on a
 * worker's main thread; during an operator they are read-only, so lookups take
 * no lock. Owner-side requests are served on one DDS server thread per
 * process (dds/xfer.c) and touch only the node's own mapping, its dmap
 * partitions and the per-vector "changed" bitmaps (atomics).
 */
#ifndef STRADS_DDS_H
#define STRADS_DDS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strads.h"

/* ---- the arena (dds/arena.c) ---- */
#if defined(__SANITIZE_THREAD__)
/* ThreadSanitizer only lets a program map memory inside its application
 * ranges; the low one (below 512 GiB) is free in PIE programs. */
#define DDS_ARENA_DEFAULT_ADDR 0x2000000000ULL   /* 128 GiB */
#define DDS_ARENA_DEFAULT_SIZE (256ULL << 30)    /* 256 GiB of address space */
#else
#define DDS_ARENA_DEFAULT_ADDR 0x200000000000ULL /* 32 TiB: far from PIE, heap, mmap area and ASan shadow */
#define DDS_ARENA_DEFAULT_SIZE (16ULL << 40)     /* 16 TiB of address space */
#endif

/* Reserves the arena once per process, where STRADS_ARENA says (rt_cfg()).
 * Returns 0, or STRADS_ENOMEM with a message on stderr naming the address. */
int dds_arena_init(void);
bool dds_in_arena(const void *p);
/* Driver only: picks a free, page-aligned range of len bytes. */
int dds_arena_pick(size_t len, size_t align, uintptr_t *addr);
/* Driver only: returns a range to the free list. */
void dds_arena_unpick(uintptr_t addr, size_t len);
/* Any node: makes [addr, addr+len) readable and writable, zero-filled. */
int dds_arena_map(uintptr_t addr, size_t len);
/* 0 when this node's kernel would grant a private mapping of len bytes now
 * (what malloc of len asks for), else STRADS_ENOMEM. */
int dds_arena_fits(size_t len);
/* Any node: the part of [p, p+len) this node will hold whole (its own
 * partition; the driver's coherent copy of everything) goes on transparent
 * huge pages, unless STRADS_HUGEPAGES=0. Dense ranges only: a huge page
 * costs 2 MB of memory wherever one element is touched (ranges above a
 * quarter of the machine's memory are left on small pages for that). */
void dds_arena_dense(void *p, size_t len);
/* Whether len bytes may be made resident whole although the program might
 * touch only some (at most a quarter of the machine's memory). */
bool dds_arena_may_fill(size_t len);
/* Any node, before the runs of a fetch are copied into the mapping: the
 * 2 MB regions the runs fill at least half go on huge pages too (a node's
 * block of another node's rows, fetched by a plan, is as dense as its own
 * partition; on small pages nearly every random row access missed the
 * TLB). The runs are added in ascending order; dds_dense_end after the
 * last. At most twice the bytes fetched become resident. */
typedef struct dds_dense_acc {
    uintptr_t region;
    size_t bytes;
} dds_dense_acc;
void dds_dense_add(dds_dense_acc *a, const void *p, size_t len);
void dds_dense_end(dds_dense_acc *a);
/* Any node: drops the pages and makes the range inaccessible again. */
void dds_arena_unmap(uintptr_t addr, size_t len);
size_t dds_page_size(void);
/* Before a large copy into [p, p+len) of a mapping: maps its pages in one
 * call (MADV_POPULATE_WRITE) instead of a page fault each, which in a VM
 * costs ~15 us a page (a 48 MB copy: 190 ms faulting, 12 + 49 ms so).
 * Best effort: a write-protected range or an older kernel is left alone. */
void dds_populate(void *p, size_t len);

/* ---- dvectors and the registry (dds/registry.c) ---- */
enum { DDS_PART_BLOCK = 0, DDS_PART_RANGE = 1, DDS_PART_HASH = 2 };

/* Bytes of array covered by one bit of the "changed" bitmap. */
#define DDS_CHUNK_SHIFT 16

typedef struct dds_vec {
    uint32_t id;          /* same on every node; names the vector in messages */
    char *base;           /* same address on every node */
    int64_t n;            /* number of elements */
    size_t elem;          /* bytes per element */
    size_t bytes;         /* mapped length, page-rounded */
    int part;             /* DDS_PART_* */
    int nodes, me;        /* job size and this node's rank when created */
    int64_t *bounds;      /* BLOCK/RANGE: node r owns [bounds[r], bounds[r+1]) */
    /* Owner side: chunks of owned data changed during the current operator
     * (set by write-back handlers and dds_writeback; read and cleared by the
     * driver's pull at dds_operator_end). */
    _Atomic uint64_t *changed;
    size_t nchunks;
    /* Driver side, inside an operator: elements of other nodes' partitions
     * that the driver's node holds current (dds_pull_keep, sorted); the
     * pull at the operator's end leaves them out, then drops the list. */
    int64_t *keep;
    size_t nkeep;
    /* Driver side: pages written by sequential code since the last operator
     * (set by the SIGSEGV write tracker, see dds/coherence.c). */
    _Atomic uint64_t *dirty;
    /* Driver side: pages the write tracker opened since the vector was last
     * protected as a whole (dirty ones and those written inside operators):
     * what dds_operator_end protects again when open_all is false. */
    _Atomic uint64_t *opened;
    size_t npages;
    _Atomic int64_t op_faults; /* pages opened inside the current operator */
    _Atomic int burst;    /* so many that the handler opened it whole */
    bool tracked;         /* driver mapping is write-protected for tracking */
    bool hot;             /* operators write it here: opened whole at begin */
    /* Worker side, inside a sync_for call: the last delta write-back sent
     * this node the owners' combined value of every element it does not
     * own (dds_writeback_deltas_from), so its copy needs no refresh. */
    bool combined_all;
    bool open_all;        /* this operator runs with the whole mapping open */
    /* Driver only: bumped whenever the content may have changed (the
     * driver's writes pushed at operator begin, owners' changes pulled at
     * operator end), so the engines can keep read-only copies across calls
     * while it stays the same. */
    uint64_t version;
    /* Worker: 1 + the driver's version of the copy this node fetched whole
     * last (0: none), so that an input no operator changed is not fetched
     * again at every call (the engines compare it with the version the
     * call's header carries). */
    uint64_t held_ver;
    bool fresh;           /* driver: no operator since creation; writes are
                           * found with mincore instead (dds/coherence.c) */
    char site[96];        /* "file:line" of the allocation, for messages */
} dds_vec;

/* Finds the dvector containing addr. On success *dv and, when elem_index is
 * not NULL, the index of the element holding addr. STRADS_ENOTFOUND when addr
 * is in no dvector. No lock: see the thread rule at the top. */
int dds_lookup(const void *addr, dds_vec **dv, int64_t *elem_index);
/* The vector whose mapping (its elements and the rest of their last page)
 * holds addr, or NULL: a write into the padding of a tracked vector's
 * last page faults like one into an element (a whole-mapping copy). */
dds_vec *dds_mapping_of(const void *addr);
/* For an address dds_lookup does not find: the bytes [*lo, *hi) around it
 * that hold no vector (reconnaissance skips accesses there without a
 * lookup each). */
void dds_gap(const void *addr, uintptr_t *lo, uintptr_t *hi);
dds_vec *dds_vec_by_id(uint32_t id);
/* Calls fn for every registered vector in address order. */
void dds_vec_foreach(void (*fn)(dds_vec *dv, void *arg), void *arg);

/* Partition math. */
int dds_owner(const dds_vec *dv, int64_t i);
/* Whether node owns element i: a range check where the partition is one,
 * for lists of many elements (dds_owner searches the bounds). */
static inline bool dds_owns(const dds_vec *dv, int64_t i, int node)
{
    if (dv->part != DDS_PART_HASH && dv->bounds && node < dv->nodes)
        return i >= dv->bounds[node] && i < dv->bounds[node + 1];
    return dds_owner(dv, i) == node;
}
/* Contiguous partitions only: the owned range of rank r. */
void dds_owned_range(const dds_vec *dv, int r, int64_t *lo, int64_t *hi);
uint64_t dds_hash64(uint64_t x);
uint64_t dds_hash_bytes(const void *p, size_t len);

/* Creates a dvector on every node (a collective via strads_invoke_all when
 * called by the driver). part is DDS_PART_BLOCK or DDS_PART_HASH. *out is the
 * driver's descriptor. */
int dds_vec_create(int64_t n, size_t elem, size_t align, int part, const char *site,
                   dds_vec **out);
/* Node-side half used by create and by load: maps and registers a vector
 * described by the caller; bounds (nodes+1 entries) may be NULL for BLOCK. */
int dds_vec_attach(uint32_t id, uintptr_t base, int64_t n, size_t elem, int part,
                   const int64_t *bounds, const char *site, dds_vec **out);
void dds_vec_detach(dds_vec *dv);
int dds_vec_destroy(dds_vec *dv); /* driver: on every node */
uint32_t dds_next_id(void);       /* driver only */

/* ---- coherence at operator boundaries (dds/coherence.c) ---- */
/* Driver, before a parallel operator starts on the nodes: pushes what the
 * sequential code wrote into distributed arrays (pages caught by the write
 * tracker; all of a vector when its change set is unknown) to the owners,
 * then opens the driver's mappings for the operator. */
int dds_operator_begin(void);
/* Driver, after every node finished the operator and its write-back: pulls
 * the chunks the owners report as changed into the driver's mapping and
 * re-arms the write tracker, so sequential code sees a coherent copy. */
int dds_operator_end(void);
/* Starts tracking the driver's writes to dv (called after create). */
void dds_track(dds_vec *dv);
void dds_untrack(dds_vec *dv);
/* Opens [p, p + len) of dv for a write the kernel makes (pread into the
 * mapping): a write-protected page would fail it with EFAULT. */
void dds_open_pages(dds_vec *dv, void *p, size_t len);

/* ---- data movement (dds/xfer.c) ---- */
/* Registers the message handlers; called once per process (idempotent). */
int dds_init(void);
/* Pulls elements idx[0..n) (any order, duplicates allowed) from their owners
 * into this node's mapping, in batched messages, one per owner and batch. */
int dds_prefetch(dds_vec *dv, const int64_t *idx, size_t n);
int dds_prefetch_range(dds_vec *dv, int64_t lo, int64_t hi);
/* Pushes the values of elements idx[0..n) to their owners; for owned
 * elements only marks them changed. One-sided: no collective. */
int dds_writeback(dds_vec *dv, const int64_t *idx, size_t n);
int dds_writeback_range(dds_vec *dv, int64_t lo, int64_t hi);

/* Aggregation of deltas for sync_for. The delta of an element is its value
 * now minus its value when dds_snapshot was taken. AVG: the mean of the
 * senders' deltas of an element; of a row of several float or double
 * scalars, per scalar over the senders whose delta of that scalar is not
 * all zero bytes (the others leave it as it is). */
typedef void (*dds_agg_fn)(void *owner_elem, const void *delta, size_t elem);
typedef struct dds_agg {
    enum { DDS_AGG_SUM, DDS_AGG_AVG, DDS_AGG_FN } kind;
    strads_type type; /* element = elem/sizeof(type) scalars; deltas use it */
    dds_agg_fn fn;    /* FN: applied in rank order */
    /* Send only the elements this node changed (whole arrays, no records):
     * an element left as it was is no write and must not dilute an AVG. */
    bool changed_only;
} dds_agg;
/* Keeps a copy of elements idx[0..n) to compute deltas against later. */
typedef struct dds_snap dds_snap;
int dds_snapshot(dds_vec *dv, const int64_t *idx, size_t n, dds_snap **out);
void dds_snap_free(dds_snap *s);
/* Collective over all nodes: each node's deltas (current - snapshot) for the
 * snapshot's elements are combined at the owners in rank order with agg;
 * returns once every owner has combined. */
int dds_writeback_deltas(dds_vec *dv, dds_snap *s, const dds_agg *agg);
/* The same with the current values taken from vals (the snapshot's elements
 * in index order, elem bytes each) instead of this node's copy. */
int dds_writeback_deltas_from(dds_vec *dv, dds_snap *s, const void *vals, const dds_agg *agg);

/* All-to-all exchange (collective): out[r] / outlen[r] is sent to rank r; on
 * return in[r] / inlen[r] holds what rank r sent (malloc'd, caller frees,
 * in[me] is a copy of out[me]). tag separates concurrent exchanges. */
int dds_exchange(uint64_t tag, void *const *out, const size_t *outlen, void **in,
                 size_t *inlen);

/* Owner side, all nodes: marks owned elements [lo, hi) of dv changed. */
void dds_mark_changed(dds_vec *dv, int64_t lo, int64_t hi);

/* Internals shared between files of dds/ (x__name convention). */
int dds__push_span(dds_vec *dv, int64_t lo, int64_t hi, void **state);
int dds__pull_changed(void);
/* The driver, inside an operator: elems (of other nodes' partitions) are
 * current in its copy whatever the owners changed, so the pull at the
 * operator's end need not fetch them. An engine knows this of what its
 * last round touched here: no other node wrote those in that round, and
 * none writes after it. Adds to what earlier calls noted. */
int dds_pull_keep(dds_vec *dv, const int64_t *elems, size_t n);
/* Any node but the driver: maps [p, p+len) in on the server thread, after
 * what it has queued; best effort, and harmless if the range is unmapped by
 * then (dds/xfer.c). */
void dds__populate_later(void *p, size_t len);
int dds__has_collections(void);
struct rt_msg;
void dds__serve_kv(struct rt_msg *m); /* dds/dmap.c, on the server thread */

/* ---- messages (types from RT_MSG_USER_BASE; values are wire format) ----
 * dds/ owns RT_MSG_USER_BASE + 0 .. + 15 (engine/loop.h starts at + 32). */
enum {
    DDS_MSG_FETCH = 64 + 0,  /* ranges -> reply with their bytes */
    DDS_MSG_STORE = 64 + 1,  /* ranges + bytes -> owner copies, replies ack */
    DDS_MSG_PULL = 64 + 2,   /* driver: send me every changed owned chunk */
    DDS_MSG_XCHG = 64 + 3,   /* all-to-all exchange payload */
    DDS_MSG_KV = 64 + 4,     /* dmap get/put/erase batches */
    DDS_MSG_REPLY = 64 + 5,  /* replies to the above (mailbox, by tag) */
};

/* ---- node-local hash table of fixed-size keys and values (dds/kv.c) ---- */
typedef struct dds_kv {
    size_t ksz, vsz, esz;  /* key, value, entry (flag + key + value, aligned) */
    size_t cap, count;     /* cap is a power of two */
    bool multi;            /* duplicates kept in insertion order */
    char *slots;
} dds_kv;

int dds_kv_init(dds_kv *t, size_t ksz, size_t vsz, bool multi);
void dds_kv_free(dds_kv *t);
/* Map: insert or overwrite. Multimap: append one more value for key. */
int dds_kv_put(dds_kv *t, const void *key, const void *val, uint64_t h);
/* First value of key, or NULL. */
void *dds_kv_get(const dds_kv *t, const void *key, uint64_t h);
/* Copies up to max values of key (insertion order) into vals; returns how
 * many the key has. */
size_t dds_kv_find(const dds_kv *t, const void *key, uint64_t h, void *vals, size_t max);
/* Removes every value of key; returns how many. */
size_t dds_kv_erase(dds_kv *t, const void *key, uint64_t h);
/* Iteration in a deterministic order for a given history of operations. */
typedef int (*dds_kv_visit)(const void *key, const void *val, void *arg);
int dds_kv_foreach(const dds_kv *t, dds_kv_visit fn, void *arg);

/* ---- dmap / dmultimap partitions (dds/dmap.c) ---- */
/* The node's record of one keyed collection; the driver's record is also
 * the public handle. Keys go to node (hash >> 32) % nodes. */
struct strads_dmap {
    uint32_t id;
    size_t ksz, vsz;
    bool multi;
    int nodes, me;
    dds_kv kv;          /* this node's partition */
    dds_kv cache;       /* values of other nodes' keys, from dds_map_prefetch */
    pthread_mutex_t mu; /* one batch at a time on the partition */
};
typedef struct strads_dmap dds_map;
dds_map *dds_map_by_id(uint32_t id);
int dds_map_owner(const dds_map *m, uint64_t h);

/* The keyed prefetch / cache / write-back protocol, for code running on any
 * node inside an operator (dmaps only, not dmultimaps: a cache holds one
 * value per key). Prefetch pulls the values of keys[0..n) owned elsewhere
 * into the node's cache (absent keys leave the cache); dds_map_local finds a
 * key in the node's partition or cache (NULL when absent; one hash lookup,
 * no lock, no message); write-back pushes the node's cached values of
 * keys[0..n) to their owners. Batched: one message per owner. Writes by
 * other nodes must not overlap local reads in the same phase, as for
 * dvectors. */
int dds_map_prefetch(dds_map *m, const void *keys, size_t n);
void *dds_map_local(dds_map *m, const void *key);
int dds_map_writeback(dds_map *m, const void *keys, size_t n);
/* Inserts or overwrites key in the node's cache (or partition, if owned). */
int dds_map_local_put(dds_map *m, const void *key, const void *val);
void dds_map_cache_drop(dds_map *m);
/* Next tag for dds_exchange; every node calls it in the same order. */
uint64_t dds_xchg_tag(void);
/* Internals shared by dds/dmap.c and dds/dmap_ops.c. */
typedef struct dds_kv_out {
    char *buf;
    size_t len, cap;
} dds_kv_out;
int dds__out_add(dds_kv_out *o, const void *p, size_t n); /* p NULL: reserve */
int dds__map_create(size_t ksz, size_t vsz, bool multi, dds_map **out); /* driver */

/* ---- text load helpers (dds/load.c) ---- */
/* The byte range of part r of a file of size bytes split in nparts at line
 * boundaries: a line belongs to the part that holds its first byte. Reads
 * the file around the cut points. */
int dds_line_range(int fd, uint64_t size, int r, int nparts, uint64_t *lo, uint64_t *hi);

/* ---- functions named across processes (dds/pretrain_ops.c) ---- */
/* rt_fnref_encode with a message naming what refused it. */
int dds_fn_encode(const void *fn, const char *what, uint64_t *ref);
void *dds_fn_decode(uint64_t ref);

#endif /* STRADS_DDS_H */
