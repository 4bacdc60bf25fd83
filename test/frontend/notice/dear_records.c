/* A row-parallel matmul whose subscripts go through a macro that calls
 * another (stradsc expands only a macro whose replacement names none):
 * stradsc cannot prove C's rows each iteration's own through IDX, so a
 * shared call records every element of every row, and
 * B is too large to move whole: its first shared call took 40 s for a
 * call of 0.3 s. BSP's workers emulated do not fit the probe's budget
 * either; the records are priced, and the calls run alone, emulated,
 * until they have cost what the records would (engine/loop_sync.c). The
 * driver rewrites B between calls. The plain build's output. */
#include <stdio.h>
#include <stdlib.h>

#define N 800
#define ROW(i) ((i) * N)
#define IDX(i, j) (ROW(i) + (j))

int main(void)
{
    #pragma strads dvector row(N)
    double *A = malloc(sizeof(double) * N * N);
    #pragma strads dvector row(N)
    double *B = malloc(sizeof(double) * N * N);
    #pragma strads dvector row(N)
    double *C = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[IDX(i, j)] = (double)((i * 7 + j * 3) % 11) / 11.0;
            B[IDX(i, j)] = (double)((i * 5 + j) % 13) / 13.0;
        }
    for (int call = 0; call < 2; call++) {
        #pragma strads sync_for
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++)
                C[IDX(i, j)] = 0;
            for (int k = 0; k < N; k++) {
                double aik = A[IDX(i, k)];
                for (int j = 0; j < N; j++)
                    C[IDX(i, j)] += aik * B[IDX(k, j)];
            }
        }
        double s = 0;
        for (int i = 0; i < N; i++) {
            s += C[IDX(i, i)];
            B[IDX(i, (i + call) % N)] += 1.0;
        }
        printf("call %d trace %.6f\n", call, s);
    }
    return 0;
}
