/*
 * core/start.c - the life of a strads process: configuration, assembling
 * the job (rendezvous and full mesh), then driver or worker, then shutdown.
 *
 * Assembly: every worker dials rank 0 and registers the address it listens
 * on; rank 0 sends everyone the address table; each worker dials the workers
 * below it and accepts those above it; when its mesh is complete it reports
 * READY, and rank 0 starts the user's main once all are ready. Every step
 * has the STRADS_CONNECT_TIMEOUT_MS deadline.
 */
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "core/transport.h"
#include "core/trace.h"

static rt_config cfg;
static _Atomic bool cfg_loaded;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;
static bool workers_released;
static rt_upper upper; /* what the layers above asked to be called */
static int shutdown_rc; /* the driver's replay_shutdown: a checkpoint failed */

/* A process that uses the library without strads_start (a unit test) reads
 * the configuration at its first use. */
static void cfg_load_late(void)
{
    if (cfg_loaded) return;
    char err[512];
    if (rt_config_load(&cfg, err, sizeof err)) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        exit(2);
    }
    cfg_loaded = true;
}

const rt_config *rt_cfg(void)
{
    if (!cfg_loaded) pthread_once(&cfg_once, cfg_load_late);
    return &cfg;
}
int strads_rank(void) { return cfg.rank; }
int strads_size(void) { return cfg.size ? cfg.size : 1; }
int strads_threads(void) { return cfg.threads ? cfg.threads : 1; }

_Noreturn void strads_fatal(int err, const char *what)
{
    fprintf(stderr, "strads[%d]: fatal: %s: %s\n", cfg.rank, what ? what : "error",
            strads_strerror(err));
    if (upper.drain) upper.drain(); /* a checkpoint being written completes */
    fflush(NULL);
    _exit(err == STRADS_EPEER ? 3 : 1);
}

static int send_register(void)
{
    char host[64];
    int rc = rt_net_local_host(host, sizeof host);
    if (rc) return rc;
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_REGISTER, 0);
    msgpack_pack_str_with_body(&p.pk, host, strlen(host));
    msgpack_pack_int(&p.pk, rt_net_listen_port());
    return rt_send_packed(0, &p);
}

/* Rank 0: collect every worker's address, then publish the table. */
static int assemble_driver(void)
{
    int n = cfg.size, rc = 0;
    msgpack_sbuffer table;
    msgpack_sbuffer_init(&table);
    msgpack_packer tp;
    msgpack_packer_init(&tp, &table, msgpack_sbuffer_write);
    msgpack_pack_array(&tp, (size_t)n);
    msgpack_pack_nil(&tp);
    for (int r = 1; r < n && !rc; r++) {
        rt_msg *m;
        rc = rt_recv(RT_MSG_REGISTER, 0, r, cfg.connect_timeout_ms, &m);
        if (rc) {
            rt_error("rank %d did not join the job within %d ms: %s", r, cfg.connect_timeout_ms,
                     strads_strerror(rc));
            break;
        }
        msgpack_unpacked up;
        msgpack_unpacked_init(&up);
        size_t off = 0;
        msgpack_object *host, *port;
        if (rt_unpack_next(&up, m->body, m->body_len, &off, &host) ||
            host->type != MSGPACK_OBJECT_STR || host->via.str.size > 63) {
            rc = STRADS_EPROTO;
        } else {
            msgpack_pack_array(&tp, 2);
            msgpack_pack_str_with_body(&tp, host->via.str.ptr, host->via.str.size);
            if (rt_unpack_next(&up, m->body, m->body_len, &off, &port) ||
                port->type != MSGPACK_OBJECT_POSITIVE_INTEGER || port->via.u64 > 65535)
                rc = STRADS_EPROTO;
            else
                msgpack_pack_uint64(&tp, port->via.u64);
        }
        if (rc) rt_error("malformed registration from rank %d", r);
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
    }
    for (int r = 1; r < n && !rc; r++) {
        rt_packer p;
        rt_pack_begin(&p, RT_MSG_PEERS, 0);
        msgpack_sbuffer_write(&p.sb, table.data, table.size);
        rc = rt_send_packed(r, &p);
    }
    msgpack_sbuffer_destroy(&table);
    for (int r = 1; r < n && !rc; r++) {
        rt_msg *m;
        rc = rt_recv(RT_MSG_READY, 0, r, cfg.connect_timeout_ms, &m);
        if (rc)
            rt_error("rank %d did not connect to its peers within %d ms", r, cfg.connect_timeout_ms);
        rt_msg_free(m);
    }
    return rc;
}

/* Worker: register, learn the table, dial lower workers, await higher ones. */
static int assemble_worker(void)
{
    int rc = rt_net_dial(0, cfg.coordinator, cfg.connect_timeout_ms);
    if (!rc) rc = send_register();
    rt_msg *m = NULL;
    if (!rc) rc = rt_recv(RT_MSG_PEERS, 0, 0, cfg.connect_timeout_ms, &m);
    if (rc) {
        rt_error("could not join the job at %s: %s", cfg.coordinator, strads_strerror(rc));
        return rc;
    }
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *t;
    rc = rt_unpack_next(&up, m->body, m->body_len, &off, &t);
    if (!rc && (t->type != MSGPACK_OBJECT_ARRAY || t->via.array.size != (uint32_t)cfg.size))
        rc = STRADS_EPROTO;
    for (int r = 1; r < cfg.rank && !rc; r++) {
        msgpack_object *e = &t->via.array.ptr[r];
        if (e->type != MSGPACK_OBJECT_ARRAY || e->via.array.size != 2 ||
            e->via.array.ptr[0].type != MSGPACK_OBJECT_STR ||
            e->via.array.ptr[1].type != MSGPACK_OBJECT_POSITIVE_INTEGER) {
            rc = STRADS_EPROTO;
            break;
        }
        char hp[128];
        snprintf(hp, sizeof hp, "%.*s:%u", (int)e->via.array.ptr[0].via.str.size,
                 e->via.array.ptr[0].via.str.ptr, (unsigned)e->via.array.ptr[1].via.u64);
        rc = rt_net_dial(r, hp, cfg.connect_timeout_ms);
    }
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    if (rc) return rc;
    uint64_t end = rt_now_ms() + (uint64_t)cfg.connect_timeout_ms;
    for (int r = cfg.rank + 1; r < cfg.size; r++)
        while (!rt_peer_up(r)) {
            if (!rt_peer_alive(r) || rt_now_ms() > end) {
                rt_error("rank %d did not connect within %d ms", r, cfg.connect_timeout_ms);
                return STRADS_ETIMEDOUT;
            }
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
        }
    rt_packer p;
    rt_pack_begin(&p, RT_MSG_READY, 0);
    return rt_send_packed(0, &p);
}

