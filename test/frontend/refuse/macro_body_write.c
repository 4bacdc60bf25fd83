/* A macro whose own text assigns a captured variable writes it, as the
 * statement would: refused. Every node of an expansion has the macro's
 * name as its text, so the definition in effect is read: after #undef, in
 * an #ifdef's branch, a header's, `(x) = v`, and a parameter assigned with
 * the variable as its argument. */
#include "../regress/macro_header_read.h"
#define SETN(v) nset = (v)
#define BUMP nbump++
#ifdef NEVER_DEFINED
#define SETA(v) (void)(lasta + (v))
#else
#define SETA(v) lasta = (v)
#endif
#define SETB(v) (void)(lastb + (v))
#undef SETB
#define SETB(v) lastb = (v)
#define SETC(v) (lastc) = (v)
#define ASSIGN(x, v) x = v
int nset, nbump;

int f(float *a, int n, int size)
{
    int lasta = 0, lastb = 0, lastc = 0, lastd = 0, last = 0;
#pragma strads sync_for
    for (int c = 0; c < n; c++) {
        SETN(c);
        a[c] = size;
    }
#pragma strads sync_for
    for (int c = 0; c < n; c++) {
        BUMP;
        SETA(c);
        SETB(c);
        SETC(c);
        ASSIGN(lastd, c);
        SET_LAST(c);
        a[c] = size;
    }
    return lasta + lastb + lastc + lastd + last;
}
// EXPECT: 26:9: error: write to captured variable 'nset' in a parallel body
// EXPECT: 31:9: error: write to captured variable 'nbump' in a parallel body
// EXPECT: 32:9: error: write to captured variable 'lasta' in a parallel body
// EXPECT: 33:9: error: write to captured variable 'lastb' in a parallel body
// EXPECT: 34:9: error: write to captured variable 'lastc' in a parallel body
// EXPECT: 35:9: error: write to captured variable 'lastd' in a parallel body
// EXPECT: 36:9: error: write to captured variable 'last' in a parallel body
