/* Clause values written as numbers are checked where they are written
 * (ssp(-1) hung both ranks at run time; expressions are checked there). */
void f(float *w, int n)
{
#pragma strads sync_for sync(ssp(-1))
    for (int i = 0; i < n; i++)
        w[i] = 0;
}
void g(float *w, int n)
{
#pragma strads sync_for sync(absp(0))
    for (int i = 0; i < n; i++)
        w[i] = 0;
}
void h(float *w, int n)
{
#pragma strads sync_for minibatch(0)
    for (int i = 0; i < n; i++)
        w[i] = 0;
}
void k(int n)
{
#pragma strads dvector row(-5)
    float *p = __builtin_malloc((unsigned long)n * 20);
    (void)p;
}
// EXPECT: 5:34: error: invalid staleness '-1'
// EXPECT: 11:35: error: invalid A-BSP ratio '0'
// EXPECT: 17:35: error: invalid minibatch size '0'
// EXPECT: 23:28: error: invalid row length '-5'
