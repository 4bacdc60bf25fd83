/*
 * core/transport.c - the libuv loop thread: TCP connections between the
 * nodes of a job, frames on the wire, back-pressure, heartbeats.
 *
 * Threads other than the loop never touch a socket: they hand work to the
 * loop through a command queue and a uv_async wake-up (libuv handles are not
 * thread-safe). Back-pressure works at both ends: a sender blocks while more
 * than RT_SEND_HWM bytes wait to be written to that peer, and the loop stops
 * reading a connection while more than RT_INBOX_HWM bytes from it wait in the
 * mailbox, so TCP flow control slows the remote sender down in turn. Large
 * blobs are written straight from the caller's memory (the caller waits for
 * the write), small messages are copied so the caller can go on at once.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/transport.h"

#define RT_STAGE_SIZE ((size_t)64 << 10)
#define RT_TICK_MS 100
#define RT_LOST_GRACE_MS 3000 /* time the main thread gets to report a lost peer */
/* A tick this late means the loop thread itself was off the CPU (a loaded
 * machine, a stopped or descheduled process): libuv runs timers before it
 * polls the sockets, so what the peers sent meanwhile is not read yet and
 * their silence is ours; the timeouts wait for the next tick. */
#define RT_STALL_MS 1000
#define RT_MAX_TYPES 256

/* One message on its way out. */
typedef struct rt_out {
    rt_cmd cmd;
    int dst;
    char *alloc;             /* owned copy of head, plus the blob when it was small */
    char *head;
    size_t head_len;
    const char *blob;        /* borrowed (zero-copy) or NULL */
    size_t blob_len, total;
    bool wait, done;         /* zero-copy: the sender waits for done */
    size_t nbufs;            /* wire buffers left to write (bufs), built by rt_send */
    int status;
    uv_write_t req;
    uv_buf_t *bufs;
    uint8_t (*hdrs)[RT_FRAME_HDR];
    uint8_t total8[8];
} rt_out;

typedef struct rt_dial {
    rt_cmd cmd;
    struct sockaddr_storage addr;
    int rank;
    bool done, abandoned;
    bool lazy;               /* made for core/link.c: nobody waits, it is told */
    int status;
    char why[128];           /* what failed, for the caller's message */
    uv_connect_t req;
} rt_dial;

static __thread bool on_loop_thread; /* true only on the loop thread */
static int (*send_wait)(void);       /* rt_net_gate_sends */
static _Atomic bool sends_gated;

static struct {
    const rt_config *cfg;
    uv_loop_t loop;
    uv_thread_t thread;
    uv_async_t wake;
    uv_timer_t tick;
    uv_tcp_t listener;
    bool listening, started;
    rt_conn **conn;          /* by rank; loop thread only */
    rt_conn *all;            /* every open connection; loop thread only */
    rt_cmd *cq_head, *cq_tail; /* under net_mu */
    size_t *queued;          /* bytes waiting to be written, by rank; under net_mu */
    int *fd;                 /* socket of an authenticated peer, or -1; under net_mu */
    bool stop;               /* under net_mu */
    int send_waiters;        /* senders blocked by back-pressure; under net_mu */
    atomic_bool resume;      /* some connection may resume reading */
    uint64_t lost_at;        /* loop thread: when a lost peer was first seen */
    uint64_t last_tick;      /* loop thread: when on_tick last ran */
    int listen_port;
    struct {
        rt_loop_handler fn;
        void *arg;
    } handlers[RT_MAX_TYPES];
    /* Messages to and from other ranks (heartbeats and the handshake not
     * counted), for STRADS_STATS: the per-node costs of a job as counts,
     * which unlike times do not depend on the machine's load. */
    _Atomic uint64_t sent_msgs, sent_bytes, recv_msgs, recv_bytes;
} T;

const rt_config *net_cfg(void) { return T.cfg; }
int net_my_rank(void) { return T.cfg->rank; }
int net_job_size(void) { return T.cfg->size; }

uint64_t rt_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

uint64_t rt_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

uint64_t rt_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void rt_on_loop(uint32_t type, rt_loop_handler fn, void *arg)
{
    if (type >= RT_MAX_TYPES) return;
    T.handlers[type].fn = fn;
    T.handlers[type].arg = arg;
}

/* ---- commands from other threads ---- */

/* Appends c to the loop's command queue; the caller holds net_mu. */
static void post_locked(rt_cmd *c)
{
    c->next = NULL;
    if (T.cq_tail)
        T.cq_tail->next = c;
    else
        T.cq_head = c;
    T.cq_tail = c;
}

void net_post(rt_cmd *c)
{
    pthread_mutex_lock(&net_mu);
    post_locked(c);
    pthread_mutex_unlock(&net_mu);
    uv_async_send(&T.wake);
}

static void on_wake(uv_async_t *a);

/* ---- connections ---- */

static void on_closed(uv_handle_t *h)
{
    rt_conn *c = h->data;
    rt_deframer_free(&c->df);
    free(c->stage);
    free(c);
}

static void dial_finish(rt_dial *d, int status, const char *why)
{
    if (d->lazy) {
        net_link_dialed(d->rank, status, why);
        free(d);
        return;
    }
    pthread_mutex_lock(&net_mu);
    d->status = status;
    snprintf(d->why, sizeof d->why, "%s", why ? why : "");
    d->done = true;
    bool free_it = d->abandoned;
    pthread_cond_broadcast(&net_cond);
    pthread_mutex_unlock(&net_mu);
    if (free_it) free(d);
}

