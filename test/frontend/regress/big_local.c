/* A captured local array of 6 MB (main's stack holds it; a task's thread
 * has less): the outlined body copied it into its own frame at every task
 * and died of SIGSEGV. The body now reaches the call environment's copy by
 * the array's name; `sizeof tab` keeps its meaning. */
#include <stdio.h>
#include <stdlib.h>

#define N (3 << 18) /* 768 Ki doubles */

int main(void)
{
    double tab[N];
    for (int i = 0; i < N; i++) tab[i] = i % 3;
    int n = 1024;
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        a[i] += tab[i * 7] + (double)(sizeof tab / sizeof tab[0]) / N;
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    printf("%.1f\n", s);
    free(a);
    return 0;
}
