/*
 * frontend/emit.c - the last pass: write the generated file.
 *
 * The output is the user's file with the planned edits applied, plus glue:
 *
 *   #line 1 "user.c"
 *   ...user text up to the first function...
 *   <prologue: #include <strads.h>, small static helpers>
 *   <for each function with parallel loops, before it: env/tls structs and a
 *    tentative definition of each loop's site>
 *   ...user function, each parallel `for` replaced by a call on one line
 *      (padded with the loop's newlines, so the lines after it keep their
 *      numbers)...
 *   <after it: body, recon and tls functions, field tables and the site>
 *   ...
 *   STRADS_MAIN(strads_user_main)
 *
 * Glue is preceded by `#line N "out.c"` with its real position in the output
 * and followed by `#line L "user.c"`, so compiler messages and gdb point at
 * the user's lines for user code and at the generated file for glue. The body
 * keeps the user's text verbatim under `#line`: a breakpoint on a body line
 * stops in the outlined body with the captured names bound as locals.
 * The prologue comes after the user's first includes on purpose: feature
 * macros (_GNU_SOURCE) must precede the first system header.
 */
#include "fe.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *PROLOGUE =
    /* Not <stdlib.h>: parsing it cost a small file 10 % of its compile time;
     * the glue's calloc and free are __builtin_calloc and __builtin_free. */
    "#include <strads.h>\n"
    "#include <strads_generated.h>\n"
    /* array parameters written as pointers (array_parms.c) against a
     * header's prototype written with brackets */
    "#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11\n"
    "#pragma GCC diagnostic ignored \"-Warray-parameter\"\n"
    "#elif defined(__clang__) && defined(__has_warning)\n"
    "#if __has_warning(\"-Warray-parameter\")\n"
    "#pragma clang diagnostic ignored \"-Warray-parameter\"\n"
    "#endif\n"
    "#endif\n"
    "/* Reconnaissance records a read and keeps the value readable. */\n"
    "#define STRADS__RD(...) (*(__typeof__(__VA_ARGS__) *)strads_recon_rdi(strads__rc, &(__VA_ARGS__), sizeof(__VA_ARGS__)))\n"
    "/* Glue that runs once per site or per call compiles cheaply: at -O2 it cost\n"
    " * more than the user's file (bench/stradscc.sh).\n"
    " * Reconnaissance runs once per site but over every iteration: at -Os the\n"
    " * loops it records as ranges, left with nothing to do, are deleted. */\n"
    "/* <math.h>'s functions as reconnaissance calls them (recon_lib.c): the\n"
    " * same symbols, declared const, so that a call whose value goes nowhere\n"
    " * is deleted (errno kept them, even under optimize(\"no-math-errno\")). */\n"
    "#define STRADS__M1(T, f) extern T strads__m_##f(T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));\n"
    "#define STRADS__M2(T, f) extern T strads__m_##f(T, T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));\n"
    "#define STRADS__MF(n) STRADS__M1(double, n) STRADS__M1(float, n##f)\n"
    "STRADS__MF(sqrt) STRADS__MF(exp) STRADS__MF(log) STRADS__MF(fabs) STRADS__MF(tanh) STRADS__MF(sin)\n"
    "STRADS__MF(cos) STRADS__MF(exp2) STRADS__MF(log2) STRADS__MF(log1p) STRADS__MF(expm1) STRADS__MF(cbrt)\n"
    "STRADS__M2(double, pow) STRADS__M2(float, powf) STRADS__M2(double, fmax) STRADS__M2(float, fmaxf)\n"
    "STRADS__M2(double, fmin) STRADS__M2(float, fminf)\n"
    "#if defined(__GNUC__) && !defined(__clang__)\n"
    "#define STRADS__GLUE __attribute__((__cold__, __optimize__(\"O0\")))\n"
    "#define STRADS__RECON __attribute__((__cold__, __optimize__(\"Os\", \"no-math-errno\")))\n"
    "#else\n"
    "#define STRADS__GLUE __attribute__((__cold__))\n"
    "#define STRADS__RECON __attribute__((__cold__))\n"
    "#endif\n"
;
/* Only when reconnaissance calls copies of helpers (recon.c). */
static const char *PROLOGUE_RH =
    "/* The recorder of this thread's reconnaissance, for the helpers' copies. */\n"
    "static __thread strads_recon *strads__rct;\n"
    "/* Set while a helper's copy runs where its caller may read back what it\n"
    " * writes: its written loops then run element by element. */\n"
    "static __thread int strads__rin __attribute__((__unused__));\n"
;

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

static const char *base_name(const char *p)
{
    const char *b = strrchr(p, '/');
    return b ? b + 1 : p;
}

/* A C string literal for s. */
static char *lit(const char *s)
{
    fe_buf b = {0};
    fe_buf_puts(&b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fe_buf_put(&b, "\\", 1);
        fe_buf_put(&b, s, 1);
    }
    fe_buf_puts(&b, "\"");
    return b.p;
}

/*
 * Captures the outlined body binds as locals: locals and parameters, and
 * pointers even when global, so that an engine that hands a task an env
 * whose array pointers point into a replica (sync_for) is obeyed by the body.
 * Global scalars stay globals: unpack assigns them on workers.
 */
static int bound_local(const fe_cap *cp)
{
    return !cp->is_item && !cp->is_const_global &&
           (cp->where != FE_V_GLOBAL || cp->cls == FE_T_PTR);
}

/* ---- structs, before the function ---- */

static void env_struct(fe_ctx *c, fe_site *s, fe_buf *o)
{
    (void)c;
    int n = s->index;
    fe_buf_printf(o, "struct strads__env%d {\n    strads_loop_dyn strads__dyn;\n", n);
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->is_const_global || cp->is_item || cp->auto_private || fe_cap_global_bytes(cp))
            continue;
        if (cp->type)
            fe_buf_printf(o, "    __typeof__(%s) %s;\n", cp->type, cp->name);
        else
            fe_buf_printf(o, "    __typeof__(%s) %s;\n", cp->name, cp->name);
        if (cp->is_copyin)
            fe_buf_printf(o, "    int64_t strads__lo_%s, strads__n_%s;\n", cp->name, cp->name);
    }
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo)
            fe_buf_printf(o, "    __typeof__(%s) *strads__p_%s;\n"
                             "    int64_t strads__lo_%s, strads__n_%s;\n",
                          it->type, it->name, it->name, it->name);
        else
            fe_buf_printf(o, "    __typeof__(%s) %s, *strads__p_%s;\n", it->type, it->name,
                          it->name);
    }
    fe_buf_printf(o, "};\n");
}

static int has_tls(fe_site *s)
{
    for (int i = 0; i < s->nitems; i++)
        if (fe_tls_item(&s->items[i]))
            return 1;
    return 0;
}

static int has_tls_section(fe_site *s)
{
    for (int i = 0; i < s->nitems; i++)
        if (fe_tls_item(&s->items[i]) && s->items[i].lo)
            return 1;
    return 0;
}

