/* A store inside GNU's `c ?: x` (its condition shared by both arms, so
 * the expression's text does not tile): reconnaissance copied it as
 * written, `STRADS__RD(a[k]) += 1`, and recorded a read; async_for then
 * lost the additions at one node and at three (exit 0). */
void f(double *a, double *b, int c, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        double v = (c ?: (a[i % 8] += 1));
        b[i] += v;
    }
}
// EXPECT: 9:27: error: a store to a distributed array inside a macro's argument or a GNU `?:`
// HINT: write the store as a statement of its own
