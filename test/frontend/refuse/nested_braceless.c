/* A pragma on the for that is another parallel loop's body without
 * braces: stradsc exited 0 and gcc then failed on the generated file
 * ("stray '#'"); refused as a nested loop with braces is. */
void fill(double (*A)[16])
{
    int i, j;
#pragma strads sync_for
    for (i = 0; i < 16; i++)
#pragma strads sync_for
        for (j = 0; j < 16; j++)
            A[i][j] = i * 16 + j;
}
// EXPECT: 9:1: error: nested parallel loop