static void tls_struct(fe_site *s, fe_buf *o)
{
    fe_buf_printf(o, "struct strads__tls%d {\n    char strads__none;\n", s->index);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo)
            fe_buf_printf(o, "    __typeof__(%s) *%s;\n    int64_t strads__lo_%s, strads__n_%s;\n",
                          it->type, it->name, it->name, it->name);
        else if (it->kind == FE_IT_ACCUMULATE)
            fe_buf_printf(o, "    __typeof__(%s) %s, strads__base_%s;\n", it->type, it->name,
                          it->name);
        else if (it->kind == FE_IT_PRIVATE && it->op == 's')
            fe_buf_printf(o, "    __typeof__(%s) %s;\n    char strads__got_%s;\n", it->type,
                          it->name, it->name);
        else
            fe_buf_printf(o, "    __typeof__(%s) %s;\n", it->type, it->name);
    }
    fe_buf_printf(o, "};\n");
}

/* ---- the call that replaces the loop ---- */

static char *call_site(fe_ctx *c, fe_site *s)
{
    fe_buf o = {0};
    int n = s->index;
    /* The environment on the stack, or on the heap when captured arrays
     * make it large (a global array of megabytes would overflow the stack) */
    fe_buf_printf(&o, "{ char strads__s%d[sizeof(struct strads__env%d) > STRADS__ENV_STACK_MAX ? 1 : "
                      "sizeof(struct strads__env%d)] __attribute__((__aligned__(__alignof__(struct "
                      "strads__env%d)))); struct strads__env%d *strads__e%d = (struct strads__env%d *)"
                      "strads__env_new(strads__s%d, sizeof(struct strads__env%d)); ",
                  n, n, n, n, n, n, n, n, n);
    if (s->minibatch)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.minibatch = (int64_t)(%s); ", n, s->minibatch);
    if (s->threads)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.threads = (int64_t)(%s); ", n, s->threads);
    static const char *const sync_names[] = {"DEFAULT", "BSP", "SSP", "HYBRID", "ASP",
                                             "ABSP", "ELASTIC", "FLEXPARA", "CUSTOM"};
    if (s->sync_kind > 0 && s->sync_kind <= 8)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.sync.kind = STRADS_SYNC_%s; ", n,
                      sync_names[s->sync_kind]);
    if (s->sync_a)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.sync.a = (double)(%s); ", n, s->sync_a);
    if (s->sync_b)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.sync.b = (double)(%s); strads__e%d->strads__dyn.sync.has_b = 1; ",
                      n, s->sync_b, n);
    if (s->sync_fn)
        fe_buf_printf(&o, "strads__e%d->strads__dyn.sync.custom_fn = \"%s\"; ", n, s->sync_fn);
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->auto_private) /* the user's declaration is now unused here */
            fe_buf_printf(&o, "(void)%s; ", cp->name);
        if (cp->is_const_global || cp->is_item || cp->auto_private || fe_cap_global_bytes(cp))
            continue;
        if (cp->is_array)
            fe_buf_printf(&o, "__builtin_memcpy(&strads__e%d->%s, &%s, sizeof strads__e%d->%s); ",
                          n, cp->name, cp->name, n, cp->name);
        else
            fe_buf_printf(&o, "strads__e%d->%s = %s; ", n, cp->name, cp->name);
        if (cp->is_copyin) {
            for (int k = 0; k < s->nitems; k++)
                if (s->items[k].kind == FE_IT_COPYIN && !strcmp(s->items[k].name, cp->name))
                    fe_buf_printf(&o, "strads__e%d->strads__lo_%s = (int64_t)(%s); "
                                      "strads__e%d->strads__n_%s = (int64_t)(%s); ",
                                  n, cp->name, s->items[k].lo, n, cp->name, s->items[k].len);
        }
        if (cp->ptr_check) {
            unsigned l = s->wline;
            const char *at = s->where;
            /* copyin only for memory the loop does not write: its writes
             * would stay in each process's copy */
            char *msg = cp->ptr_stored
                            ? fe_fmt("%s:%u: captured pointer '%s' is not a distributed array, "
                                     "and the loop writes through it; mark its allocation "
                                     "'#pragma strads dvector'",
                                     at, l, cp->name)
                        : cp->ptr_written
                            ? fe_fmt("%s:%u: captured pointer '%s' is not a distributed array; "
                                     "mark its allocation '#pragma strads dvector', or add "
                                     "copyin(%s[0:n]) if the functions it is passed to only "
                                     "read through it",
                                     at, l, cp->name, cp->name)
                        : clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(
                              clang_getCursorType(cp->decl)))).kind == CXType_Record
                            ? fe_fmt("%s:%u: captured pointer '%s' is not a distributed array; "
                                     "if it points to one struct (a local's, a member's "
                                     "address), add copyin(%s[0:1]) (read-only input) or copy "
                                     "the members the body reads into locals before the loop; "
                                     "if to an array of them, mark its allocation '#pragma "
                                     "strads dvector' or add copyin(%s[0:n])",
                                     at, l, cp->name, cp->name, cp->name)
                            : fe_fmt("%s:%u: captured pointer '%s' is not a distributed array; "
                                     "mark its allocation '#pragma strads dvector' or add "
                                     "copyin(%s[0:n]) (read-only input)",
                                     at, l, cp->name, cp->name);
            fe_buf_printf(&o, "if (%s && !strads_is_dvector(%s)) strads_fatal(STRADS_EINVAL, %s); ",
                          cp->name, cp->name, lit(msg));
        }
    }
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo)
            fe_buf_printf(&o, "strads__e%d->strads__p_%s = &(%s)[0]; strads__e%d->strads__lo_%s = "
                              "(int64_t)(%s); strads__e%d->strads__n_%s = (int64_t)(%s); ",
                          n, it->name, it->name, n, it->name, it->lo, n, it->name, it->len);
        else
            fe_buf_printf(&o, "strads__e%d->%s = %s; strads__e%d->strads__p_%s = &%s; ", n,
                          it->name, it->name, n, it->name, it->name);
        if (it->lo && it->fixed_n > 0) { /* a fixed array's section: inside it, or stop */
            unsigned l, col;
            const char *at = fe_where(c, it->off, &l, &col);
            char *msg = fe_fmt("%s:%u:%u: section %s[%s:%s] is past the end of '%s' (%lld elements)",
                               at, l, col, it->name, it->lo, it->len, it->name, it->fixed_n);
            fe_buf_printf(&o, "if (strads__e%d->strads__lo_%s < 0 || strads__e%d->strads__n_%s < 0 || "
                              "strads__e%d->strads__lo_%s + strads__e%d->strads__n_%s > %lldLL) "
                              "strads_fatal(STRADS_EINVAL, %s); ",
                          n, it->name, n, it->name, n, it->name, n, it->name, it->fixed_n, lit(msg));
        }
    }
    /* The bounds, each evaluated once, as C compares them: in the type of
     * `i < hi` (an int counter against an unsigned bound compares
     * unsigned: from -3 it runs no iteration), and `i != hi` from past
     * the bound wraps the counter. Where the 64-bit range the runtime
     * runs would not be the iterations C runs, the program stops naming
     * the loop. */
    {
        unsigned l, col;
        const char *at = fe_where(c, s->lo_b, &l, &col);
        const char *op = s->hi_incl ? "<=" : s->hi_ne ? "!=" : "<";
        char *msg = fe_fmt("%s:%u:%u: the loop's bounds as C compares them (%s %s %s, in the type "
                           "of both) are not a range of 64-bit integers from the start up: the "
                           "counter would wrap or the comparison is unsigned; cast the bound, or "
                           "count from 0 up to the number of iterations",
                           at, l, col, s->ivar, op, s->hi);
        /* a floating bound (i < 0.8 * n) as C compares it: i < h runs
         * to ceil(h), i <= h to floor(h), and i != h must reach h */
        char *adj = s->hi_incl ? fe_fmt(" - ((__typeof__(strads__h%d))strads__r%d > strads__h%d)", n, n, n)
                    : s->hi_ne ? fe_strdup("")
                               : fe_fmt(" + ((__typeof__(strads__h%d))strads__r%d < strads__h%d)", n, n, n);
        char *more = s->hi_ne ? fe_fmt(" || strads__l64_%d > strads__h64_%d || "
                                       "(__typeof__(strads__h%d))strads__r%d != strads__h%d",
                                       n, n, n, n, n)
                              : fe_strdup("");
        fe_buf_printf(&o, "{ _Pragma(\"GCC diagnostic push\") "
                          "_Pragma(\"GCC diagnostic ignored \\\"-Wtype-limits\\\"\") "
                          "_Pragma(\"GCC diagnostic ignored \\\"-Wsign-compare\\\"\") "
                          "_Pragma(\"GCC diagnostic ignored \\\"-Wfloat-equal\\\"\") "
                          "%s strads__l%d = (%s); __auto_type strads__h%d = (%s); "
                          "int64_t strads__l64_%d = (int64_t)strads__l%d, strads__r%d = (int64_t)strads__h%d, "
                          "strads__h64_%d = strads__r%d%s; "
                          "if ((strads__l%d > 0) != (strads__l64_%d > 0) || "
                          "(strads__r%d != 0 && (strads__h%d > 0) != (strads__r%d > 0)) || "
                          "(strads__l%d %s strads__h%d) != (strads__l64_%d %s strads__h64_%d)%s) "
                          "strads_fatal(STRADS_EINVAL, %s); "
                          "_Pragma(\"GCC diagnostic pop\") ",
                      s->itype, n, s->lo, n, s->hi, n, n, n, n, n, n, adj, n, n, n, n, n, n, op, n, n,
                      op, n, more, lit(msg));
        free(adj);
        free(more);
        free(msg);
    }
    fe_buf_printf(&o, "%s(&strads__site%d, strads__l64_%d, strads__h64_%d%s, strads__e%d); strads__env_free(strads__e%d, sizeof *strads__e%d); ",
                  s->kind == FE_ASYNC_FOR ? "strads_async_for" : "strads_sync_for", n, n, n,
                  s->hi_incl ? " + 1" : "", n, n, n);
    /* the loop variable's value after the loop, as the sequential loop leaves
     * it; (void) so that -Wall -Werror does not fail a variable only the
     * loop used (set but not used in the rewritten function) */
    if (!s->ivar_declared)
        fe_buf_printf(&o, "%s = strads__l64_%d < strads__h64_%d%s ? strads__h64_%d%s : strads__l64_%d; (void)%s; ",
                      s->ivar, n, n, s->hi_incl ? " + 1" : "", n, s->hi_incl ? " + 1" : "", n, s->ivar);
    fe_buf_puts(&o, "} }");
    return o.p;
}

