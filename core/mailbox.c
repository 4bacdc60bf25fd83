/*
 * core/mailbox.c - messages waiting for a thread to take them, and the
 * liveness of every peer.
 *
 * Messages that no loop-thread handler takes are kept in arrival order and
 * matched by (type, tag, source), as in MPI, so a collective or a reply finds
 * its message whatever else arrived first. A waiter also wakes when the peer
 * it waits for is lost, and gets STRADS_EPEER instead of hanging: this is how
 * a dead node becomes an error code in the driver.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/transport.h"

pthread_mutex_t net_mu = PTHREAD_MUTEX_INITIALIZER;

pthread_cond_t net_cond;

typedef struct peer_state {
    bool lost;
    char reason[160];
    size_t inbox;     /* bytes of this peer's messages waiting in the mailbox */
} peer_state;

static struct {
    rt_msg *head, *tail;
    peer_state *peers;
    int size;
    bool shutting_down;
    void (*inbox_hook)(int src, size_t bytes);
} mb;

void net_mbox_init(int size)
{
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&net_cond, &a);
    pthread_condattr_destroy(&a);
    mb.peers = calloc((size_t)size, sizeof *mb.peers);
    mb.size = size;
    mb.head = mb.tail = NULL;
    mb.shutting_down = false;
}

void net_mbox_free(void)
{
    pthread_mutex_lock(&net_mu);
    rt_msg *m = mb.head;
    mb.head = mb.tail = NULL;
    pthread_mutex_unlock(&net_mu);
    while (m) {
        rt_msg *n = m->next;
        free(m->buf);
        free(m);
        m = n;
    }
    free(mb.peers);
    mb.peers = NULL;
}

void net_mbox_set_inbox_hook(void (*fn)(int src, size_t bytes)) { mb.inbox_hook = fn; }

void rt_msg_free(rt_msg *m)
{
    if (!m) return;
    free(m->buf);
    free(m);
}

void net_mbox_put(rt_msg *m)
{
    m->next = NULL;
    pthread_mutex_lock(&net_mu);
    if (mb.tail)
        mb.tail->next = m;
    else
        mb.head = m;
    mb.tail = m;
    if (m->src >= 0 && m->src < mb.size) mb.peers[m->src].inbox += m->len;
    pthread_cond_broadcast(&net_cond);
    pthread_mutex_unlock(&net_mu);
}

/* Bytes waiting from src; the transport pauses reading above a mark. */
size_t net_mbox_inbox(int src)
{
    pthread_mutex_lock(&net_mu);
    size_t n = mb.peers[src].inbox;
    pthread_mutex_unlock(&net_mu);
    return n;
}

void net_peer_lost(int rank, const char *reason)
{
    pthread_mutex_lock(&net_mu);
    peer_state *p = &mb.peers[rank];
    bool first = !p->lost;
    if (first) {
        p->lost = true;
        snprintf(p->reason, sizeof p->reason, "%s", reason);
    }
    bool quiet = mb.shutting_down;
    pthread_cond_broadcast(&net_cond);
    pthread_mutex_unlock(&net_mu);
    if (first && !quiet) rt_error("rank %d lost: %s", rank, reason);
}

bool rt_peer_alive(int rank)
{
    if (rank < 0 || rank >= mb.size) return false;
    pthread_mutex_lock(&net_mu);
    bool alive = !mb.peers[rank].lost;
    pthread_mutex_unlock(&net_mu);
    return alive;
}

bool rt_peer_alive_locked(int rank) { return !mb.peers[rank].lost; }

const char *rt_peer_lost_reason(int rank)
{
    if (rank < 0 || rank >= mb.size) return "no such rank";
    /* The reason is written once, before lost is set, and never changes. */
    pthread_mutex_lock(&net_mu);
    const char *r = mb.peers[rank].lost ? mb.peers[rank].reason : NULL;
    pthread_mutex_unlock(&net_mu);
    return r;
}

int rt_first_lost_peer(void)
{
    int r = -1;
    pthread_mutex_lock(&net_mu);
    for (int i = 0; i < mb.size && r < 0; i++)
        if (mb.peers[i].lost) r = i;
    pthread_mutex_unlock(&net_mu);
    return r;
}

bool net_shutting_down(void)
{
    pthread_mutex_lock(&net_mu);
    bool s = mb.shutting_down;
    pthread_mutex_unlock(&net_mu);
    return s;
}

void net_set_shutting_down(void)
{
    pthread_mutex_lock(&net_mu);
    mb.shutting_down = true;
    pthread_mutex_unlock(&net_mu);
}

static void deadline_to_ts(int deadline_ms, struct timespec *ts)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += deadline_ms / 1000;
    ts->tv_nsec += (long)(deadline_ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* Caller holds net_mu. Loss of the awaited peer (any peer for RT_ANY_SRC). */
static bool awaited_lost(int src)
{
    if (src >= 0) return mb.peers[src].lost;
    for (int i = 0; i < mb.size; i++)
        if (mb.peers[i].lost) return true;
    return false;
}

static int recv_match(uint32_t type, bool any_tag, uint64_t tag, int src, int deadline_ms,
                      rt_msg **out)
{
    struct timespec ts;
    if (deadline_ms >= 0) deadline_to_ts(deadline_ms, &ts);
    *out = NULL;
    if (src >= mb.size) return STRADS_EINVAL;
    pthread_mutex_lock(&net_mu);
    for (;;) {
        rt_msg *prev = NULL;
        for (rt_msg *m = mb.head; m; prev = m, m = m->next) {
            if (m->type != type || (!any_tag && m->tag != tag) || (src >= 0 && m->src != src))
                continue;
            if (prev)
                prev->next = m->next;
            else
                mb.head = m->next;
            if (mb.tail == m) mb.tail = prev;
            m->next = NULL;
            size_t left = 0;
            if (m->src >= 0 && m->src < mb.size) left = (mb.peers[m->src].inbox -= m->len);
            pthread_mutex_unlock(&net_mu);
            if (mb.inbox_hook && m->src >= 0) mb.inbox_hook(m->src, left);
            *out = m;
            return 0;
        }
        if (awaited_lost(src)) {
            pthread_mutex_unlock(&net_mu);
            return STRADS_EPEER;
        }
        if (deadline_ms < 0) {
            pthread_cond_wait(&net_cond, &net_mu);
        } else if (pthread_cond_timedwait(&net_cond, &net_mu, &ts) == ETIMEDOUT) {
            pthread_mutex_unlock(&net_mu);
            return STRADS_ETIMEDOUT;
        }
    }
}

int rt_recv(uint32_t type, uint64_t tag, int src, int deadline_ms, rt_msg **out)
{
    return recv_match(type, false, tag, src, deadline_ms, out);
}

int rt_recv_any_tag(uint32_t type, int src, int deadline_ms, rt_msg **out)
{
    return recv_match(type, true, 0, src, deadline_ms, out);
}

int net_mp_uint(const char *p, size_t len, size_t *off, uint64_t *out)
{
    const uint8_t *u = (const uint8_t *)p;
    size_t o = *off;
    if (o >= len) return STRADS_EPROTO;
    uint8_t t = u[o++];
    size_t n;
    if (t <= 0x7f) {
        *out = t;
        *off = o;
        return 0;
    }
    switch (t) {
    case 0xcc: n = 1; break;
    case 0xcd: n = 2; break;
    case 0xce: n = 4; break;
    case 0xcf: n = 8; break;
    default: return STRADS_EPROTO;
    }
    if (len - o < n) return STRADS_EPROTO;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) v = v << 8 | u[o + i];
    *out = v;
    *off = o + n;
    return 0;
}
