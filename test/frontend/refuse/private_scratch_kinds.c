/* Private sections the body does fill, each its own way: directly, through
 * a pointer kept from it, through &buf[k], by a library call, by a helper
 * of this file, through a pointer stepped as it stores (*r++ = v, and a
 * helper's copy loop *d++ = *s++), and through a chain p = q = buf. None is
 * refused as read but never written. */
#include <stdlib.h>
#include <string.h>

static void fill(float *dst, int m, int i)
{
    for (int k = 0; k < m; k++) dst[k] = (float)(i + k);
}

static void copy(float *d, const float *s, int m)
{
    while (m--) *d++ = *s++;
}

double run(int n)
{
    float a[8], b[8], c[8], d[8], e[8], f[8], g[8], h[8];
    float *p, *q, *r, *t;
#pragma strads dvector
    float *out = malloc((size_t)n * sizeof *out);
    if (!out) return 0;
#pragma strads sync_for private(a[0:8], b[0:8], c[0:8], d[0:8], e[0:8], f[0:8], g[0:8], h[0:8])
    for (int i = 0; i < n; i++) {
        a[0] = (float)i;
        p = b + 1;
        p[0] = a[0] * 2;
        q = &c[2];
        *q = p[0] + 1;
        memset(d, 0, 8 * sizeof d[0]);
        d[3] += c[2];
        fill(e, 8, i);
        r = f;
        *r++ = 1;
        *r++ = (float)i;
        copy(g, e, 8);
        t = q = h;
        *t = 2;
        out[i] = a[0] + b[1] + c[2] + d[3] + e[7] + f[1] + g[7] + h[0];
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += out[i];
    free(out);
    return s;
}
// CLEAN
// EXIT: 0