/* ---- functions, after the enclosing function ---- */

/* A captured array too large to copy into the body's frame at each call
 * (a task's thread has a smaller stack than main's), named in the body only
 * as itself (never as a member, s.tab): the body reaches the environment's
 * copy through a macro of its name, #undef'd after the function. */
static int bound_by_name(fe_ctx *c, const fe_site *s, const fe_cap *cp)
{
    if (!cp->is_array || cp->auto_private)
        return 0;
    CXType t = clang_getCanonicalType(clang_getCursorType(cp->decl));
    if (clang_Type_getSizeOf(t) <= (1 << 16))
        return 0;
    static const char *const decl[] = {"int", "char", "short", "long", "float", "double",
                                       "signed", "unsigned", "void", "const", "volatile",
                                       "struct", "union", "enum", "static", "register",
                                       "_Bool", "restrict", "goto", NULL};
    int any = 0;
    for (int k = 0; k < c->ntoks; k++) {
        if (strcmp(c->toks[k].spell, cp->name))
            continue;
        const fe_token *pv = k > 0 ? &c->toks[k - 1] : NULL, *nx = k + 1 < c->ntoks ? &c->toks[k + 1] : NULL;
        /* anywhere in the file: a member of that name (a macro's (r).tab
         * may expand in the body) */
        if (pv && (!strcmp(pv->spell, ".") || !strcmp(pv->spell, "->")))
            return 0;
        if (c->toks[k].off < s->body_begin || c->toks[k].off >= s->body_end)
            continue;
        any = 1;
        /* in the body: another variable of that name (declared, or
         * assigned, which an array cannot be), or a label */
        int typed = 0;
        for (int d = 0; pv && decl[d] && !typed; d++) typed = !strcmp(pv->spell, decl[d]);
        if ((pv && (pv->kind == CXToken_Identifier || typed)) ||
            (nx && (!strcmp(nx->spell, "=") || !strcmp(nx->spell, ":"))))
            return 0;
    }
    return any;
}

static void unbind_caps(fe_ctx *c, fe_site *s, fe_buf *o)
{
    for (int i = 0; i < s->ncaps; i++)
        if (bound_local(&s->caps[i]) && bound_by_name(c, s, &s->caps[i]))
            fe_buf_printf(o, "#undef %s\n", s->caps[i].name);
}

static void bind_caps(fe_ctx *c, fe_site *s, fe_buf *o, const char *env)
{
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (!bound_local(cp))
            continue;
        /* The declared type, not __typeof__(env->x): env may be const. */
        if (cp->auto_private)
            fe_buf_printf(o, "    __typeof__(%s) %s; /* assigned before use */\n", cp->type,
                          cp->name);
        else if (bound_by_name(c, s, cp))
            fe_buf_printf(o, "    __typeof__(&%s->%s) strads__a_%s = &%s->%s;\n#define %s (*strads__a_%s)\n",
                          env, cp->name, cp->name, env, cp->name, cp->name, cp->name);
        else if (cp->is_array)
            fe_buf_printf(o, "    __typeof__(%s) %s;\n    __builtin_memcpy(&%s, &%s->%s, "
                             "sizeof %s);\n",
                          cp->type, cp->name, cp->name, env, cp->name, cp->name);
        else
            fe_buf_printf(o, "    __typeof__(%s) %s = %s->%s;\n", cp->type, cp->name, env,
                          cp->name);
        fe_buf_printf(o, "    (void)%s;\n", cp->name);
    }
}

static void iter_head(fe_ctx *c, fe_site *s, fe_buf *o, int recon)
{
    fe_buf_printf(o, "    for (int64_t strads__k = strads__lo; strads__k < strads__hi; "
                     "strads__k++) {\n"
                     "        %s %s = (%s)(strads__idx ? strads__idx[strads__k] : strads__k);\n"
                     "        (void)%s;\n",
                  s->itype, s->ivar, s->itype, s->ivar);
    char *hint = recon ? NULL : fe_range_hint(c, s);
    if (hint)
        fe_buf_printf(o, "        %s\n", hint);
    free(hint);
    if (recon == 1) /* 2: the exact copy continues an iteration begun */
        fe_buf_printf(o, "        strads_recon_iter(strads__rc, (int64_t)%s);\n", s->ivar);
    unsigned l, col;
    const char *at = fe_where(c, s->body_begin, &l, &col);
    /* Only the real body maps to the user's lines: a breakpoint on a body
     * line must stop where the body really runs, not in reconnaissance. */
    if (!recon)
        fe_buf_printf(o, "#line %u \"%s\"\n", l, at);
    else
        fe_buf_printf(o, "        /* %s:%u */\n", at, l);
    /* Pad to the body's column so that columns in messages match too. */
    for (unsigned i = 1; i < col; i++)
        fe_buf_puts(o, " ");
}

