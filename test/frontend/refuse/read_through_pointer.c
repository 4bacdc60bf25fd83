/* A local buffer the body only reads, through a pointer to non-const
 * declared outside the loop (Rodinia nn's record iterator): the hint leads
 * with the pointer to const. It offered private(buf[0:32]) first, which a
 * new user took: every read saw the zero-filled private copy, exit 0. */
#include <stdlib.h>

double run(int n)
{
    char buf[32];
    char *p;
#pragma strads dvector
    float *out = malloc(8 * sizeof *out);
    if (!out) return 0;
    for (int i = 0; i < 32; i++) buf[i] = (char)('1' + i % 9);
#pragma strads sync_for
    for (int i = 0; i < 8; i++) {
        p = buf + i * 4;
        out[i] = (float)(p[0] - '0') * 10 + (p[1] - '0');
    }
    double s = 0;
    for (int i = 0; i < 8; i++) s += out[i];
    free(out);
    (void)n;
    return s;
}
// EXPECT: 17:13: error: write to captured variable 'buf' in a parallel body
// HINT: if the body only reads it through a pointer, make that a pointer to const ('const char *p'; a private copy would start zero-filled
