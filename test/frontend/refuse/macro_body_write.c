/* A macro whose own text assigns a captured variable writes it, as the
 * statement would: refused. (Every node of an expansion has the macro's
 * name as its text, so its #define is read.) */
#define SETN(v) nset = (v)
#define BUMP nbump++
int nset, nbump;

void f(float *a, int n, int size)
{
#pragma strads sync_for
    for (int c = 0; c < n; c++) {
        SETN(c);
        a[c] = size;
    }
#pragma strads sync_for
    for (int c = 0; c < n; c++) {
        BUMP;
        a[c] = size;
    }
}
// EXPECT: 12:9: error: write to captured variable 'nset' in a parallel body
// EXPECT: 17:9: error: write to captured variable 'nbump' in a parallel body