/* Ends the current line, then maps what follows to the generated file. */
static void glue_line(fe_ctx *c, fe_buf *o)
{
    fe_buf_puts(o, "\n");
    fe_buf_printf(o, "#line %u \"%s\"\n", fe_buf_lines(o) + 2, c->outname);
}

/* Whether the body is worth a second copy: a short one without loops of
 * its own (an element-wise update), whose iterations gcc may vectorize;
 * the inner loops of a longer body vectorize in one copy as well, and a
 * copy of each would cost the generated file's compile. Not where gcc
 * cannot inline a function (setjmp, computed gotos: an error in the
 * generated file). */
static int two_copies(fe_ctx *c, const fe_site *s)
{
    int n = 0;
    for (int k = fe_tok_at(c, s->body_begin); k < c->ntoks && c->toks[k].off < s->body_end; k++, n++) {
        const char *t = c->toks[k].spell;
        if (n > 200 || !strcmp(t, "for") || !strcmp(t, "while") || !strcmp(t, "do") ||
            strstr(t, "setjmp") || (!strcmp(t, "goto") && k + 1 < c->ntoks && !strcmp(c->toks[k + 1].spell, "*")))
            return 0;
    }
    return 1;
}

/* The body's function. Its loop reads the iteration from the order if
 * there is one (strads__idx ? strads__idx[k] : k), a test gcc -O2 does not
 * take out of the loop, so that an element-wise loop was never vectorized
 * (twice the plain build's time): for such a body (two_copies) the loop
 * is an inline function, called with the order or with NULL, so that the
 * second copy counts plainly.
 * Without optimization (-O0 -g) it is called once: a breakpoint on a body
 * line has one place. */
static void body_fn(fe_ctx *c, fe_site *s, fe_buf *o)
{
    int n = s->index;
    fe_buf tb = {0};
    unsigned at = s->body_begin;
    /* The body keeps the file's other edits (free -> strads_free). */
    for (int i = 0; i < c->nedits; i++) {
        fe_edit *e = &c->edits[i];
        if (e->begin < at || e->end > s->body_end || e->keep_lines)
            continue;
        fe_buf_put(&tb, c->src + at, e->begin - at);
        fe_buf_puts(&tb, e->text);
        at = e->end;
    }
    fe_buf_put(&tb, c->src + at, s->body_end - at);
    char *text = tb.p ? tb.p : "";
    int two = two_copies(c, s);
    if (two)
        fe_buf_printf(o, "static inline __attribute__((__always_inline__)) void strads__loop%d("
                         "void *strads__ve, void *strads__vt, const int64_t *strads__idx, "
                         "int64_t strads__lo, int64_t strads__hi);\n"
                         "static void strads__body%d(void *strads__ve, void *strads__vt, "
                         "const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)\n{\n"
                         "#ifdef __OPTIMIZE__\n"
                         "    if (!strads__idx)\n"
                         "        strads__loop%d(strads__ve, strads__vt, (const int64_t *)0, strads__lo, strads__hi);\n"
                         "    else\n"
                         "#endif\n"
                         "        strads__loop%d(strads__ve, strads__vt, strads__idx, strads__lo, strads__hi);\n"
                         "}\n",
                      n, n, n, n);
    fe_buf_printf(o, "static %svoid strads__%s%d(void *strads__ve, void *strads__vt, "
                     "const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)\n{\n"
                     "    struct strads__env%d *strads__e = strads__ve;\n"
                     "    struct strads__tls%d *strads__t = strads__vt;\n"
                     "    (void)strads__e;\n    (void)strads__t;\n",
                  two ? "inline __attribute__((__always_inline__)) " : "", two ? "loop" : "body", n, n, n);
    bind_caps(c, s, o, "strads__e");
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo)
            fe_buf_printf(o, "    __typeof__(strads__t->%s) %s = strads__t->%s - "
                             "strads__t->strads__lo_%s;\n",
                          it->name, it->name, it->name, it->name);
        else
            fe_buf_printf(o, "    __typeof__(strads__t->%s) %s = strads__t->%s;\n", it->name,
                          it->name, it->name);
    }
    iter_head(c, s, o, 0);
    fe_buf_printf(o, "%s%s%s", s->body_compound ? "" : "{ ", text, s->body_compound ? "" : " }");
    glue_line(c, o);
    fe_buf_puts(o, "    }\n");
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (fe_tls_item(it) && !it->lo)
            fe_buf_printf(o, "    strads__t->%s = %s;\n", it->name, it->name);
    }
    fe_buf_puts(o, "}\n");
    unbind_caps(c, s, o);
}

/* One reconnaissance function: the fast copy (exact 0, strads__reconN,
 * compiled at -Os) or the exact copy (exact 1, strads__reconxN: no ranges,
 * one iteration already begun, compiled as glue). */
static void recon_one(fe_ctx *c, fe_site *s, fe_buf *o, int exact)
{
    int n = s->index;
    fe_buf_printf(o, "%s static void strads__recon%s%d("
                     "const void *strads__ve, strads_recon "
                     "*strads__rc, const int64_t *strads__idx, int64_t strads__lo, "
                     "int64_t strads__hi)\n{\n"
                     "    const struct strads__env%d *strads__e = strads__ve;\n"
                     "    (void)strads__e;\n",
                  exact ? "STRADS__GLUE" : "STRADS__RECON", exact ? "x" : "", n, n);
    bind_caps(c, s, o, "strads__e");
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        if (it->lo)
            /* Writes are dropped, but reads of the buffer must hit memory. */
            fe_buf_printf(o, "    __typeof__(%s) *strads__b_%s = __builtin_calloc(strads__e->strads__n_%s "
                             "> 0 ? (size_t)strads__e->strads__n_%s : 1, sizeof(%s));\n"
                             "    if (!strads__b_%s) strads_fatal(STRADS_ENOMEM, \"%s\");\n"
                             "    __typeof__(%s) *%s = strads__b_%s - strads__e->strads__lo_%s;\n"
                             "    (void)%s;\n",
                          it->type, it->name, it->name, it->name, it->type, it->name, c->path,
                          it->type, it->name, it->name, it->name, it->name);
        else
            fe_buf_printf(o, "    __typeof__(%s) %s = strads__e->%s;\n    (void)%s;\n",
                          it->type, it->name, it->name, it->name);
    }
    if (s->nrh_called)
        fe_buf_puts(o, "    strads__rct = strads__rc;\n");
    iter_head(c, s, o, exact ? 2 : 1);
    /* do/while (0) keeps `continue` in the body. The fast copy's iteration
     * runs again in the exact copy when it read back what a loop recorded
     * as a range did not write (engine/recon_shadow.c): two copies, not a
     * test in each loop, so that the fast one's loops whose values only
     * the exact one uses are deleted by the compiler, and the exact one
     * costs little to compile. */
    const char *ob = s->body_compound ? "" : "{ ", *cb = s->body_compound ? "" : "; }";
    if (exact || !s->recon_exact) /* no exact copy: one with no ranges (fe_recon) */
        fe_buf_printf(o, "do %s%s%s while (0);\n        (void)strads_recon_again(strads__rc);", ob,
                      exact ? s->recon_exact : s->recon_text, cb);
    else
        fe_buf_printf(o, "do %s%s%s while (0);\n        if (strads_recon_again(strads__rc))\n"
                         "            strads__reconx%d(strads__ve, strads__rc, strads__idx, "
                         "strads__k, strads__k + 1);",
                      ob, s->recon_text, cb, n);
    glue_line(c, o);
    fe_buf_puts(o, "    }\n");
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (fe_tls_item(it) && it->lo)
            fe_buf_printf(o, "    __builtin_free(strads__b_%s);\n", it->name);
    }
    fe_buf_puts(o, "}\n");
    unbind_caps(c, s, o);
}

