/*
 * engine/loop_fields.c - packing a loop's env and tls structs for the wire,
 * driven by the field tables stradsc generates (strads_field in strads.h).
 *
 * One generic routine in the library instead of code per field, or per
 * file: generated files stay small and quick to compile and need neither
 * <msgpack.h> nor libmsgpackc. On the wire: integers and floating values
 * natively; pointers into distributed arrays as integers (the same address
 * on every node); pointer-free structs and fixed arrays as bin blobs whose
 * size is checked, so a message from another build of the program is
 * refused, not misread; copyin and reduction sections as lo, n and the
 * elements as one blob.
 *
 * A copyin section ships once per version: the driver remembers the hash of
 * the bytes it last shipped for each copyin field, and while the bytes hash
 * the same it sends that hash in place of the blob; every worker keeps the
 * copy it last received for the field (with the hash of its bytes, computed
 * on arrival) and serves the call from it. A worker that holds no copy of
 * that hash refuses the call (STRADS_EPROTO): it never runs on other bytes.
 * A body that writes its copyin copy is stopped when the call ends
 * (rt_loop_env_close), so a kept copy is the bytes that arrived.
 */
#include <msgpack.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "strads.h"
/* Header-only: nothing to link (core/image.c does the same). */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "dds/dds.h"
#include "engine/loop.h"

static int up_i64(const msgpack_object *o, int64_t *v)
{
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
        *v = (int64_t)o->via.u64;
        return 0;
    }
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) {
        *v = o->via.i64;
        return 0;
    }
    return -1;
}

/* Blobs carry their size: a mismatch means another build of the program. */
static int up_bin(const msgpack_object *o, void *v, size_t n)
{
    if (o->type != MSGPACK_OBJECT_BIN || o->via.bin.size != n) return -1;
    if (n) memcpy(v, o->via.bin.ptr, n);
    return 0;
}

/* One copyin field's version: on the driver, what every worker holds (buf
 * NULL); on a worker, the copy it holds. Driver main thread / node-function
 * thread only: loop calls do not nest. A worker's copies live until the
 * process exits. */
typedef struct kept {
    const strads_field *f;
    uint64_t hash;
    int64_t lo, n;
    char *buf;
    struct kept *next;
} kept;
static kept *shipped, *held;
static uint64_t sent_bytes, kept_bytes;

/* A worker's copy of a copyin section ends where a page it may not touch
 * begins: a body that reads past the section its clause gives
 * (copyin(t[0:n/2]), n elements read) stops at the first element past it
 * with SIGSEGV, where it read whatever followed and printed a wrong answer
 * with exit 0 (the driver reads the array itself, so one process agreed
 * with the plain build). The copy is aligned as its elements are: the
 * section's bytes are a multiple of the element, and the element of its
 * alignment. */
static size_t page_round(size_t bytes)
{
    size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + ps - 1) / ps * ps;
}

/* The guard pages of the live copies, for the fault's message: written
 * by the node-function thread, read by the handler on any thread. */
#define GUARDS 256
static _Atomic uintptr_t guards[GUARDS];
static atomic_int guard_handler_on;
static struct sigaction guard_old;

static void guard_segv(int sig, siginfo_t *si, void *uc)
{
    uintptr_t a = (uintptr_t)si->si_addr, ps = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int g = 0; g < GUARDS; g++) {
        uintptr_t at = atomic_load_explicit(&guards[g], memory_order_relaxed);
        if (!at || a < at || a >= at + ps) continue;
        static const char msg[] =
            "strads: fatal: a loop body read past the end of its copyin section: the section "
            "the loop's copyin(p[lo:n]) clause gives is shorter than what the body reads; give "
            "the whole extent the body reads (or make the array a dvector)\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        signal(SIGSEGV, SIG_DFL); /* the fault repeats and kills, as before */
        return;
    }
    if (guard_old.sa_flags & SA_SIGINFO)
        guard_old.sa_sigaction(sig, si, uc);
    else if (guard_old.sa_handler != SIG_DFL && guard_old.sa_handler != SIG_IGN)
        guard_old.sa_handler(sig);
    else
        signal(SIGSEGV, SIG_DFL);
}

static void guard_note(uintptr_t page, uintptr_t old)
{
    if (page && !atomic_load(&guard_handler_on)) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = guard_segv;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        if (!sigaction(SIGSEGV, &sa, &guard_old)) atomic_store(&guard_handler_on, 1);
    }
    for (int g = 0; g < GUARDS; g++) {
        uintptr_t want = old;
        if (atomic_compare_exchange_strong(&guards[g], &want, page)) return;
    }
}

