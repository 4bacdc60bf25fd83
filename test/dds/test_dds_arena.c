/*
 * test_dds_arena - the DDS arena, dvector allocation from sequential code,
 * strads_free, the registry (dds_lookup) and the partition math, in a job
 * of size 1 (no launcher, no network).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "dds/dds.h"
#include "strads.h"

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

static void test_alloc(void)
{
    int before = count_vecs();
    double (*W)[8] = strads_dv_calloc(1000, sizeof *W, sizeof *W, "t.c:1");
    CHECK(W != NULL);
    CHECK((uintptr_t)W >= DDS_ARENA_DEFAULT_ADDR);
    CHECK_EQ((uintptr_t)W % dds_page_size(), 0);
    CHECK(strads_is_dvector(W));
    CHECK(strads_is_dvector(&W[999][7]));
    CHECK(!strads_is_dvector(&W[1000][0])); /* one past the end */
    for (int i = 0; i < 1000; i++)
        for (int k = 0; k < 8; k++)
            CHECK(W[i][k] == 0.0);
    W[500][3] = 2.5;
    dds_vec *dv;
    int64_t idx;
    CHECK_OK(dds_lookup(&W[500][3], &dv, &idx));
    CHECK_EQ(idx, 500);
    CHECK_EQ(dv->n, 1000);
    CHECK_EQ(dv->elem, sizeof *W);
    CHECK_STR(dv->site, "t.c:1");
    CHECK_EQ(dds_lookup((char *)W - 1, &dv, &idx), STRADS_ENOTFOUND);
    CHECK_EQ(count_vecs(), before + 1);

    /* row(n): flat array, element = 16 floats; a partial last element. */
    float *syn = strads_dv_malloc(100 * 16 * sizeof(float) + 4, 16 * sizeof(float), "t.c:2");
    CHECK(syn != NULL);
    CHECK_OK(dds_lookup(syn + 16 * 100, &dv, &idx));
    CHECK_EQ(dv->n, 101);
    CHECK_EQ(idx, 100);
    /* the gap around an address in no vector holds no vector's byte and ends
     * at vectors: below the lowest vector it starts at 0, past W's end (when
     * no vector follows at once) it starts there */
    uintptr_t glo, ghi;
    dds_gap((const void *)16, &glo, &ghi);
    CHECK_EQ(glo, 0);
    CHECK(ghi > 16 && ghi <= (uintptr_t)W && ghi <= (uintptr_t)syn);
    CHECK_EQ(dds_lookup((const void *)ghi, &dv, &idx), 0);
    char *wend = (char *)W + 1000 * sizeof *W;
    if (dds_lookup(wend, &dv, &idx) != 0) {
        dds_gap(wend, &glo, &ghi);
        CHECK_EQ(glo, (uintptr_t)wend);
        CHECK(ghi > (uintptr_t)wend);
        CHECK(ghi == UINTPTR_MAX || dds_lookup((const void *)ghi, &dv, &idx) == 0);
    }
    void *al = strads_dv_aligned_alloc(1 << 21, 4096, 64, "t.c:3");
    CHECK(al != NULL);
    CHECK_EQ((uintptr_t)al % (1 << 21), 0);
    void *pm = NULL;
    CHECK_EQ(strads_dv_posix_memalign(&pm, 1 << 16, 1 << 20, 8, "t.c:4"), 0);
    CHECK_EQ((uintptr_t)pm % (1 << 16), 0);
    CHECK_EQ(strads_dv_posix_memalign(&pm, 3, 64, 8, "t.c:5"), EINVAL);
    errno = 0;
    CHECK(strads_dv_aligned_alloc(3, 64, 8, "t.c:6") == NULL);
    CHECK_EQ(errno, EINVAL);

    /* Overrun of a vector hits a guard page, not the next vector. */
    CHECK((char *)syn >= (char *)W + 1000 * sizeof *W + dds_page_size() ||
          (char *)syn + 101 * 64 + dds_page_size() <= (char *)W);

    strads_free(W);
    CHECK(!strads_is_dvector(W));
    strads_free(syn);
    strads_free(al);
    strads_free(pm);
    CHECK_EQ(count_vecs(), before);
    strads_free(malloc(10)); /* ordinary pointers go to free() */
    strads_free(NULL);

    /* Freed ranges are reused, and reused memory is zero again. */
    char *a = strads_dv_malloc(1 << 20, 1, "t.c:7");
    a[12345] = 7;
    strads_free(a);
    char *b = strads_dv_malloc(1 << 20, 1, "t.c:8");
    CHECK(b == a);
    CHECK_EQ(b[12345], 0);
    strads_free(b);
}

/* A vector is granted or refused as malloc of its size is: one larger than
 * the node's memory and swap gets NULL and ENOMEM (the kernel's overcommit
 * policy; one that grants every malloc grants it too). One that is granted
 * costs only the pages touched, so it may be used sparsely. */
