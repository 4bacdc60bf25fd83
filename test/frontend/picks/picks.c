/* Which captured values stradsc says pick no rows (NO: their change keeps
 * the plan) and which may (DEFAULT for integers and structs, YES for a
 * floating value in an async_for: their change redoes reconnaissance); each
 * `// PICKS name WHAT` line is what table-test.sh expects of the next loop's
 * env table. */
#include <math.h>
#include <stdlib.h>

typedef struct cfg { double lr; int stride; } cfg;
typedef struct ctr { double x, y; } ctr;

static int wrap(int k, int n) { return k % n; }
/* SGD's helpers: a rate only computed with, through a pointer parameter
 * into the loop's own array; one that picks the element it adds to; one
 * whose value comes back and is stored */
static void step(double *w, double g, double rate, int k)
{
    for (int t = 0; t < k; t++) w[t] += rate * g;
}
static void step_at(double *w, double rate) { w[(int)(rate * 100)] += 1; }
static double scaled(double rate, double g) { double r = rate * g; return r; }
int shared_off;
static double at_off(const double *v, int i) { return v[i + shared_off]; }
static double at_ix(const double *v, const int *ix, int i) { return v[ix[i] % 8]; }

int main(void)
{
    int n = 1000, epoch = 3, off = 2, lim = 10, K = 4;
    double lr = 0.1, thr = 0.5;
    cfg cf = {0.1, 2};
    ctr cent[4] = {{0}};
    int offs[2] = {0, 1};
    #pragma strads dvector
    double *a = calloc(n + 16, sizeof *a);
    #pragma strads dvector
    double *b = calloc(n + 16, sizeof *b);

    // PICKS epoch NO
    // PICKS lr DEFAULT
    // PICKS cf NO
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double step = lr / (1 + epoch);
        step *= cf.lr;
        int e2 = epoch * 2;
        e2++;
        a[i] += step * sqrt((double)e2) + (double)epoch;
    }
    // PICKS off DEFAULT
    // PICKS lim DEFAULT
    // PICKS cf DEFAULT
    // PICKS offs DEFAULT
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int o = off + 1;
        a[i + o] += 1;
        for (int k = 0; k < lim; k++) b[i] += k;
        b[i + cf.stride] += 1;
        b[i + offs[1]] += 1;
    }
    // PICKS epoch DEFAULT
    // PICKS K DEFAULT
    // PICKS thr YES
    // PICKS cent NO
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        a[wrap(i + epoch, n)] += 1;
        double *row = b + K;
        row[i % 8] += cent[i % 4].x * cent[i % 4].y;
        if (a[i] > thr) b[i] += 1;
    }
    // PICKS thr DEFAULT
    // PICKS epoch DEFAULT
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        b[i] += a[i] > thr ? 1 : 0;
        a[i] += epoch > 2;
    }
    // PICKS shared_off DEFAULT
    // PICKS epoch NO
#pragma strads async_for
    for (int i = 0; i < n; i++) b[i] += at_off(a, i) + epoch;
    // PICKS epoch DEFAULT
    // PICKS lr YES
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double d = lr;
        d += epoch;
        int j = (int)d;
        a[j] += 1;
        a[i] += d;
    }
    #pragma strads dvector
    int *idx = calloc(n, sizeof *idx);
    #pragma strads dvector
    double *x = calloc(n, sizeof *x);
    // PICKS x NO
    // PICKS idx DEFAULT
    // PICKS b NO
#pragma strads async_for
    for (int i = 0; i < n; i++) a[i] += x[(i % 8) * 2 + 1] * *(x + 3) + b[idx[i]];
    /* b's elements go into at_off and come back as its value, added to
     * a's: followed into the function, they pick nothing */
    // PICKS x DEFAULT
    // PICKS b NO
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        if (x[i] > 0) a[i] += 1;
        a[i] += at_off(b, i);
    }
    /* ... but an index array given to a function that subscripts with it
     * picks rows */
    // PICKS idx DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++)
        a[i] += at_ix(b, idx, i);
    /* Ways a value reaches a subscript that are not plain: each loop's c
     * can pick rows (a review found each one judged NO). */
    int c = 3;
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int o;
        a[(o = c) + i % 8] += 1;
    }
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int x1, y1;
        x1 = y1 = c;
        a[x1 + i % 8] += 1;
    }
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int o = c;
        a[o++ % 8 + i % 8] += 1;
    }
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) a[({ c; }) + i % 8] += 1;
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int arr[2];
        arr[0] = c;
        a[arr[0] + i % 8] += 1;
    }
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) (c % 8)[a] += 1;
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double v = (c ?: a[i % 8] + 1);
        b[i] += v;
    }
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) a[i % 8] += *(double *)(long)c;
    // PICKS c DEFAULT
    // PICKS idx DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        int o = 0;
        int *po = &o;
        *po = c + idx[i];
        a[o % 8] += 1;
    }
    // PICKS c NO
    // PICKS x NO
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double *row = a + (i % 8) * 2;
        row[1] += c * x[i];
    }
    // PICKS lr DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) /* a hinge test on the model: the rate stored into it is data */
        if (a[i % 8] * x[i] < 1) a[i % 8] += lr * x[i];
    // PICKS lr YES
    // PICKS c DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++) { /* the written values read back as an index pick rows */
        idx[i] = (int)(lr * i) + c;
        a[idx[i] % 8] += 1;
    }
    /* labels only compared, and the branch sets variables from what the
     * test read: they pick nothing; an argmin's index set under the test
     * does, and so does a test whose branch reads another element */
    #pragma strads dvector
    int *lab = calloc(n + 16, sizeof *lab);
    #pragma strads dvector
    int *nlab = calloc(n + 16, sizeof *nlab);
    int changed = 0;
    // PICKS lab NO
#pragma strads sync_for reduction(max: changed)
    for (int i = 0; i < n; i++) {
        int best = lab[i];
        for (int j = i; j < i + 2; j++)
            if (lab[idx[j]] < best) best = lab[idx[j]];
        nlab[i] = best;
        if (best != lab[i]) changed = 1;
    }
    // PICKS lab DEFAULT
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int best = 1 << 30, arg = 0;
        for (int c = 0; c < 4; c++)
            if (lab[c] < best) {
                best = lab[c];
                arg = c;
            }
        nlab[arg] += 1;
    }
    // PICKS lab DEFAULT
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double s = 0;
        if (lab[i] > 0) s = x[i];
        nlab[i] = (int)s;
    }
    // PICKS lab DEFAULT
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int j = i, best = 0;
        if (lab[j++] > 0) best = lab[j++]; /* the test's own store moves j */
        nlab[j % n] = best;
    }
    // PICKS lr DEFAULT
    // PICKS epoch NO
#pragma strads async_for
    for (int i = 0; i < n; i++)
        step(&a[(i % 10) * 4], 1.0 / (1 + epoch), lr, 4);
    // PICKS lr YES
#pragma strads async_for
    for (int i = 0; i < n; i++)
        step_at(a, lr);
    // PICKS lr DEFAULT
#pragma strads async_for
    for (int i = 0; i < n; i++)
        a[i] += scaled(lr, b[i]);
    // PICKS lr YES
#pragma strads async_for
    for (int i = 0; i < n; i++)
        a[(int)scaled(lr, 3.0) % n] += 1;
    free(a);
    free(b);
    free(idx);
    free(x);
    free(lab);
    free(nlab);
    return 0;
}
