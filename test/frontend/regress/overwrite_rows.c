/*
 * An OpenMP-style sync_for that overwrites an output buffer inside one
 * activation arena (llm.c's matmul_forward writes out_bt = out + bt * OC
 * over last step's values): every element is written by one iteration, so
 * the result is the sequential one on any number of processes. The owners
 * combined each process's change as base + (value - base) in float, and a
 * small value written over a large one came out rounded to the large one's
 * precision (0.001f over 1e8f: 0); a scalar one process alone changed now
 * gets its value (dds/delta.c). A row of several floats, some of whose
 * columns one process writes and some two (a sum), is checked as well.
 */
#include <stdio.h>
#include <stdlib.h>

struct pair {
    float a, b;
};

static void scale_rows(float *out, const float *in, int n, int k)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        float *o = out + i * k;
        for (int j = 0; j < k; j++)
            o[j] = 0.001f * in[i * k + j];
    }
}

int main(void)
{
    int n = 2048, k = 8;
    size_t tot = (size_t)3 * n * k;
#pragma strads dvector
    float *arena = malloc(tot * sizeof *arena);
#pragma strads dvector
    struct pair *p = malloc(64 * sizeof *p);
    if (!arena || !p)
        return 1;
    for (size_t i = 0; i < tot; i++)
        arena[i] = 1e8f;
    float *in = arena, *out = arena + (size_t)2 * n * k;
    for (size_t i = 0; i < (size_t)n * k; i++)
        in[i] = 1.0f + (float)(i % 7);
    scale_rows(out, in, n, k);
    long bad = 0;
    double s = 0;
    for (size_t i = 0; i < (size_t)n * k; i++) {
        s += out[i];
        bad += out[i] != 0.001f * in[i];
    }
    printf("overwrite: sum %.6f, %ld elements not 0.001 * in\n", s, bad);

    for (int j = 0; j < 64; j++)
        p[j] = (struct pair){1e8f, 1e8f};
    /* column a: one iteration each (a value); column b: added to by many */
#pragma strads sync_for aggregate(p: sum)
    for (int i = 0; i < 1024; i++) {
        if (i < 64)
            p[i].a = 0.25f * (float)i;
        p[i % 64].b += 1.0f;
    }
    double sa = 0, sb = 0;
    for (int j = 0; j < 64; j++) {
        sa += p[j].a;
        sb += p[j].b;
    }
    printf("rows: a %.3f b %.1f\n", sa, sb);
    free(arena);
    free(p);
    return 0;
}
