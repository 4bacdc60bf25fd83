/* A macro that writes a member of an element its argument spells
 * (SETX(A, v) as A.x = v, SETX(r[i], 1)): reconnaissance cannot record
 * the write at the subscript, so it stays refused
 * (regress/macro_member_arg.c is the read). */
typedef struct {
    double x, y;
} pt;
#define SETX(A, v) ((A.x) = (v))
#define GETY(A) (A.y)

void set(pt *r, const long *nb, double *out, long n)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++) {
        SETX(r[nb[i]], 1.0);
        out[i] = GETY(r[i]);
    }
}
// EXPECT: 15:9: error: a macro writes a distributed array here: reconnaissance records only stores spelled in this file
