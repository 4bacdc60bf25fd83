/*
 * fresh_alias.c - scratch from malloc written through a copy of its pointer
 * (q = buf) and read back through buf to pick the element the iteration
 * reads: such a pointer is not fresh memory. Reconnaissance read the
 * uninitialised heap through buf where the write had gone to the shadow,
 * so the element read went unrecorded, and at 2 processes a later call
 * read it stale (exit 0). A walking pointer (*d++ = v) is refused as fresh
 * the same way (frontend/recon.c fresh_use).
 */
#include <stdio.h>
#include <stdlib.h>

static int pick(const int *perm, int i)
{
    int *buf = malloc(4 * sizeof(int));
    int *q = buf;
    q[0] = perm[i];
    int j = buf[0];
    free(buf);
    return j;
}

int main(void)
{
    int n = 1 << 21; /* 8 MiB of floats: not fetched whole */
#pragma strads dvector
    int *perm = malloc(sizeof(int) * n);
#pragma strads dvector
    float *x = malloc(sizeof(float) * n);
#pragma strads dvector
    float *out = malloc(sizeof(float) * n);
    for (int i = 0; i < n; i++) {
        perm[i] = (int)(((long long)i * 7919 + 13) % n);
        x[i] = (float)(i % 1000) + 1;
    }
    double s = 0;
    for (int it = 0; it < 2; it++) {
#pragma strads sync_for
        for (int i = 0; i < n; i++)
            out[i] = x[pick(perm, i)] * 2;
        for (int i = 0; i < n; i++) s += out[i] * (1 + i % 3);
        for (int i = 0; i < n; i++) x[i] += 1;
    }
    printf("%.1f\n", s);
    return 0;
}
// CONFIGS: 1x1 1x2 2x1
