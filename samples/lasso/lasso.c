/*
 * lasso.c - Lasso regression by cyclic coordinate descent.
 *
 * Minimizes 0.5 ||y - X b||^2 + lambda ||b||_1 over the coefficients b.
 * One iteration of the coordinate loop updates one coefficient b[j] in
 * closed form (soft thresholding) from the residual r = y - X b restricted
 * to the rows where column j is non-zero, and then updates those entries of
 * r. Columns of X have unit norm, so the update needs no division.
 *
 * A sequential C program, annotated: built with plain `cc` the pragmas are
 * ignored; built with `stradscc` and started with `strads-run -n N`, the
 * coordinate loop runs on N processes (async_for). Two coordinates conflict
 * when their columns share a row (both read and write that residual entry);
 * the runtime runs only non-conflicting coordinates at the same time, so
 * every sweep equals the sequential sweep in some order of the coordinates.
 *
 *   lasso diabetes DIR [lambda_ratio sweeps]
 *   lasso sparse ROWS COLS NNZ SEED [lambda_ratio sweeps]
 *
 * diabetes: the 442 x 10 data set of Efron et al. (get-diabetes.sh puts it
 * in DIR); columns centred and scaled to unit norm, y centred.
 * sparse: a generated problem, NNZ non-zeros per column at random rows,
 * every 20th coefficient of the hidden model non-zero, y = X b + noise.
 * lambda = lambda_ratio x lambda_max, where lambda_max = max |x_j . y| is the
 * smallest lambda whose solution is all zeros (defaults: 0.05 and 100
 * sweeps). Prints the objective and the support (non-zero coefficients)
 * every 10 sweeps.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One non-zero of X in column-major (CSC) order. */
struct nz {
    int32_t row;
    float val;
};

/* A problem as the loaders build it: entries sorted by column. */
struct entry {
    long row, col;
    double val;
};

/* xorshift64*: the same stream on every platform, so runs are comparable. */
static uint64_t rng_state;

static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

static double gaussian(void) /* Box-Muller */
{
    double u = uniform(), v = uniform();
    return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

/* Reads up to max numbers from the gzip'd text file dir/name into v;
 * returns how many, or -1 with a message naming the file and line. */
static long read_numbers(const char *dir, const char *name, double *v, long max)
{
    char cmd[4096], line[1024];
    snprintf(cmd, sizeof cmd, "gzip -dc '%s/%s'", dir, name);
    FILE *f = popen(cmd, "r");
    long n = 0, lineno = 0;
    while (f && fgets(line, sizeof line, f)) {
        char *p = line, *end;
        lineno++;
        for (double x = strtod(p, &end); end != p; x = strtod(p, &end)) {
            if (n == max || !isfinite(x)) {
                fprintf(stderr, "lasso: %s/%s:%ld: %s\n", dir, name, lineno,
                        n == max ? "more numbers than expected" : "not a finite number");
                pclose(f);
                return -1;
            }
            v[n++] = x;
            p = end;
        }
        if (strspn(p, " \t\r\n") != strlen(p)) {
            fprintf(stderr, "lasso: %s/%s:%ld: not a number: %s", dir, name, lineno, p);
            pclose(f);
            return -1;
        }
    }
    if (!f || pclose(f) != 0) {
        fprintf(stderr, "lasso: cannot read %s/%s (run get-diabetes.sh)\n", dir, name);
        return -1;
    }
    return n;
}

/* The diabetes set: 442 rows, 10 dense columns, centred and scaled. */
static int load_diabetes(const char *dir, long *n, long *d, struct entry **ent, long *nent,
                         double **y)
{
    enum { ROWS = 442, COLS = 10 };
    double *x = malloc(ROWS * COLS * sizeof *x);
    *y = malloc(ROWS * sizeof **y);
    *ent = malloc(ROWS * COLS * sizeof **ent);
    if (!x || !*y || !*ent)
        return -1;
    long nx = read_numbers(dir, "diabetes_data_raw.csv.gz", x, ROWS * COLS);
    long ny = nx < 0 ? -1 : read_numbers(dir, "diabetes_target.csv.gz", *y, ROWS);
    if (nx != ROWS * COLS || ny != ROWS) {
        if (nx >= 0 && ny >= 0)
            fprintf(stderr, "lasso: %s: expected %d rows of %d features and %d targets\n", dir,
                    ROWS, COLS, ROWS);
        free(x);
        return -1;
    }
    double ym = 0;
    for (long i = 0; i < ROWS; i++)
        ym += (*y)[i] / ROWS;
    for (long i = 0; i < ROWS; i++)
        (*y)[i] -= ym;
    for (long j = 0; j < COLS; j++) {
        double m = 0, s = 0;
        for (long i = 0; i < ROWS; i++)
            m += x[i * COLS + j] / ROWS;
        for (long i = 0; i < ROWS; i++)
            s += (x[i * COLS + j] - m) * (x[i * COLS + j] - m);
        for (long i = 0; i < ROWS; i++)
            (*ent)[j * ROWS + i] = (struct entry){i, j, (x[i * COLS + j] - m) / sqrt(s)};
    }
    free(x);
    *n = ROWS;
    *d = COLS;
    *nent = ROWS * COLS;
    return 0;
}

/* A generated sparse problem: k distinct random rows per column. */
static int make_sparse(long n, long d, long k, long *nent, struct entry **ent, double **y)
{
    *ent = malloc((size_t)(d * k) * sizeof **ent);
    *y = calloc((size_t)n, sizeof **y);
    if (!*ent || !*y)
        return -1;
    for (long j = 0; j < d; j++) {
        struct entry *c = &(*ent)[j * k];
        double s = 0, b = j % 20 ? 0 : (1 + uniform()) * (uniform() < 0.5 ? -1 : 1);
        for (long a = 0; a < k; a++) {
            long row = (long)(uniform() * n), dup = 0;
            for (long q = 0; q < a; q++)
                dup |= c[q].row == row;
            if (dup) { /* keep rows distinct: draw again */
                a--;
                continue;
            }
            c[a] = (struct entry){row, j, gaussian()};
            s += c[a].val * c[a].val;
        }
        for (long a = 0; a < k; a++) {
            c[a].val /= sqrt(s);
            (*y)[c[a].row] += b * c[a].val;
        }
    }
    for (long i = 0; i < n; i++)
        (*y)[i] += 0.01 * gaussian();
    *nent = d * k;
    return 0;
}

static double soft_threshold(double z, double t)
{
    return z > t ? z - t : z < -t ? z + t : 0;
}

static long arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? strtol(argv[i], NULL, 10) : dflt;
}

