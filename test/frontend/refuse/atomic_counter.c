/* A global counter bumped with an atomic builtin, as in a pthreads
 * trainer: the hint offered stream() (a random generator's state); it is
 * a sum, and reduction(+: done) or accumulate(done) is the clause. */
long done;

void work(int n, const int *v)
{
#pragma strads async_for copyin(v[0:n])
    for (int i = 0; i < n; i++)
        __sync_fetch_and_add(&done, v[i]);
}
// EXPECT: 10:31: error: write to captured variable 'done' in a parallel body
// HINT: add reduction(+: done)
