/* Which written arrays stradsc marks as their iterations' own
 * (STRADS_ARRAY_OWN) or as touched by one iteration each
 * (STRADS_ARRAY_DISJOINT): each `// OWN name`, `// DISJOINT name` or
 * `// NOT name` line below the pragma is what table-test.sh expects of the
 * loop's array table. */
#include <stdlib.h>

double *g;

static void bump(double *p) { p[1] += 1; }
static void touch_g(int i) { g[i] += 1; }

typedef struct pt { double x, y; } pt;

int main(void)
{
    int n = 1000;
    #pragma strads dvector
    double *a = calloc(n + 2, sizeof *a);
    #pragma strads dvector
    double *b = calloc(n + 2, sizeof *b);
    #pragma strads dvector
    int *idx = calloc(n, sizeof *idx);
    #pragma strads dvector
    pt *p = calloc(n, sizeof *p);
    #pragma strads dvector
    g = calloc(n, sizeof *g);
    double *alias = a;

    // OWN a
    // DISJOINT b
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        a[i] = a[i] * 2 + 1;
        b[i + 1] = a[i];
    }
    // NOT a
#pragma strads sync_for
    for (int i = 0; i < n; i++) bump(&a[i]);
    // NOT a
    // NOT b
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        a[idx[i]] += 1;
        double *q = b + i;
        *q = 1;
    }
    // NOT g
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        g[i] = 2;
        touch_g(i);
    }
    // OWN p
#pragma strads sync_for
    for (int i = 0; i < n; i++) p[i].x += 1;
    // NOT p
#pragma strads sync_for
    for (int i = 0; i < n; i++) bump(&p[i].x);
    // OWN a
    // OWN alias
#pragma strads sync_for
    for (int j = 1; j < n; j++) {
        int k = j;
        a[j] += 1;
        alias[j] -= 1;
        (void)k;
    }
    // NOT a
#pragma strads sync_for
    for (int j = 1; j < n; j++) {
        int k = j;
        a[k] += 1;
    }
    // DISJOINT a
    // DISJOINT b
#pragma strads sync_for
    for (int j = 0; j < n / 2; j++) {
        double x = a[2 * j], y = a[2 * j + 1];
        if (x > y) a[2 * j] = y, a[2 * j + 1] = x;
        b[1 + 3 * j] = b[3 * j + 2] + 1;
    }
    // NOT a
    // NOT b
    // DISJOINT idx
#pragma strads sync_for
    for (int j = 0; j < n / 2 - 1; j++) {
        a[2 * j] += a[2 * j + 2];
        b[j] = b[j * 2];
        idx[-2 * j + 400] = 1;
    }
    #pragma strads dvector
    double (*rows)[4] = calloc(n + 1, sizeof *rows);
    // NOT rows
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double *row = rows[i + 1];
        row[0] = row[-4] + 1;
    }
    // DISJOINT rows
#pragma strads sync_for
    for (int i = 0; i < n / 2; i++)
        for (int k = 0; k < 4; k++) rows[2 * i][k] += rows[2 * i + 1][k];
    // OWN rows
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) rows[i][k] = rows[i][k] * 0.5 + k;
    // NOT rows
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double *q = &rows[i][0]; /* an address: q + 4 is the next row */
        q[0] = 1;
    }
    // NOT rows
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        rows[i][0] = rows[i + 1][0];
    /* a 3-D array's slab i (PolyBench's heat-3d B[i][j][k]): its own; an
     * address into the slab is not */
    #pragma strads dvector
    double (*slab)[4][4] = calloc(n, sizeof *slab);
    // OWN slab
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 4; k++) slab[i][j][k] = slab[i][j][k] * 0.5 + j + k;
    // NOT slab
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double *q = &slab[i][1][0];
        q[0] = 1;
    }
    /* columns: Gram-Schmidt's and LU's A[i][j] and R[k][j], j the loop
     * variable; a column used at another level, an address, or rows reached
     * through pointers (which may alias) are not */
    #pragma strads dvector
    double (*M)[4] = calloc(n, sizeof *M);
    #pragma strads dvector
    double (*R)[4] = calloc(n, sizeof *R);
    #pragma strads dvector
    double (*C)[4][4] = calloc(n, sizeof *C);
    int k0 = 1;
    // DISJOINT M
    // DISJOINT R
    // DISJOINT C
#pragma strads sync_for
    for (int j = k0; j < 4; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += M[i][j];
        R[k0][j] = s;
        for (int i = 0; i < n; i++) M[i][j] -= s * M[i][j] * R[0][j];
        C[k0][j][0] += C[2][j][3];
    }
    // NOT M
#pragma strads sync_for
    for (int j = 1; j < 4; j++)
        for (int i = 0; i < n; i++) M[i][j] -= M[i][0]; /* column 0: iteration 0's */
    // NOT M
    // NOT R
    // NOT C
