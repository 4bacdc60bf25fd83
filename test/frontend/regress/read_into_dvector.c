/* Data loaded chunk by chunk into distributed arrays between loops, by
 * fread, read(2) and pread: after a loop the driver's copy is
 * write-protected, and the kernel's writes into it failed with EFAULT,
 * leaving the last chunk in place (exit 0, every chunk summed as the
 * first). dds/io_wrap.c opens the pages first. */
// CONFIGS: 1x1 1x2 2x1 3x1 2x2
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
    long n = 1 << 18;
    FILE *f = tmpfile();
    double *tmp = malloc((size_t)n * sizeof *tmp);
    if (!f || !tmp) return 1;
    for (int c = 0; c < 4; c++) {
        for (long i = 0; i < n; i++) tmp[i] = c + 1 + (double)(i % 5);
        if (fwrite(tmp, sizeof *tmp, (size_t)n, f) != (size_t)n) return 1;
    }
    fflush(f);
    int fd = fileno(f);
#pragma strads dvector
    double *a = malloc((size_t)n * sizeof *a);
#pragma strads dvector
    double *b = malloc((size_t)n * sizeof *b);
    if (!a || !b) return 1;
    rewind(f);
    for (int c = 0; c < 4; c++) {
        size_t got = fread(a, sizeof *a, (size_t)n, f);
        off_t at = (off_t)((3 - c) * n) * (off_t)sizeof *b;
        ssize_t pgot = pread(fd, b, (size_t)n * sizeof *b, at);
        double s = 0;
#pragma strads sync_for reduction(+: s)
        for (long i = 0; i < n; i++) s += a[i] * 2 + b[i];
        printf("chunk %d: fread %zu pread %zd sum %.1f\n", c, got, pgot, s);
    }
    /* read(2) at the end, into the first half */
    if (lseek(fd, 0, SEEK_SET) < 0) return 1;
    ssize_t rgot = read(fd, a, (size_t)n / 2 * sizeof *a);
    double s = 0;
#pragma strads sync_for reduction(+: s)
    for (long i = 0; i < n; i++) s += a[i];
    printf("read %zd sum %.1f\n", rgot, s);
    fclose(f);
    free(tmp);
    free(a);
    free(b);
    return 0;
}
