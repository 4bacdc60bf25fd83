/* A captured fixed array whose address the body keeps in a pointer to
 * writable memory (p = arr + i, double *q = arr + i, p = arr; p += i) may be
 * written through it: each process writes its copy of the call's values,
 * so the writes were lost (the array unchanged after the loop, exit 0).
 * Refused as a write, as arr[i] = v is; a pointer to const only reads. */
#define N 1000
static void fill(double *p, int i) { p[0] = i; }

void f(double *out)
{
    double arr[N] = {0};
    double *p;
#pragma strads sync_for
    for (int i = 0; i < N; i++) {
        p = arr + i;
        p[0] = i * 3.0 + 1;
    }
#pragma strads sync_for
    for (int i = 0; i < N; i++) {
        double *q = arr + i;
        *q = i;
    }
#pragma strads sync_for
    for (int i = 0; i < N; i++) {
        const double *r = arr + i;
        out[i] = *r;
    }
    double *s;
#pragma strads sync_for
    for (int i = 0; i < N; i++) {
        s = arr;
        s += i;
        fill(s, i);
    }
}
// EXPECT: 15:13: error: write to captured variable 'arr' in a parallel body
// EXPECT: 20:21: error: write to captured variable 'arr' in a parallel body
// EXPECT: 31:13: error: write to captured variable 'arr' in a parallel body
