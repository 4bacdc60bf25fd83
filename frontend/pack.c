/*
 * frontend/pack.c - how a loop site's env and tls travel, as tables.
 *
 * The runtime writes a site's env as one msgpack array, reads it back on
 * another node (also assigning the worker's copies of captured globals,
 * which helper functions read by name), releases what that allocated, and
 * ships a node's folded reductions (tls).
 *
 * Each site gets a table of field descriptors (offset, size, how the field
 * travels) per struct, read by the generic routines of libstrads
 * (engine/loop_fields.c). The site points at the env's table (env_fields);
 * the tls table still goes through one-line tls_pack/tls_unpack stubs,
 * because checkpoints and replay call those directly.
 * Generating code per field, or even the generic routines once per file,
 * made the generated file several times slower to compile than the user's
 * (msgpack-c's packers are large inline functions), and so did one-line
 * env stubs per site (each function costs gcc ~1.5 M instructions, even
 * empty). So the generated code needs neither <msgpack.h> nor libmsgpackc.
 *
 * On the wire: integers and floating values natively; pointers into
 * distributed arrays as integers (the address is the same on every node);
 * pointer-free structs and fixed arrays as bin blobs whose size is checked,
 * so a message from another build of the program is refused, not misread;
 * copyin sections as lo, n and the elements as one blob.
 */
#include "fe.h"

#include <string.h>

static const char *fcls(int cls)
{
    switch (cls) {
    case FE_T_INT: return "STRADS_F_INT";
    case FE_T_UINT: return "STRADS_F_UINT";
    case FE_T_FLOAT:
    case FE_T_DOUBLE: return "STRADS_F_FLT";
    case FE_T_PTR: return "STRADS_F_PTR";
    default: return "STRADS_F_BLOB";
    }
}

static const char *says_of(int picks)
{
    static const char *const says[] = {"STRADS_PICKS_DEFAULT", "STRADS_PICKS_NO",
                                       "STRADS_PICKS_YES"};
    return says[picks];
}

/* One descriptor line for field f of struct T. */
static void fd_picks(fe_buf *o, const char *T, const char *f, const char *cls,
                     const char *global, int picks)
{
    fe_buf_printf(o, "    {STRADS_FIELD(%s, %s), %s, %s, 0, 0, 0, %s},\n", T, f, cls,
                  global ? global : "NULL", says_of(picks));
}

static void fd(fe_buf *o, const char *T, const char *f, const char *cls, const char *global)
{
    fd_picks(o, T, f, cls, global, FE_PICKS_DEFAULT);
}

/* A section: a pointer field with strads__lo_<f> and strads__n_<f> beside it. */
static void fd_section(fe_buf *o, const char *T, const char *f, const char *cls,
                       const char *global)
{
    fe_buf_printf(o, "    {STRADS_FIELD(%s, %s), %s, %s, __builtin_offsetof(%s, strads__lo_%s),\n"
                     "     __builtin_offsetof(%s, strads__n_%s), sizeof *((%s *)0)->%s, "
                     "STRADS_PICKS_DEFAULT},\n",
                  T, f, cls, global ? global : "NULL", T, f, T, f, T, f);
}

void fe_emit_pack(fe_site *s, fe_buf *o)
{
    int n = s->index;
    char *T = fe_fmt("struct strads__env%d", n);
    fe_buf_printf(o, "static const strads_field strads__efd%d[] = {\n", n);
    fd(o, T, "strads__dyn.minibatch", "STRADS_F_INT", NULL);
    fd(o, T, "strads__dyn.threads", "STRADS_F_INT", NULL);
    fd(o, T, "strads__dyn.sync.kind", "STRADS_F_INT", NULL);
    fd(o, T, "strads__dyn.sync.a", "STRADS_F_FLT", NULL);
    fd(o, T, "strads__dyn.sync.b", "STRADS_F_FLT", NULL);
    fd(o, T, "strads__dyn.sync.has_b", "STRADS_F_INT", NULL);
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->is_const_global || cp->is_item || cp->auto_private)
            continue;
        char *g = cp->where == FE_V_GLOBAL ? fe_fmt("(void *)&%s", cp->name) : NULL;
        if (cp->is_copyin)
            /* lo and n travel with the section; a global gets the copy's
             * address; floating elements pick no rows (strads_generated.h) */
            fd_section(o, T, cp->name, cp->copyin_real ? "STRADS_F_COPYIN_REAL" : "STRADS_F_COPYIN",
                       g);
        else if (fe_cap_global_bytes(cp)) /* no copy in the env: the global's bytes */
            fe_buf_printf(o, "    {0, sizeof(%s), STRADS_F_BLOB, %s, 0, 0, 0, %s},\n", cp->name, g,
                          says_of(cp->picks));
        else
            fd_picks(o, T, cp->name, fcls(cp->cls), g, cp->picks);
    }
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo) {
            fd(o, T, fe_fmt("strads__lo_%s", it->name), "STRADS_F_INT", NULL);
            fd(o, T, fe_fmt("strads__n_%s", it->name), "STRADS_F_INT", NULL);
        } else {
            fd(o, T, it->name, fcls(it->cls), NULL);
        }
    }
    fe_buf_puts(o, "};\n");
}

void fe_emit_tls_pack(fe_site *s, fe_buf *o)
{
    int n = s->index;
    char *T = fe_fmt("struct strads__tls%d", n);
    /* what the processes' parts carry to the fold: not a private section,
     * a thread's scratch that nothing folds (NPB EP's 1 MB buffer went to
     * rank 0 at every call) */
    int nf = 0;
    fe_buf_printf(o, "static const strads_field strads__tfd%d[] = {\n", n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it) || (it->lo && it->kind == FE_IT_PRIVATE))
            continue;
        nf++;
        if (it->lo) {
            fd_section(o, T, it->name, "STRADS_F_TLSSEC", NULL);
        } else {
            fd(o, T, it->name, fcls(it->cls), NULL);
            if (it->kind == FE_IT_ACCUMULATE)
                fd(o, T, fe_fmt("strads__base_%s", it->name), fcls(it->cls), NULL);
        }
    }
    if (!nf) /* an array of none is no C: one unused entry */
        fe_buf_puts(o, "    {0, 0, 0, NULL, 0, 0, 0, 0},\n");
    fe_buf_printf(o, "};\n"
                     "#define STRADS__NTFD%d (%s(int)(sizeof strads__tfd%d / sizeof *strads__tfd%d))\n"
                     "STRADS__GLUE static int strads__tls_pack%d("
                     "struct msgpack_packer *pk, const void *t)\n"
                     "{\n    return strads_fields_pack(pk, t, strads__tfd%d, STRADS__NTFD%d);\n}\n"
                     "STRADS__GLUE static int strads__tls_unpack%d("
                     "const struct msgpack_object *o, void *t)\n"
                     "{\n    return strads_fields_unpack(o, t, strads__tfd%d, STRADS__NTFD%d);\n}\n",
                  n, nf ? "" : "0 * ", n, n, n, n, n, n, n, n);
}
