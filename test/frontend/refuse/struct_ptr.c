/* A struct holding pointers cannot be copied to another node by value when
 * the body reads a pointer of it (m.w); its scalar fields alone travel
 * (frontend.regress.struct_scalar_fields). */
struct model { int n; double *w; };
void f(struct model m, double *x)
{
#pragma strads async_for
    for (int i = 0; i < 10; i++)
        x[i] = m.n * m.w[i];
}
// EXPECT: 9:16: error: captured 'm' holds pointers
// HINT: 'double *w = m.w;'
