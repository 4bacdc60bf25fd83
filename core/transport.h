/*
 * core/transport.h - internals shared by the transport files (net_ names).
 *
 * transport.c owns the libuv loop thread, connections, framing on the wire
 * and back-pressure; handshake.c authenticates a fresh connection; mailbox.c
 * keeps undelivered messages and the liveness of peers and serves rt_recv.
 * Everything marked "loop thread" must only run there.
 */
#ifndef STRADS_NET_H
#define STRADS_NET_H

#include <pthread.h>
#include <uv.h>

#include "core/frame.h"
#include "core/rt.h"

#define RT_HANDSHAKE_MAX 512           /* largest frame before authentication */
#define RT_HANDSHAKE_MS 5000           /* least time a handshake gets (STRADS_CONNECT_TIMEOUT_MS) */
#define RT_SEND_HWM ((size_t)16 << 20) /* sender blocks above this many queued bytes */
#define RT_INBOX_HWM ((size_t)64 << 20) /* reading pauses above this many unread bytes */
#define RT_ZEROCOPY_MIN ((size_t)64 << 10)

/* Work handed to the loop thread (transport.c's command queue). */
typedef struct rt_cmd {
    void (*fn)(struct rt_cmd *);
    struct rt_cmd *next;
} rt_cmd;

typedef struct rt_conn {
    uv_tcp_t tcp;
    int peer;                /* rank, -1 until authenticated */
    int expect;              /* rank we dialed, or -1 for accepted connections */
    bool authed, closing, sent_proof, got_hello;
    uint8_t my_nonce[32], peer_nonce[32];
    int peer_claim;          /* rank the peer's HELLO claims */
    uint64_t opened_ms, last_recv_ms, last_send_ms;
    rt_deframer df;
    char *stage;             /* staging buffer for small reads */
    char addr[64];           /* peer's address, for messages */
    bool direct;             /* the last read buffer was a zero-copy window */
    bool paused;             /* reading stopped: the mailbox holds too much of ours */
    struct rt_dial *dial;    /* the connect request waiting for this connection */
    int fail;                /* STRADS_E* the dial reports when closed unauthenticated, 0: ECLOSED */
    struct rt_conn *prev, *next; /* all connections, for the tick timer */
} rt_conn;

/* transport.c */
void net_conn_close(rt_conn *c, const char *why); /* loop thread */
int net_conn_write_small(rt_conn *c, const char *buf, size_t len); /* loop thread; copies */
void net_conn_authed(rt_conn *c); /* loop thread: handshake done */
void net_dispatch(rt_conn *c, char *buf, size_t len); /* loop thread; takes buf */

void net_post(rt_cmd *c); /* any thread: runs c->fn(c) on the loop thread */
int net_resolve(const char *hostport, struct sockaddr_storage *out);
/* Loop thread: dials rank at addr; the outcome goes to net_link_dialed. */
void net_dial_async(int rank, const struct sockaddr_storage *addr);

int net_my_rank(void);
int net_job_size(void);
const rt_config *net_cfg(void);

/* handshake.c (loop thread) */
void net_hs_start(rt_conn *c);
/* Handles a handshake message; returns false when the connection was closed. */
bool net_hs_message(rt_conn *c, uint32_t type, const char *body, size_t body_len);

/* link.c (loop thread, but for init/free): connections between workers,
 * made when first needed */
void net_link_init(int size);
void net_link_free(void);
void net_link_handlers(void);
/* True when c (a message for dst) was held until the link to dst is up. */
bool net_link_hold(int dst, rt_cmd *c);
void net_link_dialed(int rank, int status, const char *why);
void net_link_up(int rank);
void net_link_down(int rank);
void net_link_tick(uint64_t now_ms);

/* mailbox.c */
void net_mbox_init(int size);
void net_mbox_free(void);
void net_mbox_put(rt_msg *m); /* any thread */
void net_peer_lost(int rank, const char *reason);
void net_mbox_set_inbox_hook(void (*fn)(int src, size_t bytes));
size_t net_mbox_inbox(int src);
bool rt_peer_alive_locked(int rank); /* caller holds net_mu */
extern pthread_mutex_t net_mu; /* guards mailbox, peer state, send queues */
extern pthread_cond_t net_cond;
bool net_shutting_down(void);
void net_set_shutting_down(void);

/* Small msgpack readers for headers (bounds-checked). */
int net_mp_uint(const char *p, size_t len, size_t *off, uint64_t *out);

#endif
