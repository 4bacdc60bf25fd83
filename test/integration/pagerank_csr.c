/* PageRank by pulling over in-edges (CSR), the way a C graph kernel is
 * written: global graph arrays sized at run time, a typedef'd 64-bit vertex
 * id, float ranks, the damping factor a `static const`, the power iteration
 * in a function of its own with the parallel loop writing only its own
 * vertex, and the residual as a reduction. Dangling vertices are skipped
 * with `continue` in a loop that sums their mass.
 *
 * `prog N copy` (the default): a third loop, in main, copies the new ranks
 * back. Regression program of integration.async.csr_recon.n4: iteration v
 * reads row_ptr[v + 1], which for the last v of a node's block belongs to
 * the next node; reconnaissance must fetch it (engine/recon_records.c
 * rt_recon_fetch_reads). A reconnaissance that reads zeros there records
 * none of the edge reads, and `strads-run -n 4 prog 1000` prints "iter 0
 * diff nan" where plain cc prints 9.873820e-02. test/frontend/progs/
 * pagerank.c stores (start, len) per vertex instead.
 *
 * `prog N swap`: iterate() is called with the two rank arrays swapped
 * instead. Regression program of integration.async.plankey_swap.n2: the
 * async_for plan cache must not reuse the first call's plan, which fetches
 * rows of the other array (`strads-run -n 2 prog 2000 swap` then printed
 * 2.02e-01 where plain cc prints "iter 1 diff 3.328496e-02"). The plan is
 * keyed on the env's arrays. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t vid_t;
typedef float rank_t;

static const rank_t damping = 0.85f;
vid_t nv;
vid_t *row_ptr, *col; /* in-edges of v: col[row_ptr[v] .. row_ptr[v+1]) */
vid_t *outdeg;

static double iterate(rank_t *pr, rank_t *next)
{
    double dangling = 0;
    #pragma strads async_for reduction(+: dangling)
    for (vid_t v = 0; v < nv; v++) {
        if (outdeg[v] != 0)
            continue;
        dangling += pr[v];
    }
    double diff = 0;
    rank_t base = (rank_t)((1 - damping + damping * dangling) / (double)nv);
    #pragma strads async_for reduction(+: diff)
    for (vid_t v = 0; v < nv; v++) {
        rank_t s = 0;
        for (vid_t e = row_ptr[v]; e < row_ptr[v + 1]; e++)
            s += pr[col[e]] / (rank_t)outdeg[col[e]];
        next[v] = base + damping * s;
        diff += fabs((double)(next[v] - pr[v]));
    }
    return diff;
}

int main(int argc, char **argv)
{
    nv = argc > 1 ? atol(argv[1]) : 2000;
    int swap = argc > 2 && strcmp(argv[2], "swap") == 0;
    vid_t ne = nv * 6;
    #pragma strads dvector
    row_ptr = malloc((size_t)(nv + 1) * sizeof *row_ptr);
    #pragma strads dvector
    col = malloc((size_t)ne * sizeof *col);
    #pragma strads dvector
    outdeg = calloc((size_t)nv, sizeof *outdeg);
    #pragma strads dvector
    rank_t *a = malloc((size_t)nv * sizeof *a);
    #pragma strads dvector
    rank_t *b = malloc((size_t)nv * sizeof *b);
    /* in-edges: vertex v is linked from 6 pseudo-random sources, except
     * that sources divisible by 7 have no out-edges (dangling) */
    unsigned long long s = 11;
    for (vid_t v = 0; v < nv; v++) {
        row_ptr[v] = v * 6;
        for (int k = 0; k < 6; k++) {
            vid_t u;
            do {
                s = s * 2862933555777941757ULL + 3037000493ULL;
                u = (vid_t)((s >> 20) % (unsigned long long)nv);
            } while (u % 7 == 0);
            col[v * 6 + k] = u;
            outdeg[u]++;
        }
    }
    row_ptr[nv] = ne;
    for (vid_t v = 0; v < nv; v++)
        a[v] = 1.0f / (rank_t)nv;
    for (int it = 0; it < 12; it++) {
        double diff;
        if (swap) { /* after an odd number of calls the newest ranks are in a */
            diff = iterate(it % 2 ? b : a, it % 2 ? a : b);
        } else {
            diff = iterate(a, b);
            #pragma strads async_for
            for (vid_t v = 0; v < nv; ++v)
                a[v] = b[v];
        }
        printf("iter %d diff %.6e\n", it, diff);
    }
    double top = 0, sum = 0;
    for (vid_t v = 0; v < nv; v++) {
        sum += a[v];
        if (a[v] > top)
            top = a[v];
    }
    printf("sum %.5f top %.6e\n", sum, top);
    free(row_ptr);
    free(col);
    free(outdeg);
    free(a);
    free(b);
    return 0;
}
