/* A file of loops that refuse/included_pragma.c includes. */
static void scale(double *v, int n)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) v[i] *= 2;
}
