/*
 * pi - the smallest strads program written against the runtime API: every
 * node draws its share of random points, an all-reduce adds the counts in
 * rank order, and the driver prints the estimate. It shows the process
 * model (one binary, rank 0 runs main, the others serve) before the
 * compiler-driven samples.
 *
 *   strads-run -n 4 ./pi [points]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <strads.h>

typedef struct job {
    int64_t points;
    uint64_t seed;
} job;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int count_hits(const void *arg, size_t len)
{
    (void)len;
    const job *j = arg;
    int me = strads_rank(), n = strads_size();
    int64_t lo = j->points * me / n, hi = j->points * (me + 1) / n;
    uint64_t s = j->seed + (uint64_t)me * 0x1000003ull;
    int64_t hits[2] = {0, hi - lo};
    for (int64_t i = lo; i < hi; i++) {
        double x = (double)(splitmix(&s) >> 11) * 0x1.0p-53;
        double y = (double)(splitmix(&s) >> 11) * 0x1.0p-53;
        hits[0] += x * x + y * y <= 1.0;
    }
    int rc = strads_allreduce(hits, 2, STRADS_T_I64, STRADS_OP_SUM);
    if (rc == 0 && me == 0)
        printf("pi ~ %.6f from %lld points on %d processes\n", 4.0 * (double)hits[0] / (double)hits[1],
               (long long)hits[1], n);
    return rc;
}

static int pi_main(int argc, char **argv)
{
    job j = {argc > 1 ? atoll(argv[1]) : 40000000, 12345};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = strads_invoke_all(count_hits, &j, sizeof j);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc) {
        fprintf(stderr, "pi: %s\n", strads_strerror(rc));
        return 1;
    }
    printf("%.3f s\n", (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    return 0;
}

STRADS_MAIN(pi_main)