static void test_limits(void)
{
    size_t big = (size_t)10 << 40; /* 10 TiB: within the arena, beyond any test machine */
    /* What glibc's malloc does for a block this large (called directly,
     * since a sanitizer's malloc refuses such sizes on its own terms). */
    void *m = mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    bool cc_ok = m != MAP_FAILED;
    if (cc_ok)
        munmap(m, big);
    errno = 0;
    char *p = strads_dv_malloc(big, 4096, "t.c:9");
    CHECK_EQ(p != NULL, cc_ok);
    if (p) {
        strads_free(p);
    } else {
        CHECK_EQ(errno, ENOMEM);
    }
    /* Refused, the range went back: the next vector takes the same place. */
    char *a = strads_dv_malloc(1 << 20, 1, "t.c:10");
    CHECK(a != NULL);
    strads_free(a);
    size_t sparse = (size_t)1 << 30; /* 1 GiB, two pages touched */
    char *s = strads_dv_malloc(sparse, 4096, "t.c:11");
    CHECK(s != NULL);
    s[0] = 1;
    s[sparse - 1] = 2;
    CHECK_EQ(s[sparse - 1], 2);
    strads_free(s);
    char *b = strads_dv_malloc(1 << 20, 1, "t.c:12");
    CHECK(b == a);
    strads_free(b);
}

static void test_partition(void)
{
    for (int nodes = 1; nodes <= 7; nodes++)
        for (int64_t n = 0; n <= 50; n++) {
            dds_vec v = { 0 };
            int64_t bounds[8];
            v.n = n;
            v.nodes = nodes;
            v.part = DDS_PART_BLOCK;
            v.bounds = bounds;
            for (int r = 0; r <= nodes; r++)
                bounds[r] = n * r / nodes;
            int64_t covered = 0;
            for (int r = 0; r < nodes; r++) {
                int64_t lo, hi;
                dds_owned_range(&v, r, &lo, &hi);
                CHECK_INT(hi - lo, <=, n / nodes + 1);
                for (int64_t i = lo; i < hi; i++) {
                    CHECK_EQ(dds_owner(&v, i), r);
                    covered++;
                }
            }
            CHECK_EQ(covered, n);
            /* Hash partition: every index has exactly one owner in range, and
             * owners are roughly balanced on a large n. */
            v.part = DDS_PART_HASH;
            for (int64_t i = 0; i < n; i++) {
                int o = dds_owner(&v, i);
                CHECK(o >= 0 && o < nodes);
            }
        }
    dds_vec v = { .n = 100000, .nodes = 4, .part = DDS_PART_HASH };
    int cnt[4] = { 0 };
    for (int64_t i = 0; i < v.n; i++)
        cnt[dds_owner(&v, i)]++;
    for (int r = 0; r < 4; r++)
        CHECK_INT(cnt[r], >, 23000);
}

/* Fixed addresses each build lets a program map: ThreadSanitizer only
 * below 512 GiB (above its build's default arena, dds/dds.h), while
 * AddressSanitizer keeps its shadow between 2 GiB and 16 TiB. */
#ifdef __SANITIZE_THREAD__
#define TAKEN_AT 0x6000000000ULL
#define FREE_AT 0x7000000000ULL
#else
#define TAKEN_AT 0x200000000000ULL
#define FREE_AT 0x300000000000ULL
#endif

/* The arena cannot be reserved: a clear error, no crash. */
static void test_reserve_error(void)
{
    char arena[64];
    pid_t pid = fork();
    if (pid == 0) {
        /* Take the address first, like a library mapped there would. */
        void *p = mmap((void *)TAKEN_AT, 1 << 20, PROT_READ,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        if (p == MAP_FAILED)
            _exit(10);
        snprintf(arena, sizeof arena, "%#llx:0x40000000", TAKEN_AT);
        setenv("STRADS_ARENA", arena, 1); /* read at first use */
        int rc = dds_arena_init();
        void *q = strads_dv_malloc(100, 1, "t.c:10");
        _exit(rc == STRADS_ENOMEM && q == NULL ? 0 : 11);
    }
    int st;
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st));
    CHECK_EQ(WEXITSTATUS(st), 0);
    pid = fork();
    if (pid == 0) {
        snprintf(arena, sizeof arena, "%#llx:0x40000000", FREE_AT);
        setenv("STRADS_ARENA", arena, 1);
        char *p = strads_dv_malloc(4096, 1, "t.c:11");
        _exit(p == (char *)FREE_AT ? 0 : 13);
    }
    waitpid(pid, &st, 0);
    CHECK_EQ(WEXITSTATUS(st), 0);
}

int main(void)
{
    test_reserve_error();
    test_alloc();
    test_limits();
    test_partition();
    CHECK_DONE();
    return 0;
}
