/* Reconnaissance records accesses by address, and a bit-field has none
 * (gcc failed on the generated file: "cannot take address of bit-field"). */
struct cell { unsigned f : 5; unsigned g : 3; };
void f(struct cell *a, int n)
{
#pragma strads async_for
    for (int i = 0; i < n; i++)
        a[i].f = (unsigned)i;
}
// EXPECT: 8:14: error: bit-field accessed in a parallel body
