/* A macro whose own text stores into a distributed array (#define ACC(a, v)
 * a += v): reconnaissance cannot take the store apart (it was a gcc error in
 * the generated file, lvalue required); refused at the invocation. */
#define ACC(a, v) a += v

void acc(long n, double *out, const double *x)
{
#pragma strads sync_for
    for (long i = 0; i < n; i++)
        ACC(out[i], x[i]);
}
// EXPECT: 10:9: error: a macro writes a distributed array here: reconnaissance records only stores spelled in this file
// HINT: write the assignment in the loop, or the macro as a function