static char *copy_alloc(size_t bytes)
{
    size_t data = page_round(bytes ? bytes : 1), ps = (size_t)sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, data + ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    if (mprotect(m + data, ps, PROT_NONE)) {
        munmap(m, data + ps);
        return NULL;
    }
    guard_note((uintptr_t)(m + data), 0);
    return m + data - bytes;
}

static void copy_free(char *c, size_t bytes)
{
    if (!c) return;
    size_t data = page_round(bytes ? bytes : 1);
    guard_note(0, (uintptr_t)(c + bytes));
    munmap(c + bytes - data, data + (size_t)sysconf(_SC_PAGESIZE));
}

static kept *kept_of(kept **list, const strads_field *f)
{
    kept *k = *list;
    while (k && k->f != f) k = k->next;
    if (!k && (k = calloc(1, sizeof *k))) {
        k->f = f;
        k->next = *list;
        *list = k;
    }
    return k;
}

void rt_fields_copyin_counts(uint64_t *sent, uint64_t *kept_b)
{
    *sent = sent_bytes;
    *kept_b = kept_bytes;
    sent_bytes = kept_bytes = 0;
}

static int is_copyin(int cls) { return cls == STRADS_F_COPYIN || cls == STRADS_F_COPYIN_REAL; }

static int64_t geti(const char *p, size_t n, int sgn)
{
    switch (n) {
    case 1: return sgn ? (int64_t)*(const int8_t *)p : (int64_t)*(const uint8_t *)p;
    case 2: return sgn ? (int64_t)*(const int16_t *)p : (int64_t)*(const uint16_t *)p;
    case 4: return sgn ? (int64_t)*(const int32_t *)p : (int64_t)*(const uint32_t *)p;
    default: return *(const int64_t *)p;
    }
}
static void seti(char *p, size_t n, int64_t v)
{
    switch (n) {
    case 1: *(int8_t *)p = (int8_t)v; break;
    case 2: *(int16_t *)p = (int16_t)v; break;
    case 4: *(int32_t *)p = (int32_t)v; break;
    default: *(int64_t *)p = v;
    }
}
static size_t nobj(const strads_field *fd, int n)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += fd[i].cls >= STRADS_F_COPYIN ? 3 : 1;
    return k;
}
/* The driver's hashes of one call's copyin sections, each taken once
 * (rt_fields_copyin_snap) for the plan keys and the pack: a PageRank's 9.6
 * MB of CSR was hashed three times a call, as long as its compute. */
#define SNAP_FIELDS 64
static struct {
    const void *base;
    const strads_field *fd;
    uint64_t h[SNAP_FIELDS]; /* XXH3_64bits of field i's bytes, what a worker keeps */
    bool on;
} snap;

static uint64_t field_hash(const char *b, const strads_field *f, int i)
{
    int64_t lo = *(const int64_t *)(b + f->lo_off);
    int64_t cn = *(const int64_t *)(b + f->n_off);
    const char *s = *(const char *const *)(b + f->off);
    if (!s || cn <= 0) return 0;
    if (snap.on && snap.base == b && snap.fd == f - i && i < SNAP_FIELDS) return snap.h[i];
    return XXH3_64bits(s + lo * (int64_t)f->elem, (size_t)cn * f->elem);
}

void rt_fields_copyin_snap(const void *vb, const strads_field *fd, int n)
{
    snap.on = false;
    if (!vb || !fd) return;
    for (int i = 0; i < n && i < SNAP_FIELDS; i++)
        snap.h[i] = is_copyin(fd[i].cls) ? field_hash(vb, &fd[i], i) : 0;
    snap.base = vb;
    snap.fd = fd;
    snap.on = true;
}

void rt_fields_copyin_snap_end(void) { snap.on = false; }

/* Where field f's bytes are: a global table's in the global itself. */
static const char *field_at(const char *b, const strads_field *f)
{
    return f->cls == STRADS_F_BLOB && f->global ? (const char *)f->global : b + f->off;
}

