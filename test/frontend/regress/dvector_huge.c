/* A distributed array larger than a node can hold fails as malloc fails:
 * NULL and ENOMEM at once, so the program's own NULL path runs (the same
 * line as its plain-cc build prints), instead of a mapping that grows until
 * the OOM killer stops the job. Then an ordinary one still works, and a
 * sync_for over it gives the plain build's answer. Where the kernel would
 * grant 10.8 TB (overcommit_memory=1), both builds say so alike. */
// CONFIGS: 1x1 2x1
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    size_t huge = (size_t)1350 << 30; /* doubles: 10.8 TB */
#pragma strads dvector
    double *x = malloc(huge * sizeof *x);
    if (x == NULL) {
        printf("no memory for the model (%s)\n", errno == ENOMEM ? "ENOMEM" : "other errno");
    } else {
        printf("the model fits\n");
        free(x);
    }
    int n = 1000;
#pragma strads dvector
    double *w = calloc((size_t)n, sizeof *w);
    if (w == NULL) {
        printf("no memory for %d doubles\n", n);
        return 1;
    }
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        w[i] += 0.5 * i;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += w[i];
    printf("%.1f\n", s);
    free(w);
    return 0;
}
