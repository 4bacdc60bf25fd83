/* The two idioms of every pthreads trainer, written without clauses: a
 * progress counter the body reads (accumulate, not reduction) and a
 * generator's state updated from itself (stream, not private). The hints
 * must name the clause that keeps the program's meaning. */
int main(void)
{
    long n = 1000;
    long long processed = 0;
    unsigned long long next_random = 1;
#pragma strads dvector
    float *w = __builtin_calloc((unsigned long)n, sizeof *w);
#pragma strads sync_for sync(hybrid) recon(off)
    for (long i = 0; i < n; i++) {
        float alpha = 0.1f * (1 - processed / (float)(n + 1));
        processed++;
        next_random = next_random * 25214903917ull + 11;
        w[(next_random >> 16) % n] += alpha;
    }
    return (int)processed;
}
// EXPECT: 15:9: error: write to captured variable 'processed' in a parallel body
// EXPECT: 16:9: error: write to captured variable 'next_random' in a parallel body
// HINT: add accumulate(processed)
// HINT: add stream(next_random)
