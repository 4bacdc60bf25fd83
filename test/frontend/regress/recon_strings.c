/* The library's writing calls in a body: reconnaissance runs them on the
 * iteration's shadow, never on memory (strcat run for real there would
 * append twice), and reads what the iteration wrote through it (the name
 * built with snprintf decides which count the iteration bumps). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct name { char s[32]; };

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    int n = 64, m = 7;
#pragma strads dvector
    struct name *N = calloc(n, sizeof *N);
#pragma strads dvector
    long *cnt = calloc(m, sizeof *cnt);
#pragma strads dvector row(4)
    int *v = malloc((size_t)n * 4 * sizeof *v);
    for (int i = 0; i < n; i++) {
        strcpy(N[i].s, i % 2 ? "odd" : "even");
        for (int k = 0; k < 4; k++)
            v[i * 4 + k] = (i * 37 + k * 11) % 13;
    }
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        char tmp[32];
        snprintf(tmp, sizeof tmp, "%s-%d", N[i].s, i % 10);
        strcat(N[i].s, "+");
        strncpy(N[i].s + 8, tmp, 20);
        sprintf(tmp, "%c%c", N[i].s[9], N[i].s[0]);
        qsort(&v[i * 4], 4, sizeof *v, by_value);
        cnt[(strlen(N[i].s + 8) + (unsigned char)tmp[0] + v[i * 4]) % m] += 1;
    }
    for (int i = 0; i < n; i += 9)
        printf("%s|%s %d %d %d %d\n", N[i].s, N[i].s + 8, v[i * 4], v[i * 4 + 1], v[i * 4 + 2],
               v[i * 4 + 3]);
    for (int k = 0; k < m; k++)
        printf("cnt[%d] = %ld\n", k, cnt[k]);
    free(N);
    free(cnt);
    free(v);
    return 0;
}
