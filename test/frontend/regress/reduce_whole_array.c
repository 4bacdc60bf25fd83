/* OpenMP's reduction of a whole fixed array, reduction(+: count) of an
 * int count[4] (a global) and of a local double acc[3]: refused with a
 * hint whose count[0:n] named the loop's bound (200000) for a 4-element
 * array; now the section of all its elements. */
#include <stdio.h>
#include <stdlib.h>
int count[4];
int main(void) {
    int n = 20000;
    double acc[3] = {0.5, 0, 0};
#pragma strads dvector
    int *lab = malloc(n * sizeof *lab);
    for (int i = 0; i < n; i++) lab[i] = i % 4;
#pragma strads sync_for reduction(+: count, acc)
    for (int i = 0; i < n; i++) { count[lab[i]]++; acc[lab[i] % 3] += 0.25; }
    printf("%d %d %g %g %g\n", count[0], count[3], acc[0], acc[1], acc[2]);
    return 0;
}
