/* A model kept in a fixed global array, as older C trainers do: the hint
 * offered reduction(+: W), which stradsc then refused ("not an arithmetic
 * scalar"); it must say how to make it a dvector. The pragma put on the
 * array itself says the same. */
#define N 1000
#define D 8
#pragma strads dvector
double V[N];
double W[N][D];
int idx[N];

void epoch(void)
{
#pragma strads async_for
    for (int i = 0; i < N; i++)
        for (int k = 0; k < D; k++)
            W[idx[i]][k] += 0.5 * k + i;
}
// EXPECT: 8:1: error: expected an allocation after '#pragma strads dvector'
// EXPECT: 17:13: error: write to captured variable 'W' in a parallel body
// HINT: a fixed array 'double W[N][D]' becomes 'double (*W)[D]'
// HINT: an array the loop writes must be a dvector: make 'W' a pointer allocated under '#pragma strads dvector'