/*
 * Around reconnaissance code: the user's assert() checks through
 * strads_recon_assert, which lets a failure pass in an iteration's first
 * pass once it read memory a ranged loop did not update (the pass's values
 * are stale and the iteration runs again exactly, engine/recon_shadow.c):
 * lda-c's assert(!isnan(likelihood)) failed there, over a helper's ranged
 * sum of a row the iteration had just written. Not under NDEBUG, where
 * the plain build checks nothing either.
 */
void fe_emit_recon_assert(fe_buf *o, int begin)
{
    /* A failed check now returns: gcc's flow warnings that relied on
     * assert's end (a helper ending in assert(0), a switch's default) go
     * quiet here, where the plain build had none. */
    if (begin)
        fe_buf_puts(o, "#if defined(assert) && !defined(NDEBUG)\n#pragma push_macro(\"assert\")\n"
                       "#undef assert\n#define assert(e) ((e) ? (void)0 : "
                       "strads_recon_assert(#e, __FILE__, __LINE__, __func__))\n"
                       "#define STRADS__ASSERT_PUSHED\n#pragma GCC diagnostic push\n"
                       "#pragma GCC diagnostic ignored \"-Wreturn-type\"\n"
                       "#pragma GCC diagnostic ignored \"-Wuninitialized\"\n"
                       "#pragma GCC diagnostic ignored \"-Wimplicit-fallthrough\"\n"
                       "#if defined(__clang__)\n"
                       "#pragma GCC diagnostic ignored \"-Wsometimes-uninitialized\"\n#else\n"
                       "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n#endif\n#endif\n");
    else
        fe_buf_puts(o, "#ifdef STRADS__ASSERT_PUSHED\n#pragma GCC diagnostic pop\n"
                       "#pragma pop_macro(\"assert\")\n#undef STRADS__ASSERT_PUSHED\n#endif\n");
}

static void recon_fn(fe_ctx *c, fe_site *s, fe_buf *o)
{
    if (!s->recon_text) /* sync_for recon(off) */
        return;
    /* The helpers it calls are declared by now: the body called them. */
    for (int i = 0; i < s->nrh_called; i++)
        fe_emit_recon_helper_decl(c, s->rh_called[i], o, s->body_begin);
    fe_emit_recon_assert(o, 1);
    /* Each access a call of the library's recorder (inlined, the recorders
     * cost 9 % more to compile for sgdmf.c), loops over a row one range
     * each (recon_loop.c); at -Os (STRADS__RECON) what is left of those
     * loops goes (-O1 leaves them counting k). */
    if (s->recon_exact)
        recon_one(c, s, o, 1);
    recon_one(c, s, o, 0);
    fe_emit_recon_assert(o, 0);
}

static void tls_fns(fe_ctx *c, fe_site *s, fe_buf *o)
{
    int n = s->index;
    fe_buf_printf(o, "STRADS__GLUE static void strads__tls_init%d("
                     "void *strads__vt, const void *strads__ve)\n{\n"
                     "    struct strads__tls%d *t = strads__vt;\n"
                     "    const struct strads__env%d *e = strads__ve;\n",
                  n, n, n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it))
            continue;
        const char *nm = it->name;
        if (it->lo) {
            fe_buf_printf(o, "    t->strads__lo_%s = e->strads__lo_%s;\n"
                             "    t->strads__n_%s = e->strads__n_%s;\n"
                             "    t->%s = __builtin_calloc(t->strads__n_%s > 0 ? (size_t)t->strads__n_%s : 1,"
                             " sizeof *t->%s);\n"
                             "    if (!t->%s) strads_fatal(STRADS_ENOMEM, \"%s\");\n",
                          nm, nm, nm, nm, nm, nm, nm, nm, nm, c->path);
            if (it->kind == FE_IT_REDUCTION && it->op == '*')
                fe_buf_printf(o, "    for (int64_t k = 0; k < t->strads__n_%s; k++) t->%s[k] = 1;\n",
                              nm, nm);
        } else if (it->kind == FE_IT_REDUCTION && it->op == '+') {
            fe_buf_printf(o, "    t->%s = 0;\n", nm);
        } else if (it->kind == FE_IT_REDUCTION && it->op == '*') {
            fe_buf_printf(o, "    t->%s = 1;\n", nm);
        } else if (it->kind == FE_IT_ACCUMULATE) {
            fe_buf_printf(o, "    t->%s = t->strads__base_%s = e->%s;\n", nm, nm, nm);
        } else if (it->kind == FE_IT_PRIVATE && it->op == 's') {
            fe_buf_printf(o, "    t->%s = (__typeof__(t->%s))strads__stream((uint64_t)e->%s, "
                             "strads__tls_worker());\n",
                          nm, nm, nm);
        } else {
            /* min/max start from the loop-entry value (folding it twice is
             * harmless); private copies start from it by definition. */
            fe_buf_printf(o, "    t->%s = e->%s;\n", nm, nm);
        }
    }
    fe_buf_puts(o, "    (void)t;\n    (void)e;\n}\n");

    fe_buf_printf(o, "STRADS__GLUE static void strads__tls_fold%d("
                     "void *strads__va, const void *strads__vt)\n{\n"
                     "    struct strads__tls%d *a = strads__va;\n"
                     "    const struct strads__tls%d *t = strads__vt;\n",
                  n, n, n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        const char *nm = it->name;
        if (fe_tls_item(it) && it->kind == FE_IT_PRIVATE && it->op == 's')
            /* stream(x): the first worker's state goes on (fold order: rank
             * 0's threads first), so that the plain build's next call and
             * 1x1's draw the same numbers */
            fe_buf_printf(o, "    if (!a->strads__got_%s) { a->%s = t->%s; a->strads__got_%s = 1; }\n",
                          nm, nm, nm, nm);
        if (!fe_tls_item(it) || it->kind == FE_IT_PRIVATE)
            continue;
        if (it->kind == FE_IT_ACCUMULATE)
            fe_buf_printf(o, "    a->%s += t->%s - t->strads__base_%s;\n", nm, nm, nm);
        else if (it->lo)
            fe_buf_printf(o, "    for (int64_t k = 0; k < t->strads__n_%s; k++) a->%s[k] %s= "
                             "t->%s[k];\n",
                          nm, nm, it->op == '*' ? "*" : "+", nm);
        else if (it->op == '+' || it->op == '*')
            fe_buf_printf(o, "    a->%s %c= t->%s;\n", nm, it->op, nm);
        else
            fe_buf_printf(o, "    if (t->%s %c a->%s) a->%s = t->%s;\n", nm,
                          it->op == 'm' ? '<' : '>', nm, nm, nm);
    }
    fe_buf_puts(o, "    (void)a;\n    (void)t;\n}\n");

    fe_buf_printf(o, "STRADS__GLUE static void strads__publish%d("
                     "void *strads__ve, const void *strads__va)\n{\n"
                     "    struct strads__env%d *e = strads__ve;\n"
                     "    const struct strads__tls%d *a = strads__va;\n",
                  n, n, n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        const char *nm = it->name;
        if (fe_tls_item(it) && it->kind == FE_IT_PRIVATE && it->op == 's')
            fe_buf_printf(o, "    *e->strads__p_%s = a->%s;\n", nm, nm);
        if (!fe_tls_item(it) || it->kind == FE_IT_PRIVATE)
            continue;
        if (it->lo)
            fe_buf_printf(o, "    for (int64_t k = 0; k < a->strads__n_%s; k++) "
                             "e->strads__p_%s[e->strads__lo_%s + k] %s= a->%s[k];\n",
                          nm, nm, nm, it->op == '*' ? "*" : "+", nm);
        else if (it->kind == FE_IT_REDUCTION && (it->op == '+' || it->op == '*'))
            fe_buf_printf(o, "    *e->strads__p_%s %c= a->%s;\n", nm, it->op, nm);
        else
            fe_buf_printf(o, "    *e->strads__p_%s = a->%s;\n", nm, nm);
    }
    fe_buf_puts(o, "    (void)a;\n    (void)e;\n}\n");

    /* Only sections have buffers to free; the runtime skips a NULL tls_free. */
    if (!has_tls_section(s))
        return;
    fe_buf_printf(o, "STRADS__GLUE static void strads__tls_free%d("
                     "void *strads__vt)\n{\n"
                     "    struct strads__tls%d *t = strads__vt;\n",
                  n, n);
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (fe_tls_item(it) && it->lo)
            fe_buf_printf(o, "    __builtin_free(t->%s);\n    t->%s = NULL;\n", it->name, it->name);
    }
    fe_buf_puts(o, "    (void)t;\n}\n");
}

