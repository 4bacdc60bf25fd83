/*
 * frontend/recon_lib.c - pass 6, calls to the C library in a reconnaissance
 * copy: the library's code cannot be copied and rewritten like a helper of
 * the file, so a call that would write memory the iteration does not own
 * becomes one that records the write and sends it to the shadow, or is
 * refused where stradsc cannot know what it writes.
 */
#include "recon_int.h"

#include <stdlib.h>

/*
 *   memcpy(&w[i * dim], src, n)  ->  strads_recon_memmove(strads__rc, &w[i * dim], src, n)
 *   snprintf(buf, n, "%s-%d", name, k)
 *       ->  strads_recon_snprintf(strads__rc, buf, n, "%s-%d", strads_recon_str(strads__rc, name), k)
 *   strlen(name)  ->  strlen(strads_recon_str(strads__rc, name))
 *
 * The library's functions that write memory (memset, memcpy, memmove,
 * strcpy, strncpy, strcat, strncat, sprintf, snprintf, qsort) would write
 * for real; their reconnaissance versions record and write the shadow, and
 * read what they copy through it. malloc, calloc, realloc and free become
 * the copy's own allocations, which it writes for real, as its stack: a
 * helper's plain loads of a scratch index the body filled see its values.
 * A string argument of a printf-style call
 * or of strlen, strcmp and strncmp is read through the shadow
 * (strads_recon_str), so the iteration sees what it wrote. (strchr and
 * the like return a pointer into what they read: they run as written.) NULL
 * for any other call, or one not written plainly (a macro around it runs as
 * written).
 */
static const struct {
    const char *name, *to; /* to: NULL keeps the call, wrapping its strings */
    int nargs, strings;    /* nargs -1: variadic; strings: the first argument
                            * (from 1) whose strings are read through the
                            * shadow, 0 for none */
} lib_calls[] = {
    {"memset", "strads_recon_memset", 3, 0},      {"memcpy", "strads_recon_memmove", 3, 0},
    {"memmove", "strads_recon_memmove", 3, 0},    {"strcpy", "strads_recon_strcpy", 2, 0},
    {"strncpy", "strads_recon_strncpy", 3, 0},    {"strcat", "strads_recon_strcat", 2, 0},
    {"strncat", "strads_recon_strncat", 3, 0},    {"sprintf", "strads_recon_sprintf", -1, 3},
    {"snprintf", "strads_recon_snprintf", -1, 4}, {"qsort", "strads_recon_qsort", 4, 0},
    {"strlen", NULL, 1, 1},                       {"strcmp", NULL, 2, 1},
    {"strncmp", NULL, 3, 1},
    /* the copy's own allocations, written through (engine/recon_shadow.c) */
    {"malloc", "strads_recon_malloc", 1, 0},      {"calloc", "strads_recon_calloc", 2, 0},
    {"realloc", "strads_recon_realloc", 2, 0},    {"free", "strads_recon_free", 1, 0},
};

static int is_string(CXCursor arg)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    CXType e;
    if (t.kind == CXType_Pointer)
        e = clang_getCanonicalType(clang_getPointeeType(t));
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        e = clang_getCanonicalType(clang_getArrayElementType(t));
    else
        return 0;
    return e.kind == CXType_Char_S || e.kind == CXType_Char_U || e.kind == CXType_SChar ||
           e.kind == CXType_UChar;
}

static char *mem_call(rc *r, CXCursor call, const char *name)
{
    int which = -1;
    for (size_t i = 0; i < sizeof lib_calls / sizeof lib_calls[0]; i++)
        if (!strcmp(name, lib_calls[i].name))
            which = (int)i;
    if (which < 0)
        return NULL;
    int n;
    CXCursor *ch = fe_children(call, &n);
    unsigned b, e, cb, ce;
    fe_extent(call, &b, &e);
    int nargs = lib_calls[which].nargs, strings = lib_calls[which].strings;
    if (nargs >= 0 ? n != nargs + 1 : n < strings) {
        free(ch);
        return NULL;
    }
    fe_extent(ch[0], &cb, &ce);
    int plain = fe_recon_plain_callee(r, call, ch[0], name) && is(tok(r, ce), "(");
    fe_buf o = {0};
    if (lib_calls[which].to)
        fe_buf_printf(&o, "%s(strads__rc, ", lib_calls[which].to);
    else
        fe_buf_printf(&o, "%s(", name);
    unsigned at = ce + 1;
    for (int i = 1; plain && i < n; i++) {
        unsigned ab, ae;
        fe_extent(ch[i], &ab, &ae);
        if (ab < at || ae > e) {
            plain = 0;
            break;
        }
        fe_buf_put(&o, r->c->src + at, ab - at);
        char *a = fe_recon_rw(r, ch[i], RV, 0);
        if (strings && i >= strings && is_string(ch[i]))
            fe_buf_printf(&o, "strads_recon_str(strads__rc, %s)", a);
        else
            fe_buf_puts(&o, a);
        at = ae;
    }
    free(ch);
    if (!plain) {
        free(o.p);
        return NULL;
    }
    fe_buf_put(&o, r->c->src + at, e - at);
    return o.p;
}

