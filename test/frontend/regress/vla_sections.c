/* Sections of variable-length arrays: private(buf[0:k]) of a scratch VLA
 * (stradsc's own hint for it) was refused as "not an array or pointer";
 * now it and reduction(+: hist[0:k]) are translated. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 6, N = 5000;
#pragma strads dvector
    int *lab = malloc(sizeof(int) * N);
    for (int j = 0; j < N; j++) lab[j] = (j * 7) % k;
    long hist[k];
    for (int c = 0; c < k; c++) hist[c] = c;
    double buf[k];
#pragma strads sync_for reduction(+: hist[0:k]) private(buf[0:k])
    for (int j = 0; j < N; j++) {
        for (int c = 0; c < k; c++) buf[c] = c == lab[j];
        for (int c = 0; c < k; c++) hist[c] += (long)buf[c];
    }
    for (int c = 0; c < k; c++) printf("%ld ", hist[c]);
    printf("\n");
    return 0;
}
