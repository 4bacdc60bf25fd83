/*
 * core/image.h - image files: a checksummed header and a byte payload, the
 * one on-disk format of distributed data (core/image.c).
 *
 * Two callers: replay/ writes whole arrays as the driver sees them
 * (checkpoints, recorded outcomes) and dds/ writes one node's partition of a
 * dvector or dmap (strads_image_write_dvector and friends). The header says
 * which, and what the payload holds; this module checks integrity (magic,
 * version, exact size, checksum) and identity (the header against what the
 * reader expects); what the payload means is the caller's.
 */
#ifndef STRADS_IMAGE_H
#define STRADS_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_IMAGE_VERSION 3
#define RT_IMAGE_HDR 128      /* header bytes; the payload starts here */
#define RT_IMAGE_SUM_BYTES 16 /* XXH3-128 trailer (image.c says why not BLAKE2b) */

/* What an image holds. */
enum {
    RT_IMAGE_ARRAY = 1,    /* a whole distributed array: id, op, n, elem */
    RT_IMAGE_DVECTOR = 2,  /* one node's owned elements in index order: n, elem, part, rank, nodes */
    RT_IMAGE_DMAP = 3,     /* one node's dmap entries, (key, value) records: elem = key size, val, multi, rank, nodes */
};

/* An image's header; fields a kind does not use are 0. */
typedef struct rt_image_info {
    uint32_t kind;
    uint32_t id;            /* ARRAY: the dvector's id */
    uint64_t op;            /* ARRAY: the operator after which it was written */
    int64_t n;              /* ARRAY, DVECTOR: elements of the whole collection */
    uint64_t elem;          /* bytes per element, or per key (DMAP) */
    uint64_t val;           /* DMAP: bytes per value */
    uint32_t rank, nodes;   /* DVECTOR, DMAP: which node of how many wrote it */
    uint32_t part, multi;   /* DVECTOR: partitioning; DMAP: multimap flag */
    uint64_t count;         /* records in the payload */
    uint64_t bytes;         /* payload bytes */
    uint8_t sum[RT_IMAGE_SUM_BYTES]; /* XXH3-128 of header and payload */
} rt_image_info;

/* ---- writing: a temp file next to path, then rename; a crash leaves the
 * old file or the new one. durable: fsync before the rename. reuse: when
 * not NULL and it exists, a file to recycle (renamed and overwritten in
 * place, so it is gone afterwards). On success info->sum is filled in.
 * Returns 0, STRADS_EIO (errno kept, path not created) or STRADS_ENOMEM. ---- */

/* info->bytes of data (info->count and the rest as given). */
int rt_image_write(const char *path, rt_image_info *info, const void *data, bool durable,
                   const char *reuse);

/* A payload written in pieces: open with info complete (bytes included),
 * put exactly info->bytes, then close, which checks the count and names
 * the file. put after a failure does nothing; close reports it, and
 * always frees w. */
typedef struct rt_image_writer rt_image_writer;
int rt_image_open(const char *path, const rt_image_info *info, bool durable,
                  rt_image_writer **w);
void rt_image_put(rt_image_writer *w, const void *p, size_t n);
int rt_image_close(rt_image_writer *w, rt_image_info *info);

/* An image laid out in memory as its file (header, payload, checksum,
 * padding), written with O_DIRECT where the file system has it (image.c
 * says why). rt_image_frame_alloc: a frame for bytes of payload, free() it;
 * rt_image_frame_data: where those bytes go; rt_image_write_frame then
 * fills in header and checksum and writes it like rt_image_write. */
void *rt_image_frame_alloc(uint64_t bytes);
void *rt_image_frame_data(void *frame);
int rt_image_write_frame(const char *path, rt_image_info *info, void *frame, bool durable,
                         const char *reuse);

/* ---- reading ---- */

/* A verified image, mapped read-only. */
typedef struct rt_image {
    rt_image_info info;
    const unsigned char *data; /* info.bytes of payload */
    void *map;
    size_t maplen;
} rt_image;

/* Maps path and checks magic, version, exact size and checksum, and that
 * it holds kind. Returns 0 (rt_image_unmap it), STRADS_ECORRUPT with err
 * "PATH: why", or STRADS_ENOTFOUND / STRADS_EIO when path cannot be opened
 * (err says so too). err may be NULL. */
int rt_image_map(const char *path, uint32_t kind, rt_image *img, char *err, size_t errlen);
void rt_image_unmap(rt_image *img);

/* Whether img holds what want describes: every header field equal (count
 * and bytes included), want->op only when nonzero, want->sum only unless
 * all zero. STRADS_ECORRUPT with err "PATH: holds X, expected Y" if not. */
int rt_image_expect(const char *path, const rt_image *img, const rt_image_info *want,
                    char *err, size_t errlen);

/* rt_image_map + rt_image_expect, then copies the payload to dst when dst
 * is not NULL (plain stores, never read(2), so a write-protected DDS
 * mapping that opens on fault is fine). dst is untouched unless all is well. */
int rt_image_read(const char *path, const rt_image_info *want, void *dst, char *err,
                  size_t errlen);

#endif /* STRADS_IMAGE_H */
