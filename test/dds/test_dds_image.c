/*
 * test_dds_image - images of dvector and dmap partitions (core/image.c) in a job
 * of size 1: a round trip restores the content; a truncated, extended,
 * bit-flipped, wrong-version or wrong-shape image is refused with
 * STRADS_ECORRUPT and an error naming the file, and leaves the collection
 * exactly as it was; a write goes through a temp file (no partial file
 * under the final name).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/image.h"
#include "strads.h"

static char dir[] = "/tmp/dds_img_XXXXXX";
static char prefix[128], path[200];

static void file_edit(long off, int whence, unsigned char xor_byte, long truncate_to)
{
    int fd = open(path, O_RDWR);
    CHECK(fd >= 0);
    if (truncate_to >= 0) {
        CHECK_OK(ftruncate(fd, truncate_to));
    } else {
        off_t pos = lseek(fd, off, whence);
        unsigned char c;
        CHECK_EQ(pread(fd, &c, 1, pos), 1);
        c ^= xor_byte;
        CHECK_EQ(pwrite(fd, &c, 1, pos), 1);
    }
    close(fd);
}

static void copy_file(const char *from, const char *to)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp %s %s", from, to);
    CHECK_EQ(system(cmd), 0);
}

/* strads_image_read_dvector(v, prefix) with stderr caught into msg: the
 * error line must name the file. */
static int read_caught(void *v, char *msg, size_t len)
{
    char errpath[256];
    snprintf(errpath, sizeof errpath, "%s/stderr.txt", dir);
    fflush(stderr);
    int saved = dup(2), fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    close(fd);
    int rc = strads_image_read_dvector(v, prefix);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fopen(errpath, "r");
    CHECK(f != NULL);
    size_t got = fread(msg, 1, len - 1, f);
    msg[got] = 0;
    fclose(f);
    unlink(errpath);
    return rc;
}

static int init_sq(void *elem, int64_t i, uint64_t seed)
{
    *(double *)elem = (double)i * (double)i + (double)seed;
    return 0;
}