/* Takes c out of the list of open connections (loop thread). */
static void conn_unlink(rt_conn *c)
{
    if (c->prev)
        c->prev->next = c->next;
    else
        T.all = c->next;
    if (c->next) c->next->prev = c->prev;
}

void net_conn_close(rt_conn *c, const char *why)
{
    if (c->closing) return;
    c->closing = true;
    conn_unlink(c);
    if (c->authed && c->peer >= 0 && T.conn[c->peer] == c) {
        T.conn[c->peer] = NULL;
        pthread_mutex_lock(&net_mu);
        T.fd[c->peer] = -1;
        pthread_mutex_unlock(&net_mu);
        net_peer_lost(c->peer, why);
        net_link_down(c->peer);
    } else if (!c->authed && !c->dial) {
        /* (a connection this process dials is retried, and its last
         * failure reported, by net_dial: a peer not up yet, or gone) */
        rt_warn("connection from %s closed before authentication: %s", c->addr, why);
    }
    if (c->dial) {
        /* The handshake says why it refused (fail); otherwise the peer
         * went away or the connection broke, which a retry may mend. */
        dial_finish(c->dial, c->fail ? c->fail : STRADS_ECLOSED, why);
        c->dial = NULL;
    }
    uv_read_stop((uv_stream_t *)&c->tcp);
    uv_close((uv_handle_t *)&c->tcp, on_closed);
}

typedef struct small_write {
    uv_write_t req;
    int peer;    /* rank whose queue counts these bytes, or -1 */
    size_t len;
} small_write;

static void on_small_written(uv_write_t *req, int status)
{
    (void)status;
    small_write *w = (small_write *)req;
    if (w->peer >= 0) {
        pthread_mutex_lock(&net_mu);
        T.queued[w->peer] -= w->len;
        if (T.send_waiters) pthread_cond_broadcast(&net_cond);
        pthread_mutex_unlock(&net_mu);
    }
    free(w);
}

/* Writes one small message from the loop thread. Its bytes count in the
 * peer's queue until written, like any other, so that an eager send from
 * another thread (rt_send) can never slip between parts of it. only_idle
 * (heartbeats): nothing is written while bytes to the peer are queued,
 * since they may be the rest of an eager message the socket took only in
 * part, and this write would land inside it. */
