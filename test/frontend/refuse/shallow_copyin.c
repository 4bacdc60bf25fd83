/* A struct array with pointer members may be copied in shallowly, as long
 * as the body never follows those members. */
struct item { int id; float weight; const char *name; struct item *next; };
double f(const struct item *items, int n)
{
    double s = 0;
#pragma strads sync_for copyin(items[0:n]) reduction(+: s)
    for (int i = 0; i < n; i++) {
        s += items[i].weight * items[i].id;  /* fine: plain members */
        if (items[i].next)
            s += items[i].next->weight;
    }
    return s;
}
// EXPECT: 10:22: error: the body follows pointer member 'next' of copyin 'items'