/*
 *   m[i] = frexp(x[i], &ex[i]);
 *   -> m[i] = __extension__({ __auto_type strads__p3 = &(ex[i]);
 *          __typeof__(*strads__p3) strads__t3 = <read of *strads__p3, recorded>;
 *          __auto_type strads__c4 = frexp(STRADS__RD(x[i]), &strads__t3);
 *          strads_recon_store(strads__rc, strads__p3, &strads__t3, sizeof strads__t3);
 *          strads__c4; })
 *
 * Out-arguments: a library function writing through a pointer argument
 * wrote the program's memory for real and recorded nothing (sscanf into
 * &k[i]: at 2x1 the loop's values were lost, with exit 0). Where what it
 * writes is one object of the pointed-to type (scanf's numbers, frexp,
 * modf, remquo, sincos, lgamma_r, rand_r, time), the call gets a
 * temporary holding the element's value, and the temporary is stored to
 * the element as the body's own writes are. Memory that is the copy's own
 * (a local, a private or reduction section) is written as is. Anything
 * else written through (strings, fread's buffer, strtok's line, erand48's
 * three words, a pointer variable that may point anywhere) is refused at
 * the argument.
 */

/* Writes one object through each of these parameters (1-based), 0 ends. */
static const struct {
    const char *name;
    int out[3];
} single_out[] = {
    {"frexp", {2}},       {"frexpf", {2}},       {"frexpl", {2}},    {"modf", {2}},
    {"modff", {2}},       {"modfl", {2}},        {"remquo", {3}},    {"remquof", {3}},
    {"remquol", {3}},     {"lgamma_r", {2}},     {"lgammaf_r", {2}}, {"lgammal_r", {2}},
    {"sincos", {2, 3}},   {"sincosf", {2, 3}},   {"sincosl", {2, 3}}, {"rand_r", {1}},
    {"time", {1}},
};

/* The scanf family: from the format on, every pointer argument is written. */
static const char *const scanf_fns[] = {"sscanf", "fscanf", "scanf", NULL};

/* Take a pointer without writing what it points to. */
static const char *const no_write_fns[] = {"free", "realloc", NULL};

static int in(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], name))
            return 1;
    return 0;
}

/* cur without parentheses and casts, implicit or written */
static CXCursor uncast(CXCursor cur)
{
    for (int guard = 0; guard < 16; guard++) {
        cur = fe_strip(cur);
        if (clang_getCursorKind(cur) != CXCursor_CStyleCastExpr)
            return cur;
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n < 1) {
            free(ch);
            return cur;
        }
        cur = ch[n - 1];
        free(ch);
    }
    return cur;
}

/* A pointer to non-const numbers, characters or void: what a library
 * function may write through. (Pointers to structs are FILE, locks and the
 * like: the library's own state.) */
static int writable(CXType t)
{
    t = clang_getCanonicalType(t);
    CXType e;
    if (t.kind == CXType_Pointer)
        e = clang_getPointeeType(t);
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        e = clang_getArrayElementType(t); /* erand48(unsigned short[3]): a pointer all the same */
    else
        return 0;
    if (clang_isConstQualifiedType(e))
        return 0;
    e = clang_getCanonicalType(e);
    return e.kind >= CXType_Void && e.kind <= CXType_LongDouble;
}

static int char_type(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Char_S || t.kind == CXType_Char_U || t.kind == CXType_SChar ||
           t.kind == CXType_UChar || t.kind == CXType_Void;
}

/* Is the memory a pointer expression reaches the copy's own (a local
 * array, a private or reduction section, a clause's scalar, through + and
 * - too: recon.c's local_root)? */
