/* Stores a macro makes that reconnaissance cannot take apart: the whole
 * store in the macro's text (`v[i] = c`, with no parentheses: the
 * invocation was wrapped as a read, a gcc error in the generated file),
 * an assignment to the macro's argument (`a = v`, `((a) = (v))`: the
 * target was recorded as a read, and async_for at two nodes lost the
 * writes, exit 0), an increment, a statement macro's stores (SWAP), a
 * store through a pointer (PUT), and a statement macro's own `&` and `++`
 * (UPD, BUMP: their `&` was taken for one of this file's). */
#define set_val(i, c) vals[i] = c
#define SET(a, v) a = v
#define PSET(a, v) ((a) = (v))
#define INC(a) (a)++
#define SWAP(a, b) do { int t_ = a; a = b; b = t_; } while (0)
#define PUT(p, k, v) do { *((p) + (k)) = (v); } while (0)
#define UPD(p, v) do { int *q_ = &(p); *q_ += (v); } while (0)
#define BUMP(a) do { ++(a); } while (0)

void f(int *vals, int *src, int n)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        set_val(i, i * 2);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        SET(vals[i], src[i] + 1);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        PSET(vals[i], src[i]);
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        INC(vals[i]);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        if (vals[i] < src[i]) SWAP(vals[i], src[i]);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        PUT(vals, i, src[i]);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        UPD(vals[i], src[i]);
#pragma strads async_for
    for (int i = 0; i < n; i++)
        BUMP(vals[i]);
}
// EXPECT: 22:9: error: a macro writes a distributed array here
// EXPECT: 25:9: error: a macro writes a distributed array here
// EXPECT: 28:9: error: a macro writes a distributed array here
// EXPECT: 31:9: error: a macro updates a distributed array here, or takes an element's address
// EXPECT: 34:36: error: a macro writes a distributed array here (or takes an element's address)
// EXPECT: 37:9: error: a macro writes a distributed array here (or takes an element's address)
// EXPECT: 40:13: error: a macro writes a distributed array here (or takes an element's address)
// EXPECT: 43:14: error: a macro writes a distributed array here (or takes an element's address)
// HINT: write the assignment in the loop, or the macro as a function
