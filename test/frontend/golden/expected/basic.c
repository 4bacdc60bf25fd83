#line 1 "basic.c"
#include <stdio.h>
#include <stdlib.h>

#define K 4
typedef float real;

int dim = K;
static double lr = 0.1;

#line 12 "<stdout>"
#include <strads.h>
#include <msgpack.h>
#include <stdlib.h>
/* Reconnaissance helpers: record an access, keep the value readable. */
__attribute__((unused)) static inline const void *strads__rdp(strads_recon *rc, const void *p, size_t n)
{
    strads_recon_read(rc, p, n);
    return p;
}
__attribute__((unused)) static inline void strads__rcw(strads_recon *rc, const void *p, size_t n, int rd)
{
    if (rd)
        strads_recon_read(rc, p, n);
    strads_recon_write(rc, p, n);
}
#define STRADS__RD(lv) (*(__typeof__(lv) *)strads__rdp(strads__rc, &(lv), sizeof(lv)))
/* A pointer argument of a helper call: its element is read (and maybe
 * written) by the helper, whose own accesses are not rewritten. */
__attribute__((unused)) static inline void *strads__argp(strads_recon *rc, const void *p,
                                                        size_t n, int wr)
{
    if (p) {
        strads_recon_read(rc, p, n);
        if (wr)
            strads_recon_write(rc, p, n);
    }
    return (void *)(uintptr_t)p;
}
__attribute__((unused)) static inline int strads__up_i64(const msgpack_object *o, int64_t *v)
{
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) { *v = (int64_t)o->via.u64; return 0; }
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) { *v = o->via.i64; return 0; }
    return -1;
}
/* Blobs carry their size: a mismatch means another build of the program. */
__attribute__((unused)) static inline int strads__up_bin(const msgpack_object *o, void *v, size_t n)
{
    if (o->type != MSGPACK_OBJECT_BIN || o->via.bin.size != n) return -1;
    if (n) __builtin_memcpy(v, o->via.bin.ptr, n);
    return 0;
}
/* Field descriptors: where a field of an env or tls struct is and how it
 * travels. Sections keep their lo/n fields at lo_off/n_off. */
typedef struct strads__fd {
    size_t off, size;
    int cls;
    void *global; /* worker copy assigned after unpack, or NULL */
    size_t lo_off, n_off, elem;
} strads__fd;
enum { STRADS__F_INT, STRADS__F_UINT, STRADS__F_FLT, STRADS__F_PTR, STRADS__F_BLOB,
       STRADS__F_COPYIN, STRADS__F_TLSSEC };
#define STRADS__FIELD(T, f) __builtin_offsetof(T, f), sizeof(((T *)0)->f)
__attribute__((unused)) static inline int64_t strads__geti(const char *p, size_t n, int sgn)
{
    switch (n) {
    case 1: return sgn ? (int64_t)*(const int8_t *)p : (int64_t)*(const uint8_t *)p;
    case 2: return sgn ? (int64_t)*(const int16_t *)p : (int64_t)*(const uint16_t *)p;
    case 4: return sgn ? (int64_t)*(const int32_t *)p : (int64_t)*(const uint32_t *)p;
    default: return *(const int64_t *)p;
    }
}
__attribute__((unused)) static inline void strads__seti(char *p, size_t n, int64_t v)
{
    switch (n) {
    case 1: *(int8_t *)p = (int8_t)v; break;
    case 2: *(int16_t *)p = (int16_t)v; break;
    case 4: *(int32_t *)p = (int32_t)v; break;
    default: *(int64_t *)p = v;
    }
}
__attribute__((unused)) static inline size_t strads__nobj(const strads__fd *fd, int n)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += fd[i].cls >= STRADS__F_COPYIN ? 3 : 1;
    return k;
}
/* msgpack-c's typed packers are inline; calling them (not msgpack_pack_object)
 * keeps the program free of direct references to libmsgpackc. */