static int own_memory(rc *r, CXCursor cur)
{
    for (int guard = 0; guard < 16; guard++) {
        cur = uncast(cur);
        enum CXCursorKind k = clang_getCursorKind(cur);
        if (k == CXCursor_DeclRefExpr || k == CXCursor_ArraySubscriptExpr ||
            k == CXCursor_MemberRefExpr)
            return fe_recon_local_root(r, cur, 0);
        unsigned b, e;
        fe_extent(cur, &b, &e);
        if (k == CXCursor_UnaryOperator && is(tok(r, b), "&")) { /* &local, &a[i] */
            int n;
            CXCursor *ch = fe_children(cur, &n);
            int own = n == 1 && fe_recon_local_root(r, fe_strip(ch[0]), 0);
            free(ch);
            return own;
        }
        if (k != CXCursor_BinaryOperator)
            return 0;
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor next = clang_getNullCursor();
        for (int i = 0; i < n; i++) {
            CXType t = clang_getCanonicalType(clang_getCursorType(ch[i]));
            if (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray)
                next = ch[i];
        }
        free(ch);
        if (clang_Cursor_isNull(next))
            return 0;
        cur = next;
    }
    return 0;
}

enum { OUT_NONE, OUT_TEMP, OUT_REFUSE };

/* How argument arg (param: it is written one object at a time) is passed;
 * for OUT_TEMP, *amp is the & expression and *lv what it addresses. */
static int out_kind(rc *r, CXCursor arg, int single, CXCursor *amp, CXCursor *lv)
{
    CXCursor a = uncast(arg);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k == CXCursor_IntegerLiteral || k == CXCursor_GNUNullExpr || k == CXCursor_StringLiteral)
        return OUT_NONE; /* NULL: nothing is written */
    unsigned b, e;
    fe_extent(a, &b, &e);
    if (k == CXCursor_UnaryOperator && is(tok(r, b), "&")) {
        int n;
        CXCursor *ch = fe_children(a, &n);
        CXCursor l = n == 1 ? fe_strip(ch[0]) : a;
        free(ch);
        if (n == 1 && fe_recon_local_root(r, l, 0))
            return OUT_NONE;
        CXType lt = clang_getCanonicalType(clang_getCursorType(l));
        if (n != 1 || !single || char_type(lt) || lt.kind == CXType_ConstantArray ||
            lt.kind == CXType_Record || lt.kind == CXType_Pointer)
            return OUT_REFUSE;
        *amp = a;
        *lv = l;
        return OUT_TEMP;
    }
    return own_memory(r, a) ? OUT_NONE : OUT_REFUSE;
}

/*
 *   powf(x / xmax, 0.75f)  ->  strads__m_powf(x / xmax, 0.75f)
 *
 * The same function under a name declared const (emit.c's prologue), so
 * that the fast copy's compiler deletes a call whose value only fed
 * dropped stores: math's errno keeps it otherwise, whatever the copy's
 * optimize attribute says (GCC takes errno from the command line).
 * NULL for a call not written plainly as name(...), and in a body (or
 * helper) that reads errno, whose value the call may decide.
 */
static char *math_call(rc *r, CXCursor call, const char *name)
{
    /* a body that reads errno keeps its calls as written (looked for once) */
    fe_ctx *c = r->c;
    if (!r->errno_seen) {
        r->errno_seen = 1;
        for (int i = fe_tok_at(c, r->rb); i >= 0 && i < c->ntoks && c->toks[i].off < r->re; i++)
            if (!strcmp(c->toks[i].spell, "errno"))
                r->errno_seen = 2;
    }
    if (r->errno_seen == 2)
        return NULL;
    int n;
    CXCursor *ch = fe_children(call, &n);
    if (n < 1 || !fe_recon_plain_callee(r, call, ch[0], name)) {
        free(ch);
        return NULL;
    }
    fe_buf o = {0};
    fe_buf_printf(&o, "strads__m_%s(", name);
    for (int i = 1; i < n; i++) {
        char *a = fe_recon_rw(r, ch[i], RV, 0);
        fe_buf_printf(&o, "%s%s", i > 1 ? ", " : "", a);
        free(a);
    }
    fe_buf_puts(&o, ")");
    free(ch);
    return o.p;
}

