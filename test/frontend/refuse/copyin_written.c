/* copyin ships read-only input: each process would write its own copy and
 * the writes would be lost (k-means memberships wrong at -n 2 only). */
void assign(const float *x, int *member, int n)
{
#pragma strads sync_for copyin(member[0:n])
    for (int i = 0; i < n; i++)
        member[i] = x[i] > 0;
}
// EXPECT: 5:32: error: the loop writes through copyin pointer 'member'
