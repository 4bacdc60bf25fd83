/*
 * frontend/pack.c - the RPC stubs of a loop site, table-driven.
 *
 * pack() writes a site's env as one msgpack array, unpack() reads it back on
 * another node (also assigning the worker's copies of captured globals,
 * which helper functions read by name), env_free() releases what unpack
 * allocated; tls_pack()/tls_unpack() ship a node's folded reductions.
 *
 * Each site gets a table of field descriptors (offset, size, how the field
 * travels) and one-line stubs that hand the table to generic routines
 * emitted once per file in the prologue. Generating code per field instead
 * made the generated file several times slower to compile than the user's
 * (msgpack-c's packers are large inline functions). The generic routines
 * only use msgpack-c's inline packers, so a program links with -lstrads
 * alone (pkg-config lists msgpack as private); they would be cheaper still
 * inside libstrads.
 *
 * On the wire: integers and floating values natively; pointers into
 * distributed arrays as integers (the address is the same on every node);
 * pointer-free structs and fixed arrays as bin blobs whose size is checked,
 * so a message from another build of the program is refused, not misread;
 * copyin sections as lo, n and the elements as one blob.
 */
#include "fe.h"

#include <string.h>

const char *const fe_pack_prologue =
    "/* Field descriptors: where a field of an env or tls struct is and how it\n"
    " * travels. Sections keep their lo/n fields at lo_off/n_off. */\n"
    "typedef struct strads__fd {\n"
    "    size_t off, size;\n"
    "    int cls;\n"
    "    void *global; /* worker copy assigned after unpack, or NULL */\n"
    "    size_t lo_off, n_off, elem;\n"
    "} strads__fd;\n"
    "enum { STRADS__F_INT, STRADS__F_UINT, STRADS__F_FLT, STRADS__F_PTR, STRADS__F_BLOB,\n"
    "       STRADS__F_COPYIN, STRADS__F_TLSSEC };\n"
    "#define STRADS__FIELD(T, f) __builtin_offsetof(T, f), sizeof(((T *)0)->f)\n"
    "__attribute__((unused)) static inline int64_t strads__geti(const char *p, size_t n, int sgn)\n"
    "{\n"
    "    switch (n) {\n"
    "    case 1: return sgn ? (int64_t)*(const int8_t *)p : (int64_t)*(const uint8_t *)p;\n"
    "    case 2: return sgn ? (int64_t)*(const int16_t *)p : (int64_t)*(const uint16_t *)p;\n"
    "    case 4: return sgn ? (int64_t)*(const int32_t *)p : (int64_t)*(const uint32_t *)p;\n"
    "    default: return *(const int64_t *)p;\n"
    "    }\n"
    "}\n"
    "__attribute__((unused)) static inline void strads__seti(char *p, size_t n, int64_t v)\n"
    "{\n"
    "    switch (n) {\n"
    "    case 1: *(int8_t *)p = (int8_t)v; break;\n"
    "    case 2: *(int16_t *)p = (int16_t)v; break;\n"
    "    case 4: *(int32_t *)p = (int32_t)v; break;\n"
    "    default: *(int64_t *)p = v;\n"
    "    }\n"
    "}\n"
    "__attribute__((unused)) static inline size_t strads__nobj(const strads__fd *fd, int n)\n"
    "{\n"
    "    size_t k = 0;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        k += fd[i].cls >= STRADS__F_COPYIN ? 3 : 1;\n"
    "    return k;\n"
    "}\n"
    "/* msgpack-c's typed packers are inline; calling them (not msgpack_pack_object)\n"
    " * keeps the program free of direct references to libmsgpackc. */\n"
    "__attribute__((unused)) static int strads__pack_fields(msgpack_packer *pk, const void *vb,\n"
    "                                                      const strads__fd *fd, int n)\n"
    "{\n"
    "    const char *b = vb;\n"
    "    if (msgpack_pack_array(pk, strads__nobj(fd, n))) return STRADS_EIO;\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        const char *p = b + fd[i].off;\n"
    "        int r = 0;\n"
    "        switch (fd[i].cls) {\n"
    "        case STRADS__F_INT:\n"
    "        case STRADS__F_UINT: /* the bits of a u64 travel as one i64 */\n"
    "            r = msgpack_pack_int64(pk, strads__geti(p, fd[i].size, fd[i].cls == STRADS__F_INT));\n"
    "            break;\n"
    "        case STRADS__F_FLT:\n"
    "            r = msgpack_pack_double(pk, fd[i].size == sizeof(float) ? *(const float *)p\n"
    "                                                                     : *(const double *)p);\n"
    "            break;\n"
    "        case STRADS__F_PTR: r = msgpack_pack_int64(pk, (int64_t)*(const uintptr_t *)p); break;\n"
    "        case STRADS__F_BLOB:\n"
    "            r = msgpack_pack_bin(pk, fd[i].size) || msgpack_pack_bin_body(pk, p, fd[i].size);\n"
    "            break;\n"
    "        default: {\n"
    "            int64_t lo = *(const int64_t *)(b + fd[i].lo_off);\n"
    "            int64_t cn = *(const int64_t *)(b + fd[i].n_off);\n"
    "            const char *s = *(const char *const *)p;\n"
    "            if (fd[i].cls == STRADS__F_COPYIN) s += lo * (int64_t)fd[i].elem;\n"
    "            size_t bytes = cn > 0 ? (size_t)cn * fd[i].elem : 0;\n"
    "            r = msgpack_pack_int64(pk, lo) || msgpack_pack_int64(pk, cn) ||\n"
    "                msgpack_pack_bin(pk, bytes) || (bytes && msgpack_pack_bin_body(pk, s, bytes));\n"
    "        }\n"
    "        }\n"
    "        if (r) return STRADS_EIO;\n"
    "    }\n"
    "    return 0;\n"
    "}\n"
    "__attribute__((unused)) static int strads__unpack_fields(const msgpack_object *o, void *vb,\n"
    "                                                        const strads__fd *fd, int n)\n"
    "{\n"
    "    char *b = vb;\n"
    "    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != strads__nobj(fd, n))\n"
    "        return STRADS_EPROTO;\n"
    "    const msgpack_object *v = o->via.array.ptr;\n"
    "    for (int i = 0; i < n; i++) {\n"
    "        char *p = b + fd[i].off;\n"
    "        int64_t x, lo, cn;\n"
    "        switch (fd[i].cls) {\n"
    "        case STRADS__F_INT:\n"
    "        case STRADS__F_UINT:\n"
    "        case STRADS__F_PTR:\n"
    "            if (strads__up_i64(v++, &x)) return STRADS_EPROTO;\n"
    "            if (fd[i].cls == STRADS__F_PTR) *(uintptr_t *)p = (uintptr_t)x;\n"
    "            else strads__seti(p, fd[i].size, x);\n"
    "            break;\n"
    "        case STRADS__F_FLT:\n"
    "            if (v->type != MSGPACK_OBJECT_FLOAT32 && v->type != MSGPACK_OBJECT_FLOAT64)\n"
    "                return STRADS_EPROTO;\n"
    "            if (fd[i].size == sizeof(float)) *(float *)p = (float)v->via.f64;\n"
    "            else *(double *)p = v->via.f64;\n"
    "            v++;\n"
    "            break;\n"
    "        case STRADS__F_BLOB:\n"
    "            if (strads__up_bin(v++, p, fd[i].size)) return STRADS_EPROTO;\n"
    "            break;\n"
    "        default: {\n"
    "            if (strads__up_i64(&v[0], &lo) || strads__up_i64(&v[1], &cn) || cn < 0)\n"
    "                return STRADS_EPROTO;\n"
    "            size_t bytes = (size_t)cn * fd[i].elem;\n"
    "            if (v[2].type != MSGPACK_OBJECT_BIN || v[2].via.bin.size != bytes)\n"
    "                return STRADS_EPROTO;\n"
    "            if (fd[i].cls == STRADS__F_TLSSEC) { /* into the buffer tls_init made */\n"
    "                if (lo != *(int64_t *)(b + fd[i].lo_off) || cn != *(int64_t *)(b + fd[i].n_off))\n"
    "                    return STRADS_EPROTO;\n"
    "                if (bytes) __builtin_memcpy(*(char **)p, v[2].via.bin.ptr, bytes);\n"
    "            } else { /* an aligned private copy: message bytes may be unaligned */\n"
    "                char *c = malloc(bytes ? bytes : 1);\n"
    "                if (!c) return STRADS_ENOMEM;\n"
    "                if (bytes) __builtin_memcpy(c, v[2].via.bin.ptr, bytes);\n"
    "                *(int64_t *)(b + fd[i].lo_off) = lo;\n"
    "                *(int64_t *)(b + fd[i].n_off) = cn;\n"
    "                *(char **)p = c - lo * (int64_t)fd[i].elem;\n"
    "            }\n"
    "            v += 3;\n"
    "        }\n"
    "        }\n"
    "        if (fd[i].global) __builtin_memcpy(fd[i].global, p, fd[i].size);\n"
    "    }\n"
    "    return 0;\n"
    "}\n"
    "__attribute__((unused)) static void strads__free_fields(void *vb, const strads__fd *fd, int n)\n"
    "{\n"
    "    char *b = vb;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        if (fd[i].cls == STRADS__F_COPYIN && *(char **)(b + fd[i].off)) {\n"
    "            free(*(char **)(b + fd[i].off) + *(int64_t *)(b + fd[i].lo_off) *\n"
    "                                                 (int64_t)fd[i].elem);\n"
    "            *(char **)(b + fd[i].off) = NULL;\n"
    "        }\n"
    "}\n";