char *fe_recon_lib_call(rc *r, CXCursor call, const char *name)
{
    char *t = mem_call(r, call, name);
    if (t)
        return t;
    CXCursor ref = clang_getCursorReferenced(call);
    if (clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(ref)) || in(no_write_fns, name))
        return NULL;
    if (fe_pure_math(name))
        return math_call(r, call, name);
    CXType ft = clang_getCursorType(ref);
    int nparams = clang_getNumArgTypes(ft), scanf_like = in(scanf_fns, name);
    const int *single = NULL; /* single_out's parameters, 0-ended */
    for (size_t i = 0; i < sizeof single_out / sizeof single_out[0]; i++)
        if (!strcmp(name, single_out[i].name))
            single = single_out[i].out;
    int n;
    CXCursor *ch = fe_children(call, &n);
    unsigned b, e, cb, ce;
    fe_extent(call, &b, &e);
    if (n < 1) {
        free(ch);
        return NULL;
    }
    fe_extent(ch[0], &cb, &ce);
    int plain = fe_recon_plain_callee(r, call, ch[0], name);
    fe_buf pre = {0}, args = {0}, post = {0};
    int temps = 0;
    unsigned at = ce;
    for (int i = 1; plain && i < n; i++) {
        unsigned ab, ae;
        fe_extent(ch[i], &ab, &ae);
        if (ab < at || ae > e) {
            plain = 0;
            break;
        }
        fe_buf_put(&args, r->c->src + at, ab - at);
        at = ae;
        /* written through: a parameter so declared, or scanf's outputs */
        CXType pt = i - 1 < nparams ? clang_getArgType(ft, (unsigned)(i - 1))
                                    : clang_getCursorType(ch[i]);
        int single_i = scanf_like && i - 1 >= nparams;
        for (int q = 0; single && q < 3 && single[q]; q++)
            single_i |= single[q] == i;
        int kind = OUT_NONE;
        CXCursor amp, lv;
        if (writable(pt) && (i - 1 < nparams || scanf_like))
            kind = out_kind(r, ch[i], single_i, &amp, &lv);
        if (kind == OUT_REFUSE) {
            if (!r->exact)
                fe_error(r->c, ab,
                         r->s && r->s->kind == FE_SYNC_FOR
                             ? "pass the address of a local (or of one number of an array, "
                               "where the function writes one) and copy it in the body, or "
                               "add recon(off)"
                             : "pass the address of a local (or of one number of an array, "
                               "where the function writes one) and copy it in the body",
                         "reconnaissance cannot tell what '%s' writes through argument %d",
                         name, i);
            kind = OUT_NONE;
        }
        if (kind != OUT_TEMP) {
            char *a = fe_recon_rw(r, ch[i], RV, 0);
            fe_buf_puts(&args, a);
            continue;
        }
        unsigned mb, me;
        fe_extent(amp, &mb, &me);
        int id = r->c->nranged++;
        char *L = fe_recon_rw(r, lv, LV, 0);
        fe_buf_printf(&pre,
                      "__auto_type strads__p%d = &(%s); __typeof__(*strads__p%d) strads__t%d = "
                      "*(__typeof__(*strads__p%d) *)strads_recon_rd(strads__rc, strads__p%d, "
                      "sizeof *strads__p%d); ",
                      id, L, id, id, id, id, id);
        fe_buf_printf(&post,
                      "strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p%d, "
                      "&strads__t%d, sizeof strads__t%d); ",
                      id, id, id);
        fe_buf_put(&args, r->c->src + ab, mb - ab);
        fe_buf_printf(&args, "&strads__t%d", id);
        fe_buf_put(&args, r->c->src + me, ae - me);
        temps++;
    }
    free(ch);
    char *out = NULL;
    if (plain && temps) {
        fe_buf_put(&args, r->c->src + at, e - at);
        char *callee_text = fe_text(r->c, cb, ce);
        if (clang_getCanonicalType(clang_getCursorType(call)).kind == CXType_Void) {
            out = fe_fmt("__extension__({ %s%s%s; %s(void)0; })", pre.p, callee_text, args.p,
                         post.p);
        } else {
            int id = r->c->nranged++;
            out = fe_fmt("__extension__({ %s__auto_type strads__c%d = %s%s; %sstrads__c%d; })",
                         pre.p, id, callee_text, args.p, post.p, id);
        }
        free(callee_text);
    }
    free(pre.p);
    free(args.p);
    free(post.p);
    return out;
}

/*
 *   __atomic_fetch_add(&cnt[j], 2, __ATOMIC_RELAXED)
 *   -> __extension__({ __auto_type strads__p4 = (&cnt[j]);
 *          __typeof__(*strads__p4) strads__o4 = <read of *strads__p4, recorded>,
 *              strads__v4 = strads__o4 + (2);
 *          strads_recon_store(strads__rc, strads__p4, &strads__v4, sizeof strads__v4);
 *          strads__o4; })
 *
 * GCC's atomic builtins, as pthreads trainers update shared counters: run
 * for real in reconnaissance they changed the program's memory (a counter
 * bumped twice at 1x2, with exit 0). The read-modify-writes, loads and
 * stores are rewritten like the body's own accesses; exchanges and
 * compare-and-swaps are refused (a plain update does: the plan keeps the
 * iterations that touch one element apart).
 */