static int write_small(rt_conn *c, const char *buf, size_t len, bool only_idle)
{
    if (c->closing) return STRADS_ECLOSED;
    size_t frame = RT_FRAME_HDR + 8 + len;
    small_write *w = malloc(sizeof *w + frame);
    if (!w) return STRADS_ENOMEM;
    uint8_t *p = (uint8_t *)(w + 1);
    rt_frame_header(p, RT_FRAME_START, (uint32_t)(8 + len));
    for (int i = 0; i < 8; i++) p[RT_FRAME_HDR + i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    memcpy(p + RT_FRAME_HDR + 8, buf, len);
    w->peer = c->authed ? c->peer : c->peer_claim;
    w->len = frame;
    if (w->peer >= 0) {
        pthread_mutex_lock(&net_mu);
        bool busy = only_idle && T.queued[w->peer] > 0;
        if (!busy) T.queued[w->peer] += frame;
        pthread_mutex_unlock(&net_mu);
        if (busy) {
            free(w);
            return 0;
        }
    }
    uv_buf_t b = uv_buf_init((char *)p, (unsigned)frame);
    int rc = uv_write(&w->req, (uv_stream_t *)&c->tcp, &b, 1, on_small_written);
    if (rc) {
        if (w->peer >= 0) {
            pthread_mutex_lock(&net_mu);
            T.queued[w->peer] -= frame;
            pthread_mutex_unlock(&net_mu);
        }
        free(w);
        return STRADS_ECLOSED;
    }
    c->last_send_ms = rt_now_ms();
    return 0;
}

int net_conn_write_small(rt_conn *c, const char *buf, size_t len)
{
    return write_small(c, buf, len, false);
}

void net_conn_authed(rt_conn *c)
{
    int r = c->peer_claim;
    if (T.conn[r]) {
        net_conn_close(c, "a second connection claims an already connected rank");
        return;
    }
    c->authed = true;
    c->peer = r;
    c->df.max_message = T.cfg->max_message;
    T.conn[r] = c;
    uv_os_fd_t fd;
    if (uv_fileno((uv_handle_t *)&c->tcp, &fd) == 0) {
        pthread_mutex_lock(&net_mu);
        T.fd[r] = fd;
        pthread_mutex_unlock(&net_mu);
    }
    rt_debug("connection with rank %d (%s) authenticated", r, c->addr);
    if (c->dial) {
        dial_finish(c->dial, 0, NULL);
        c->dial = NULL;
    }
    net_link_up(r);
}

static void inbox_hook(int src, size_t bytes)
{
    if (!T.started) return;
    if (bytes < RT_INBOX_HWM / 2 && !atomic_exchange(&T.resume, true)) uv_async_send(&T.wake);
    (void)src;
}

static void resume_reading(void);

/* rt_net_bytes: counted where a message leaves for or arrives from a peer */
static _Atomic uint64_t bytes_out, bytes_in;

void rt_net_bytes(uint64_t *sent, uint64_t *received)
{
    *sent = atomic_load_explicit(&bytes_out, memory_order_relaxed);
    *received = atomic_load_explicit(&bytes_in, memory_order_relaxed);
}

static void on_message(char *buf, size_t len, void *arg)
{
    rt_conn *c = arg;
    if (c->closing) {
        free(buf);
        return;
    }
    atomic_fetch_add_explicit(&bytes_in, len, memory_order_relaxed);
    net_dispatch(c, buf, len);
}

void net_dispatch(rt_conn *c, char *buf, size_t len)
{
    size_t off = 0;
    uint64_t type, tag;
    if (net_mp_uint(buf, len, &off, &type) || net_mp_uint(buf, len, &off, &tag)) {
        free(buf);
        if (c) net_conn_close(c, "message without a valid type and tag");
        return;
    }
    if (c && !c->authed) {
        net_hs_message(c, (uint32_t)type, buf + off, len - off);
        free(buf);
        return;
    }
    if (type == RT_MSG_HEARTBEAT || type == RT_MSG_HELLO || type == RT_MSG_PROOF) {
        free(buf);
        return;
    }
    if (c) {
        atomic_fetch_add_explicit(&T.recv_msgs, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&T.recv_bytes, len, memory_order_relaxed);
    }
    rt_msg *m = malloc(sizeof *m);
    if (!m) {
        free(buf);
        rt_error("out of memory for a message from rank %d", c ? c->peer : net_my_rank());
        return;
    }
    m->src = c ? c->peer : net_my_rank();
    m->type = (uint32_t)type;
    m->tag = tag;
    m->buf = buf;
    m->len = len;
    m->body = buf + off;
    m->body_len = len - off;
    m->next = NULL;
    if (type < RT_MAX_TYPES && T.handlers[type].fn) {
        T.handlers[type].fn(m, T.handlers[type].arg);
        return;
    }
    net_mbox_put(m);
    if (c && !c->paused && net_mbox_inbox(c->peer) > RT_INBOX_HWM) {
        c->paused = true;
        uv_read_stop((uv_stream_t *)&c->tcp);
        rt_debug("pausing reads from rank %d: its unread messages exceed %zu bytes", c->peer,
                 RT_INBOX_HWM);
    }
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    (void)suggested;
    rt_conn *c = h->data;
    char *dst;
    size_t n = rt_deframe_window(&c->df, &dst);
    if (n >= RT_ZEROCOPY_MIN) {
        c->direct = true;
        *buf = uv_buf_init(dst, (unsigned)(n > (1u << 30) ? (1u << 30) : n));
        return;
    }
    c->direct = false;
    *buf = uv_buf_init(c->stage, (unsigned)RT_STAGE_SIZE);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    rt_conn *c = s->data;
    (void)buf;
    if (nread == 0 || c->closing) return;
    if (nread < 0) {
        char why[96];
        if (nread == UV_EOF)
            snprintf(why, sizeof why, "connection closed by the peer (EOF)");
        else
            snprintf(why, sizeof why, "connection error: %s", uv_strerror((int)nread));
        net_conn_close(c, why);
        return;
    }
    c->last_recv_ms = rt_now_ms();
    int rc = c->direct ? rt_deframe_commit(&c->df, (size_t)nread, on_message, c)
                       : rt_deframe(&c->df, c->stage, (size_t)nread, on_message, c);
    if (rc && !c->closing) {
        char why[256];
        snprintf(why, sizeof why, "bad frame from %s: %s", c->addr, c->df.err);
        rt_error("%s", why);
        net_conn_close(c, why);
    }
}

static rt_conn *conn_new(int expect)
{
    rt_conn *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->stage = malloc(RT_STAGE_SIZE);
    if (!c->stage || uv_tcp_init(&T.loop, &c->tcp)) {
        free(c->stage);
        free(c);
        return NULL;
    }
    c->tcp.data = c;
    c->peer = -1;
    c->peer_claim = -1;
    c->expect = expect;
    c->opened_ms = c->last_recv_ms = c->last_send_ms = rt_now_ms();
    rt_deframer_init(&c->df, RT_HANDSHAKE_MAX);
    c->next = T.all;
    if (T.all) T.all->prev = c;
    T.all = c;
    return c;
}

static void conn_begin(rt_conn *c)
{
    struct sockaddr_storage ss;
    int len = sizeof ss;
    char host[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    if (uv_tcp_getpeername(&c->tcp, (struct sockaddr *)&ss, &len) == 0) {
        if (ss.ss_family == AF_INET) {
            uv_ip4_name((struct sockaddr_in *)&ss, host, sizeof host);
            port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        } else if (ss.ss_family == AF_INET6) {
            uv_ip6_name((struct sockaddr_in6 *)&ss, host, sizeof host);
            port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        }
    }
    snprintf(c->addr, sizeof c->addr, "%s:%d", host, port);
    /* The handshake's time runs from here: a connect that waited in a
     * busy peer's accept queue has not used any of it. */
    c->opened_ms = c->last_recv_ms = c->last_send_ms = rt_now_ms();
    uv_tcp_nodelay(&c->tcp, 1);
    uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
    net_hs_start(c);
}

static void on_connection(uv_stream_t *server, int status)
{
    if (status < 0) {
        if (status == UV_EMFILE || status == UV_ENFILE)
            rt_error("cannot accept a connection: %s (%s); a process of a job of %d needs "
                     "one descriptor per peer", uv_strerror(status),
                     status == UV_EMFILE ? "RLIMIT_NOFILE, ulimit -n" : "the system's limit",
                     net_job_size());
        else
            rt_warn("accept failed: %s", uv_strerror(status));
        return;
    }
    rt_conn *c = conn_new(-1);
    if (!c) return;
    if (uv_accept(server, (uv_stream_t *)&c->tcp)) {
        net_conn_close(c, "accept failed");
        return;
    }
    conn_begin(c);
}

/* ---- outgoing messages ---- */

static void out_complete(rt_out *o, int status)
{
    pthread_mutex_lock(&net_mu);
    T.queued[o->dst] -= o->total;
    bool waiter = o->wait;
    o->status = status;
    o->done = true;
    /* Only a zero-copy sender or one held by back-pressure waits for this.
     * Waking every thread blocked in rt_recv for each small message written
     * would cost each of them a context switch per message for nothing. */
    if (waiter || T.send_waiters) pthread_cond_broadcast(&net_cond);
    pthread_mutex_unlock(&net_mu);
    if (!waiter) {
        free(o->alloc);
        free(o->bufs);
        free(o->hdrs);
        free(o);
    }
}

static void on_out_written(uv_write_t *req, int status)
{
    rt_out *o = req->data;
    out_complete(o, status < 0 ? STRADS_ECLOSED : 0);
}

/* Delivers a message a node sent to itself, as if it had come off the wire. */
static void deliver_local(rt_out *o)
{
    char *buf = malloc(o->total ? o->total : 1);
    if (!buf) {
        out_complete(o, STRADS_ENOMEM);
        return;
    }
    memcpy(buf, o->head, o->head_len);
    if (o->blob_len) memcpy(buf + o->head_len, o->blob, o->blob_len);
    size_t total = o->total;
    out_complete(o, 0);
    net_dispatch(NULL, buf, total);
}

/* The byte stream of a message is [u64 total][head][blob]; it is cut into
 * frames of at most RT_FRAME_MAX payload bytes, each a header buffer followed
 * by slices of the three segments. Built by the sending thread. */
static int build_frames(rt_out *o)
{
    for (int i = 0; i < 8; i++) o->total8[i] = (uint8_t)((uint64_t)o->total >> (56 - 8 * i));
    const char *seg[3] = {(const char *)o->total8, o->head, o->blob};
    size_t seglen[3] = {8, o->head_len, o->blob_len};
    size_t stream = 8 + o->total, nframes = rt_frame_count(o->total);
    o->bufs = malloc(sizeof *o->bufs * nframes * 4);
    o->hdrs = malloc(sizeof *o->hdrs * nframes);
    if (!o->bufs || !o->hdrs) return STRADS_ENOMEM;
    size_t nb = 0, s = 0, soff = 0, sent = 0;
    for (size_t f = 0; f < nframes; f++) {
        size_t len = stream - sent < RT_FRAME_MAX ? stream - sent : RT_FRAME_MAX;
        unsigned flags = (f == 0 ? RT_FRAME_START : 0) | (f + 1 < nframes ? RT_FRAME_MORE : 0);
        rt_frame_header(o->hdrs[f], flags, (uint32_t)len);
        o->bufs[nb++] = uv_buf_init((char *)o->hdrs[f], RT_FRAME_HDR);
        size_t left = len;
        while (left > 0) {
            while (soff == seglen[s]) {
                s++;
                soff = 0;
            }
            size_t take = seglen[s] - soff < left ? seglen[s] - soff : left;
            o->bufs[nb++] = uv_buf_init((char *)seg[s] + soff, (unsigned)take);
            soff += take;
            left -= take;
        }
        sent += len;
    }
    o->nbufs = nb;
    return 0;
}

/* Drops the first n bytes from o's wire buffers (they were written). */
static void skip_written(rt_out *o, size_t n)
{
    size_t k = 0;
    while (k < o->nbufs && n >= o->bufs[k].len) n -= o->bufs[k++].len;
    if (k < o->nbufs) {
        o->bufs[k].base += n;
        o->bufs[k].len -= n;
    }
    memmove(o->bufs, o->bufs + k, (o->nbufs - k) * sizeof *o->bufs);
    o->nbufs -= k;
}

static void submit_out(rt_cmd *cmd)
{
    rt_out *o = (rt_out *)cmd;
    if (o->dst == net_my_rank()) {
        deliver_local(o);
        return;
    }
    rt_conn *c = T.conn[o->dst];
    if (!c || c->closing) {
        /* Not connected yet: core/link.c holds it until the connection
         * is up, then runs this command again. */
        if (!c && net_link_hold(o->dst, &o->cmd)) return;
        out_complete(o, STRADS_EPEER);
        return;
    }
    o->req.data = o;
    if (uv_write(&o->req, (uv_stream_t *)&c->tcp, o->bufs, (unsigned)o->nbufs, on_out_written)) {
        out_complete(o, STRADS_ECLOSED);
        return;
    }
    c->last_send_ms = rt_now_ms();
}

/* Writes as much of o as the socket takes now, without blocking: sendmsg of
 * at most IOV_MAX-ish buffers at a time. Returns the bytes written. */
static size_t write_eager(int fd, rt_out *o)
{
    size_t total = 0;
    while (o->nbufs > 0) {
        struct iovec iov[64];
        size_t n = o->nbufs < 64 ? o->nbufs : 64, want = 0;
        for (size_t k = 0; k < n; k++) {
            iov[k].iov_base = o->bufs[k].base;
            iov[k].iov_len = o->bufs[k].len;
            want += o->bufs[k].len;
        }
        struct msghdr mh = {.msg_iov = iov, .msg_iovlen = n};
        ssize_t w = sendmsg(fd, &mh, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (w <= 0) break;
        skip_written(o, (size_t)w);
        total += (size_t)w;
        if ((size_t)w < want) break;
    }
    return total;
}

void rt_net_gate_sends(int (*wait)(void))
{
    send_wait = wait;
    atomic_store_explicit(&sends_gated, wait != NULL, memory_order_release);
}

void rt_net_open_sends(void) { atomic_store_explicit(&sends_gated, false, memory_order_release); }

void rt_net_close_sends(void)
{
    if (send_wait) atomic_store_explicit(&sends_gated, true, memory_order_release);
}

int rt_send(int dst, const void *head, size_t head_len, const void *blob, size_t blob_len)
{
    if (dst < 0 || dst >= net_job_size() || (!head && head_len)) return STRADS_EINVAL;
    if (atomic_load_explicit(&sends_gated, memory_order_acquire) && dst != net_my_rank() &&
        !on_loop_thread) {
        int rc = send_wait();
        if (rc) return rc;
    }
    if (!T.started) {
        /* A job of one process has no loop: deliver straight to the mailbox. */
        if (dst != 0) return STRADS_EINVAL;
        char *buf = malloc(head_len + blob_len + 1);
        if (!buf) return STRADS_ENOMEM;
        memcpy(buf, head, head_len);
        if (blob_len) memcpy(buf + head_len, blob, blob_len);
        net_dispatch(NULL, buf, head_len + blob_len);
        return 0;
    }
    if (dst != net_my_rank()) {
        atomic_fetch_add_explicit(&T.sent_msgs, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&T.sent_bytes, head_len + blob_len, memory_order_relaxed);
    }
    /* The loop thread (a handler replying) must never wait for itself:
     * it copies and skips back-pressure. */
    if (dst != net_my_rank())
        atomic_fetch_add_explicit(&bytes_out, head_len + blob_len, memory_order_relaxed);
    bool loop = on_loop_thread;
    bool zero_copy = !loop && blob_len >= RT_ZEROCOPY_MIN && dst != net_my_rank();
    rt_out *o = calloc(1, sizeof *o);
    size_t copy = head_len + (zero_copy ? 0 : blob_len);
    if (!o || !(o->alloc = malloc(copy ? copy : 1))) {
        free(o);
        return STRADS_ENOMEM;
    }
    o->head = o->alloc;
    memcpy(o->head, head, head_len);
    if (zero_copy) {
        o->blob = blob;
        o->blob_len = blob_len;
        o->head_len = head_len;
    } else {
        if (blob_len) memcpy(o->head + head_len, blob, blob_len);
        o->head_len = copy;
    }
    o->total = head_len + blob_len;
    o->dst = dst;
    o->wait = zero_copy;
    o->cmd.fn = submit_out;
    if (dst != net_my_rank() && build_frames(o)) {
        free(o->alloc);
        free(o->bufs);
        free(o->hdrs);
        free(o);
        return STRADS_ENOMEM;
    }

    pthread_mutex_lock(&net_mu);
    /* Back-pressure: wait while the peer's queue is over the mark. A single
     * message larger than the mark is let through alone. */
    while (!loop && T.queued[dst] > 0 && T.queued[dst] + o->total > RT_SEND_HWM &&
           rt_peer_alive_locked(dst)) {
        T.send_waiters++;
        pthread_cond_wait(&net_cond, &net_mu);
        T.send_waiters--;
    }
    if (!rt_peer_alive_locked(dst)) {
        pthread_mutex_unlock(&net_mu);
        free(o->alloc);
        free(o->bufs);
        free(o->hdrs);
        free(o);
        return STRADS_EPEER;
    }
    if (dst != net_my_rank() && T.queued[dst] == 0 && T.fd[dst] >= 0) {
        /* Eager send: nothing of ours is queued or being written to this
         * peer (loop-thread writes count in queued too), so the calling
         * thread may write itself and save the hand-off to the loop thread
         * and back, which dominates small messages and stalls the pipeline
         * of large ones. What the socket does not take goes to the loop,
         * queued before any later message because we still hold the lock. */
        size_t w = write_eager(T.fd[dst], o);
        if (o->nbufs == 0) {
            pthread_mutex_unlock(&net_mu);
            free(o->alloc);
            free(o->bufs);
            free(o->hdrs);
            free(o);
            return 0;
        }
        o->total = 8 + o->total + RT_FRAME_HDR * rt_frame_count(o->total) - w; /* wire bytes left */
    } else if (dst != net_my_rank()) {
        o->total = 8 + o->total + RT_FRAME_HDR * rt_frame_count(o->total); /* wire bytes */
    }
    T.queued[dst] += o->total;
    /* Queued under the same lock as the count: a later sender that sees
     * bytes queued must find them ahead of its own message, or the rest of
     * an eager message the socket took only in part could be written after
     * it, inside the stream (seen as "bad frame magic" at the peer). */
    post_locked(&o->cmd);
    pthread_mutex_unlock(&net_mu);
    uv_async_send(&T.wake);
    if (!zero_copy) return 0;

    pthread_mutex_lock(&net_mu);
    while (!o->done) pthread_cond_wait(&net_cond, &net_mu);
    pthread_mutex_unlock(&net_mu);
    int st = o->status;
    free(o->alloc);
    free(o->bufs);
    free(o->hdrs);
    free(o);
    return st;
}

int rt_flush(int deadline_ms)
{
    if (!T.started) return 0;
    uint64_t end = rt_now_ms() + (uint64_t)deadline_ms;
    for (;;) {
        size_t pending = 0;
        pthread_mutex_lock(&net_mu);
        for (int r = 0; r < net_job_size(); r++) pending += T.queued[r];
        pthread_mutex_unlock(&net_mu);
        if (pending == 0) return 0;
        if (rt_now_ms() >= end) return STRADS_ETIMEDOUT;
        usleep(1000);
    }
}

/* ---- dialing ---- */

static void on_dialed(uv_connect_t *req, int status)
{
    rt_dial *d = req->data;
    rt_conn *c = (rt_conn *)req->handle->data;
    if (status < 0) {
        char why[96];
        snprintf(why, sizeof why, "connect: %s", uv_strerror(status));
        c->dial = d; /* net_conn_close finishes it: a retry may mend it */
        net_conn_close(c, why);
        return;
    }
    c->dial = d;
    conn_begin(c);
}

static void start_dial(rt_cmd *cmd)
{
    rt_dial *d = (rt_dial *)cmd;
    rt_conn *c = conn_new(d->rank);
    if (!c) {
        dial_finish(d, STRADS_ENOMEM, "out of memory for a connection");
        return;
    }
    /* A refused dial is routine at start (the peer is not listening yet):
     * mark the connection so its close is not reported. */
    c->authed = false;
    snprintf(c->addr, sizeof c->addr, "rank %d", d->rank);
    d->req.data = d;
    int rc = uv_tcp_connect(&d->req, &c->tcp, (struct sockaddr *)&d->addr, on_dialed);
    if (rc) {
        c->closing = true;
        conn_unlink(c);
        uv_close((uv_handle_t *)&c->tcp, on_closed);
        char why[128];
        if (rc == UV_EMFILE)
            snprintf(why, sizeof why, "%s (RLIMIT_NOFILE: one descriptor per peer)",
                     uv_strerror(rc));
        else
            snprintf(why, sizeof why, "connect: %s", uv_strerror(rc));
        /* Out of descriptors or ports does not mend by retrying at start. */
        dial_finish(d, rc == UV_EMFILE || rc == UV_ENFILE || rc == UV_EADDRNOTAVAIL
                           ? STRADS_EIO : STRADS_ECLOSED, why);
    }
}

int net_resolve(const char *hostport, struct sockaddr_storage *out)
{
    char host[256];
    const char *colon = strrchr(hostport, ':');
    if (!colon || (size_t)(colon - hostport) >= sizeof host) return STRADS_EINVAL;
    memcpy(host, hostport, (size_t)(colon - hostport));
    host[colon - hostport] = 0;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
    if (getaddrinfo(host, colon + 1, &hints, &res) != 0) return STRADS_ENOTFOUND;
    memcpy(out, res->ai_addr, res->ai_addrlen);
    freeaddrinfo(res);
    return 0;
}

static rt_dial *dial_post(const struct sockaddr_storage *addr, int rank)
{
    rt_dial *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->addr = *addr;
    d->rank = rank;
    d->cmd.fn = start_dial;
    net_post(&d->cmd);
    return d;
}

void net_dial_async(int rank, const struct sockaddr_storage *addr)
{
    rt_dial *d = calloc(1, sizeof *d);
    if (!d) {
        net_link_dialed(rank, STRADS_ENOMEM, "out of memory for a connection");
        return;
    }
    d->addr = *addr;
    d->rank = rank;
    d->lazy = true;
    d->cmd.fn = start_dial;
    start_dial(&d->cmd);
}

/* Waits on net_cond until end (ms, monotonic) at the latest; caller holds net_mu. */
static void wait_until(uint64_t end)
{
    uint64_t now = rt_now_ms();
    if (now >= end) return;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t ns = (uint64_t)ts.tv_nsec + (end - now) * 1000000;
    ts.tv_sec += (time_t)(ns / 1000000000);
    ts.tv_nsec = (long)(ns % 1000000000);
    pthread_cond_timedwait(&net_cond, &net_mu, &ts);
}

/*
 * A dial that is refused or cut before authentication (rank 0 still
 * starting, a full accept queue) is retried after a pause until the
 * deadline; a failed authentication or running out of descriptors ends it
 * at once.
 */
int rt_net_dial(int rank, const char *hostport, int deadline_ms)
{
    uint64_t end = rt_now_ms() + (uint64_t)(deadline_ms > 0 ? deadline_ms : 0);
    struct sockaddr_storage addr;
    int rc = net_resolve(hostport, &addr);
    if (rc) {
        rt_error("cannot resolve %s (rank %d)", hostport, rank);
        return rc;
    }
    rt_dial *d = dial_post(&addr, rank);
    if (!d) return STRADS_ENOMEM;
    char why[128] = "";
    int tries = 0;
    pthread_mutex_lock(&net_mu);
    for (;;) {
        while (!d->done && rt_now_ms() < end) wait_until(end);
        if (!d->done) { /* it finishes on the loop thread and frees itself */
            d->abandoned = true;
            rc = STRADS_ETIMEDOUT;
            snprintf(why, sizeof why, "no answer to the connection or its authentication");
            break;
        }
        rc = d->status;
        if (rc) snprintf(why, sizeof why, "%s", d->why);
        free(d);
        if (rc != STRADS_ECLOSED) break; /* 0, or a failure a retry cannot cure */
        uint64_t again = rt_now_ms() + (++tries < 10 ? 20 : 100);
        if (again > end) again = end;
        while (rt_now_ms() < again) wait_until(again);
        if (again >= end) {
            rc = STRADS_ETIMEDOUT;
            if (!why[0]) snprintf(why, sizeof why, "refused or cut at every try");
            break;
        }
        pthread_mutex_unlock(&net_mu);
        d = dial_post(&addr, rank);
        pthread_mutex_lock(&net_mu);
        if (!d) {
            rc = STRADS_ENOMEM;
            break;
        }
    }
    pthread_mutex_unlock(&net_mu);
    if (rc)
        rt_error("cannot connect to rank %d at %s: %s%s%s", rank, hostport,
                 rc == STRADS_ETIMEDOUT ? "not within the start-up deadline" : strads_strerror(rc),
                 why[0] ? ": " : "", why);
    return rc;
}

/* ---- the loop thread ---- */

static void resume_reading(void)
{
    for (rt_conn *c = T.all; c; c = c->next)
        if (c->paused && !c->closing && net_mbox_inbox(c->peer) < RT_INBOX_HWM / 2) {
            c->paused = false;
            uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
        }
}

static void on_close_quiet(uv_handle_t *h) { (void)h; }

static void stop_loop(void)
{
    for (rt_conn *c = T.all, *n; c; c = n) {
        n = c->next;
        net_conn_close(c, "shutting down");
    }
    uv_close((uv_handle_t *)&T.wake, on_close_quiet);
    uv_close((uv_handle_t *)&T.tick, on_close_quiet);
    if (T.listening) uv_close((uv_handle_t *)&T.listener, on_close_quiet);
}

static void on_wake(uv_async_t *a)
{
    (void)a;
    for (;;) {
        pthread_mutex_lock(&net_mu);
        rt_cmd *c = T.cq_head;
        T.cq_head = T.cq_tail = NULL;
        bool stop = T.stop;
        pthread_mutex_unlock(&net_mu);
        if (!c) {
            if (atomic_exchange(&T.resume, false)) resume_reading();
            if (stop) stop_loop();
            return;
        }
        while (c) {
            rt_cmd *n = c->next;
            c->fn(c);
            c = n;
        }
    }
}

/* Bytes the kernel holds for us on c's socket, not read yet. */
static bool unread_bytes(rt_conn *c)
{
    uv_os_fd_t fd;
    int n = 0;
    return uv_fileno((uv_handle_t *)&c->tcp, &fd) == 0 && ioctl(fd, FIONREAD, &n) == 0 && n > 0;
}

/* Every RT_TICK_MS: heartbeats on idle connections, the peer timeout, the
 * watchdog. A peer is lost when its connection closes (on_read: a killed
 * process is seen at once) or after peer_timeout_ms in which nothing came
 * from it while this loop thread ran and read; docs/config.md,
 * "Failure detection". */
static void on_tick(uv_timer_t *t)
{
    (void)t;
    uint64_t now = rt_now_ms();
    net_link_tick(now);
    bool stalled = T.last_tick && now - T.last_tick > RT_STALL_MS;
    T.last_tick = now;
    static const char hb[2] = {RT_MSG_HEARTBEAT, 0};
    for (rt_conn *c = T.all, *n; c; c = n) {
        n = c->next;
        if (c->closing) continue;
        if (!c->authed) {
            /* As long as the job may take to assemble: a process of a large
             * job on few cores answers a handshake late, not never. */
            uint64_t limit = (uint64_t)T.cfg->connect_timeout_ms;
            if (limit < RT_HANDSHAKE_MS) limit = RT_HANDSHAKE_MS;
            if (now - c->opened_ms > limit) {
                char why[96];
                snprintf(why, sizeof why, "no authentication within %llu ms",
                         (unsigned long long)limit);
                c->fail = STRADS_ETIMEDOUT;
                net_conn_close(c, why);
            }
            continue;
        }
        if (c->paused || unread_bytes(c)) {
            /* not silence: we chose not to read, or have not read yet what
             * it sent */
            c->last_recv_ms = now;
        } else if (!stalled && now - c->last_recv_ms > (uint64_t)T.cfg->peer_timeout_ms) {
            char why[96];
            snprintf(why, sizeof why, "no message for %d ms (heartbeat timeout)",
                     T.cfg->peer_timeout_ms);
            net_conn_close(c, why);
            continue;
        }
        if (now - c->last_send_ms >= (uint64_t)T.cfg->heartbeat_ms) write_small(c, hb, 2, true);
    }
    /* Watchdog: a lost peer is fatal to the job until recovery exists; give
     * the main thread a moment to report it with context, then stop anyway
     * so that no process of a broken job hangs. */
    int lost = rt_first_lost_peer();
    if (lost >= 0 && !net_shutting_down()) {
        if (!T.lost_at) {
            T.lost_at = now;
        } else if (now - T.lost_at > RT_LOST_GRACE_MS) {
            rt_log_fatal("rank %d lost (%s); stopping", lost, rt_peer_lost_reason(lost));
            _exit(3);
        }
    }
}

static void loop_main(void *arg)
{
    (void)arg;
    on_loop_thread = true;
    uv_run(&T.loop, UV_RUN_DEFAULT);
}

static int start_listener(char *err, size_t errlen)
{
    int rc;
    if (T.cfg->rank == 0 && T.cfg->listen_fd >= 0) {
        rc = uv_tcp_open(&T.listener, T.cfg->listen_fd);
    } else {
        struct sockaddr_storage addr;
        char hp[300];
        if (T.cfg->rank == 0) {
            /* Listen on every interface at the coordinator's port. The port
             * is read from the configuration, not from hp: formatting hp
             * from a pointer into itself overlaps (undefined; with a short
             * host name such as Slurm's "vm" it gave "0.0.0.00.0.00"). */
            const char *colon = strrchr(T.cfg->coordinator, ':');
            snprintf(hp, sizeof hp, "0.0.0.0%s", colon ? colon : ":0");
        } else {
            snprintf(hp, sizeof hp, "%s:0", T.cfg->bind_host[0] ? T.cfg->bind_host : "0.0.0.0");
        }
        if ((rc = net_resolve(hp, &addr))) {
            snprintf(err, errlen, "cannot resolve listen address %s", hp);
            return rc;
        }
        rc = uv_tcp_bind(&T.listener, (struct sockaddr *)&addr, 0);
        if (rc) {
            snprintf(err, errlen, "cannot bind %s: %s", hp, uv_strerror(rc));
            return STRADS_EIO;
        }
    }
    /* Every higher rank dials a worker at about the same moment during
     * assembly (and every worker dials rank 0): a short accept queue drops
     * their connections, which then wait for the kernel's SYN retries of
     * 1, 2, 4 ... s. The kernel caps this at net.core.somaxconn. */
    if (!rc) rc = uv_listen((uv_stream_t *)&T.listener, SOMAXCONN, on_connection);
    if (rc) {
        snprintf(err, errlen, "cannot listen: %s", uv_strerror(rc));
        return STRADS_EIO;
    }
    struct sockaddr_storage ss;
    int len = sizeof ss;
    uv_tcp_getsockname(&T.listener, (struct sockaddr *)&ss, &len);
    T.listen_port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                   : ((struct sockaddr_in *)&ss)->sin_port);
    T.listening = true;
    return 0;
}

int rt_net_listen_port(void) { return T.listen_port; }

/* The local address of our connection to rank 0: the address the other
 * nodes can reach us at, unless STRADS_BIND says otherwise. */
int rt_net_local_host(char *host, size_t len)
{
    if (T.cfg->bind_host[0] && strcmp(T.cfg->bind_host, "0.0.0.0") != 0) {
        snprintf(host, len, "%s", T.cfg->bind_host);
        return 0;
    }
    /* Read on the loop thread's structures from another thread: the
     * connection to rank 0 is established and not changing at this point. */
    rt_conn *c = T.conn[0];
    if (!c) return STRADS_ESTATE;
    struct sockaddr_storage ss;
    int sl = sizeof ss;
    if (uv_tcp_getsockname(&c->tcp, (struct sockaddr *)&ss, &sl)) return STRADS_EIO;
    if (ss.ss_family == AF_INET6)
        uv_ip6_name((struct sockaddr_in6 *)&ss, host, len);
    else
        uv_ip4_name((struct sockaddr_in *)&ss, host, len);
    return 0;
}

int rt_net_start(const rt_config *cfg, char *err, size_t errlen)
{
    T.cfg = cfg;
    net_mbox_init(cfg->size);
    net_mbox_set_inbox_hook(inbox_hook);
    if (cfg->size == 1) return 0;
    T.conn = calloc((size_t)cfg->size, sizeof *T.conn);
    T.queued = calloc((size_t)cfg->size, sizeof *T.queued);
    T.fd = malloc((size_t)cfg->size * sizeof *T.fd);
    if (T.fd)
        for (int r = 0; r < cfg->size; r++) T.fd[r] = -1;
    if (!T.conn || !T.queued || !T.fd) return STRADS_ENOMEM;
    net_link_init(cfg->size);
    net_link_handlers();
    uv_loop_init(&T.loop);
    uv_async_init(&T.loop, &T.wake, on_wake);
    uv_timer_init(&T.loop, &T.tick);
    uv_tcp_init(&T.loop, &T.listener);
    int rc = start_listener(err, errlen);
    if (rc) return rc;
    uv_timer_start(&T.tick, on_tick, RT_TICK_MS, RT_TICK_MS);
    if (uv_thread_create(&T.thread, loop_main, NULL)) {
        snprintf(err, errlen, "cannot start the network thread");
        return STRADS_ENOMEM;
    }
    T.started = true;
    return 0;
}

/* One STRADS_STATS report per process of what crossed the network and the
 * process's peak memory (bench/scale.sh reads it). */
static void report_traffic(void)
{
    if (!rt_stats_on()) return;
    struct rusage ru;
    long rss_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
    unsigned long long sm = atomic_load(&T.sent_msgs), sb = atomic_load(&T.sent_bytes),
                       rm = atomic_load(&T.recv_msgs), rb = atomic_load(&T.recv_bytes);
    rt_stats_note("network: sent %llu messages (%llu bytes), received %llu (%llu bytes); "
                  "peak memory %ld KiB",
                  sm, sb, rm, rb, rss_kb);
    rt_stats("net", NULL, 0,
             "sent_msgs=%llu sent_bytes=%llu recv_msgs=%llu recv_bytes=%llu maxrss_kb=%ld", sm,
             sb, rm, rb, rss_kb);
}

void rt_net_stop(void)
{
    if (T.started) {
        report_traffic();
        net_set_shutting_down();
        pthread_mutex_lock(&net_mu);
        T.stop = true;
        pthread_mutex_unlock(&net_mu);
        uv_async_send(&T.wake);
        uv_thread_join(&T.thread);
        uv_loop_close(&T.loop);
        T.started = false;
    }
    free(T.conn);
    free(T.queued);
    free(T.fd);
    net_link_free();
    T.fd = NULL;
    T.conn = NULL;
    T.queued = NULL;
    net_mbox_free();
}
