/* An index held in a local of the body, `int k = i * cols + j; J[k]`
 * (Rodinia srad's style): the iteration's own row as when written inline,
 * only where the local holds that value at the use. Checked by
 * table-test.sh like own_flags.c. */
#include <stdlib.h>

int main(void)
{
    int rows = 64, cols = 32;
    long n = (long)rows * cols;
#pragma strads dvector row(cols)
    float *J = calloc(n, sizeof *J);
#pragma strads dvector row(cols)
    float *D = calloc(n, sizeof *D);

    // OWN J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            int k = i * cols + j;
            J[k] += 0.1f * D[k];
        }
    // OWN J
#pragma strads sync_for
    for (int i = 0; i < rows; i++) {
        const long base = (long)i * cols;
        for (int j = 0; j < cols; j++) J[base + j] = D[base + j];
    }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            int k = i * cols + j;
            k += 1;
            J[k] = 0;
        }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++) {
        int j = 0;
        int k = i * cols + j;
        for (j = 0; j < cols; j++) J[k] += 1;
        for (j = 0; j < cols; j++) J[i * cols + j] += 1;
    }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++) {
        int j;
        for (j = 0; j < cols; j++) {
            int k = i * cols + j;
            int *pk = &k;
            *pk += 1;
            J[k] = 2;
        }
    }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            short k = (short)(i * cols + j);
            J[k] = 3;
        }
    int k1, k2, k3;
    // OWN J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            k1 = i * cols + j;
            J[k1] = D[k1] * 2;
        }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            k2 = 0;
            if (D[j] > 0) {
                k2 = i * cols + j;
            }
            J[k2] = 1;
        }
    // NOT J
#pragma strads sync_for
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            {
                k3 = i * cols + j;
            }
            J[k3] = 1;
        }
    free(J);
    free(D);
    return 0;
}
