/* A running index carried from one output to the next (genann's *w++,
 * nn1's weights[k++]): private(k) and reduction(+: k) were accepted and
 * gave every worker's later iterations the wrong weights (exit 0); the
 * write alone was hinted towards those clauses. */
void layer(const double *w, const double *in, double *out, int nout, int nin)
{
    int k = 0;
#pragma strads sync_for private(k)
    for (int i = 0; i < nout; i++) {
        double x = 0;
        for (int j = 0; j < nin; j++) x += in[j] * w[k++];
        out[i] = x;
    }
    const double *wp = w;
#pragma strads sync_for
    for (int i = 0; i < nout; i++) {
        double x = 0;
        for (int j = 0; j < nin; j++) x += in[j] * *wp++;
        out[i] = x;
    }
    k = 0;
#pragma strads sync_for reduction(+: k)
    for (int i = 0; i < nout; i++) {
        double x = 0;
        for (int j = 0; j < nin; j++) {
            x += in[j] * w[k];
            k++;
        }
        out[i] = x;
    }
}
// EXPECT: 8:33: error: 'k' in private() is read by later iterations: each worker's copy starts from its value before the loop
// HINT: 'k' carries its value from one iteration to the next
// EXPECT: 18:53: error: write to captured variable 'wp' in a parallel body
// HINT: compute it from the loop variable at the top of the body
// EXPECT: 22:38: error: 'k' in reduction() is read by later iterations: each worker's copy starts from its value before the loop
