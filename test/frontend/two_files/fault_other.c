#include <stdlib.h>

static double *table;

void setup(int n)
{
    table = malloc((size_t)n * sizeof *table);
    for (int i = 0; table && i < n; i++) table[i] = i;
}

double look(int j) { return table[j]; }
