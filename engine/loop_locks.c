/*
 * engine/loop_locks.c - async_for rounds in which a node's threads share
 * one group too large for a thread (the planner's "locks" method).
 *
 * Each iteration waits for its turn (rt__lock_wait_turn), takes, in
 * ascending order (no deadlock), a lock for every element of a written array
 * it touches - striped: elements share RT__LOCK_STRIPES locks by hash - then
 * draws a ticket, runs, and releases. Holding all its locks while drawing
 * the ticket makes the tickets a serial order the run is equivalent to: two
 * conflicting iterations hold a common lock, so the one with the smaller
 * ticket finished first; others commute. Bodies that do not conflict run at
 * once; only the grants are ordered.
 *
 * The grant is the one point where the order is decided (docs/design.md
 * §6, rule 1). The engine fixes the turns (the threads' shares
 * interleaved), so a run with locks repeats bit for bit; under cluster replay the turns come from the
 * record (rt__lock_gates). Each node sorts its locked segments by ticket into
 * the order it really ran, rank 0 assembles the call's serial order from the
 * nodes' (rt__order_gather), and the engine hands that to the oracle file and
 * to --record (replay/order.c), so single-node replay runs exactly what the
 * recorded run computed.
 *
 * Threads: the stripe table is shared by the pool threads of this process;
 * everything else runs on the node-function thread.
 */
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/loop.h"

/* Loads a waiter spins before it sleeps (rt__lock_wait_turn, stripe_lock):
 * a few microseconds; a longer spin costs CPU that a loaded machine lacks. */
#define RT_TURN_SPINS 100

/* 0 free, 1 held, 2 held with a thread asleep on it (a futex word each). */
static _Atomic uint32_t stripe_held[RT__LOCK_STRIPES];

static inline uint16_t stripe_of(sched_acc a)
{
    uint64_t k = SCHED_ACC_KEY(a) * 0x9E3779B97F4A7C15ull; /* Fibonacci hashing */
    return (uint16_t)(k >> (64 - 12));
}

_Static_assert(RT__LOCK_STRIPES == 1 << 12, "stripe_of takes 12 bits");

int rt__lock_lists(const int64_t *order, int64_t n, const uint8_t *want, const sched_records *rec,
                   const uint32_t *written, int64_t nwritten, int64_t **off_out,
                   uint16_t **stripe_out)
{
    size_t cap = 0;
    for (int64_t i = 0; i < n; i++)
        if (want[i]) {
            int64_t k = order[i] - rec->first;
            cap += (size_t)(rec->off[k + 1] - rec->off[k]);
        }
    int64_t *off = malloc(((size_t)n + 1) * sizeof *off);
    uint16_t *st = malloc((cap ? cap : 1) * sizeof *st);
    if (!off || !st) {
        free(off);
        free(st);
        return STRADS_ENOMEM;
    }
    size_t at = 0;
    for (int64_t i = 0; i < n; i++) {
        off[i] = (int64_t)at;
        if (!want[i]) continue;
        int64_t k = order[i] - rec->first;
        size_t from = at;
        for (int64_t j = rec->off[k]; j < rec->off[k + 1]; j++) {
            sched_acc a = rec->acc[j];
            bool w = false;
            for (int64_t q = 0; q < nwritten && !w; q++) w = written[q] == SCHED_ACC_DV(a);
            if (!w) continue;
            /* insertion into the sorted, unique stripes of this iteration */
            uint16_t s = stripe_of(a);
            size_t p = at;
            while (p > from && st[p - 1] > s) p--;
            if (p > from && st[p - 1] == s) continue;
            memmove(st + p + 1, st + p, (at - p) * sizeof *st);
            st[p] = s;
            at++;
        }
    }
    off[n] = (int64_t)at;
    *off_out = off;
    *stripe_out = st;
    return 0;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static void futex_wait(_Atomic uint32_t *w, uint32_t v)
{
    syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, v, NULL, NULL, 0);
}

