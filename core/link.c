/*
 * core/link.c - connections between workers, made when first needed.
 *
 * At start every worker connects to rank 0 only (core/start.c); the
 * connection between two workers is made the first time one of them sends
 * to the other. A full mesh made at start costs every process a connection,
 * a handshake and a heartbeat a second with every other one: with hundreds
 * of ranks on a machine of few cores, start-up spent tens of seconds of CPU
 * on connections most programs never use (collectives go through rank 0).
 *
 * Who dials: always the higher rank, so two ranks never dial each other at
 * once and no duplicate connection needs resolving. A lower rank that needs
 * a higher one asks it through rank 0 (RT_MSG_LINK, tag = the rank wanted;
 * rank 0 forwards it with tag = the rank asking). Messages to a rank not yet
 * connected wait here in order, counted in the sender's queue (back-pressure
 * holds), and go out once the connection is authenticated. A link not up
 * within STRADS_CONNECT_TIMEOUT_MS of the first need marks the peer lost,
 * saying what failed.
 *
 * Threads: the loop thread owns all of it; rt_net_set_peers is called by
 * the main thread and hands the table over with a command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport.h"

enum { LINK_NONE, LINK_ASKED, LINK_NEEDADDR, LINK_DIAL, LINK_UP };

typedef struct {
    int state;
    int tries;
    uint64_t since, retry_at;     /* first need; next dial (0: one in flight) */
    rt_cmd *held, *held_tail;     /* messages waiting for the link */
    char why[128];                /* last dial failure */
} link_t;

static link_t *L;                  /* by rank */
static struct sockaddr_storage *A; /* addresses by rank, once known */
static bool *have;
static int n_ranks;

static void start(int r);

void net_link_init(int size)
{
    n_ranks = size;
    L = calloc((size_t)size, sizeof *L);
    A = calloc((size_t)size, sizeof *A);
    have = calloc((size_t)size, sizeof *have);
}

void net_link_free(void)
{
    free(L);
    free(A);
    free(have);
    L = NULL;
    A = NULL;
    have = NULL;
}

/* Runs the held messages again: on the new connection, or failing with
 * STRADS_EPEER once the peer is lost. */
static void release(int r)
{
    rt_cmd *c = L[r].held;
    L[r].held = L[r].held_tail = NULL;
    while (c) {
        rt_cmd *n = c->next;
        c->fn(c);
        c = n;
    }
}

static void ask_rank0(int r)
{
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_LINK, (uint64_t)r);
    if (rt_send_packed(0, &p)) {
        snprintf(L[r].why, sizeof L[r].why, "could not ask rank 0 to have rank %d dial", r);
        net_peer_lost(r, L[r].why);
        release(r);
    }
}

/* Makes the link to r wanted (loop thread). */
static void want(int r)
{
    if (L[r].state != LINK_NONE) return;
    L[r].since = rt_now_ms();
    L[r].tries = 0;
    L[r].why[0] = 0;
    if (net_my_rank() < r) {
        L[r].state = LINK_ASKED;
        ask_rank0(r);
    } else {
        start(r);
    }
}

static void start(int r)
{
    if (!have[r]) {
        L[r].state = LINK_NEEDADDR;
        return;
    }
    L[r].state = LINK_DIAL;
    L[r].retry_at = 0;
    L[r].tries++;
    net_dial_async(r, &A[r]);
}

bool net_link_hold(int dst, rt_cmd *c)
{
    if (!L || dst == 0 || !rt_peer_alive(dst)) return false;
    if (net_my_rank() == 0) return false; /* every worker dialed rank 0 at start */
    c->next = NULL;
    if (L[dst].held_tail)
        L[dst].held_tail->next = c;
    else
        L[dst].held = c;
    L[dst].held_tail = c;
    want(dst);
    return true;
}

