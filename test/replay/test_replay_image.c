/*
 * Whole-array images (core/image.c, as replay/ writes them): what is
 * written reads back bitwise;
 * a truncated, corrupted, mislabeled or missing image is refused with the
 * reason and the destination untouched; a recycled file (a checkpoint's
 * spare) is overwritten to exactly the new image; an image written from a
 * frame (direct I/O where the file system has it, in /tmp and in /dev/shm)
 * is byte for byte the one written from the array, and so is one written
 * in pieces of odd sizes; the fingerprint sees a one-byte change.
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
    rt_image_info info = replay_array_image(7, 3, N, sizeof(double));
    CHECK_OK(rt_image_write(path, &info, x, true, NULL));

    /* round trip, with and without the manifest's checksum */
    rt_image_info want = info;
    memset(y, 0, N * sizeof *y);
    CHECK_OK(rt_image_read(path, &want, y, err, sizeof err));
    CHECK(memcmp(x, y, N * sizeof *x) == 0);
    memset(want.sum, 0, sizeof want.sum);
    want.op = 0;
    CHECK_OK(rt_image_read(path, &want, NULL, err, sizeof err));

    /* wrong expectations */
    want = info;
    want.id = 8;
    CHECK_EQ(rt_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "expected array 8") != NULL);
    want = info;
    want.n = N - 1;
    CHECK_EQ(rt_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    want = info;
    want.sum[0] ^= 1;
    CHECK_EQ(rt_image_read(path, &want, NULL, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "checksum differs") != NULL);

    /* another kind of image (a dds partition) is not an array image */
    rt_image img;
    CHECK_EQ(rt_image_map(path, RT_IMAGE_DVECTOR, &img, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "holds a whole array, expected a dvector partition") != NULL);
    CHECK(strstr(err, path) == err);

    /* truncated: destination untouched */
    copy_file(path, bad);
    CHECK_EQ(truncate(bad, RT_IMAGE_HDR + 4000), 0);
    for (int i = 0; i < N; i++) y[i] = -1;
    CHECK_EQ(rt_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "truncated") != NULL);
    CHECK(y[0] == -1 && y[N - 1] == -1);
    CHECK_EQ(truncate(bad, 10), 0);
    CHECK_EQ(rt_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);

    /* one flipped bit in the data, in the header, in the trailer */
    off_t spots[] = {RT_IMAGE_HDR + 12345, 20, RT_IMAGE_HDR + N * 8 + 5};
    for (size_t s = 0; s < sizeof spots / sizeof spots[0]; s++) {
        copy_file(path, bad);
        flip_byte(bad, spots[s]);
        CHECK_EQ(rt_image_read(bad, &info, y, err, sizeof err), STRADS_ECORRUPT);
        CHECK(y[0] == -1);
    }

    /* missing */
    snprintf(bad, sizeof bad, "%s/none.img", dir);
    CHECK_EQ(rt_image_read(bad, &info, NULL, err, sizeof err), STRADS_ENOTFOUND);

    /* empty array */
    rt_image_info e = replay_array_image(1, 1, 0, 4);
    snprintf(bad, sizeof bad, "%s/empty.img", dir);
    CHECK_OK(rt_image_write(bad, &e, NULL, true, NULL));
    CHECK_OK(rt_image_read(bad, &e, NULL, err, sizeof err));

    /* recycling: a longer spare becomes exactly the new image and is gone;
     * a missing spare just means a new file */
    char spare[512], img2[512];
    snprintf(spare, sizeof spare, "%s/arr-7.spare", dir);
    snprintf(img2, sizeof img2, "%s/b.img", dir);
    rt_image_info big = replay_array_image(7, 4, N, sizeof(double));
    CHECK_OK(rt_image_write(spare, &big, x, false, NULL));
    rt_image_info small = replay_array_image(7, 5, N / 2, sizeof(double));
    for (int i = 0; i < N; i++) y[i] = -x[i];
    CHECK_OK(rt_image_write(img2, &small, y, false, spare));
    CHECK(access(spare, F_OK) != 0);
    struct stat sb;
    CHECK_OK(stat(img2, &sb));
    CHECK_EQ((long long)sb.st_size, (long long)(RT_IMAGE_HDR + N / 2 * sizeof(double) + RT_IMAGE_SUM_BYTES));
    double *z = calloc(N, sizeof *z);
    CHECK_OK(rt_image_read(img2, &small, z, err, sizeof err));
    CHECK(memcmp(z, y, N / 2 * sizeof *y) == 0);
    CHECK_OK(rt_image_write(img2, &small, y, true, spare)); /* no spare: fresh file */
    CHECK_OK(rt_image_read(img2, &small, NULL, err, sizeof err));
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
            rt_image_info a = replay_array_image(7, 9 + k, sizes[k], sizeof(double));
            rt_image_info f = a;
            CHECK_OK(rt_image_write(path, &a, x, false, NULL));
            void *frame = rt_image_frame_alloc((uint64_t)sizes[k] * sizeof(double));
            CHECK(frame != NULL);
            memcpy(rt_image_frame_data(frame), x, (size_t)sizes[k] * sizeof(double));
            if (k % 2) CHECK_OK(rt_image_write(fspare, &big, x, false, NULL));
            CHECK_OK(rt_image_write_frame(fimg, &f, frame, k == 2, k % 2 ? fspare : NULL));
            free(frame);
            CHECK(memcmp(a.sum, f.sum, sizeof a.sum) == 0);
            CHECK(access(fspare, F_OK) != 0);
            snprintf(cmd0, sizeof cmd0, "cmp -s '%s' '%s'", path, fimg);
            CHECK_EQ(system(cmd0), 0);
            CHECK_OK(rt_image_read(fimg, &f, z, err, sizeof err));
            CHECK(memcmp(z, x, (size_t)sizes[k] * sizeof(double)) == 0);
        }
        snprintf(cmd0, sizeof cmd0, "rm -r '%s'", fdir);
        CHECK_EQ(system(cmd0), 0);
    }
    free(z);

    /* in pieces (the streaming writer dds/ uses): the same file as whole,
     * and a count that differs from the header's is refused, leaving no file */
    rt_image_info whole = replay_array_image(7, 3, N, sizeof(double));
    CHECK_OK(rt_image_write(path, &whole, x, false, NULL));
    char pieces[512];
    snprintf(pieces, sizeof pieces, "%s/pieces.img", dir);
    rt_image_info pi = whole;
    rt_image_writer *w;
    CHECK_OK(rt_image_open(pieces, &pi, false, &w));
    size_t total = N * sizeof *x, at = 0, step = 1;
    while (at < total) {
        size_t take = step < total - at ? step : total - at;
        rt_image_put(w, (const char *)x + at, take);
        at += take;
        step = step * 7 + 3; /* 1, 10, 73, ... past the writer's buffer */
    }
    CHECK_OK(rt_image_close(w, &pi));
    CHECK(memcmp(pi.sum, whole.sum, sizeof pi.sum) == 0);
    snprintf(cmd0, sizeof cmd0, "cmp -s '%s' '%s'", path, pieces);
    CHECK_EQ(system(cmd0), 0);
    unlink(pieces);
    CHECK_OK(rt_image_open(pieces, &pi, false, &w));
    rt_image_put(w, x, 8);
    CHECK_EQ(rt_image_close(w, &pi), STRADS_EINVAL);
    CHECK(access(pieces, F_OK) != 0);

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