static int usage(void)
{
    fprintf(stderr, "usage: lasso diabetes DIR [lambda_ratio sweeps]\n"
                    "       lasso sparse ROWS COLS NNZ SEED [lambda_ratio sweeps]\n");
    return 2;
}

int main(int argc, char **argv)
{
    long n = 0, d = 0, nent = 0;
    struct entry *ent = NULL;
    double *y = NULL;
    int at; /* where lambda_ratio and sweeps are */
    if (argc > 2 && strcmp(argv[1], "diabetes") == 0) {
        if (load_diabetes(argv[2], &n, &d, &ent, &nent, &y))
            return 1;
        at = 3;
    } else if (argc > 5 && strcmp(argv[1], "sparse") == 0) {
        n = arg(argc, argv, 2, 0), d = arg(argc, argv, 3, 0);
        long k = arg(argc, argv, 4, 0);
        rng_state = (uint64_t)arg(argc, argv, 5, 42) * 0x9E3779B97F4A7C15ULL + 1;
        if (n < 1 || n > INT32_MAX || d < 1 || k < 1 || k > n)
            return usage();
        if (make_sparse(n, d, k, &nent, &ent, &y))
            return 1;
        at = 6;
    } else {
        return usage();
    }
    double ratio = argc > at ? strtod(argv[at], NULL) : 0.05;
    int sweeps = (int)arg(argc, argv, at + 1, 100);
    if (!(ratio > 0) || sweeps < 0)
        return usage();

    long *cp = calloc((size_t)d + 1, sizeof *cp);
    struct nz *nz = malloc((size_t)nent * sizeof *nz);
#pragma strads dvector
    double *r = malloc((size_t)n * sizeof *r);
#pragma strads dvector
    double *beta = calloc((size_t)d, sizeof *beta);
    if (!cp || !nz || !r || !beta)
        return 1;
    for (long p = 0; p < nent; p++) {
        nz[p] = (struct nz){(int32_t)ent[p].row, (float)ent[p].val};
        cp[ent[p].col + 1]++;
    }
    for (long j = 0; j < d; j++)
        cp[j + 1] += cp[j];
    double lambda = 0;
    for (long j = 0; j < d; j++) {
        double g = 0;
        for (long p = cp[j]; p < cp[j + 1]; p++)
            g += nz[p].val * y[nz[p].row];
        lambda = fabs(g) > lambda ? fabs(g) : lambda;
    }
    lambda *= ratio;
    for (long i = 0; i < n; i++)
        r[i] = y[i]; /* the residual of b = 0 */
    printf("%ld rows, %ld columns, %ld non-zeros, lambda %.6g\n", n, d, nent, lambda);

    for (int sweep = 1; sweep <= sweeps; sweep++) {
#pragma strads async_for copyin(cp[0:d + 1], nz[0:nent])
        for (long j = 0; j < d; j++) {
            double rho = beta[j];
            for (long p = cp[j]; p < cp[j + 1]; p++)
                rho += nz[p].val * r[nz[p].row];
            double b = soft_threshold(rho, lambda), delta = b - beta[j];
            for (long p = cp[j]; p < cp[j + 1]; p++)
                r[nz[p].row] -= delta * nz[p].val;
            beta[j] = b;
        }

        if (sweep % 10 && sweep != sweeps)
            continue;
        double obj = 0;
        long support = 0;
        for (long i = 0; i < n; i++)
            obj += 0.5 * r[i] * r[i];
        for (long j = 0; j < d; j++) {
            obj += lambda * fabs(beta[j]);
            support += beta[j] != 0;
        }
        printf("sweep %d objective %.9g support %ld\n", sweep, obj, support);
    }
    for (long j = 0; d <= 20 && j < d; j++)
        printf("b[%ld] = %.4f\n", j, beta[j]);
    free(cp);
    free(nz);
    free(r);
    free(beta);
    free(ent);
    free(y);
    return 0;
}
