/*
 * Manifests and the recovery plan (replay/manifest.c): a manifest reads
 * back field for field; a truncated or corrupted one is refused; the plan
 * picks the newest checkpoint whose manifest, images and history are all
 * intact, and falls back to the previous one (saying so) when the newest
 * is damaged.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "replay/replay.h"

enum { N = 1000 };
static char dir[] = "/tmp/strads-man-XXXXXX";

/* Writes checkpoint `op` of two arrays: array 1 (input) imaged at op 1
 * only, array 2 rewritten every time with values depending on op. */
static void write_ckpt(uint64_t op)
{
    static float in[N], model[N];
    char path[512];
    replay_array_rec arr[2];
    memset(arr, 0, sizeof arr);
    for (int i = 0; i < N; i++) {
        in[i] = (float)i;
        model[i] = (float)(i * op);
    }
    rt_image_info a = replay_array_image(1, 1, N, sizeof(float));
    rt_image_info b = replay_array_image(2, op, N, sizeof(float));
    if (op == 1) {
        replay_image_path(path, sizeof path, dir, 1, 1);
        CHECK_OK(rt_image_write(path, &a, in, true, NULL));
    } else {
        replay_image_path(path, sizeof path, dir, 1, 1);
        CHECK_OK(rt_image_read(path, &a, NULL, NULL, 0));
        /* the checksum of the existing image, as checkpoint.c remembers it */
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL);
        fseek(f, -RT_IMAGE_SUM_BYTES, SEEK_END);
        CHECK(fread(a.sum, 1, RT_IMAGE_SUM_BYTES, f) == RT_IMAGE_SUM_BYTES);
        fclose(f);
    }
    replay_image_path(path, sizeof path, dir, 2, op);
    CHECK_OK(rt_image_write(path, &b, model, true, NULL));
    arr[0] = (replay_array_rec){.id = 1, .n = N, .elem = sizeof(float), .img_op = 1, .fp = 11};
    memcpy(arr[0].sum, a.sum, RT_IMAGE_SUM_BYTES);
    strcpy(arr[0].site, "in.c:1");
    arr[1] = (replay_array_rec){.id = 2, .n = N, .elem = sizeof(float), .img_op = op, .fp = op};
    memcpy(arr[1].sum, b.sum, RT_IMAGE_SUM_BYTES);
    strcpy(arr[1].site, "model.c:2");
    char red[16];
    snprintf(red, sizeof red, "red%llu", (unsigned long long)op);
    replay_op_rec rec = {.op = op, .site_id = 0xABCD + op, .line = (uint32_t)op,
                         .red = op % 2 ? red : NULL, .red_len = op % 2 ? strlen(red) : 0};
    strcpy(rec.file, "prog.c");
    replay_manifest m = {.op = op, .from_op = op, .nodes = 3, .arrays = arr, .narrays = 2,
                         .ops = &rec, .nops = 1};
    CHECK_OK(replay_manifest_write(dir, &m, true));
}

static void flip_byte(const char *path, off_t at)
{
    int fd = open(path, O_RDWR);
    CHECK(fd >= 0);
    unsigned char b;
    CHECK(pread(fd, &b, 1, at) == 1);
    b ^= 0x08;
    CHECK(pwrite(fd, &b, 1, at) == 1);
    close(fd);
}

static uint64_t plan_last(void)
{
    replay_plan p;
    CHECK_OK(replay_plan_load(dir, &p));
    uint64_t last = p.last;
    if (last) {
        CHECK_EQ(p.m[p.n - 1].op, last);
        /* every op up to last has its record */
        for (uint64_t op = 1; op <= last; op++) {
            int found = 0;
            for (size_t i = 0; i < p.n; i++)
                for (size_t j = 0; j < p.m[i].nops; j++) found += p.m[i].ops[j].op == op;
            CHECK_EQ(found, 1);
        }
    }
    replay_plan_free(&p);
    return last;
}

