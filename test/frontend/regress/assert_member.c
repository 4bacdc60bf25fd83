/* A member read in a macro's argument, assert(hdr->n == 4) on a dvector's
 * struct, as genann checks its network's sizes: stradsc refused it as "a
 * macro builds an access ... from its arguments" (it read the member's
 * operator at the macro's name), where assert(w[i] >= 0) was accepted. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct net {
    int n;
    double scale;
};

int main(void)
{
#pragma strads dvector
    struct net *hdr = malloc(sizeof *hdr);
#pragma strads dvector
    double *w = malloc(1000 * sizeof *w);
    if (!hdr || !w) return 1;
    hdr->n = 4;
    hdr->scale = 0.5;
    for (int i = 0; i < 1000; i++) w[i] = i;
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < 1000; i++) {
        assert(hdr->n == 4 && hdr[0].scale > 0);
        s += w[i] * hdr->scale;
    }
    printf("%.1f\n", s);
    free(hdr);
    free(w);
    return 0;
}
