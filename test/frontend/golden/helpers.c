/* C89 habits and helpers: temporaries declared at the top of the function
 * (made private automatically), a void helper writing through a pointer
 * (recorded, not run, by reconnaissance), a static local, a global array,
 * a pointer-free struct by value, an enum, and a per-thread RNG state. */
#include <stdio.h>
#include <stdlib.h>

#define DIM 4
enum mode { PLAIN, SCALED };
struct opts { double scale; int clip; enum mode mode; };

static const double weights[DIM] = {0.5, 0.25, 0.125, 0.0625};
static int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

static void update(double *row, double g)
{
    for (int k = 0; k < DIM; k++)
        row[k] += g * weights[k];
}

static double score(const double *row)
{
    double s = 0;
    for (int k = 0; k < DIM; k++)
        s += row[k] * table[k];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200, i;
    double g, s;
    int t;
    unsigned seed = 11;
    static int calls = 3;
    struct opts o = {0.01, 50, SCALED};
    double total = 0;
#pragma strads dvector row(DIM)
    double *rows = calloc((size_t)n * DIM, sizeof *rows);
    for (i = 0; i < n * DIM; i++)
        rows[i] = (double)(i % 5) / 5;
#pragma strads async_for private(seed) reduction(+: total)
    for (i = 0; i < n; i++) {
        s = score(&rows[i * DIM]);
        t = table[i % 8] + calls;
        g = o.mode == SCALED ? o.scale * (t - s) : t - s;
        if (g > o.clip)
            g = o.clip;
        update(&rows[i * DIM], g);
        total += g + (double)(rand_r(&seed) % 2) * 0;
    }
    printf("total %.9f rows[7] %.9f i %ld\n", total, rows[7], i);
    free(rows);
    return 0;
}
