/* Uses that look like a block of columns or a row pointer's row but are
 * not one an iteration: stradsc must not claim STRADS_ARRAY_COLS,
 * STRADS_ARRAY_SPAN or STRADS_ARRAY_OWN for them (the runtime would run
 * overlapping iterations alone as the loop itself). Checked by grep on
 * stradsc's output (frontend.notproved.blocks_not). */
#include <stdlib.h>

enum { BS = 16 };

/* j runs one past the block */
void past(int *a, int n, int nb)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < BS; i++)
            for (int j = 0; j <= BS; j++) a[i * n + b * BS + j] += 1;
}

/* two uses at columns one apart */
void skew(int *a, int n, int nb)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++)
        for (int j = 0; j < BS; j++) a[n + b * BS + j] = a[b * BS + j + 1];
}

/* the block width an iteration's own */
void grow(int *a, int n, int nb, int w)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++) {
        int bw = w + b % 2;
        for (int j = 0; j < bw; j++) a[n + b * bw + j] += 1;
    }
}

/* a row pointer moved on */
void moved(float *out, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o = out + r * width;
        o += width / 2;
        for (int k = 0; k < width; k++) o[k] = 1.0f;
    }
}

/* a row pointer indexed past its row */
void beyond(float *out, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o = &out[r * width];
        for (int k = 0; k < 2 * width; k++) o[k] += 1.0f;
    }
}

/* a row pointer handed on */
static void fill(float *p, int m) { for (int k = 0; k < 2 * m; k++) p[k] = 0.0f; }
void handed(float *out, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o = out + r * width;
        fill(o, width);
    }
}

/* rows of another length than the counter's */
void other_len(float *out, int rows, int width, int len)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o = out + r * width;
        for (int k = 0; k < len; k++) o[k] += 1.0f;
    }
}

/* a counter one past its length */
void radix_past(float *out, int nx, int ny, int nz)
{
#pragma strads sync_for
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x <= nx; x++) out[x + y * nx + z * nx * ny] = 1.0f;
}

/* strides that do not nest: y's stride is not x's length */
void radix_skew(float *out, int nx, int ny, int nz)
{
#pragma strads sync_for
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) out[x + y * ny + z * nx * ny] = 1.0f;
}

/* a slab whose length is not its counters' (nx * nx, y counting to ny) */
void radix_short(float *out, int nx, int ny, int nz)
{
#pragma strads sync_for
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) out[x + y * nx + z * nx * nx] = 1.0f;
}

/* a goto into the counter's loop: odd rows start past their row's end */
void goto_in(float *out, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        float *o = out + r * width;
        int k = 0;
        if (r % 2) {
            k = width;
            goto inside;
        }
        for (k = 0; k < width; k++) {
        inside:
            o[k] += 1.0f;
        }
    }
}

/* a case label inside the counter's loop (Duff's device) */
void duff(float *out, int rows, int width)
{
#pragma strads sync_for
    for (int r = 0; r < rows; r++) {
        int k = width;
        switch (r % 2) {
        case 0:
            for (k = 0; k < width; k++) {
            case 1:
                out[r * width + k] += 1.0f;
            }
        }
    }
}

/* unsigned arithmetic that wraps at 2^32: E * S is not a row's start */
void wrap_cols(int *a, unsigned e, unsigned s, int nb)
{
#pragma strads sync_for
    for (int b = 0; b < nb; b++)
        for (int j = 0; j < 4; j++) a[e * s + b * 4 + j] += 1;
}

/* i * 65536u * 65536u is 0 for every i in C's 32-bit unsigned */
void wrap_stride(int *a, int n)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) a[i * 65536u * 65536u] += 1;
}
