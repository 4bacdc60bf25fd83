/* A struct of sums (a network's gradient, mnist-neural-network-plain-c's
 * shape): reduction() of it is refused with the way that works (an array
 * of numbers, or a float pointer to a struct of floats), and a body that
 * adds into it without a clause is told that private() copies nothing
 * back (followed, it printed zeros). */
typedef struct { float b[4]; float W[4][8]; } grad_t;

void add(grad_t *g, int i);

void f(grad_t *out)
{
    grad_t gradient = {{0}};
#pragma strads sync_for reduction(+: gradient)
    for (int i = 0; i < 1000; i++)
        add(&gradient, i);
    grad_t g2 = {{0}};
#pragma strads sync_for
    for (int i = 0; i < 1000; i++)
        add(&g2, i);
    *out = gradient;
    out->b[0] += g2.b[0];
}
// EXPECT: 13:38: error: 'gradient' is not an arithmetic scalar
// EXPECT: 19:14: error: write to captured variable 'g2' in a parallel body
// HINT: a struct is no reduction: keep the sums it holds in an array of numbers
// HINT: add private(g2) (nothing is copied back)
