/*
 * Whole-array images (replay/array_image.c): what is written reads back bitwise;
 * a truncated, corrupted, mislabeled or missing image is refused with the
 * reason and the destination untouched; a recycled file (a checkpoint's
 * spare) is overwritten to exactly the new image; an image written from a
 * frame (direct I/O where the file system has it, in /tmp and in /dev/shm)
 * is byte for byte the one written from the array; the fingerprint sees a
 * one-byte change.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "replay/replay.h"

static void flip_byte(const char *path, off_t at)
{
    int fd = open(path, O_RDWR);
    CHECK(fd >= 0);
    unsigned char b;
    CHECK(pread(fd, &b, 1, at) == 1);
    b ^= 0x40;
    CHECK(pwrite(fd, &b, 1, at) == 1);
    close(fd);
}

static void copy_file(const char *from, const char *to)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    CHECK_EQ(system(cmd), 0);
}

int main(void)
{
    char dir[] = "/tmp/strads-img-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[512], bad[512], err[512];
    snprintf(path, sizeof path, "%s/a.img", dir);
    snprintf(bad, sizeof bad, "%s/bad.img", dir);

    enum { N = 10007 };
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) x[i] = i * 0.5 - 3;
    replay_image_info info = {.id = 7, .op = 3, .n = N, .elem = sizeof(double)};
    CHECK_OK(replay_image_write(path, &info, x));

    /* round trip, with and without the manifest's checksum */
    replay_image_info want = info;
    memset(y, 0, N * sizeof *y);
    CHECK_OK(replay_image_read(path, &want, y, err, sizeof err));
    CHECK(memcmp(x, y, N * sizeof *x) == 0);
    memset(want.sum, 0, sizeof want.sum);
    want.op = 0;
    CHECK_OK(replay_image_read(path, &want, NULL, err, sizeof err));

    /* wrong expectations */
    want = info;
    want.id = 8;
    CHECK_EQ(replay_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "expected array 8") != NULL);
    want = info;
    want.n = N - 1;
    CHECK_EQ(replay_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    want = info;
    want.sum[0] ^= 1;
    CHECK_EQ(replay_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "manifest") != NULL);

    /* truncated: destination untouched */
    copy_file(path, bad);
    CHECK_EQ(truncate(bad, 64 + 4000), 0);
    for (int i = 0; i < N; i++) y[i] = -1;
    CHECK_EQ(replay_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "truncated") != NULL);
    CHECK(y[0] == -1 && y[N - 1] == -1);
    CHECK_EQ(truncate(bad, 10), 0);
    CHECK_EQ(replay_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);

    /* one flipped bit in the data, in the header, in the trailer */
    off_t spots[] = {64 + 12345, 20, 64 + N * 8 + 5};
    for (size_t s = 0; s < sizeof spots / sizeof spots[0]; s++) {
        copy_file(path, bad);
        flip_byte(bad, spots[s]);
        CHECK_EQ(replay_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);
        CHECK(y[0] == -1);
    }

    /* missing */
    snprintf(bad, sizeof bad, "%s/none.img", dir);
    CHECK_EQ(replay_image_read(bad, &info, NULL, err, sizeof err), STRADS_ENOTFOUND);

    /* empty array */
    replay_image_info e = {.id = 1, .op = 1, .n = 0, .elem = 4};
    snprintf(bad, sizeof bad, "%s/empty.img", dir);
    CHECK_OK(replay_image_write(bad, &e, NULL));
    CHECK_OK(replay_image_read(bad, &e, NULL, err, sizeof err));

    /* recycling: a longer spare becomes exactly the new image and is gone;
     * a missing spare just means a new file */
    char spare[512], img2[512];
    snprintf(spare, sizeof spare, "%s/arr-7.spare", dir);
    snprintf(img2, sizeof img2, "%s/b.img", dir);
    replay_image_info big = {.id = 7, .op = 4, .n = N, .elem = sizeof(double)};
    CHECK_OK(replay_image_write_to(spare, &big, x, false, NULL));
    replay_image_info small = {.id = 7, .op = 5, .n = N / 2, .elem = sizeof(double)};
    for (int i = 0; i < N; i++) y[i] = -x[i];
    CHECK_OK(replay_image_write_to(img2, &small, y, false, spare));
    CHECK(access(spare, F_OK) != 0);
    struct stat sb;
    CHECK_OK(stat(img2, &sb));
    CHECK_EQ((long long)sb.st_size, (long long)(64 + N / 2 * sizeof(double) + REPLAY_SUM_BYTES));
    double *z = calloc(N, sizeof *z);
    CHECK_OK(replay_image_read(img2, &small, z, err, sizeof err));
    CHECK(memcmp(z, y, N / 2 * sizeof *y) == 0);
    CHECK_OK(replay_image_write_to(img2, &small, y, true, spare)); /* no spare: fresh file */
    CHECK_OK(replay_image_read(img2, &small, NULL, err, sizeof err));
    char cmd0[1200];

    /* frames: the same file as from the array, fresh, over a longer spare
     * and over a shorter one, on disk and on tmpfs (where O_DIRECT may be
     * refused: the buffered fallback), for sizes around the block size */
    const char *roots[] = {dir, "/dev/shm"};
    int64_t sizes[] = {N, 0, 1, 509, 510, 511, 512};
    for (size_t r = 0; r < 2; r++) {
        char fdir[400], fimg[512], fspare[512];
        snprintf(fdir, sizeof fdir, "%s/strads-frame-XXXXXX", roots[r]);
        if (!mkdtemp(fdir)) continue; /* no /dev/shm */
        snprintf(fimg, sizeof fimg, "%s/f.img", fdir);
        snprintf(fspare, sizeof fspare, "%s/arr-7.spare", fdir);
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            replay_image_info a = {.id = 7, .op = 9 + k, .n = sizes[k], .elem = sizeof(double)};
            replay_image_info f = a;
            CHECK_OK(replay_image_write_to(path, &a, x, false, NULL));
            void *frame = replay_frame_alloc((uint64_t)sizes[k] * sizeof(double));
            CHECK(frame != NULL);
            memcpy(replay_frame_data(frame), x, (size_t)sizes[k] * sizeof(double));
            if (k % 2) CHECK_OK(replay_image_write_to(fspare, &big, x, false, NULL));
            CHECK_OK(replay_image_write_frame(fimg, &f, frame, k == 2, k % 2 ? fspare : NULL));
            free(frame);
            CHECK(memcmp(a.sum, f.sum, sizeof a.sum) == 0);
            CHECK(access(fspare, F_OK) != 0);
            snprintf(cmd0, sizeof cmd0, "cmp -s '%s' '%s'", path, fimg);
            CHECK_EQ(system(cmd0), 0);
            CHECK_OK(replay_image_read(fimg, &f, z, err, sizeof err));
            CHECK(memcmp(z, x, (size_t)sizes[k] * sizeof(double)) == 0);
        }
        snprintf(cmd0, sizeof cmd0, "rm -r '%s'", fdir);
        CHECK_EQ(system(cmd0), 0);
    }
    free(z);

    /* no temp file left behind */
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls %s | grep -q tmp", dir);
    CHECK(system(cmd) != 0);

    /* fingerprints: equal for equal bytes, different after any one-byte change */
    uint64_t f0 = replay_fingerprint(x, N * sizeof *x);
    CHECK(f0 != replay_fingerprint(x, 0));
    memcpy(y, x, N * sizeof *x);
    CHECK(replay_fingerprint(y, N * sizeof *y) == f0);
    unsigned char *b = (unsigned char *)y;
    for (size_t at = 0; at < N * sizeof *y; at += 997) {
        b[at] ^= 1;
        CHECK(replay_fingerprint(y, N * sizeof *y) != f0);
        b[at] ^= 1;
    }
    b[N * sizeof *y - 1] ^= 0x80; /* the last byte (tail path) */
    CHECK(replay_fingerprint(y, N * sizeof *y) != f0);
    CHECK(replay_fingerprint(x, 5) != replay_fingerprint(x, 6));

    free(x);
    free(y);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK_EQ(system(cmd), 0);
    CHECK_DONE();
    return 0;
}
