/* A distributed array of mixed-type structs stored into a local struct
 * that a helper reads through (RSBench's SimulationData): stradsc cannot
 * follow the pointer, so the loop may write the array, which it could not
 * combine; the message said "cannot combine writes" of an array nothing
 * wrote. It now says why, and the way out: pointers to const
 * (regress/ptr_const_member.c is this program with the member const). */
#include <stdlib.h>

typedef struct { double w; short tag; } item;
typedef struct { item *items; int n; } table;

static double lookup(table t, int k) { return t.items[k % t.n].w * t.items[k % t.n].tag; }

void run(int n, int m)
{
#pragma strads dvector
    item *items = malloc(n * sizeof *items);
#pragma strads dvector
    double *out = malloc(m * sizeof *out);
#pragma strads sync_for
    for (int i = 0; i < m; i++) {
        table t;
        t.items = items;
        t.n = n;
        out[i] = lookup(t, i * 7);
    }
}

/* the same with rows of them: the hint spells a pointer to a row as C
 * writes it, 'const item (*)[4]' (it said 'const item[4] *') */
typedef struct { item (*rows)[4]; int n; } grid;

static double corner(grid g, int k) { return g.rows[k % g.n][0].w; }

void run_rows(int n, int m)
{
#pragma strads dvector
    item (*rows)[4] = malloc(n * sizeof *rows);
#pragma strads dvector
    double *out = malloc(m * sizeof *out);
#pragma strads sync_for
    for (int i = 0; i < m; i++) {
        grid g;
        g.rows = rows;
        g.n = n;
        out[i] = corner(g, i * 7);
    }
}
// EXPECT: 23:19: error: sync_for cannot combine writes to 'items': the body stores or passes the pointer where stradsc cannot follow it
// HINT: hold it in pointers to const: declare the member or variable it is stored in, or the parameter it is passed to, 'const item *'
// EXPECT: 44:18: error: sync_for cannot combine writes to 'rows': the body stores or passes the pointer where stradsc cannot follow it
// HINT: 'const item (*)[4]'
