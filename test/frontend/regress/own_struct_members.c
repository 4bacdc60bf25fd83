/* Arrays of elements that are not numbers, written only as the
 * iterations' own (a kNN's struct of a label and a distance, a bool flag
 * per item, a short count, a struct with a member array): refused before ("cannot
 * combine"), they are written in place at every shape, as the plain
 * build writes them. */
// CONFIGS: 1x1 1x2 2x1 2x2 3x1
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int label;
    double distance;
} item;

typedef struct {
    float v[3];
    char tag;
} vec3;

int main(void)
{
    int n = 20000, nq = 7;
#pragma strads dvector
    item *d = malloc(sizeof *d * (size_t)n);
#pragma strads dvector
    bool *near = calloc((size_t)n, sizeof *near);
#pragma strads dvector
    vec3 *p = malloc(sizeof *p * (size_t)n);
#pragma strads dvector
    short *rank = calloc((size_t)n, sizeof *rank);
#pragma strads dvector
    double *x = malloc(sizeof *x * (size_t)n);
    if (!d || !near || !p || !rank || !x) return 1;
    for (int i = 0; i < n; i++) {
        d[i].label = i % 3;
        d[i].distance = 0;
        x[i] = (double)((i * 7919) % 1000) / 100.0;
        p[i].tag = 0;
    }
    double checksum = 0;
    for (int q = 0; q < nq; q++) {
        double at = (double)q * 1.3;
#pragma strads sync_for
        for (int j = 0; j < n; j++) {
            double dx = x[j] - at;
            d[j].distance = dx * dx + d[j].label;
            near[j] = d[j].distance < 4.0;
            p[j].v[0] = (float)dx;
            p[j].v[1] = (float)(dx * 2);
            p[j].v[2] = p[j].v[0] + p[j].v[1];
            p[j].tag = (char)(near[j] ? 'n' : 'f');
            rank[j] = (short)(rank[j] + near[j]);
        }
        int cnt = 0;
        for (int j = 0; j < n; j++) {
            cnt += near[j];
            checksum += d[j].distance + p[j].v[2] + (p[j].tag == 'n') + rank[j];
        }
        printf("query %d: %d near\n", q, cnt);
    }
    printf("checksum %.6f\n", checksum);
    free(d);
    free(near);
    free(p);
    free(rank);
    free(x);
    return 0;
}
