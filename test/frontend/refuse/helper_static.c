/* A function the body calls keeps state in a static local: a learning
 * rate's step count (each process counted its own: another answer, exit
 * 0) or an old-style scratch array (the threads of a process raced on
 * it). Refused as a global's write is; a static table only read is not. */
static double step(double *w, int k, double g)
{
    static long t = 0;
    t++;
    double lr = 0.1 / (1.0 + 0.001 * (double)t);
    w[k] += lr * g;
    return lr;
}

static double dist(const double *a, const double *b, int d)
{
    static double diff[16];
    static const double scale[4] = {1, 2, 3, 4};
    double s = 0;
    for (int k = 0; k < d; k++) diff[k] = a[k] - b[k];
    for (int k = 0; k < d; k++) s += diff[k] * diff[k] * scale[k % 4];
    return s;
}

double train(double *w, const int *idx, const double *x, const double *c, int n, int d)
{
    double lrsum = 0, tot = 0;
#pragma strads async_for reduction(+: lrsum)
    for (int j = 0; j < n; j++) lrsum += step(w, idx[j], 1.0);
#pragma strads sync_for reduction(+: tot)
    for (int j = 0; j < n; j++) tot += dist(&x[j * d], c, d);
    return lrsum + tot;
}
// EXPECT: 8:5: error: function called from a parallel body writes its static variable 't'
// HINT: make 't' an ordinary local if it is scratch
// EXPECT: 19:33: error: function called from a parallel body writes its static variable 'diff'
