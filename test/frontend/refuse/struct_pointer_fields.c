/* A captured struct whose pointer field the body reads: refused, and the
 * hint names the fields the body uses, as locals to take before the loop
 * (it named a field 'w' the struct does not have). */
typedef struct { float *in; int n; } data;

double mean(data d)
{
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < d.n; i++)
        s += d.in[i];
    return s / d.n;
}
// EXPECT: 11:14: error: captured 'd' holds pointers
// HINT: 'int n = d.n;', 'float *in = d.in;' (its array under '#pragma strads dvector')
