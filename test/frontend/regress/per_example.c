/* A small sync_for called once per training example (Tinn's style), the
 * example a pointer into the inputs: its weight rows w[i * nin + j] are
 * each iteration's own (STRADS_ARRAY_SPAN), which the runtime now sees
 * although the array is not declared row(nin), so the calls run alone as
 * the loop itself. Before, a fifth of 8,000 calls made new records for a
 * verdict (the example pointer changes at every call) and ran shared:
 * 115x the plain build at 2 processes, found by a new user. */
// CONFIGS: 1x1 1x2 2x1
#include <stdio.h>
#include <stdlib.h>

static void update(float *w, const float *in, int nhid, int nin, float rate)
{
#pragma strads sync_for
    for (int i = 0; i < nhid; i++)
        for (int j = 0; j < nin; j++)
            w[i * nin + j] -= rate * (w[i * nin + j] - in[j]) * 0.01f;
}

int main(void)
{
    int rows = 200, nin = 16, nhid = 24, epochs = 10;
#pragma strads dvector
    float *in = malloc((size_t)rows * (size_t)nin * sizeof *in);
#pragma strads dvector
    float *w = malloc((size_t)nhid * (size_t)nin * sizeof *w);
    if (!in || !w) return 1;
    for (int i = 0; i < rows * nin; i++) in[i] = (float)(i * 7 % 13) / 13.0f;
    for (int i = 0; i < nhid * nin; i++) w[i] = 0.5f;
    for (int e = 0; e < epochs; e++)
        for (int r = 0; r < rows; r++) update(w, &in[r * nin], nhid, nin, 1.0f);
    double s = 0;
    for (int i = 0; i < nhid * nin; i++) s += w[i];
    printf("w %a\n", s);
    free(in);
    free(w);
    return 0;
}
