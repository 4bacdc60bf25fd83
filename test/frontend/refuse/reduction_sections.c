/* Reduction sections stradsc cannot fold: a section of a 2-D array's rows
 * (the fold added int[4] rows: a gcc error in the generated file), a
 * section past a fixed array's end (written at run time past it: SIGSEGV),
 * and a whole 2-D array named as a scalar. */
#define L 4
static int cm[L][L];
static int a[10];
static int m2[L][L];

void count(int n)
{
#pragma strads sync_for reduction(+: cm[0:L])
    for (int i = 0; i < n; i++)
        cm[i % L][(i / 7) % L]++;
#pragma strads sync_for reduction(+: a[0:1000])
    for (int i = 0; i < n; i++)
        a[i % 10]++;
#pragma strads sync_for reduction(+: m2)
    for (int i = 0; i < n; i++)
        m2[i % L][i % 3]++;
}
// EXPECT: 12:38: error: reduction section 'cm' has elements that are not numbers
// EXPECT: 15:38: error: section a[0:1000] is past the end of 'a' (10 elements)
// EXPECT: 18:38: error: 'm2' is not an arithmetic scalar
// HINT: reduce a flat array of numbers: declare 'cm' with one index
// HINT: reduce a flat array of numbers: declare 'm2' with one index (m2[i * M + j]) and name it whole