void net_link_dialed(int r, int status, const char *why)
{
    if (!L || L[r].state != LINK_DIAL) return;
    if (status == 0) return; /* net_link_up follows from the handshake */
    snprintf(L[r].why, sizeof L[r].why, "%s", why && *why ? why : strads_strerror(status));
    if (status != STRADS_ECLOSED) { /* a failed authentication: no retry mends it */
        char msg[192];
        snprintf(msg, sizeof msg, "could not connect: %s", L[r].why);
        net_peer_lost(r, msg);
        release(r);
        return;
    }
    /* Refused or cut: the peer may be busy; try again shortly. */
    L[r].retry_at = rt_now_ms() + (L[r].tries < 10 ? 20 : 200);
}

void net_link_up(int r)
{
    if (!L) return;
    L[r].state = LINK_UP;
    release(r);
}

void net_link_down(int r)
{
    if (!L) return;
    L[r].state = LINK_NONE;
    release(r); /* the peer is lost: held messages fail */
}

void net_link_tick(uint64_t now)
{
    if (!L) return;
    uint64_t limit = (uint64_t)net_cfg()->connect_timeout_ms;
    for (int r = 0; r < n_ranks; r++) {
        link_t *k = &L[r];
        if (k->state == LINK_NONE || k->state == LINK_UP) continue;
        if (now - k->since > limit) {
            char msg[256];
            if (k->state == LINK_ASKED)
                snprintf(msg, sizeof msg, "rank %d did not connect within %llu ms (asked "
                         "through rank 0)", r, (unsigned long long)limit);
            else if (k->state == LINK_NEEDADDR)
                snprintf(msg, sizeof msg, "its address was not known within %llu ms",
                         (unsigned long long)limit);
            else
                snprintf(msg, sizeof msg, "could not connect within %llu ms (%d tries%s%s)",
                         (unsigned long long)limit, k->tries, k->why[0] ? "; last: " : "",
                         k->why);
            k->state = LINK_NONE;
            net_peer_lost(r, msg);
            release(r);
            continue;
        }
        if (k->state == LINK_DIAL && k->retry_at && now >= k->retry_at) start(r);
    }
}

/* RT_MSG_LINK: at rank 0, a worker asks for rank tag to dial it; at that
 * rank, rank 0 passes the request on (tag = the asking rank). */
static void on_link(rt_msg *m, void *arg)
{
    (void)arg;
    int me = net_my_rank(), r = m->tag < (uint64_t)n_ranks ? (int)m->tag : -1;
    if (me == 0 && m->src > 0 && r > m->src) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_LINK, (uint64_t)m->src);
        rt_send_packed(r, &p); /* a lost r: the asker's deadline says so */
    } else if (me != 0 && m->src == 0 && r > 0 && r < me) {
        want(r);
    } else {
        rt_warn("ignoring a malformed connection request from rank %d (rank %d)", m->src, r);
    }
    rt_msg_free(m);
}

void net_link_handlers(void)
{
    rt_on_loop(RT_MSG_LINK, on_link, NULL);
}

typedef struct {
    rt_cmd cmd;
    int n;
    struct sockaddr_storage *addr; /* [n], index = rank */
} peers_cmd;

static void install(rt_cmd *cmd)
{
    peers_cmd *pc = (peers_cmd *)cmd;
    for (int r = 1; r < pc->n && r < n_ranks; r++) {
        A[r] = pc->addr[r];
        have[r] = true;
        if (L[r].state == LINK_NEEDADDR) start(r);
    }
    free(pc->addr);
    free(pc);
}

int rt_net_set_peers(int n, const char *const *hostports)
{
    if (!L || n != n_ranks) return STRADS_EINVAL;
    peers_cmd *pc = calloc(1, sizeof *pc);
    struct sockaddr_storage *addr = calloc((size_t)n, sizeof *addr);
    if (!pc || !addr) {
        free(pc);
        free(addr);
        return STRADS_ENOMEM;
    }
    for (int r = 1; r < n; r++) {
        if (!hostports[r]) continue;
        int rc = net_resolve(hostports[r], &addr[r]);
        if (rc) {
            rt_error("cannot resolve %s, the address of rank %d", hostports[r], r);
            free(pc);
            free(addr);
            return rc;
        }
    }
    pc->n = n;
    pc->addr = addr;
    pc->cmd.fn = install;
    net_post(&pc->cmd);
    return 0;
}