/*
 * sync_for's table of the distributed arrays the body reaches through env:
 * element scalar type, aggregate() clause, and read-only when the body never
 * writes through the pointer. Returns the number of entries (0: no table).
 */
/* The captured integer holding cp's flat row length, or NULL. */
static const fe_cap *row_cap(const fe_site *s, const fe_cap *cp)
{
    for (int j = 0; j < s->ncaps; j++) {
        const fe_cap *x = &s->caps[j];
        if (clang_equalCursors(x->decl, cp->flat_rowv) && !x->is_const_global && !x->is_item &&
            !x->auto_private && (x->cls == FE_T_INT || x->cls == FE_T_UINT))
            return x;
    }
    return NULL;
}

/* A column block's value as C over the env e: a number, the env's field,
 * or a constant global by name; NULL when the env lacks it. */
static char *colb_c(const fe_site *s, const fe_colb_term *t)
{
    if (clang_Cursor_isNull(t->var))
        return fe_fmt("(int64_t)%lldLL", t->num);
    for (int j = 0; j < s->ncaps; j++) {
        const fe_cap *x = &s->caps[j];
        if (!clang_equalCursors(x->decl, t->var))
            continue;
        if (x->is_item || x->auto_private || (x->cls != FE_T_INT && x->cls != FE_T_UINT))
            return NULL;
        return x->is_const_global ? fe_fmt("(int64_t)(%s)", x->name) : fe_fmt("(int64_t)e->%s", x->name);
    }
    return NULL;
}

/* cp's columns check (STRADS_ARRAY_COLS), strads__cols<site>_<cap>: every
 * column of iterations begin .. end - 1, i * B + j + C, in 0 .. S - 1
 * (B > 0); 0 when the env cannot say. */
static int colb_check(fe_site *s, int i, fe_buf *o)
{
    fe_cap *cp = &s->caps[i];
    if (cp->not_colb || !cp->colb_n || cp->helper_written || cp->in_helper)
        return 0;
    char *S = colb_c(s, &cp->colb.s), *B = colb_c(s, &cp->colb.b), *C = colb_c(s, &cp->colb.c);
    char *S2 = cp->colb.has_s2 ? colb_c(s, &cp->colb.s2) : NULL;
    if (S && S2) { /* the larger of E and S as the stride: a block fits under it or neither */
        char *both = fe_fmt("(%s > %s ? %s : %s)", S, S2, S, S2);
        free(S);
        S = both;
    }
    free(S2);
    int ok = S && B && C;
    if (ok)
        fe_buf_printf(o, "static int strads__cols%d_%d(const void *env, int64_t lo, int64_t hi)\n{\n"
                         "    const struct strads__env%d *e = env;\n    (void)e;\n"
                         "    int64_t s = %s, b = %s, c = %s, first, last;\n"
                         "    if (lo >= hi)\n        return 1;\n"
                         "    return b > 0 && s > 0 && !__builtin_mul_overflow(lo, b, &first) &&\n"
                         "           !__builtin_add_overflow(first, c, &first) && first >= 0 &&\n"
                         "           !__builtin_mul_overflow(hi - 1, b, &last) &&\n"
                         "           !__builtin_add_overflow(last, c + b - 1, &last) && last < s;\n}\n",
                      s->index, i, s->index, S, B, C);
    free(S), free(B), free(C);
    return ok;
}

