/*
 * test_dds_load - splitting a text file at line boundaries and the text load
 * in a job of size 1: every line lands in exactly one part for any number of
 * parts; records are parsed in file order; malformed files (bad number,
 * short line, binary garbage, empty file, missing file) fail with the line
 * number and byte offset of the first bad line and create nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "dds/dds.h"
#include "strads.h"

typedef struct rec { int64_t id; double x, y; } rec;

/* "id x y" separated by spaces or commas; '#' starts a comment line. */
static int parse_rec(void *out, const char *line, size_t len)
{
    (void)len;
    rec *r = out;
    if (line[0] == '#' || line[0] == 0)
        return 0;
    char *end;
    r->id = strtoll(line, &end, 10);
    if (end == line)
        return strads_parse_fail("field 1: expected an integer");
    double *f[2] = { &r->x, &r->y };
    for (int k = 0; k < 2; k++) {
        while (*end == ' ' || *end == ',')
            end++;
        if (!*end)
            return strads_parse_fail("expected 3 fields, got %d", k + 1);
        char *s = end;
        *f[k] = strtod(s, &end);
        if (end == s)
            return strads_parse_fail("field %d: expected a number", k + 2);
    }
    if (*end)
        return strads_parse_fail("trailing text after 3 fields");
    return 1;
}

static char dir[] = "/tmp/dds_load_XXXXXX";

static const char *write_file(const char *name, const char *data, size_t len)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK_EQ(fwrite(data, 1, len, f), len);
    fclose(f);
    return path;
}

static void cnt(dds_vec *dv, void *arg)
{
    (void)dv;
    ++*(int *)arg;
}

static int count_vecs(void)
{
    int n = 0;
    dds_vec_foreach(cnt, &n);
    return n;
}

static void test_ranges(void)
{
    static char buf[20000];
    uint64_t rng = 12345;
    for (int trial = 0; trial < 60; trial++) {
        size_t len = 0;
        size_t target = (size_t)(trial * 311 % 19000) + 1;
        while (len < target) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t ll = (rng >> 33) % (trial % 3 == 0 ? 3000 : 40); /* long lines too */
            for (size_t i = 0; i < ll && len < sizeof buf - 1; i++)
                buf[len++] = 'a';
            if (len < sizeof buf - 1)
                buf[len++] = '\n';
        }
        if (trial % 2)
            len--; /* no final newline */
        int newlines = 0;
        for (size_t i = 0; i < len; i++)
            newlines += buf[i] == '\n';
        const char *p = write_file("r.txt", buf, len);
        int fd = open(p, O_RDONLY);
        for (int parts = 1; parts <= 9; parts++) {
            uint64_t prev = 0;
            int seen_lines = 0;
            for (int r = 0; r < parts; r++) {
                uint64_t lo, hi;
                CHECK_OK(dds_line_range(fd, len, r, parts, &lo, &hi));
                CHECK_EQ(lo, prev);
                CHECK(lo == 0 || lo == len || buf[lo - 1] == '\n');
                for (uint64_t i = lo; i < hi; i++)
                    seen_lines += buf[i] == '\n';
                prev = hi;
            }
            CHECK_EQ(prev, len);
            CHECK_EQ(seen_lines, newlines); /* no line lost or read twice */
        }
        close(fd);
    }
}

static void test_ok(void)
{
    const char *text = "# header comment\n1 0.5 1.5\n2,2.5,3.5\r\n\n3 4 5";
    const char *p = write_file("ok.txt", text, strlen(text));
    rec *v = NULL;
    int64_t n = 0;
    strads_load_error err;
    CHECK_OK(strads_load_text((void **)&v, &n, p, sizeof(rec), parse_rec, &err));
    CHECK_EQ(n, 3);
    CHECK(strads_is_dvector(v));
    CHECK_EQ(v[0].id, 1);
    CHECK_DBL(v[0].y, 1.5, 0);
    CHECK_EQ(v[1].id, 2);
    CHECK_DBL(v[1].x, 2.5, 0);
    CHECK_EQ(v[2].id, 3);
    CHECK_DBL(v[2].y, 5, 0);
    int64_t len;
    size_t elem;
    CHECK_OK(strads_dvector_info(v, &len, &elem));
    CHECK_EQ(len, 3);
    CHECK_EQ(elem, sizeof(rec));
    strads_free(v);
}

static void expect_fail(const char *name, const char *data, size_t len, int code, int64_t line,
                        int64_t offset, const char *msg_part)
{
    const char *p = write_file(name, data, len);
    int before = count_vecs();
    void *v = (void *)1;
    int64_t n = -1;
    strads_load_error err;
    CHECK_EQ(strads_load_text(&v, &n, p, sizeof(rec), parse_rec, &err), code);
    CHECK(v == (void *)1); /* untouched */
    CHECK_EQ(n, -1);
    CHECK_EQ(count_vecs(), before); /* nothing half-loaded */
    CHECK_EQ(err.line, line);
    CHECK_EQ(err.offset, offset);
    CHECK_STR(err.file, p);
    if (!strstr(err.msg, msg_part))
        CHECK_FAIL("message \"%s\" lacks \"%s\"", err.msg, msg_part);
}

static void test_malformed(void)
{
    const char *bad_num = "1 2 3\n2 2 3\n3 x 3\n4 5 6\n";
    expect_fail("badnum.txt", bad_num, strlen(bad_num), STRADS_EPARSE, 3, 12,
                "field 2: expected a number");
    const char *short_line = "1 2 3\n2 2\n";
    expect_fail("short.txt", short_line, strlen(short_line), STRADS_EPARSE, 2, 6,
                "expected 3 fields, got 2");
    const char garbage[] = "1 2 3\n\x7f" "ELF\x02\x01\x00\x00\xff\xfe\n4 5 6\n";
    expect_fail("garbage.txt", garbage, sizeof garbage - 1, STRADS_EPARSE, 2, 6,
                "binary data");
    expect_fail("empty.txt", "", 0, STRADS_EPARSE, 0, 0, "empty file");
    const char last_bad[] = "1 2 3\n2 3 4\n5 6 7 8";
    expect_fail("lastbad.txt", last_bad, sizeof last_bad - 1, STRADS_EPARSE, 3, 12,
                "trailing text");
    /* A missing file. */
    void *v = NULL;
    strads_load_error err;
    char path[300];
    snprintf(path, sizeof path, "%s/nope.txt", dir);
    CHECK_EQ(strads_load_text(&v, NULL, path, sizeof(rec), parse_rec, &err), STRADS_EIO);
    CHECK(strstr(err.msg, "cannot open") != NULL);
    /* Bad arguments. */
    CHECK_EQ(strads_load_text(&v, NULL, path, 0, parse_rec, NULL), STRADS_EINVAL);
    CHECK_EQ(strads_load_text(&v, NULL, path, 8, NULL, NULL), STRADS_EINVAL);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    test_ranges();
    test_ok();
    test_malformed();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK_EQ(system(cmd), 0);
    CHECK_DONE();
    return 0;
}