#pragma strads sync_for
    for (int j = 0; j < 4; j++) {
        M[j][0] = M[0][j];
        double *q = &R[0][j];
        *q = 1;
        C[0][j][0] = C[0][0][j];
    }
    /* LU's pivot row: iterations i = k + 1 .. n write their own rows and
     * read row k, which none of them writes; starting at k, or reading row
     * k + 1, they would */
    // DISJOINT M
#pragma strads sync_for
    for (int i = k0 + 1; i < n; i++) {
        double l = M[i][k0] / M[k0][k0];
        M[i][k0] = l;
        for (int j = k0 + 1; j < 4; j++) M[i][j] -= l * M[k0][j] + M[k0 - 1][j];
    }
    // NOT M
#pragma strads sync_for
    for (int i = k0; i < n; i++)
        for (int j = k0 + 1; j < 4; j++) M[i][j] -= M[k0][j];
    // NOT M
#pragma strads sync_for
    for (int i = k0 + 1; i < n; i++)
        for (int j = k0 + 1; j < 4; j++) M[i][j] -= M[k0 + 1][j];
    // NOT M
#pragma strads sync_for
    for (int i = k0 + 1; i < n; i++) M[k0][0] += M[i][0]; /* a write to the pivot row */
    /* flat rows of a dvector row(D): P[i * D + m], m counting 0 .. D - 1 */
    int D = 4 + (n > 5000);
    #pragma strads dvector row(D)
    double *F = calloc((size_t)n * D, sizeof *F);
    // OWN F
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        for (int m = 0; m < D; m++) F[i * D + m] = F[D * i + m] * 0.5 + m;
        F[i * D] += 1;
    }
    /* a stencil's interior: m from 1 while m < D - 1, or m <= D - 2 */
    // OWN F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 1; m < D - 1; m++) F[i * D + m] = 0.25 * m;
    // OWN F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 1; m <= D - 2; m++) F[i * D + m] = 0.5 * m;
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m <= D - 0; m++) F[i * D + m] = 1; /* m reaches D: the next row */
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D + 1; m++) F[i * D + m] = 1;
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m <= D; m++) F[i * D + m] = 1; /* m reaches D: the next row */
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D; m++) F[i * D + m + 1] = 1;
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D; m++) {
            F[i * D + m] = 1;
            m += 0; /* the counter assigned in its loop */
        }
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D; m++) F[i * n + m] = 1; /* another length than the row's */
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n / 2; i++) {
        int D = 8; /* another length than the captured one */
        for (int m = 0; m < D; m++) F[i * D + m] = m;
    }
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D; m++) {
            F[i * D + m] = 1;
            (m) += 0;
        }
#define SHIFT(v, k) ((v) += (k))
    // NOT F
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int m = 0; m < D; m++) {
            F[i * D + m] = 1;
            SHIFT(m, 0);
        }
    /* Gaussian elimination on flat rows: iterations i = k + 1 .. write
     * their rows from column k on (k the pivot loop's counter, below D)
     * and read the pivot row k */
    for (int k = 0; k < D; k++) {
        // DISJOINT F
#pragma strads sync_for
        for (int i = k + 1; i < n; i++) {
            double f = F[i * D + k] / F[k * D + k];
            for (int j = k; j < D; j++) F[i * D + j] -= f * F[k * D + j];
        }
        // NOT F
#pragma strads sync_for
        for (int i = k; i < n; i++) /* the pivot row is an iteration's */
            for (int j = k; j < D; j++) F[i * D + j] -= F[k * D + j];
        // NOT F
#pragma strads sync_for
        for (int i = k + 1; i < n; i++) /* k0 counts nothing: maybe past the row */
            for (int j = k0; j < D; j++) F[i * D + j] -= F[k * D + j];
    }
    /* slabs of a flat grid without row(): u[(i * n2 + j) * n1 + k], each
     * j and k inside its row (NPB MG's smoother): iteration i touches only
     * slab i; a neighbour in another slab, a counter that reaches the next
     * row, a length of the body's own or two lengths are not */
    int g = 6 + (n > 5000), g2 = 5;
    #pragma strads dvector
    double *u = calloc((size_t)n * g * g, sizeof *u);
    #pragma strads dvector
    double *r = calloc((size_t)n * g * g, sizeof *r);
    // DISJOINT u
#pragma strads sync_for
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < g - 1; j++)
            for (int k = 1; k < g - 1; k++)
                u[(i * g + j) * g + k] += r[((i - 1) * g + j) * g + k] + r[(i * g + j) * g + k - 1] -
                                          0.5 * u[(i * g + j) * g + k];
    // DISJOINT u
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < g; j++) u[i * g * g + j] = 0;
    // DISJOINT u
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 2; k++) u[k + (3 * i + j) * 2] = u[(i * 3 + j) * 2 + k] + 1;
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < g; j++) u[i * g * g + j] = 0;
        u[i * 4] = 1; /* another slab length */
    }
    // NOT u
