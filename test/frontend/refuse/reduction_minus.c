/* OpenMP's reduction operators beyond + * min max: '-' (a sum in OpenMP)
 * and the bitwise and logical ones are named, with what to write. */
int f(int n)
{
    double x = 0;
    int b = 0;
#pragma strads sync_for reduction(-: x)
    for (int i = 0; i < n; i++) x -= i;
#pragma strads sync_for reduction(|: b)
    for (int i = 0; i < n; i++) b |= i;
    return (int)x + b;
}
// EXPECT: 7:35: error: reduction operator '-' is not supported
// EXPECT: 9:35: error: unsupported reduction operator '|'
// HINT: write reduction(+: x)
