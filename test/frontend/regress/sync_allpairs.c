/* An all-pairs step (n-body): iteration i reads every body and writes
 * its own. Lists made only to tell whether the tasks are separate would
 * record every read of every iteration (n squared); a sample of the
 * first and last tasks proves they are not
 * (loop_sync_recon.c's sep_sampled). The forces must be the plain
 * build's at every shape. */
// CONFIGS: 1x1 1x2 2x1 2x2
#include <stdio.h>
#include <stdlib.h>

typedef struct { float x, v; } body;

int main(void)
{
    int n = 1500;
#pragma strads dvector
    body *p = malloc((size_t)n * sizeof *p);
    if (!p) return 1;
    for (int i = 0; i < n; i++) p[i] = (body){(float)((i * 7919) % n) / (float)n, 0};
    for (int it = 0; it < 4; it++) {
#pragma strads sync_for
        for (int i = 0; i < n; i++) {
            float f = 0;
            for (int j = 0; j < n; j++) {
                float d = p[j].x - p[i].x;
                f += d / (d * d + 1e-3f);
            }
            p[i].v += 0.01f * f;
        }
        for (int i = 0; i < n; i++) p[i].x += 0.01f * p[i].v;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += p[i].x * (i % 7 + 1);
    printf("%.6f\n", s);
    free(p);
    return 0;
}
