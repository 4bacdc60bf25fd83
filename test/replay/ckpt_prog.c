/*
 * ckpt_prog - a program that calls the checkpoint hooks itself around its
 * parallel operators, the way the loop engines will (replay/replay.h), so
 * that the recovery tests do not depend on the engines' wiring.
 *
 *   ckpt_prog [OPS]
 *
 * Two distributed arrays: A (input, never written after creation) and X
 * (the model). Each operator is a node function in which every node updates
 * the elements of X it owns from A, then the nodes sum X (all-reduce, exact:
 * the values are integers). Odd operators go through a loop site with a
 * sum reduction (published through the site, as generated code does), even
 * ones through a site without. Between operators the sequential code
 * accumulates the sums into a plain C variable (rebuilt by fast
 * re-execution) and writes X[0] (a sequential write to a DDS). The last
 * line is the result that a recovered run must reproduce exactly:
 *   result fp=<fingerprint of X> total=<sum of the reductions>
 *
 * Fault hooks: CKPT_KILL=OP:RANK makes RANK SIGKILL itself at the start of
 * operator OP (not in a recovering run), CKPT_KILL=OP:RANK:stop SIGSTOP
 * itself there (a hung node); CKPT_SLEEP_MS slows each operator.
 * A different program: CKPT_SWAP=1 swaps the two loop sites, CKPT_SHAPE=1
 * allocates X one element longer (recovery must refuse both).
 */
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <msgpack.h>

#include "check.h"
#include "dds/dds.h"
#include "replay/replay.h"
#include "strads_generated.h"

enum { N = 50000 };
#define MODULUS 1000003.0

typedef struct prog_env {
    strads_loop_dyn dyn;
    int64_t op;
    double sum;       /* reduction: loop-entry value */
    double *sum_addr; /* driver's address of the variable */
} prog_env;

static void red_init(void *tls, const void *env)
{
    (void)env;
    *(double *)tls = 0;
}
static void red_fold(void *acc, const void *tls)
{
    *(double *)acc += *(const double *)tls;
}
static void red_publish(void *env, const void *acc)
{
    prog_env *e = env;
    *e->sum_addr = e->sum + *(const double *)acc;
}
static int red_pack(struct msgpack_packer *pk, const void *tls)
{
    return msgpack_pack_double((msgpack_packer *)pk, *(const double *)tls) ? STRADS_EIO : 0;
}
static int red_unpack(const struct msgpack_object *o, void *tls)
{
    const msgpack_object *m = (const msgpack_object *)o;
    if (m->type != MSGPACK_OBJECT_FLOAT64 && m->type != MSGPACK_OBJECT_FLOAT32)
        return STRADS_EPROTO;
    *(double *)tls = m->via.f64;
    return 0;
}

static const strads_loop_site site_sum = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "ckpt_prog.c", .line = 100,
    .col = 5, .id = 0xC4EC4001, .env_size = sizeof(prog_env), .tls_size = sizeof(double),
    .tls_init = red_init, .tls_fold = red_fold, .publish = red_publish, .tls_pack = red_pack,
    .tls_unpack = red_unpack};
static const strads_loop_site site_plain = {
    .abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR, .file = "ckpt_prog.c", .line = 200,
    .col = 5, .id = 0xC4EC4002, .env_size = sizeof(prog_env)};

typedef struct step_arg {
    double *X;
    const double *A;
    int64_t op;
} step_arg;

static double node_sum; /* the driver's all-reduced sum of the last operator */

static void maybe_die(int64_t op)
{
    const char *k = getenv("CKPT_KILL");
    const char *rec = getenv("STRADS_RECOVER");
    int kop, krank;
    char how[8] = "";
    if (!k || (rec && *rec) || sscanf(k, "%d:%d:%7s", &kop, &krank, how) < 2) return;
    if (kop == op && krank == strads_rank()) {
        bool stop = strcmp(how, "stop") == 0;
        fprintf(stderr, "ckpt_prog: rank %d %s itself at op %d\n", krank, stop ? "stops" : "kills",
                kop);
        raise(stop ? SIGSTOP : SIGKILL);
    }
}

static int step_fn(const void *arg, size_t len)
{
    if (len != sizeof(step_arg)) return STRADS_EPROTO;
    const step_arg *a = arg;
    maybe_die(a->op);
    dds_vec *dv;
    int rc = dds_lookup(a->X, &dv, NULL);
    if (rc) return rc;
    int64_t lo, hi;
    dds_owned_range(dv, strads_rank(), &lo, &hi);
    double s = 0;
    for (int64_t i = lo; i < hi; i++) {
        double v = fmod(a->X[i] * 3 + a->A[i] + (double)a->op, MODULUS);
        a->X[i] = v;
        s += v;
    }
    dds_mark_changed(dv, lo, hi);
    const char *ms = getenv("CKPT_SLEEP_MS");
    if (ms) usleep((useconds_t)atoi(ms) * 1000);
    rc = strads_allreduce(&s, 1, STRADS_T_F64, STRADS_OP_SUM);
    if (!rc && strads_rank() == 0) node_sum = s;
    return rc;
}

static int init_A(void *elem, int64_t i, uint64_t seed)
{
    *(double *)elem = (double)((i * 7919 + (int64_t)seed) % 1009);
    return 0;
}
static int init_X(void *elem, int64_t i, uint64_t seed)
{
    (void)seed;
    *(double *)elem = (double)(i % 17);
    return 0;
}

static int prog_main(int argc, char **argv)
{
    int ops = argc > 1 ? atoi(argv[1]) : 10;
    double *A, *X;
    CHECK_OK(strads_dvector_create((void **)&A, N, sizeof(double), STRADS_PART_BLOCK, init_A, 5));
    int64_t nx = getenv("CKPT_SHAPE") ? N + 1 : N;
    int swap = getenv("CKPT_SWAP") != NULL;
    CHECK_OK(strads_dvector_create((void **)&X, nx, sizeof(double), STRADS_PART_BLOCK, init_X, 0));

    double total = 0; /* plain C state: rebuilt by re-execution */
    for (int64_t op = 1; op <= ops; op++) {
        const strads_loop_site *site = (op + swap) % 2 ? &site_sum : &site_plain;
        double sum = 0;
        prog_env env = {.op = op, .sum = sum, .sum_addr = &sum};
        bool skip;
        CHECK_OK(replay_op_begin((uint64_t)op, site, &env, &skip));
        if (!skip) {
            step_arg a = {.X = X, .A = A, .op = op};
            CHECK_OK(dds_operator_begin());
            CHECK_OK(strads_invoke_all(step_fn, &a, sizeof a));
            CHECK_OK(dds_operator_end());
            double acc = node_sum;
            /* Both ways of handing the accumulator over: at publish time
             * (replay_op_result), or to replay_op_end itself. */
            if (op % 4 == 1) CHECK_OK(replay_op_result(site, &acc));
            if (site->publish) site->publish(&env, &acc);
            CHECK_OK(replay_op_end((uint64_t)op, site, &env,
                                   site->tls_size && op % 4 != 1 ? &acc : NULL));
        }
        total += sum;
        X[0] = fmod(X[0] + total, MODULUS); /* a sequential write to a DDS */
    }
    /* every element, as the driver sees it */
    printf("result fp=%016llx total=%.0f\n",
           (unsigned long long)replay_fingerprint(X, N * sizeof(double)), total);
    /* What the runtime will do when the driver's main returns: wait for a
     * background checkpoint writer (STRADS_CHECKPOINT_ASYNC). */
    replay_shutdown();
    strads_free(A);
    strads_free(X);
    return 0;
}

STRADS_MAIN(prog_main)