static const char *fcls(int cls)
{
    switch (cls) {
    case FE_T_INT: return "STRADS__F_INT";
    case FE_T_UINT: return "STRADS__F_UINT";
    case FE_T_FLOAT:
    case FE_T_DOUBLE: return "STRADS__F_FLT";
    case FE_T_PTR: return "STRADS__F_PTR";
    default: return "STRADS__F_BLOB";
    }
}

/* One descriptor line for field f of struct T. */
static void fd(fe_buf *o, const char *T, const char *f, const char *cls, const char *global)
{
    fe_buf_printf(o, "    {STRADS__FIELD(%s, %s), %s, %s, 0, 0, 0},\n", T, f, cls,
                  global ? global : "NULL");
}

/* A section: a pointer field with strads__lo_<f> and strads__n_<f> beside it. */
static void fd_section(fe_buf *o, const char *T, const char *f, const char *cls,
                       const char *global)
{
    fe_buf_printf(o, "    {STRADS__FIELD(%s, %s), %s, %s, __builtin_offsetof(%s, strads__lo_%s),\n"
                     "     __builtin_offsetof(%s, strads__n_%s), sizeof *((%s *)0)->%s},\n",
                  T, f, cls, global ? global : "NULL", T, f, T, f, T, f);
}

void fe_emit_pack(fe_site *s, fe_buf *o)
{
    int n = s->index;
    char *T = fe_fmt("struct strads__env%d", n);
    fe_buf_printf(o, "static const strads__fd strads__efd%d[] = {\n", n);
    fd(o, T, "strads__dyn.minibatch", "STRADS__F_INT", NULL);
    fd(o, T, "strads__dyn.threads", "STRADS__F_INT", NULL);
    fd(o, T, "strads__dyn.sync.kind", "STRADS__F_INT", NULL);
    fd(o, T, "strads__dyn.sync.a", "STRADS__F_FLT", NULL);
    fd(o, T, "strads__dyn.sync.b", "STRADS__F_FLT", NULL);
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->is_const_global || cp->is_item || cp->auto_private)
            continue;
        char *g = cp->where == FE_V_GLOBAL ? fe_fmt("(void *)&%s", cp->name) : NULL;
        if (cp->is_copyin)
            /* lo and n travel with the section; a global gets the copy's address */
            fd_section(o, T, cp->name, "STRADS__F_COPYIN", g);
        else
            fd(o, T, cp->name, fcls(cp->cls), g);
    }
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo) {
            fd(o, T, fe_fmt("strads__lo_%s", it->name), "STRADS__F_INT", NULL);
            fd(o, T, fe_fmt("strads__n_%s", it->name), "STRADS__F_INT", NULL);
        } else {
            fd(o, T, it->name, fcls(it->cls), NULL);
        }
    }
    fe_buf_printf(o, "};\n"
                     "#define STRADS__NEFD%d ((int)(sizeof strads__efd%d / sizeof *strads__efd%d))\n"
                     "static int strads__pack%d(struct msgpack_packer *pk, const void *e)\n"
                     "{\n    return strads__pack_fields(pk, e, strads__efd%d, STRADS__NEFD%d);\n}\n"
                     "static int strads__unpack%d(const struct msgpack_object *o, void *e)\n"
                     "{\n    return strads__unpack_fields(o, e, strads__efd%d, STRADS__NEFD%d);\n}\n"
                     "static void strads__env_free%d(void *e)\n"
                     "{\n    strads__free_fields(e, strads__efd%d, STRADS__NEFD%d);\n}\n",
                  n, n, n, n, n, n, n, n, n, n, n, n);
}

void fe_emit_tls_pack(fe_site *s, fe_buf *o)
{
    int n = s->index;
    char *T = fe_fmt("struct strads__tls%d", n);
    fe_buf_printf(o, "static const strads__fd strads__tfd%d[] = {\n", n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo) {
            fd_section(o, T, it->name, "STRADS__F_TLSSEC", NULL);
        } else {
            fd(o, T, it->name, fcls(it->cls), NULL);
            if (it->kind == FE_IT_ACCUMULATE)
                fd(o, T, fe_fmt("strads__base_%s", it->name), fcls(it->cls), NULL);
        }
    }
    fe_buf_printf(o, "};\n"
                     "#define STRADS__NTFD%d ((int)(sizeof strads__tfd%d / sizeof *strads__tfd%d))\n"
                     "static int strads__tls_pack%d(struct msgpack_packer *pk, const void *t)\n"
                     "{\n    return strads__pack_fields(pk, t, strads__tfd%d, STRADS__NTFD%d);\n}\n"
                     "static int strads__tls_unpack%d(const struct msgpack_object *o, void *t)\n"
                     "{\n    return strads__unpack_fields(o, t, strads__tfd%d, STRADS__NTFD%d);\n}\n",
                  n, n, n, n, n, n, n, n, n);
}
