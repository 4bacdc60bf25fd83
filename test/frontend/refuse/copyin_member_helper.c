/* A pointer member of copyin elements followed in a function the body
 * calls: the address is another process's (a worker died by SIGSEGV). */
struct item { int id; float weight; const float *extra; };

static float score(const struct item *t)
{
    return t->weight + t->extra[0];
}

double f(const struct item *items, int n)
{
    double s = 0;
#pragma strads sync_for copyin(items[0:n]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += score(&items[i]);
    return s;
}
// EXPECT: 7:27: error: a function called from the parallel body follows pointer member 'extra' of the elements of copyin 'items'
