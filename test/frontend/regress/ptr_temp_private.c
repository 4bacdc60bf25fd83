/* A pointer declared before the loop and set first thing in every
 * iteration (Rodinia nn's rec_iter, OpenMP's private(rec_iter)): the body
 * assigns the pointer, it writes nothing through it, so it is the
 * iteration's private temporary. It was refused as "sync_for cannot combine
 * writes to 'rec_iter'" (a char array it never writes). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char recs[64] = "12.5 13.5 14.5 15.5 16.5 17.5 18.5 19.5 20.5 21.5 22.5 23.5";
    const char *rec_iter;
    const char *q;
#pragma strads dvector
    float *z = malloc(12 * sizeof *z);
    if (!z) return 1;
#pragma strads sync_for
    for (int i = 0; i < 12; i++) {
        rec_iter = recs + i * 5;
        q = recs;
        q += i * 5;
        q++;
        z[i] = (float)atof(rec_iter) + (float)(q[0] - '0');
    }
    double s = 0;
    for (int i = 0; i < 12; i++) s += z[i];
    printf("%.1f\n", s);
    free(z);
    return 0;
}