static void futex_wake(_Atomic uint32_t *w, int n)
{
    syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

/* A stripe's lock: a short spin, then asleep on its futex (Drepper's
 * "Futexes are tricky", mutex 2). In a giant group nearly every turn waits
 * for the previous iteration's stripes; yielding there handed the core to
 * a CPU hog for a slice each time, like waiting for the turn did. */
static void stripe_lock(_Atomic uint32_t *w)
{
    uint32_t c = 0;
    if (atomic_compare_exchange_strong(w, &c, 1)) return;
    for (int spins = 0; spins < RT_TURN_SPINS; spins++) {
        c = 0;
        if (atomic_load_explicit(w, memory_order_relaxed) == 0 &&
            atomic_compare_exchange_strong(w, &c, 1))
            return;
        cpu_relax();
    }
    c = atomic_exchange(w, 2);
    while (c != 0) {
        futex_wait(w, 2);
        c = atomic_exchange(w, 2);
    }
}

static void stripe_unlock(_Atomic uint32_t *w)
{
    if (atomic_fetch_sub(w, 1) != 1) {
        atomic_store(w, 0);
        futex_wake(w, 1);
    }
}

void rt__lock(const uint16_t *s, int64_t n)
{
    for (int64_t i = 0; i < n; i++) stripe_lock(&stripe_held[s[i]]);
}

void rt__unlock(const uint16_t *s, int64_t n)
{
    for (int64_t i = n; i-- > 0;) stripe_unlock(&stripe_held[s[i]]);
}

typedef struct by_ticket {
    int64_t ticket, it;
} by_ticket;

static int cmp_ticket(const void *a, const void *b)
{
    const by_ticket *x = a, *y = b;
    return (x->ticket > y->ticket) - (x->ticket < y->ticket);
}

int rt__lock_realize(const int64_t *order, const int64_t *ticket, int64_t lo, int64_t hi,
                     int64_t *out)
{
    by_ticket *t = malloc((size_t)(hi - lo + 1) * sizeof *t);
    if (!t) return STRADS_ENOMEM;
    for (int64_t i = lo; i < hi; i++) t[i - lo] = (by_ticket){ticket[i], order[i]};
    qsort(t, (size_t)(hi - lo), sizeof *t, cmp_ticket);
    for (int64_t i = lo; i < hi; i++) out[i] = t[i - lo].it;
    free(t);
    return 0;
}

int rt__lock_gates(const int64_t *order, int64_t lo, int64_t hi, const int64_t *pos, int64_t begin,
                   int64_t base, int64_t *gate)
{
    by_ticket *t = malloc((size_t)(hi - lo + 1) * sizeof *t);
    if (!t) return STRADS_ENOMEM;
    int rc = 0;
    for (int64_t i = lo; i < hi && !rc; i++) {
        t[i - lo] = (by_ticket){pos[order[i] - begin], i};
        if (t[i - lo].ticket < 0) rc = STRADS_ESTATE;
    }
    if (!rc) qsort(t, (size_t)(hi - lo), sizeof *t, cmp_ticket);
    for (int64_t q = 0; q < hi - lo && !rc; q++) gate[t[q].it] = base + q;
    free(t);
    return rc;
}

/* Turns pass from thread to thread at every iteration of a locked round. A
 * waiter that spins or yields burns the slice that the thread holding the
 * turn needs when the machine is loaded: with CPU hogs, sched_yield hands
 * the core to a hog for a whole slice at every turn. So after a short spin
 * it sleeps on a futex, and rt__turn_take wakes it; a woken sleeper gets a
 * core at once. The futex word, not next, is what sleepers compare: it is 32
 * bits and moves only when someone sleeps. Seq-cst order makes the
 * handshake safe: either the waiter sees the new next after announcing
 * itself, or the taker sees the sleeper and bumps the word it sleeps on. */
void rt__lock_wait_turn(rt__turns *t, int64_t ticket)
{
    for (int spins = 0; spins < RT_TURN_SPINS; spins++)
        if (atomic_load_explicit(&t->next, memory_order_acquire) == ticket)
            return;
        else
            cpu_relax();
    for (;;) {
        uint32_t w = atomic_load(&t->word);
        atomic_fetch_add(&t->sleepers, 1);
        bool mine = atomic_load(&t->next) == ticket;
        if (!mine) futex_wait(&t->word, w);
        atomic_fetch_sub(&t->sleepers, 1);
        if (mine || atomic_load(&t->next) == ticket) return;
    }
}

int64_t rt__turn_take(rt__turns *t)
{
    int64_t k = atomic_fetch_add(&t->next, 1);
    if (atomic_load(&t->sleepers) > 0) {
        atomic_fetch_add(&t->word, 1);
        futex_wake(&t->word, INT_MAX);
    }
    return k;
}

int rt__order_gather(const int64_t *order, const int64_t *round_off, int rounds, uint64_t tag,
                     int64_t **out, int64_t *nout)
{
    int size = strads_size(), me = strads_rank();
    if (me != 0) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_LOOP_ORDER, tag);
        msgpack_pack_bin(&p.pk, ((size_t)rounds + 1) * sizeof *round_off);
        msgpack_pack_bin_body(&p.pk, round_off, ((size_t)rounds + 1) * sizeof *round_off);
        msgpack_pack_bin(&p.pk, (size_t)round_off[rounds] * sizeof *order);
        int rc = rt_send(0, p.sb.data, p.sb.size, order, (size_t)round_off[rounds] * sizeof *order);
        rt_pack_done(&p);
        return rc;
    }
    /* rank 0: every node's order and round offsets, then round by round */
    int64_t **ord = calloc((size_t)size, sizeof *ord), **roff = calloc((size_t)size, sizeof *roff);
    int rc = ord && roff ? 0 : STRADS_ENOMEM;
    int64_t total = rc ? 0 : round_off[rounds];
    for (int r = 1; r < size && !rc; r++) {
        rt_msg *m;
        rc = rt_recv(RT_MSG_LOOP_ORDER, tag, r, -1, &m);
        if (rc) break;
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *o = NULL;
        rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        if (!rc && (o->type != MSGPACK_OBJECT_BIN ||
                    o->via.bin.size != ((size_t)rounds + 1) * sizeof(int64_t)))
            rc = STRADS_EPROTO;
        if (!rc && !(roff[r] = malloc(o->via.bin.size))) rc = STRADS_ENOMEM;
        if (!rc) memcpy(roff[r], o->via.bin.ptr, o->via.bin.size);
        /* the round offsets must be monotone, and the order as long as they say */
        for (int q = 0; q < rounds && !rc; q++)
            if (roff[r][q] > roff[r][q + 1] || roff[r][0] != 0) rc = STRADS_EPROTO;
        if (!rc) rc = rt_unpack_next(&up, m->body, m->body_len, &off, &o);
        if (!rc && (o->type != MSGPACK_OBJECT_BIN ||
                    o->via.bin.size != (size_t)roff[r][rounds] * sizeof(int64_t)))
            rc = STRADS_EPROTO;
        if (!rc && !(ord[r] = malloc(o->via.bin.size ? o->via.bin.size : 1))) rc = STRADS_ENOMEM;
        if (!rc) memcpy(ord[r], o->via.bin.ptr, o->via.bin.size);
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
        if (!rc) total += roff[r][rounds];
        if (rc == STRADS_EPROTO) rt_error("async_for: malformed order from rank %d", r);
    }
    int64_t *all = rc ? NULL : malloc((size_t)(total ? total : 1) * sizeof *all);
    if (!rc && !all) rc = STRADS_ENOMEM;
    int64_t at = 0;
    for (int q = 0; q < rounds && !rc; q++)
        for (int r = 0; r < size; r++) {
            const int64_t *ro = r ? roff[r] : round_off, *o = r ? ord[r] : order;
            int64_t len = ro[q + 1] - ro[q];
            memcpy(all + at, o + ro[q], (size_t)len * sizeof *all);
            at += len;
        }
    for (int r = 1; r < size && ord && roff; r++) {
        free(ord[r]);
        free(roff[r]);
    }
    free(ord);
    free(roff);
    if (rc) {
        free(all);
        return rc;
    }
    *out = all;
    *nout = total;
    return 0;
}