int strads_fields_pack(struct msgpack_packer *pk_, const void *vb, const strads_field *fd, int n)
{
    msgpack_packer *pk = pk_;
    const char *b = vb;
    if (msgpack_pack_array(pk, nobj(fd, n))) return STRADS_EIO;
    for (int i = 0; i < n; i++) {
        const char *p = field_at(b, &fd[i]);
        int r = 0;
        switch (fd[i].cls) {
        case STRADS_F_INT:
        case STRADS_F_UINT: /* the bits of a u64 travel as one i64 */
            r = msgpack_pack_int64(pk, geti(p, fd[i].size, fd[i].cls == STRADS_F_INT));
            break;
        case STRADS_F_FLT:
            r = msgpack_pack_double(pk, fd[i].size == sizeof(float) ? *(const float *)p
                                                                     : *(const double *)p);
            break;
        case STRADS_F_PTR: r = msgpack_pack_int64(pk, (int64_t)*(const uintptr_t *)p); break;
        case STRADS_F_BLOB:
            r = msgpack_pack_bin(pk, fd[i].size) || msgpack_pack_bin_body(pk, p, fd[i].size);
            break;
        default: {
            int64_t lo = *(const int64_t *)(b + fd[i].lo_off);
            int64_t cn = *(const int64_t *)(b + fd[i].n_off);
            const char *s = *(const char *const *)p;
            if (is_copyin(fd[i].cls)) s += lo * (int64_t)fd[i].elem;
            size_t bytes = cn > 0 ? (size_t)cn * fd[i].elem : 0;
            r = msgpack_pack_int64(pk, lo) || msgpack_pack_int64(pk, cn);
            kept *k = is_copyin(fd[i].cls) && bytes && strads_size() > 1
                          ? kept_of(&shipped, &fd[i])
                          : NULL;
            if (k) {
                uint64_t h = field_hash(b, &fd[i], i);
                if (k->hash == h && k->lo == lo && k->n == cn) {
                    kept_bytes += bytes;
                    r = r || msgpack_pack_uint64(pk, h);
                    break;
                }
                *k = (kept){k->f, h, lo, cn, NULL, k->next};
            }
            if (is_copyin(fd[i].cls)) sent_bytes += bytes;
            r = r || msgpack_pack_bin(pk, bytes) || (bytes && msgpack_pack_bin_body(pk, s, bytes));
        }
        }
        if (r) return STRADS_EIO;
    }
    return 0;
}
int strads_fields_unpack(const struct msgpack_object *o, void *vb, const strads_field *fd, int n)
{
    char *b = vb;
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != nobj(fd, n))
        return STRADS_EPROTO;
    const msgpack_object *v = o->via.array.ptr;
    for (int i = 0; i < n; i++) {
        char *p = (char *)field_at(b, &fd[i]);
        int64_t x, lo, cn;
        switch (fd[i].cls) {
        case STRADS_F_INT:
        case STRADS_F_UINT:
        case STRADS_F_PTR:
            if (up_i64(v++, &x)) return STRADS_EPROTO;
            if (fd[i].cls == STRADS_F_PTR) *(uintptr_t *)p = (uintptr_t)x;
            else seti(p, fd[i].size, x);
            break;
        case STRADS_F_FLT:
            if (v->type != MSGPACK_OBJECT_FLOAT32 && v->type != MSGPACK_OBJECT_FLOAT64)
                return STRADS_EPROTO;
            if (fd[i].size == sizeof(float)) *(float *)p = (float)v->via.f64;
            else *(double *)p = v->via.f64;
            v++;
            break;
        case STRADS_F_BLOB:
            if (up_bin(v++, p, fd[i].size)) return STRADS_EPROTO;
            break;
        default: {
            if (up_i64(&v[0], &lo) || up_i64(&v[1], &cn) || cn < 0)
                return STRADS_EPROTO;
            size_t bytes = (size_t)cn * fd[i].elem;
            if (is_copyin(fd[i].cls) && v[2].type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
                kept *k = held;
                while (k && k->f != &fd[i]) k = k->next;
                if (!k || !k->buf || k->hash != v[2].via.u64 || k->lo != lo || k->n != cn) {
                    rt_error("a loop call's copyin section refers to bytes this process does not "
                             "hold (hash %016llx, %lld elements)",
                             (unsigned long long)v[2].via.u64, (long long)cn);
                    return STRADS_EPROTO;
                }
                *(int64_t *)(b + fd[i].lo_off) = lo;
                *(int64_t *)(b + fd[i].n_off) = cn;
                *(char **)p = k->buf - lo * (int64_t)fd[i].elem;
                v += 3;
                if (fd[i].global) memcpy(fd[i].global, p, fd[i].size);
                continue;
            }
            if (v[2].type != MSGPACK_OBJECT_BIN || v[2].via.bin.size != bytes)
                return STRADS_EPROTO;
            if (fd[i].cls == STRADS_F_TLSSEC) { /* into the buffer tls_init made */
                if (lo != *(int64_t *)(b + fd[i].lo_off) || cn != *(int64_t *)(b + fd[i].n_off))
                    return STRADS_EPROTO;
                if (bytes) memcpy(*(char **)p, v[2].via.bin.ptr, bytes);
            } else { /* an aligned private copy: message bytes may be unaligned */
                char *c = copy_alloc(bytes);
                if (!c) return STRADS_ENOMEM;
                if (bytes) memcpy(c, v[2].via.bin.ptr, bytes);
                /* kept for the calls that refer to it by its hash */
                kept *k = bytes && strads_size() > 1 ? kept_of(&held, &fd[i]) : NULL;
                if (k) {
                    copy_free(k->buf, (size_t)k->n * fd[i].elem);
                    *k = (kept){k->f, XXH3_64bits(c, bytes), lo, cn, c, k->next};
                }
                *(int64_t *)(b + fd[i].lo_off) = lo;
                *(int64_t *)(b + fd[i].n_off) = cn;
                *(char **)p = c - lo * (int64_t)fd[i].elem;
            }
            v += 3;
        }
        }
        if (fd[i].global && p != fd[i].global) memcpy(fd[i].global, p, fd[i].size);
    }
    return 0;
}
/* A hash of the bytes of env's copyin sections (0 when it has none; with
 * index_only, of those whose elements are not floating values): the driver
 * replans a loop whose copyin input changed since its plan (an index array
 * rewritten between calls lost updates), and stops one that wrote it. */