/* The driver may leave through exit() instead of returning from main. */
static void release_workers(void)
{
    if (workers_released || cfg.rank != 0) return;
    workers_released = true;
    if (upper.shutdown) shutdown_rc = upper.shutdown(); /* the last checkpoint completes first */
    rt_trace_finish(); /* gathers the nodes' events while they still serve */
    rt_shutdown_workers();
    rt_net_stop();
}

/* Large transient buffers (received messages, plan messages, batches of
 * elements) come and go in every operator. Over glibc's dynamic mmap
 * threshold each is a fresh mapping, unmapped again on free, so every
 * operator faults all of them in anew: in a VM several microseconds per
 * 4 KiB page (the driver's pull of SGD-MF's changed rows after each epoch
 * on 2 nodes: 160-190 ms, 20-26 ms once its receive buffers are reused).
 * Up to glibc's limit of 32 MB they come from the heap instead, which keeps
 * up to 256 MB freed at its top. And one heap for every thread: with an
 * arena per thread, what the transport's thread received (and the node's
 * thread freed) went back to the transport's arena, where the node's next
 * buffers could not reuse it (a worker's first SGD-MF plan on 2 nodes
 * faulted its key pass's 5 MB in anew: 20-30 ms of its 55; the driver's
 * receive buffers the same the other way). Small blocks stay per thread
 * in glibc's thread caches. These settings are the whole process's, the
 * program's own allocations included: made only with STRADS_MALLOC_TUNE=1
 * (strads-run sets it), and each left alone when the user tuned it
 * (GLIBC_TUNABLES or the MALLOC_*_ variables). */
static bool user_tuned(const char *var, const char *tunable)
{
    const char *t = getenv("GLIBC_TUNABLES");
    return getenv(var) || (t && strstr(t, tunable));
}

static void malloc_reuse(void)
{
    if (!user_tuned("MALLOC_MMAP_THRESHOLD_", "mmap_threshold") &&
        !user_tuned("MALLOC_TRIM_THRESHOLD_", "trim_threshold")) {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
    }
    if (!user_tuned("MALLOC_ARENA_MAX", "arena_max")) mallopt(M_ARENA_MAX, 1);
}

/* The driver's main may leave through exit(): a run whose checkpoints
 * failed still exits non-zero (docs/recovery.md). */
static void exit_failed_checkpoints(void)
{
    release_workers();
    if (shutdown_rc) {
        fflush(NULL);
        _exit(1);
    }
}

int rt_start(int argc, char **argv, strads_main_fn user_main, const rt_upper *up)
{
    if (up) upper = *up;
    char err[512] = "";
    int rc = rt_config_load(&cfg, err, sizeof err);
    if (rc) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        return 2;
    }
    cfg_loaded = true;
    /* The allocator belongs to the program: tuned only when asked. */
    if (cfg.malloc_tune) malloc_reuse();
    if (upper.check_config && (rc = upper.check_config(&cfg, err, sizeof err))) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        return 2;
    }
    rt_log_set(cfg.log_level, cfg.size > 1 ? cfg.rank : -1);
    if ((rc = rt_trace_init(&cfg, err, sizeof err))) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        return 2;
    }
    if (sodium_init() < 0) {
        fprintf(stderr, "strads: cannot initialize libsodium\n");
        return 2;
    }
    /* A peer that vanishes must be an error code, not a SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    /* Before any thread starts: every thread of the process inherits it. */
    if ((rc = rt_config_bind_cpus(&cfg, err, sizeof err))) {
        fprintf(stderr, "strads: configuration: %s\n", err);
        return 2;
    }
    if ((rc = rt_pool_init(cfg.threads))) {
        fprintf(stderr, "strads: cannot start %d threads\n", cfg.threads);
        return 2;
    }
    if (upper.install) upper.install();
    if ((rc = rt_net_start(&cfg, err, sizeof err))) {
        rt_error("%s", err);
        return 2;
    }
    if (cfg.size > 1) {
        rc = cfg.rank == 0 ? assemble_driver() : assemble_worker();
        if (rc) {
            rt_error("the job could not assemble: %s", strads_strerror(rc));
            fflush(NULL);
            _exit(3);
        }
        rt_debug("job assembled: %d processes", cfg.size);
    }
    int status;
    if (cfg.rank == 0) {
        atexit(exit_failed_checkpoints);
        status = user_main(argc, argv);
        fflush(NULL);
        release_workers();
        if (shutdown_rc && status == 0) status = 1;
    } else {
        status = rt_serve();
        rt_net_stop();
    }
    rt_pool_stop();
    return status;
}