#pragma strads sync_for
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < g - 1; j++)
            u[i * g + j] = u[(i - 1) * g + j]; /* the slab above */
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 1; j < g; j++)
            u[i * g + j - 1] = 1; /* j - 1: not a counter */
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= g; j++) u[i * g + j] = 1; /* j reaches g: the next slab */
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int h = i % 3 + 1; /* a length of each iteration's own */
        for (int j = 0; j < h; j++) u[i * h + j] = 1;
    }
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n / 2; i++) {
        for (int j = 0; j < g; j++) u[i * g + j] = 1;
        for (int j = 0; j < g2; j++) u[i * g2 + j] += 1; /* another length */
    }
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n / 2; i++)
        for (int j = 0; j < g; j++)
            u[(i * g2) * g + j] = 1; /* g2 may be 0 at run time: every i in slab 0 */
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < g; j++) {
            double *q = &u[i * g + j]; /* an address */
            q[0] = 1;
        }
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n / 8; i++) {
        g2 = 4 + (i & 1) * 4; /* a length the body sets: slabs that overlap */
        for (int j = 0; j < g2; j++) u[i * g2 + j] += 1;
    }
    {
        int m, *pm = &m; /* the counter's address taken: it may move through a pointer */
        // NOT u
#pragma strads sync_for private(m)
        for (int i = 0; i < n / 8; i++)
            for (m = 0; m < g; m++)
                u[i * g + m] += 1;
        *pm = 0;
    }
    // NOT u
#pragma strads sync_for
    for (int i = 0; i < n / 8; i++)
        for (signed char m = 0; m < g; m++) u[i * g + m] += 1; /* a counter that may wrap */
    free(u);
    free(r);
    free(a);
    free(b);
    free(idx);
    free(p);
    free(rows);
    free(F);
    free(M);
    free(R);
    free(C);
    return 0;
}

/* A pointer this file does not allocate (the caller's dvector row(K)),
 * rewritten row by row with C89 counters: its own flat rows, the row
 * length K checked at run time against the array's */
void step(int T, int K, double *x, const double *tab)
{
    int t, m;
    // OWN x
#pragma strads sync_for
    for (t = 0; t < T; t++)
        for (m = 0; m < K; m++)
            x[t * K + m] = tab[m] * (t + 1);
    // NOT x
#pragma strads sync_for
    for (t = 0; t < T; t++)
        for (m = 0; m < K; m++)
            x[t * K + m] += x[m];
}

static void bump2(double *r, int K)
{
    for (int m = 0; m < 2 * K; m++)
        r[m] += 1;
}

/* ... unless a row's address escapes to a function, which may write past it */
void step_escape(int T, int K, double *x)
{
    int t, m;
    // NOT x
#pragma strads sync_for
    for (t = 0; t < T; t++) {
        for (m = 0; m < K; m++)
            x[t * K + m] += 0.5;
        bump2(&x[t * K], K);
    }
}

/* A scatter into a summed array the body never reads (PageRank's
 * y[row[j]] += v): its calls alone are the loop itself (the summed changes
 * are the additions); not when the body reads it, nor averaged. */
void scatter(int n, const int *start, const int *row, const double *x, double *y, double *z)
{
    // ADDED y
#pragma strads sync_for aggregate(y: sum)
    for (int c = 0; c < n; c++)
        for (int j = start[c]; j < start[c + 1]; j++) y[row[j]] += x[c];
    // NOT y
#pragma strads sync_for aggregate(y: sum)
    for (int c = 0; c < n; c++)
        for (int j = start[c]; j < start[c + 1]; j++) y[row[j]] += x[c] * y[c];
    // NOT z
    // ADDED y
#pragma strads sync_for aggregate(y: sum)
    for (int c = 0; c < n; c++)
        for (int j = start[c]; j < start[c + 1]; j++) {
            y[row[j]] += x[c];
            z[row[j]] += x[c];
        }
}

/* ... nor when an addition's value is used (a counting sort's positions,
 * pos[i] = cnt[k]++, read the counts) or a macro's text reads the array */
#define READ_ACC(k) acc[k]
void ranks(int n, const int *key, long *pos, long *cnt, double *acc, double *w)
{
    // NOT cnt
#pragma strads sync_for aggregate(cnt: sum)
    for (int i = 0; i < n; i++) pos[i] = cnt[key[i]]++;
    // NOT cnt
#pragma strads sync_for aggregate(cnt: sum)
    for (int i = 0; i < n; i++)
        if (cnt[key[i]]++ == 0) pos[i] = 1;
    // NOT acc
#pragma strads sync_for aggregate(acc: sum)
    for (int i = 0; i < n; i++) {
        acc[key[i]] += 1.0;
        w[i] = READ_ACC(key[i]);
    }
    // ADDED cnt
#pragma strads sync_for aggregate(cnt: sum)
    for (int i = 0; i < n; i++)
        if (key[i] > 0) cnt[key[i]]++;
        else --cnt[0];
}