uint64_t rt_fields_copyin_hash(const void *vb, const strads_field *fd, int n, int index_only)
{
    const char *b = vb;
    uint64_t h = 0;
    for (int i = 0; i < n; i++) {
        if (!is_copyin(fd[i].cls) || (index_only && fd[i].cls == STRADS_F_COPYIN_REAL)) continue;
        uint64_t f = field_hash(b, &fd[i], i);
        if (f) h = (h ^ (f + 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1))) * 0xBF58476D1CE4E5B9ull;
    }
    return h;
}

uint64_t rt_fields_scalar_hash(const void *vb, const strads_field *fd, int n)
{
    const char *b = vb;
    uint64_t h = 0;
    for (int i = 0; i < n; i++) {
        const void *p;
        dds_vec *dv;
        int64_t ei;
        /* a pointer into a distributed array counts by where in its array
         * it points and the array's shape, not by which array: the records
         * name elements by the loop's arrays in order, so another array of
         * the shape (a buffer swapped with its twin) picks the same ones */
        if (fd[i].cls == STRADS_F_PTR && fd[i].size == sizeof p && (memcpy(&p, b + fd[i].off, sizeof p), p) &&
            dds_lookup(p, &dv, &ei) == 0) {
            uint64_t where[3] = {(uint64_t)((const char *)p - dv->base), (uint64_t)dv->n, (uint64_t)dv->elem};
            h = XXH3_64bits_withSeed(where, sizeof where, h + (uint64_t)i);
            continue;
        }
        /* a pointer's NO is about its elements: the address itself counts */
        if (fd[i].cls == STRADS_F_PTR || fd[i].picks == STRADS_PICKS_YES ||
            (fd[i].picks == STRADS_PICKS_DEFAULT &&
             (fd[i].cls == STRADS_F_INT || fd[i].cls == STRADS_F_UINT ||
              fd[i].cls == STRADS_F_BLOB)))
            h = XXH3_64bits_withSeed(field_at(b, &fd[i]), fd[i].size, h + (uint64_t)i);
    }
    return h;
}

void strads_fields_free(void *vb, const strads_field *fd, int n)
{
    char *b = vb;
    for (int i = 0; i < n; i++)
        if (is_copyin(fd[i].cls) && *(char **)(b + fd[i].off)) {
            char *c = *(char **)(b + fd[i].off) + *(int64_t *)(b + fd[i].lo_off) *
                                                      (int64_t)fd[i].elem;
            kept *k = held;
            while (k && k->buf != c) k = k->next;
            if (!k) copy_free(c, (size_t)*(int64_t *)(b + fd[i].n_off) * fd[i].elem); /* a kept copy serves the next call */
            *(char **)(b + fd[i].off) = NULL;
        }
}