static int array_table(fe_ctx *c, fe_site *s, fe_buf *o)
{
    int n = 0;
    int cols[256] = {0};
    for (int i = 0; i < s->ncaps && i < 256; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->cls == FE_T_PTR && !cp->is_copyin && !cp->is_item && !cp->auto_private &&
            !cp->is_const_global && cp->elem_type)
            cols[i] = colb_check(s, i, o);
    }
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (cp->cls != FE_T_PTR || cp->is_copyin || cp->is_item || cp->auto_private ||
            cp->is_const_global || !cp->elem_type)
            continue;
        const char *agg = "STRADS_AGG_AVG", *fn = "NULL";
        for (int k = 0; k < s->nitems; k++) {
            fe_item *it = &s->items[k];
            if (it->kind != FE_IT_AGGREGATE || strcmp(it->name, cp->name))
                continue;
            agg = it->op == 's' ? "STRADS_AGG_SUM" : it->op == 'f' ? "STRADS_AGG_FN" : agg;
            if (it->op == 'f')
                fn = it->lo;
        }
        if (!n++)
            fe_buf_printf(o, "static const strads_loop_array strads__arr%d[] = {\n", s->index);
        /* p[i]'s bytes (a row of a VLA has none known: not own) */
        long long pe = clang_Type_getSizeOf(
            clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(cp->decl))));
        /* read-only as p[i] too: each task reads its own range, which
         * needs no reconnaissance (an evaluation's x[i] was recorded
         * element by element, 0.3 s for 17 ms of work) */
        int own = !cp->helper_written && !cp->not_own && pe > 0 &&
                  (cp->ptr_written || (s->kind == FE_SYNC_FOR && !cp->in_helper));
        /* a flat row p[i * n + m]: n a number, or its value in the env (a
         * captured integer) */
        int flat = !own && cp->ptr_written && !cp->helper_written && !cp->not_flat && cp->flat_row && pe > 0;
        const fe_cap *rc = NULL;
        long long rn = 0;
        if (flat) {
            char *end;
            rn = strtoll(cp->flat_row, &end, 10);
            if (*end || rn <= 0) {
                rn = 0;
                rc = row_cap(s, cp);
                flat = rc != NULL;
            }
        }
        /* with a pivot row read (flat_below): one iteration a row, not own */
        int below = flat && cp->flat_below;
        /* what iteration i reaches, p[i * a + lo] .. p[i * a + hi], for
         * the runtime to tell apart two pointers into one array (a read
         * only one too); a = 0: the flat row of the env's length rc */
        int span = !cp->helper_written && !cp->in_helper && pe > 0;
        long long sa = 0, slo = 0, shi = 0;
        if (span && !cp->not_own)
            sa = 1;
        else if (span && !cp->not_flat && cp->flat_row && !cp->flat_below) {
            char *end;
            sa = strtoll(cp->flat_row, &end, 10);
            if (*end || sa <= 0) {
                sa = 0;
                if (!rc)
                    rc = row_cap(s, cp);
                span = rc != NULL;
            }
            shi = sa > 0 ? sa - 1 : 0;
        } else if (span && !cp->not_disjoint && cp->disj_a && !cp->disj_lvl && !cp->below_n)
            sa = cp->disj_a, slo = cp->disj_bmin, shi = cp->disj_bmax;
        else
            span = 0;
        fe_buf_printf(o, "    {__builtin_offsetof(struct strads__env%d, %s), %s, %s, %s, %s",
                      s->index, cp->name, cp->elem_type, agg, fn,
                      !cp->ptr_written      ? (own ? "STRADS_ARRAY_READONLY | STRADS_ARRAY_OWN" : "STRADS_ARRAY_READONLY")
                      : cp->helper_written ? "STRADS_ARRAY_VIA_GLOBAL"
                      : (own || flat) && !below ? (cp->elem_bytes ? "STRADS_ARRAY_OWN | STRADS_ARRAY_BYTES" : "STRADS_ARRAY_OWN")
                      : below || (!cp->not_disjoint && cp->disj_a &&
                                  cp->disj_bmax - cp->disj_bmin < labs(cp->disj_a)) ||
                                (!cp->not_slab && cp->slab_sig && !cp->helper_written) ||
                                (!cp->not_col && cp->col_s && !cp->helper_written)
                          ? "STRADS_ARRAY_DISJOINT"
                      : !strcmp(agg, "STRADS_AGG_SUM") && s->kind == FE_SYNC_FOR && !cp->in_helper &&
                                fe_only_added(c, s, cp)
                          ? "STRADS_ARRAY_ADDED"
                          : "0");
        if (span)
            fe_buf_puts(o, " | STRADS_ARRAY_SPAN");
        if (i < 256 && cols[i])
            fe_buf_puts(o, " | STRADS_ARRAY_COLS");
        fe_buf_printf(o, ", %lld", own ? pe : flat ? pe * (rn ? rn : 1) : 0LL);
        if (rc)
            fe_buf_printf(o, ", __builtin_offsetof(struct strads__env%d, %s), "
                             "sizeof(((struct strads__env%d *)0)->%s)",
                          s->index, rc->name, s->index, rc->name);
        else
            fe_buf_puts(o, ", 0, 0"); /* every field: -Wmissing-field-initializers */
        fe_buf_printf(o, ", %lld, %lld, %lld, %lld, ", span ? sa : 0LL, span ? slo : 0LL,
                      span ? shi : 0LL, span ? pe : 0LL);
        if (i < 256 && cols[i])
            fe_buf_printf(o, "strads__cols%d_%d},\n", s->index, i);
        else
            fe_buf_puts(o, "NULL},\n");
    }
    if (n)
        fe_buf_puts(o, "};\n");
    return n;
}

static void site_def(fe_ctx *c, fe_site *s, fe_buf *o)
{
    int n = s->index;
    int narr = s->kind == FE_SYNC_FOR ? array_table(c, s, o) : 0;
    char *key = fe_fmt("%s:%u:%u", base_name(c->path), s->line, s->col);
    int tls = has_tls(s), nstream = 0;
    for (int i = 0; i < s->nitems && tls; i++) {
        fe_item *it = &s->items[i];
        if (!fe_tls_item(it) || it->kind != FE_IT_PRIVATE || it->op != 's')
            continue;
        if (!nstream++)
            fe_buf_printf(o, "static const strads_stream_field strads__sfd%d[] = {\n", n);
        fe_buf_printf(o, "    {__builtin_offsetof(struct strads__env%d, %s), "
                         "__builtin_offsetof(struct strads__tls%d, %s), "
                         "sizeof(((struct strads__tls%d *)0)->%s)},\n",
                      n, it->name, n, it->name, n, it->name);
    }
    if (nstream)
        fe_buf_puts(o, "};\n");
    fe_buf_printf(o, "static const strads_loop_site strads__site%d = {\n"
                     "    .abi = STRADS_ABI_VERSION,\n"
                     "    .kind = %s,\n"
                     "    .file = %s,\n"
                     "    .line = %u,\n"
                     "    .col = %u,\n"
                     "    .id = UINT64_C(0x%016llx), /* FNV-1a of \"%s\" */\n"
                     "    .env_size = sizeof(struct strads__env%d),\n"
                     "    .tls_size = %s,\n"
                     "    .body = strads__body%d,\n",
                  n, s->kind == FE_ASYNC_FOR ? "STRADS_ASYNC_FOR" : "STRADS_SYNC_FOR",
                  lit(s->where), s->wline, s->col, (unsigned long long)fnv1a(key), key, n,
                  tls ? fe_fmt("sizeof(struct strads__tls%d)", n) : "0", n);
    if (s->recon_text)
        fe_buf_printf(o, "    .recon = strads__recon%d,\n", n);
    if (tls)
        fe_buf_printf(o, "    .tls_init = strads__tls_init%d,\n"
                         "    .tls_fold = strads__tls_fold%d,\n"
                         "    .publish = strads__publish%d,\n"
                         "    .tls_pack = strads__tls_pack%d,\n"
                         "    .tls_unpack = strads__tls_unpack%d,\n",
                      n, n, n, n, n);
    if (tls && has_tls_section(s))
        fe_buf_printf(o, "    .tls_free = strads__tls_free%d,\n", n);
    fe_buf_printf(o, "    .env_fields = strads__efd%d,\n"
                     "    .nenv_fields = (int)(sizeof strads__efd%d / sizeof *strads__efd%d),\n"
                     "    .recon_on = %d,\n"
                     "    .calls_out = %d,\n"
                     "    .values_steer = %d,\n",
                  n, n, n, s->recon_on, s->calls_out, s->values_steer);
    if (s->values_others) fe_buf_printf(o, "    .values_others = %d,\n", s->values_others);
    if (narr)
        fe_buf_printf(o, "    .arrays = strads__arr%d,\n    .narrays = %d,\n", n, narr);
    if (nstream)
        fe_buf_printf(o, "    .streams = strads__sfd%d,\n    .nstreams = %d,\n", n, nstream);
    fe_buf_printf(o, "};\n"
                     "static const strads_loop_site *const strads__reg%d\n"
                     "    __attribute__((__used__, __section__(\"strads_loops\"))) = &strads__site%d;\n",
                  n, n);
}

