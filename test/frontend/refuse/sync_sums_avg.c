/* A sparse matrix-vector product written as a scatter into a dvector of
 * doubles (PageRank's prnew[row[j]] += val[j] * pr[col]) under sync_for's
 * default aggregate, the average of the workers' changes: the sums come
 * out divided by the workers. stradsc says so, as for integer counts; a
 * model the body reads as well as updates (SGD's w) is averaged on
 * purpose, and gets no warning. */
#include <stdlib.h>

double *spmv(const int *colptr, const int *row, const double *val, const double *pr, int n)
{
#pragma strads dvector
    double *out = calloc(n, sizeof *out);
#pragma strads sync_for
    for (int col = 0; col < n; col++)
        for (int j = colptr[col]; j < colptr[col + 1]; j++)
            out[row[j]] += val[j] * pr[col];
    return out;
}

void sgd(const int *feat, const double *y, double *w, long n)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++) {
        double g = y[i] - w[feat[i]];
        w[feat[i]] += 0.1 * g;
    }
}
// EXPECT: 16:13: warning: sync_for only adds into 'out' under the default aggregate
// HINT: add reduction(+: out[0:n]) to give each worker its own copy, summed at the end
// HINT: or aggregate(out: sum)
// EXIT: 0
