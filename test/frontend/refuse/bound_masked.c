/* A bound variable the body only reads, also as the right side of a
 * binary '&' (not its address): accepted, and the body's function states
 * the loop's range. */
void f(int *a, int mask)
{
#pragma strads async_for
    for (int i = 0; i < mask; i++)
        a[i] = (i * 7) & mask;
}
// CLEAN
// EXIT: 0
