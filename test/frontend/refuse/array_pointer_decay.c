/* A fixed array read through a pointer the body takes into it (Rodinia
 * nn's `char *rec_iter = sandbox + off; atof(rec_iter)`): the hint led
 * with private(sandbox[0:64]), a zero-filled buffer (a wrong answer, exit
 * 0), where the fix is a pointer to const. */
#include <stdlib.h>

void parse(double *out, int n)
{
    char sandbox[64];
    for (int k = 0; k < 64; k++) sandbox[k] = (char)(k % 8 == 7 ? 0 : '1' + k % 7);
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        char *rec_iter = sandbox + (i % 8) * 8;
        out[i] = atof(rec_iter);
    }
}
// EXPECT: 13:26: error: write to captured variable 'sandbox' in a parallel body
// HINT: pointer 'rec_iter' into 'sandbox' could write it: if the body only reads through it, make it a pointer to const ('const char *rec_iter'; a private copy would start zero-filled
