/*
 * replay/order.c - recording the order async_for ran in, and replaying it
 * in one process.
 *
 * An async_for call equals the sequential loop run in the order of its plan
 * (round, node, sub-round, thread, position): the oracle tests check this
 * bit for bit. So the order is all a replay of an async_for call needs -
 * lock grants, message arrivals and task dispatch inside the call cannot
 * change its result. With STRADS_RECORD=DIR the driver writes, per call, the
 * order to DIR/async-NNNNNN.order (versioned header, BLAKE2b checksum,
 * written to a temp file then renamed). With STRADS_REPLAY=DIR a program run
 * as one process executes each async_for call in its recorded order on one
 * thread, so the run, and a debugger stepping through a loop body in it,
 * sees exactly what the recorded parallel run computed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "replay/replay.h"
#include "runtime/rt.h"

#define ORDER_MAGIC "STRADSRO"
#define ORDER_VERSION 1

typedef struct order_hdr {
    char magic[8];
    uint32_t version, pad;
    uint64_t site_id;
    int64_t begin, end, n;
    uint64_t call;
} order_hdr;

static uint64_t calls; /* async_for calls so far: the driver's main thread */

static const char *dir_of(const char *var)
{
    const char *d = getenv(var);
    return d && *d ? d : NULL;
}

bool replay_recording(void) { return dir_of("STRADS_RECORD") != NULL; }
bool replay_replaying(void) { return dir_of("STRADS_REPLAY") != NULL; }

uint64_t replay_next_async_call(void) { return ++calls; }

static void order_path(char *out, size_t len, const char *dir, uint64_t call)
{
    snprintf(out, len, "%s/async-%06llu.order", dir, (unsigned long long)call);
}

int replay_record_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                        const int64_t *order, int64_t n)
{
    const char *dir = dir_of("STRADS_RECORD");
    if (!dir) return 0;
    if (mkdir(dir, 0755) && errno != EEXIST) {
        rt_error("record: cannot create %s: %s", dir, strerror(errno));
        return STRADS_EIO;
    }
    char path[4096], tmp[4200];
    order_path(path, sizeof path, dir, call);
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    order_hdr h = {ORDER_MAGIC, ORDER_VERSION, 0, site->id, begin, end, n, call};
    memcpy(h.magic, ORDER_MAGIC, 8);
    unsigned char sum[32];
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, sizeof sum);
    crypto_generichash_update(&st, (const unsigned char *)&h, sizeof h);
    int64_t *seq = NULL;
    if (!order) { /* the plain sequential order of an unplanned call */
        seq = malloc((size_t)(n ? n : 1) * sizeof *seq);
        if (!seq) return STRADS_ENOMEM;
        for (int64_t i = 0; i < n; i++) seq[i] = begin + i;
        order = seq;
    }
    crypto_generichash_update(&st, (const unsigned char *)order, (size_t)n * sizeof *order);
    crypto_generichash_final(&st, sum, sizeof sum);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
             fwrite(order, sizeof *order, (size_t)n, f) == (size_t)n &&
             fwrite(sum, sizeof sum, 1, f) == 1;
    if (f && fclose(f)) ok = 0;
    free(seq);
    if (!ok || rename(tmp, path)) {
        unlink(tmp);
        rt_error("record: cannot write %s: %s", path, strerror(errno));
        return STRADS_EIO;
    }
    return 0;
}

int replay_load_order(const strads_loop_site *site, uint64_t call, int64_t begin, int64_t end,
                      int64_t **out, int64_t *n)
{
    char path[4096];
    order_path(path, sizeof path, dir_of("STRADS_REPLAY"), call);
    FILE *f = fopen(path, "rb");
    if (!f) {
        rt_error("replay: %s:%u: no recorded order %s: %s (was the run recorded with "
                 "--record, and is this the same program and input?)",
                 site->file, site->line, path, strerror(errno));
        return STRADS_ENOTFOUND;
    }
    order_hdr h;
    int rc = 0;
    const char *why = NULL;
    int64_t *order = NULL;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, ORDER_MAGIC, 8))
        why = "not a recorded order";
    else if (h.version != ORDER_VERSION)
        why = "recorded by another version of strads";
    else if (h.site_id != site->id || h.begin != begin || h.end != end)
        why = "recorded for another loop or range: the program or its input changed";
    else if (h.n < 0 || h.n > end - begin)
        why = "corrupt length";
    if (!why) {
        order = malloc((size_t)(h.n ? h.n : 1) * sizeof *order);
        unsigned char sum[32], want[32];
        if (!order) {
            rc = STRADS_ENOMEM;
        } else if (fread(order, sizeof *order, (size_t)h.n, f) != (size_t)h.n ||
                   fread(sum, sizeof sum, 1, f) != 1) {
            why = "truncated";
        } else {
            crypto_generichash_state st;
            crypto_generichash_init(&st, NULL, 0, sizeof want);
            crypto_generichash_update(&st, (const unsigned char *)&h, sizeof h);
            crypto_generichash_update(&st, (const unsigned char *)order, (size_t)h.n * sizeof *order);
            crypto_generichash_final(&st, want, sizeof want);
            if (memcmp(sum, want, sizeof sum)) why = "checksum mismatch";
            for (int64_t i = 0; !why && i < h.n; i++)
                if (order[i] < begin || order[i] >= end) why = "iteration out of range";
        }
    }
    fclose(f);
    if (why) {
        rt_error("replay: %s:%u: %s: %s", site->file, site->line, path, why);
        rc = STRADS_ECORRUPT;
    }
    if (rc) {
        free(order);
        return rc;
    }
    *out = order;
    *n = h.n;
    return 0;
}
