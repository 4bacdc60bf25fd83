/* A sync_for whose body calls a function of another file that runs a
 * parallel loop (two_files/nested_other.c): the job stops naming both
 * loops, where the inner loop's worker counts came back as zeros. */
#include <stdio.h>
#include <stdlib.h>

int *cls;
int n = 20000;
int count_class(int c);

int main(void)
{
    int C = 8;
#pragma strads dvector
    cls = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) cls[i] = (i * 7 + i / 3) % C;
#pragma strads dvector
    int *tot = malloc(sizeof(int) * C);
#pragma strads sync_for recon(off)
    for (int c = 0; c < C; c++)
        tot[c] = count_class(c);
    for (int c = 0; c < C; c++) printf("%d ", tot[c]);
    printf("\n");
    return 0;
}