static void test_vector(void)
{
    double *v;
    CHECK_OK(strads_dvector_create((void **)&v, 10000, sizeof(double), STRADS_PART_BLOCK,
                                   init_sq, 1));
    CHECK_OK(strads_image_write_dvector(v, prefix));
    struct stat st;
    CHECK_OK(stat(path, &st));
    CHECK_EQ(st.st_size, RT_IMAGE_HDR + 10000 * 8 + RT_IMAGE_SUM_BYTES);
    char good[256];
    snprintf(good, sizeof good, "%s.good", path);
    copy_file(path, good);

    for (int i = 0; i < 10000; i++)
        v[i] = -1;
    CHECK_OK(strads_image_read_dvector(v, prefix));
    for (int i = 0; i < 10000; i++)
        CHECK_DBL(v[i], (double)i * i + 1, 0);

    /* Each corruption: refused, content untouched (still the marker). */
    struct { long off; int whence; unsigned char x; long trunc; const char *what; } cases[] = {
        { 200, SEEK_SET, 0x01, -1, "payload bit flip" },
        { -1, SEEK_END, 0x80, -1, "last byte flip" },
        { 3, SEEK_SET, 0xff, -1, "bad magic" },
        { 8, SEEK_SET, 0x02, -1, "version" },
        { 40, SEEK_SET, 0x01, -1, "header field (checksummed)" },
        { 0, SEEK_SET, 0, RT_IMAGE_HDR + 5000 * 8, "truncated payload" },
        { 0, SEEK_SET, 0, 100, "truncated header" },
        { 0, SEEK_SET, 0, 0, "empty file" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        copy_file(good, path);
        file_edit(cases[c].off, cases[c].whence, cases[c].x, cases[c].trunc);
        for (int i = 0; i < 10000; i++)
            v[i] = -2;
        char msg[2048];
        int rc = read_caught(v, msg, sizeof msg);
        if (rc != STRADS_ECORRUPT)
            CHECK_FAIL("%s: got %d, expected STRADS_ECORRUPT", cases[c].what, rc);
        if (!strstr(msg, path))
            CHECK_FAIL("%s: the error does not name %s: %s", cases[c].what, path, msg);
        for (int i = 0; i < 10000; i++)
            CHECK_DBL(v[i], -2, 0);
    }
    /* Extended file. */
    copy_file(good, path);
    FILE *f = fopen(path, "ab");
    fputc('x', f);
    fclose(f);
    CHECK_EQ(strads_image_read_dvector(v, prefix), STRADS_ECORRUPT);

    /* Wrong shape: another vector's image. */
    copy_file(good, path);
    float *w;
    CHECK_OK(strads_dvector_create((void **)&w, 10000, sizeof(float), STRADS_PART_BLOCK, NULL,
                                   0));
    CHECK_EQ(strads_image_read_dvector(w, prefix), STRADS_ECORRUPT);
    /* Missing image. */
    unlink(path);
    CHECK_EQ(strads_image_read_dvector(v, prefix), STRADS_ENOTFOUND);
    unlink(good);
    strads_free(v);
    strads_free(w);
}

typedef struct kv { int64_t k; double v; } kv;

static int visit_sum(const void *key, const void *val, void *arg)
{
    double *s = arg;
    int64_t k;
    double v;
    memcpy(&k, key, 8);
    memcpy(&v, val, 8);
    s[0] += (double)k;
    s[1] += v;
    s[2] += 1;
    return 0;
}

static void test_map(void)
{
    strads_dmap *m;
    CHECK_OK(strads_dmap_create(&m, 8, 8, STRADS_DMAP_MULTI));
    for (int64_t k = 0; k < 3000; k++) {
        double v = (double)k / 2;
        CHECK_OK(strads_dmap_put(m, &k, &v));
        if (k % 3 == 0) {
            v = -v;
            CHECK_OK(strads_dmap_put(m, &k, &v));
        }
    }
    CHECK_OK(strads_image_write_dmap(m, prefix));
    int64_t k = 9;
    CHECK_OK(strads_dmap_erase(m, &k));
    CHECK_OK(strads_image_read_dmap(m, prefix));
    double vals[4];
    size_t cnt;
    CHECK_OK(strads_dmap_find(m, &k, vals, 4, &cnt));
    CHECK_EQ(cnt, 2);
    CHECK_DBL(vals[0], 4.5, 0); /* insertion order survives the image */
    CHECK_DBL(vals[1], -4.5, 0);
    double s[3] = { 0 };
    CHECK_OK(strads_dmap_foreach(m, visit_sum, s));
    CHECK_DBL(s[2], 4000, 0);
    /* Corrupted: refused, map unchanged. */
    CHECK_OK(strads_dmap_erase(m, &k));
    file_edit(300, SEEK_SET, 0x10, -1);
    CHECK_EQ(strads_image_read_dmap(m, prefix), STRADS_ECORRUPT);
    CHECK_EQ(strads_dmap_find(m, &k, vals, 4, &cnt), 0);
    CHECK_EQ(cnt, 0);
    /* A vector image is not a map image. */
    strads_dmap *plain;
    CHECK_OK(strads_dmap_create(&plain, 8, 8, 0));
    CHECK_OK(strads_image_write_dmap(m, prefix));
    CHECK_EQ(strads_image_read_dmap(plain, prefix), STRADS_ECORRUPT);
    CHECK_OK(strads_dmap_destroy(plain));
    CHECK_OK(strads_dmap_destroy(m));
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    snprintf(prefix, sizeof prefix, "%s/ck", dir);
    snprintf(path, sizeof path, "%s.0-of-1.img", prefix);
    test_vector();
    test_map();
    char cmd[300];
    /* No temp file left behind, then clean up. */
    snprintf(cmd, sizeof cmd, "n=$(ls %s | grep -c tmp); rm -rf %s; test $n = 0", dir, dir);
    CHECK_EQ(system(cmd), 0);
    CHECK_DONE();
    return 0;
}