__attribute__((unused)) static int strads__pack_fields(msgpack_packer *pk, const void *vb,
                                                      const strads__fd *fd, int n)
{
    const char *b = vb;
    if (msgpack_pack_array(pk, strads__nobj(fd, n))) return STRADS_EIO;
    for (int i = 0; i < n; i++) {
        const char *p = b + fd[i].off;
        int r = 0;
        switch (fd[i].cls) {
        case STRADS__F_INT:
        case STRADS__F_UINT: /* the bits of a u64 travel as one i64 */
            r = msgpack_pack_int64(pk, strads__geti(p, fd[i].size, fd[i].cls == STRADS__F_INT));
            break;
        case STRADS__F_FLT:
            r = msgpack_pack_double(pk, fd[i].size == sizeof(float) ? *(const float *)p
                                                                     : *(const double *)p);
            break;
        case STRADS__F_PTR: r = msgpack_pack_int64(pk, (int64_t)*(const uintptr_t *)p); break;
        case STRADS__F_BLOB:
            r = msgpack_pack_bin(pk, fd[i].size) || msgpack_pack_bin_body(pk, p, fd[i].size);
            break;
        default: {
            int64_t lo = *(const int64_t *)(b + fd[i].lo_off);
            int64_t cn = *(const int64_t *)(b + fd[i].n_off);
            const char *s = *(const char *const *)p;
            if (fd[i].cls == STRADS__F_COPYIN) s += lo * (int64_t)fd[i].elem;
            size_t bytes = cn > 0 ? (size_t)cn * fd[i].elem : 0;
            r = msgpack_pack_int64(pk, lo) || msgpack_pack_int64(pk, cn) ||
                msgpack_pack_bin(pk, bytes) || (bytes && msgpack_pack_bin_body(pk, s, bytes));
        }
        }
        if (r) return STRADS_EIO;
    }
    return 0;
}
__attribute__((unused)) static int strads__unpack_fields(const msgpack_object *o, void *vb,
                                                        const strads__fd *fd, int n)
{
    char *b = vb;
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != strads__nobj(fd, n))
        return STRADS_EPROTO;
    const msgpack_object *v = o->via.array.ptr;
    for (int i = 0; i < n; i++) {
        char *p = b + fd[i].off;
        int64_t x, lo, cn;
        switch (fd[i].cls) {
        case STRADS__F_INT:
        case STRADS__F_UINT:
        case STRADS__F_PTR:
            if (strads__up_i64(v++, &x)) return STRADS_EPROTO;
            if (fd[i].cls == STRADS__F_PTR) *(uintptr_t *)p = (uintptr_t)x;
            else strads__seti(p, fd[i].size, x);
            break;
        case STRADS__F_FLT:
            if (v->type != MSGPACK_OBJECT_FLOAT32 && v->type != MSGPACK_OBJECT_FLOAT64)
                return STRADS_EPROTO;
            if (fd[i].size == sizeof(float)) *(float *)p = (float)v->via.f64;
            else *(double *)p = v->via.f64;
            v++;
            break;
        case STRADS__F_BLOB:
            if (strads__up_bin(v++, p, fd[i].size)) return STRADS_EPROTO;
            break;
        default: {
            if (strads__up_i64(&v[0], &lo) || strads__up_i64(&v[1], &cn) || cn < 0)
                return STRADS_EPROTO;
            size_t bytes = (size_t)cn * fd[i].elem;
            if (v[2].type != MSGPACK_OBJECT_BIN || v[2].via.bin.size != bytes)
                return STRADS_EPROTO;
            if (fd[i].cls == STRADS__F_TLSSEC) { /* into the buffer tls_init made */
                if (lo != *(int64_t *)(b + fd[i].lo_off) || cn != *(int64_t *)(b + fd[i].n_off))
                    return STRADS_EPROTO;
                if (bytes) __builtin_memcpy(*(char **)p, v[2].via.bin.ptr, bytes);
            } else { /* an aligned private copy: message bytes may be unaligned */
                char *c = malloc(bytes ? bytes : 1);
                if (!c) return STRADS_ENOMEM;
                if (bytes) __builtin_memcpy(c, v[2].via.bin.ptr, bytes);
                *(int64_t *)(b + fd[i].lo_off) = lo;
                *(int64_t *)(b + fd[i].n_off) = cn;
                *(char **)p = c - lo * (int64_t)fd[i].elem;
            }
            v += 3;
        }
        }
        if (fd[i].global) __builtin_memcpy(fd[i].global, p, fd[i].size);
    }
    return 0;
}
__attribute__((unused)) static void strads__free_fields(void *vb, const strads__fd *fd, int n)
{
    char *b = vb;
    for (int i = 0; i < n; i++)
        if (fd[i].cls == STRADS__F_COPYIN && *(char **)(b + fd[i].off)) {
            free(*(char **)(b + fd[i].off) + *(int64_t *)(b + fd[i].lo_off) *
                                                 (int64_t)fd[i].elem);
            *(char **)(b + fd[i].off) = NULL;
        }
}
#line 10 "basic.c"
static double dot(const real *a, const real *b)
{
    double s = 0;
    for (int k = 0; k < dim; k++)
        s += a[k] * b[k];
    return s;
}