static void save(const char *path, const char *to)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", path, to);
    CHECK_EQ(system(cmd), 0);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    char path[512], err[512], keep[600];

    /* an empty folder, and a missing one: nothing to recover, not an error */
    CHECK_EQ(plan_last(), 0);
    replay_plan p;
    CHECK_OK(replay_plan_load("/nonexistent/strads-ckpt", &p));
    CHECK_EQ(p.last, 0);

    for (uint64_t op = 1; op <= 4; op++) write_ckpt(op);

    /* round trip */
    replay_manifest m;
    replay_manifest_path(path, sizeof path, dir, 3);
    CHECK_OK(replay_manifest_read(path, &m, err, sizeof err));
    CHECK_EQ(m.op, 3);
    CHECK_EQ(m.nodes, 3);
    CHECK_EQ(m.narrays, 2);
    CHECK_EQ(m.arrays[1].id, 2);
    CHECK_EQ(m.arrays[1].img_op, 3);
    CHECK_EQ(m.arrays[0].img_op, 1);
    CHECK_EQ(m.arrays[1].fp, 3);
    CHECK_STR(m.arrays[1].site, "model.c:2");
    CHECK_EQ(m.nops, 1);
    CHECK_EQ(m.ops[0].site_id, 0xABCD + 3);
    CHECK_STR(m.ops[0].file, "prog.c");
    CHECK_EQ(m.ops[0].red_len, 4);
    CHECK(memcmp(m.ops[0].red, "red3", 4) == 0);
    CHECK_OK(replay_manifest_verify_images(dir, &m, err, sizeof err));
    replay_manifest_free(&m);
    replay_manifest_path(path, sizeof path, dir, 2);
    CHECK_OK(replay_manifest_read(path, &m, err, sizeof err));
    CHECK(m.ops[0].red == NULL);
    replay_manifest_free(&m);

    uint64_t *ops;
    size_t n;
    CHECK_OK(replay_manifest_list(dir, &ops, &n));
    CHECK_EQ(n, 4);
    CHECK_EQ(ops[0], 1);
    CHECK_EQ(ops[3], 4);
    free(ops);

    CHECK_EQ(plan_last(), 4);

    /* corrupt manifest 4: refused on its own, and the plan falls back to 3 */
    replay_manifest_path(path, sizeof path, dir, 4);
    snprintf(keep, sizeof keep, "%s.keep", path);
    save(path, keep);
    flip_byte(path, 40);
    CHECK_EQ(replay_manifest_read(path, &m, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "checksum") != NULL);
    CHECK_EQ(plan_last(), 3);

    /* truncated manifest 4 */
    save(keep, path);
    CHECK_EQ(plan_last(), 4);
    CHECK_EQ(truncate(path, 50), 0);
    CHECK_EQ(replay_manifest_read(path, &m, err, sizeof err), STRADS_ECORRUPT);
    CHECK(strstr(err, "truncated") != NULL);
    CHECK_EQ(plan_last(), 3);
    save(keep, path);

    /* an image of checkpoint 4 truncated, then corrupted: back to 3 */
    replay_image_path(path, sizeof path, dir, 2, 4);
    snprintf(keep, sizeof keep, "%s.keep", path);
    save(path, keep);
    CHECK_EQ(truncate(path, 100), 0);
    CHECK_EQ(plan_last(), 3);
    save(keep, path);
    flip_byte(path, RT_IMAGE_HDR + 17);
    CHECK_EQ(plan_last(), 3);
    save(keep, path);
    CHECK_EQ(plan_last(), 4);

    /* the input image (shared by all) damaged: nothing usable */
    replay_image_path(path, sizeof path, dir, 1, 1);
    snprintf(keep, sizeof keep, "%s.keep", path);
    save(path, keep);
    flip_byte(path, RT_IMAGE_HDR + 3);
    CHECK_EQ(plan_last(), 0);
    save(keep, path);

    /* manifest 2 lost: op 2's record is gone, so 3 and 4 cannot be reached
     * by skipping; only checkpoint 1 is usable */
    replay_manifest_path(path, sizeof path, dir, 2);
    CHECK_EQ(unlink(path), 0);
    CHECK_EQ(plan_last(), 1);

    /* a manifest that lies about its op is not trusted */
    write_ckpt(2);
    char other[512];
    replay_manifest_path(path, sizeof path, dir, 2);
    replay_manifest_path(other, sizeof other, dir, 5);
    save(path, other);
    CHECK_EQ(plan_last(), 4);

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK_EQ(system(cmd), 0);
    CHECK_DONE();
    return 0;
}