static const struct {
    const char *name;
    char op;   /* + - | & ^; 'l' load, 's' store */
    int fetch; /* returns the old value */
} atomics[] = {
    {"__atomic_fetch_add", '+', 1},   {"__atomic_fetch_sub", '-', 1},
    {"__atomic_fetch_or", '|', 1},    {"__atomic_fetch_and", '&', 1},
    {"__atomic_fetch_xor", '^', 1},   {"__atomic_add_fetch", '+', 0},
    {"__atomic_sub_fetch", '-', 0},   {"__atomic_or_fetch", '|', 0},
    {"__atomic_and_fetch", '&', 0},   {"__atomic_xor_fetch", '^', 0},
    {"__sync_fetch_and_add", '+', 1}, {"__sync_fetch_and_sub", '-', 1},
    {"__sync_fetch_and_or", '|', 1},  {"__sync_fetch_and_and", '&', 1},
    {"__sync_fetch_and_xor", '^', 1}, {"__sync_add_and_fetch", '+', 0},
    {"__sync_sub_and_fetch", '-', 0}, {"__sync_or_and_fetch", '|', 0},
    {"__sync_and_and_fetch", '&', 0}, {"__sync_xor_and_fetch", '^', 0},
    {"__atomic_load_n", 'l', 0},      {"__atomic_store_n", 's', 0},
};

char *fe_recon_atomic(rc *r, CXCursor cur)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    const char *name = tok(r, b)->spell;
    if (strncmp(name, "__atomic_", 9) && strncmp(name, "__sync_", 7))
        return NULL;
    if (!is(&r->c->toks[fe_tok_at(r->c, b) + 1], "("))
        return NULL;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    /* __sync_*: a call, its callee first; __atomic_*: the arguments (an
     * implicit conversion around either has one child: not the builtin) */
    int a0 = clang_getCursorKind(cur) == CXCursor_CallExpr ? 1 : 0;
    if (n - a0 < 1 || (!a0 && n < 2)) {
        free(ch);
        return NULL;
    }
    CXCursor ptr = ch[a0];
    if (own_memory(r, ptr)) { /* a local counter: as written */
        free(ch);
        return NULL;
    }
    int which = -1;
    for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++)
        if (!strcmp(name, atomics[i].name))
            which = (int)i;
    int need = which >= 0 && atomics[which].op == 'l' ? 1 : 2;
    /* the value is child 2 either way: __sync's call has the callee first,
     * and clang keeps an AtomicExpr's operands as pointer, order, value */
    if (which < 0 || (need == 2 && n < 3)) {
        if (!r->exact)
            fe_error(r->c, b,
                     "write the plain update (cnt[j] += 1, w = x): async_for keeps the "
                     "iterations that touch one element apart, and sync_for combines its "
                     "updates with reduction(), accumulate() or aggregate()",
                     "reconnaissance cannot run '%s' on memory it does not own", name);
        free(ch);
        return NULL;
    }
    char *P = fe_recon_rw(r, ptr, RV, 0);
    char *V = need == 2 ? fe_recon_rw(r, ch[2], RV, 0) : NULL;
    free(ch);
    int id = r->c->nranged++;
    char op = atomics[which].op;
    char *out;
    if (op == 'l')
        out = fe_fmt("(*(__typeof__(*(%s)) *)strads_recon_rd(strads__rc, (%s), sizeof *(%s)))",
                     P, P, P);
    else if (op == 's')
        out = fe_fmt("__extension__({ __auto_type strads__p%d = (%s); __typeof__(*strads__p%d) "
                     "strads__v%d = (%s); strads_recon_store(strads__rc, (const void *)(uintptr_t)"
                     "strads__p%d, &strads__v%d, sizeof strads__v%d); (void)0; })",
                     id, P, id, id, V, id, id, id);
    else
        out = fe_fmt("__extension__({ __auto_type strads__p%d = (%s); __typeof__(*strads__p%d) "
                     "strads__o%d = *(__typeof__(*strads__p%d) *)strads_recon_rd(strads__rc, "
                     "strads__p%d, sizeof *strads__p%d), strads__v%d = strads__o%d %c (%s); "
                     "strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p%d, "
                     "&strads__v%d, sizeof strads__v%d); strads__%c%d; })",
                     id, P, id, id, id, id, id, id, id, op, V, id, id, id,
                     atomics[which].fetch ? 'o' : 'v', id);
    free(P);
    free(V);
    return out;
}