#line 199 "<stdout>"
/* basic.c:27: async_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int) dim;
    __typeof__(real *) w;
    __typeof__(int) n;
    __typeof__(double) lr;
    __typeof__(double) loss, *strads__p_loss;
    __typeof__(long) cnt, *strads__p_cnt;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(double) loss;
    __typeof__(long) cnt;
};
static const strads_loop_site strads__site1;
#line 18 "basic.c"
int strads_user_main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    
    real *w = strads_dv_malloc((size_t)n * dim * sizeof *w, (size_t)(dim) * sizeof *(w), "basic.c:21");
    for (int i = 0; i < n * dim; i++)
        w[i] = (real)(i % 7) * 0.1f;
    double loss = 0;
    long cnt = 0;
    
    { struct strads__env1 strads__e1; __builtin_memset(&strads__e1, 0, sizeof strads__e1); strads__e1.dim = dim; strads__e1.w = w; strads__e1.n = n; strads__e1.lr = lr; strads__e1.loss = loss; strads__e1.strads__p_loss = &loss; strads__e1.cnt = cnt; strads__e1.strads__p_cnt = &cnt; strads_async_for(&strads__site1, (int64_t)(0), (int64_t)(n), &strads__e1); }








    printf("loss %.6f cnt %ld\n", loss, cnt);
    strads_free(w);
    return 0;
}
#line 240 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(real *) w = strads__e->w;
    (void)w;
    __typeof__(int) n = strads__e->n;
    (void)n;
    __typeof__(strads__t->loss) loss = strads__t->loss;
    __typeof__(strads__t->cnt) cnt = strads__t->cnt;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
#line 28 "basic.c"
                                {
        if (i % 3 == 0)
            continue;
        double d = dot(&w[i * dim], &w[((i + 1) % n) * dim]);
        for (int k = 0; k < dim; k++)
            w[i * dim + k] += (real)(lr * d);
        loss += d;
        cnt++;
    }
#line 266 "<stdout>"
    }
    strads__t->loss = loss;
    strads__t->cnt = cnt;
}
static void strads__recon1(const void *strads__ve, strads_recon *strads__rc, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    const struct strads__env1 *strads__e = strads__ve;
    (void)strads__e;
    __typeof__(real *) w = strads__e->w;
    (void)w;
    __typeof__(int) n = strads__e->n;
    (void)n;
    __typeof__(double) loss = strads__e->loss;
    (void)loss;
    __typeof__(long) cnt = strads__e->cnt;
    (void)cnt;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        int i = (int)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)i;
        strads_recon_iter(strads__rc, (int64_t)i);
        /* basic.c:28 */
                                {
        if (i % 3 == 0)
            continue;
        double d = dot(strads__argp(strads__rc, &w[i * dim], 4, 0), strads__argp(strads__rc, &w[((i + 1) % n) * dim], 4, 0));
        for (int k = 0; k < dim; k++)
            (strads__rcw(strads__rc, &(w[i * dim + k]), sizeof(w[i * dim + k]), 1), (void)((real)(lr * d)));
        loss += d;
        cnt++;
    }
