/* An unbraced body ends at its statement: a conditional of the
 * preprocessor around it left its #else and #endif behind the call the
 * loop became, and gcc failed in the file and in the glue. */
double total(const double *x, int n)
{
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
#ifdef HALF
            s += x[i] * k * 0.5;
#else
            s += x[i] * k;
#endif
    return s;
}

double braced(const double *x, int n)
{
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (int i = 0; i < n; i++) {
#ifdef HALF
        s += x[i] * 0.5;
#else
        s += x[i];
#endif
    }
    return s;
}
// EXPECT: 12:1: error: a preprocessor conditional crosses the end of the parallel loop's body
// HINT: put the loop's body in braces, { ... }, with the #if ... #endif inside them