/* ---- putting it together ---- */

typedef struct point {
    unsigned off;
    int order;        /* at one offset: glue before (0), edits (1), glue after (2) */
    int kind;         /* 0 edit, 1 glue before fn, 2 glue after fn, 3 prologue */
    int idx;          /* edit index or site index */
} point;

static int cmp_point(const void *a, const void *b)
{
    const point *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    if (x->order != y->order)
        return x->order - y->order;
    return x->idx - y->idx;
}

static void put_user(fe_ctx *c, fe_buf *o, unsigned from, unsigned to)
{
    if (to > from)
        fe_buf_put(o, c->src + from, to - from);
}

int fe_emit(fe_ctx *c, fe_buf *o)
{
    /* Plan: call sites and pragma lines are edits; glue goes around functions. */
    for (int i = 0; i < c->nsites; i++) {
        fe_site *s = &c->sites[i];
        if (s->kind != FE_ASYNC_FOR && s->kind != FE_SYNC_FOR)
            continue;
        fe_add_edit(c, s->prag_begin, s->prag_end, fe_strdup(""), 1);
        fe_add_edit(c, s->for_begin, s->for_end, call_site(c, s), 1);
    }
    int np = 0;
    point *pts = fe_alloc(sizeof *pts * (size_t)(c->nedits + 2 * c->nsites + 2));
    for (int i = 0; i < c->nedits; i++)
        pts[np++] = (point){c->edits[i].begin, 1, 0, i};
    unsigned first_fn = (unsigned)c->srclen;
    for (int i = 0; i < c->nsites; i++) {
        fe_site *s = &c->sites[i];
        if (s->kind != FE_ASYNC_FOR && s->kind != FE_SYNC_FOR)
            continue;
        /* One glue block per function: the first site of it carries them all. */
        int first = 1;
        for (int k = 0; k < i; k++)
            if ((c->sites[k].kind == FE_ASYNC_FOR || c->sites[k].kind == FE_SYNC_FOR) &&
                c->sites[k].fn_begin == s->fn_begin)
                first = 0;
        if (!first)
            continue;
        pts[np++] = (point){s->fn_begin, 0, 1, i};
        unsigned after = s->fn_end;
        while (after < c->srclen && c->src[after] != '\n')
            after++;
        if (after < c->srclen)
            after++;
        pts[np++] = (point){after, 2, 2, i};
    }
    /* The prologue goes before the first function of the file. */
    {
        CXCursor tu = clang_getTranslationUnitCursor(c->tu);
        int n;
        CXCursor *ch = fe_children(tu, &n);
        for (int i = 0; i < n; i++) {
            if (clang_getCursorKind(ch[i]) == CXCursor_FunctionDecl &&
                clang_isCursorDefinition(ch[i]) && fe_in_main(c, clang_getCursorLocation(ch[i]))) {
                unsigned b, e;
                fe_extent(ch[i], &b, &e);
                b = fe_line_start(c, b);
                if (b < first_fn)
                    first_fn = b;
            }
        }
        free(ch);
        pts[np++] = (point){first_fn, -1, 3, 0};
    }
    qsort(pts, (size_t)np, sizeof *pts, cmp_point);

    fe_buf_printf(o, "#line 1 \"%s\"\n", c->path);
    unsigned at = 0;
    for (int p = 0; p < np; p++) {
        point *pt = &pts[p];
        if (pt->off < at)
            continue; /* inside a replaced range (cannot happen for glue) */
        put_user(c, o, at, pt->off);
        at = pt->off;
        unsigned line, col;
        const char *where = fe_where(c, at, &line, &col);
        if (pt->kind == 0) {
            fe_edit *e = &c->edits[pt->idx];
            fe_buf_puts(o, e->text);
            if (e->keep_lines)
                for (unsigned k = e->begin; k < e->end; k++)
                    if (c->src[k] == '\n')
                        fe_buf_puts(o, "\n");
            at = e->end;
            continue;
        }
        if (pt->kind == 3) {
            fe_buf_printf(o, "#line %u \"%s\"\n", fe_buf_lines(o) + 2, c->outname);
            fe_buf_puts(o, PROLOGUE);
            if (c->nrh)
                fe_buf_puts(o, PROLOGUE_RH);
            
            fe_buf_printf(o, "#line %u \"%s\"\n", line, where);
            continue;
        }
        fe_site *s0 = &c->sites[pt->idx];
        if (o->len && o->p[o->len - 1] != '\n')
            fe_buf_puts(o, "\n");
        fe_buf_printf(o, "#line %u \"%s\"\n", fe_buf_lines(o) + 2, c->outname);
        for (int i = pt->idx; i < c->nsites; i++) {
            fe_site *s = &c->sites[i];
            if ((s->kind != FE_ASYNC_FOR && s->kind != FE_SYNC_FOR) || s->fn_begin != s0->fn_begin)
                continue;
            if (pt->kind == 1) {
                fe_buf_printf(o, "/* %s:%u: %s */\n", s->where, s->wline,
                              s->kind == FE_ASYNC_FOR ? "async_for" : "sync_for");
                env_struct(c, s, o);
                tls_struct(s, o);
                fe_buf_printf(o, "static const strads_loop_site strads__site%d;\n", s->index);
            } else {
                body_fn(c, s, o);
                recon_fn(c, s, o);
                if (has_tls(s)) {
                    tls_fns(c, s, o);
                    fe_emit_tls_pack(s, o);
                }
                fe_emit_pack(s, o);
                site_def(c, s, o);
            }
        }
        fe_buf_printf(o, "#line %u \"%s\"\n", line, where);
    }
    put_user(c, o, at, (unsigned)c->srclen);
    if (c->nrh) {
        if (o->len && o->p[o->len - 1] != '\n')
            fe_buf_puts(o, "\n");
        fe_buf_printf(o, "#line %u \"%s\"\n", fe_buf_lines(o) + 2, c->outname);
        fe_emit_recon_helpers(c, o);
    }
    if (c->has_main) {
        if (o->len && o->p[o->len - 1] != '\n')
            fe_buf_puts(o, "\n");
        fe_buf_printf(o, "#line %u \"%s\"\n", fe_buf_lines(o) + 2, c->outname);
        /* main's parameters as the program wrote them: char const
         * *argv[] and a third, envp, were passed as the runtime's type,
         * a gcc error from GCC 14 (incompatible pointer types) */
        if (c->main_params == 0)
            fe_buf_puts(o, "static int strads__main(int argc, char **argv)\n{\n"
                           "    (void)argc;\n    (void)argv;\n    return strads_user_main();\n}\n");
        else if (c->main_params == 3)
            fe_buf_puts(o, "extern char **environ;\n"
                           "static int strads__main(int argc, char **argv)\n{\n"
                           "    return strads_user_main(argc, (void *)argv, (void *)environ);\n}\n");
        else
            fe_buf_puts(o, "static int strads__main(int argc, char **argv)\n{\n"
                           "    return strads_user_main(argc, (void *)argv);\n}\n");
        fe_buf_puts(o, "STRADS_MAIN(strads__main)\n");
    }
    free(pts);
    return 0;
}
