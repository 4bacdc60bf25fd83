// Under SSP, ASP and a custom barrier a column sweep over rows of several
// scalars (each scalar one iteration's, each row written by every node)
// took half of every change on 2 processes: each landing was divided by
// the row's writers, where each scalar has one.
// CONFIGS: 1x1 2x1 2x2
// SYNC: ssp(1) asp custom(throttle)
#include <stdio.h>
#include <stdlib.h>

#define R 48
#define C 40

int main(void)
{
#pragma strads dvector
    double (*t)[C] = malloc(R * sizeof *t);
#pragma strads dvector
    int (*m)[C] = malloc(R * sizeof *m);
#pragma strads dvector
    float *u = malloc(R * C * sizeof *u);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            t[i][j] = 1 + (i * 7 + j) % 9;
            m[i][j] = (i + 3 * j) % 11;
            u[i * C + j] = (float)((i + j) % 7);
        }
    for (int rep = 0; rep < 3; rep++)
#pragma strads sync_for
        for (int j = 0; j < C; j++)
            for (int i = 0; i < R; i++) {
                t[i][j] = 1.5 * t[i][j] + j;
                m[i][j] = 2 * m[i][j] + 1;
                u[i * C + j] = 0.5f * u[i * C + j] + 2;
            }
    double s = 0;
    long si = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            s += t[i][j] * (1 + (i + j) % 3);
            si += (long)m[i][j] * (1 + (i * j) % 5);
            s += u[i * C + j] * (1 + j % 4);
        }
    printf("%.6f %ld\n", s, si);
    free(t);
    free(m);
    free(u);
    return 0;
}
