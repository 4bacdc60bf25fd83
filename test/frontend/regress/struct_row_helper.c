/* k-means' assignment written over an array of point structs, each point's
 * coordinates handed to a helper that only reads them
 * (`p[i].label = nearest(p[i].x, C, K)`): sync_for refused it ("cannot
 * combine writes to 'p'"), the member array passed to the call not being
 * taken for the iteration's own element, as `p[i].x[0]` was. A member
 * array handed to a function that only reads through it reaches no other
 * element (capture.c's read_member_arg): p is the iterations' own,
 * written in place. The centroids are a local array the body reads by
 * value: floats, data to a sync_for (keyed.c), so their new values every
 * call keep the plan (frontend.notice.struct_row_helper). */
#include <stdio.h>
#include <stdlib.h>

#define D 4
#define K 5

struct pt {
    float x[D];
    int label;
};

static int nearest(const float *x, const float *C, int k)
{
    int best = 0;
    float bd = 1e30f;
    for (int c = 0; c < k; c++) {
        float d2 = 0;
        for (int j = 0; j < D; j++)
            d2 += (x[j] - C[c * D + j]) * (x[j] - C[c * D + j]);
        if (d2 < bd)
            bd = d2, best = c;
    }
    return best;
}

int main(void)
{
    long n = 3000;
    #pragma strads dvector
    struct pt *p = malloc(n * sizeof *p);
    float C[K * D];
    for (long i = 0; i < n; i++) {
        for (int j = 0; j < D; j++)
            p[i].x[j] = (float)((i * 37 + j * 11) % 101) / 10.0f;
        p[i].label = -1;
    }
    for (int c = 0; c < K * D; c++)
        C[c] = p[c * 7].x[c % D];
    for (int it = 0; it < 4; it++) {
        long changed = 0;
        #pragma strads sync_for reduction(+: changed)
        for (long i = 0; i < n; i++) {
            int l = nearest(p[i].x, C, K);
            changed += l != p[i].label;
            p[i].label = l;
        }
        float sum[K * D] = {0};
        long cnt[K] = {0};
        for (long i = 0; i < n; i++) {
            cnt[p[i].label]++;
            for (int j = 0; j < D; j++)
                sum[p[i].label * D + j] += p[i].x[j];
        }
        for (int c = 0; c < K; c++)
            for (int j = 0; j < D && cnt[c]; j++)
                C[c * D + j] = sum[c * D + j] / (float)cnt[c];
        printf("iteration %d changed %ld sizes %ld %ld %ld %ld %ld\n", it, changed, cnt[0], cnt[1], cnt[2],
               cnt[3], cnt[4]);
    }
    return 0;
}