#line 297 "<stdout>"
    }
}
static void strads__tls_init1(void *strads__vt, const void *strads__ve)
{
    struct strads__tls1 *t = strads__vt;
    const struct strads__env1 *e = strads__ve;
    t->loss = 0;
    t->cnt = 0;
    (void)t;
    (void)e;
}
static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->loss += t->loss;
    a->cnt += t->cnt;
    (void)a;
    (void)t;
}
static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_loss += a->loss;
    *e->strads__p_cnt += a->cnt;
    (void)a;
    (void)e;
}
static void strads__tls_free1(void *strads__vt)
{
    struct strads__tls1 *t = strads__vt;
    (void)t;
}
static const strads__fd strads__tfd1[] = {
    {STRADS__FIELD(struct strads__tls1, loss), STRADS__F_FLT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__tls1, cnt), STRADS__F_INT, NULL, 0, 0, 0},
};
#define STRADS__NTFD1 ((int)(sizeof strads__tfd1 / sizeof *strads__tfd1))
static int strads__tls_pack1(struct msgpack_packer *pk, const void *t)
{
    return strads__pack_fields(pk, t, strads__tfd1, STRADS__NTFD1);
}
static int strads__tls_unpack1(const struct msgpack_object *o, void *t)
{
    return strads__unpack_fields(o, t, strads__tfd1, STRADS__NTFD1);
}
static const strads__fd strads__efd1[] = {
    {STRADS__FIELD(struct strads__env1, strads__dyn.minibatch), STRADS__F_INT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, strads__dyn.threads), STRADS__F_INT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, strads__dyn.sync.kind), STRADS__F_INT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, strads__dyn.sync.a), STRADS__F_FLT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, strads__dyn.sync.b), STRADS__F_FLT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, dim), STRADS__F_INT, (void *)&dim, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, w), STRADS__F_PTR, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, n), STRADS__F_INT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, lr), STRADS__F_FLT, (void *)&lr, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, loss), STRADS__F_FLT, NULL, 0, 0, 0},
    {STRADS__FIELD(struct strads__env1, cnt), STRADS__F_INT, NULL, 0, 0, 0},
};
#define STRADS__NEFD1 ((int)(sizeof strads__efd1 / sizeof *strads__efd1))
static int strads__pack1(struct msgpack_packer *pk, const void *e)
{
    return strads__pack_fields(pk, e, strads__efd1, STRADS__NEFD1);
}
static int strads__unpack1(const struct msgpack_object *o, void *e)
{
    return strads__unpack_fields(o, e, strads__efd1, STRADS__NEFD1);
}
static void strads__env_free1(void *e)
{
    strads__free_fields(e, strads__efd1, STRADS__NEFD1);
}
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_ASYNC_FOR,
    .file = "basic.c",
    .line = 27,
    .col = 5,
    .id = UINT64_C(0x9dff8130fe555d48), /* FNV-1a of "basic.c:27:5" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = sizeof(struct strads__tls1),
    .body = strads__body1,
    .recon = strads__recon1,
    .tls_init = strads__tls_init1,
    .tls_fold = strads__tls_fold1,
    .publish = strads__publish1,
    .tls_free = strads__tls_free1,
    .tls_pack = strads__tls_pack1,
    .tls_unpack = strads__tls_unpack1,
    .pack = strads__pack1,
    .unpack = strads__unpack1,
    .env_free = strads__env_free1,
    .recon_on = 1,
};
static const strads_loop_site *const strads__reg1
    __attribute__((used, section("strads_loops"))) = &strads__site1;
#line 41 "basic.c"
#line 396 "<stdout>"
STRADS_MAIN(strads_user_main)
