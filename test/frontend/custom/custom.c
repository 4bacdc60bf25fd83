/*
 * sync(custom(NAME)) with NAME a function of the program: a barrier policy
 * that lets every waiting node go once at least half of the nodes wait
 * (throttled release). The struct mirrors strads_worker_stat from strads.h
 * so that the file stays plain C for cc; only its layout matters.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct worker_stat {
    int64_t clock, staleness;
    double avg_task_s;
    int available;
};

int half_release(const struct worker_stat *w, int n, long arg, unsigned char *may);
int half_release(const struct worker_stat *w, int n, long arg, unsigned char *may)
{
    (void)arg;
    int waiting = 0;
    for (int r = 0; r < n; r++) waiting += w[r].available;
    int go = 2 * waiting >= n;
    for (int r = 0; r < n; r++) may[r] = (unsigned char)(go && w[r].available);
    return go ? waiting : 0;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
#pragma strads dvector
    double *x = malloc((size_t)n * sizeof *x);
    for (long i = 0; i < n; i++) x[i] = (double)(i % 97) / 97.0;
    double sum = 0;
#pragma strads sync_for sync(custom(half_release)) reduction(+: sum)
    for (long i = 0; i < n; i++) sum += x[i] * x[i];
    printf("sum %.6f\n", sum);
    free(x);
    return 0;
}
