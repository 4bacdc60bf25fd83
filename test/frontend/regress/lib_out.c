/* C library calls that write through a pointer argument into distributed
 * arrays: sscanf's numbers, frexp's exponent, modf's integral part. Their
 * reconnaissance wrote the program's memory for real and recorded nothing,
 * so at 2x1 the values the workers wrote were lost (exit 0). Each loop
 * kind: async_for, sync_for, and sync_for without reconnaissance, where
 * what reconnaissance could not size is accepted (it never runs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 2000;
    char (*lines)[32] = malloc(sizeof(char[32]) * n);
    for (int i = 0; i < n; i++)
        snprintf(lines[i], 32, "%d %.3f", i * 7 % 13, i * 0.25);
#pragma strads dvector
    float *x = malloc(sizeof *x * n);
#pragma strads dvector
    int *k = malloc(sizeof *k * n);
#pragma strads dvector
    double *m = malloc(sizeof *m * n);
#pragma strads dvector
    int *ex = malloc(sizeof *ex * n);
#pragma strads dvector
    double *ip = malloc(sizeof *ip * n);
#pragma strads dvector row(4)
    int *q = malloc(4 * sizeof *q * n);
#pragma strads async_for copyin(lines[0:n])
    for (int i = 0; i < n; i++) {
        int got = sscanf(lines[i], "%d %f", &k[i], &x[i]);
        m[i] = frexp(x[i] + got, &ex[i]);
    }
    double s = 0;
    for (int i = 0; i < n; i++)
        s += k[i] + x[i] + m[i] + ex[i];
    printf("async %.6f\n", s);
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        double f = modf(x[i] * 1.5, &ip[i]);
        m[i] = f + ip[i];
    }
#pragma strads sync_for recon(off)
    for (int i = 0; i < n; i++)
        sscanf("7 2.5", "%d %f", &k[i], &x[i]);
#pragma strads sync_for recon(off) copyin(lines[0:n])
    for (int i = 0; i < n; i++) {
        int *p = &q[4 * i];
        sscanf(lines[i], "%d %d", p, p + 2);
        p[1] = p[3] = i;
    }
    s = 0;
    for (int i = 0; i < n; i++)
        s += k[i] + x[i] + m[i] + ip[i] + q[4 * i] + q[4 * i + 1] + q[4 * i + 2] + q[4 * i + 3];
    printf("sync %.6f\n", s);
    free(lines);
    free(x);
    free(k);
    free(m);
    free(ex);
    free(ip);
    free(q);
    return 0;
}
