/* The index of a maximum kept beside a max reduction, as users write it:
 * the hint offered reduction(+: argbest). */
void top(const double *a, int n, double *out_best, int *out_arg)
{
    double best = -1e300;
    int argbest = -1;
#pragma strads sync_for copyin(a[0:n]) reduction(max: best)
    for (int i = 0; i < n; i++) {
        if (a[i] > best) {
            best = a[i];
            argbest = i;
        }
    }
    *out_best = best;
    *out_arg = argbest;
}
// EXPECT: 11:13: error: write to captured variable 'argbest' in a parallel body
// HINT: if 'argbest' is where 'best' was found (an argmax), no reduction gives it: find it after the loop
