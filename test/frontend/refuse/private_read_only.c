/* A private section the body reads and never stores into: every worker's
 * copy starts zero-filled, so every read saw 0 where the plain build read
 * the values filled before the loop (Rodinia nn converted by a new user:
 * the wrong total, exit 0). Refused at the clause. */
#include <stdlib.h>

double run(int n)
{
    char buf[32];
    char *p;
#pragma strads dvector
    float *out = malloc(8 * sizeof *out);
    if (!out) return 0;
    for (int i = 0; i < 32; i++) buf[i] = (char)('1' + i % 9);
#pragma strads sync_for private(buf[0:32])
    for (int i = 0; i < 8; i++) {
        p = buf + i * 4;
        out[i] = (float)(p[0] - '0') * 10 + (p[1] - '0') + buf[i];
    }
    double s = 0;
    for (int i = 0; i < 8; i++) s += out[i];
    free(out);
    (void)n;
    return s;
}
// EXPECT: 15:33: error: private section 'buf' is read but never written in the parallel body
// HINT: drop 'buf' from private()
