/*
 * frontend/recon.c - pass 6: the reconnaissance copy of a parallel body.
 *
 * Reconnaissance runs an iteration without changing anything, to learn which
 * distributed-array elements it reads and writes. Its text is the body's text
 * with these rewrites (everything else, including writes to the body's own
 * scalars and local arrays, is kept):
 *
 *   ... E ...        (E = a[i], p->f, *p used as a value)
 *                    -> ... STRADS__RD(E) ...         records a read, yields E
 *   L = R, L op= R   -> (strads__rcw(rc, &(L), sizeof(L), op), (void)(R))
 *   L++, --L         -> strads__rcw(rc, &(L), sizeof(L), 1)
 *   printf(...);     -> ((void)0);                     (stdio runs only for real)
 *
 * The write itself is dropped: to DDS elements, private buffers, anything
 * through a pointer. The rewrite walks libclang's tree and rebuilds each
 * node's source text from its children's rewritten text; where the children
 * do not tile the node's text (macro expansions), the node is kept verbatim,
 * which can only miss records, never change memory the body did not own.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

enum { RV, LV };

typedef struct rc {
    fe_ctx *c;
    fe_site *s;
} rc;

static int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }

static const char *const stdio_fns[] = {
    "printf", "fprintf", "puts", "fputs", "fputc", "putc", "putchar", "fwrite", "fflush",
    "perror", "vprintf", "vfprintf", "fclose", "fopen", "exit", "abort", NULL};

static fe_token *tok(rc *r, unsigned off) { return &r->c->toks[fe_tok_at(r->c, off)]; }

/* 1 subscript, 2 p->f, 3 s.f, 4 *p, 0 not an access. */
static int access_kind(rc *r, CXCursor cur)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (k == CXCursor_ArraySubscriptExpr)
        return 1;
    if (k == CXCursor_MemberRefExpr) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        int kind = 3;
        if (n > 0) {
            unsigned cb, ce;
            fe_extent(ch[0], &cb, &ce);
            kind = is(tok(r, ce), "->") ? 2 : 3;
        } else {
            kind = 0; /* implicit member of an anonymous struct: leave alone */
        }
        free(ch);
        return kind;
    }
    if (k == CXCursor_UnaryOperator && is(tok(r, b), "*"))
        return 4;
    return 0;
}

/* Is the access chain rooted at an array declared in the body (its own memory)? */
static int local_root(rc *r, CXCursor cur)
{
    for (int guard = 0; guard < 64; guard++) {
        cur = fe_strip(cur);
        enum CXCursorKind k = clang_getCursorKind(cur);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor d = clang_getCursorReferenced(cur);
            unsigned off = fe_offset(clang_getCursorLocation(d));
            CXType t = clang_getCanonicalType(clang_getCursorType(d));
            return t.kind != CXType_Pointer && fe_in_main(r->c, clang_getCursorLocation(d)) &&
                   off >= r->s->body_begin && off < r->s->body_end;
        }
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
            return 0;
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n == 0) {
            free(ch);
            return 0;
        }
        CXCursor base = ch[0];
        free(ch);
        if (clang_getCanonicalType(clang_getCursorType(fe_strip(base))).kind == CXType_Pointer)
            return 0;
        cur = base;
    }
    return 0;
}

static char *rw(rc *r, CXCursor cur, int mode, int stmt);
static char *writer_call(rc *r, CXCursor call);
static char *helper_call(rc *r, CXCursor call);

/* The node's text with each child replaced by rw(child, modes[i]). */
static char *rebuild(rc *r, CXCursor cur, const int *modes, int nmodes, int dflt)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    int n;
    CXCursor *ch = fe_children(cur, &n);
    fe_buf out = {0};
    unsigned at = b;
    enum CXCursorKind pk = clang_getCursorKind(cur);
    int stmt = pk == CXCursor_CompoundStmt || pk == CXCursor_IfStmt || pk == CXCursor_ForStmt ||
               pk == CXCursor_WhileStmt || pk == CXCursor_DoStmt;
    for (int i = 0; i < n; i++) {
        unsigned cb, ce;
        fe_extent(ch[i], &cb, &ce);
        if (cb < at || ce > e || ce < cb) {
            free(ch);
            free(out.p);
            return fe_text(r->c, b, e);
        }
        fe_buf_put(&out, r->c->src + at, cb - at);
        char *t = rw(r, ch[i], i < nmodes ? modes[i] : dflt, stmt);
        fe_buf_puts(&out, t);
        at = ce;
    }
    fe_buf_put(&out, r->c->src + at, e - at);
    free(ch);
    return out.p ? out.p : fe_strdup("");
}

/*
 *   update(&W[i], g);   (a void function of this file with a T * parameter)
 *   -> ((void)(strads__rcw(strads__rc, (const void *)(&W[i]), sizeof(T), 1), (void)(g), 0))
 *
 * The helper would write for real; instead record a write of the element its
 * pointer argument points at (the runtime maps an address to its row) and
 * evaluate the other arguments for their reads. NULL: not such a call.
 */
static char *writer_call(rc *r, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || !fe_in_main(r->c, clang_getCursorLocation(def)) ||
        clang_getCanonicalType(clang_getResultType(clang_getCursorType(def))).kind != CXType_Void)
        return NULL;
    int np = clang_Cursor_getNumArguments(def), na = clang_Cursor_getNumArguments(call);
    int writes = 0;
    fe_buf o = {0};
    fe_buf_puts(&o, "((void)(");
    for (int i = 0; i < na; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        char *a = rw(r, arg, RV, 0);
        CXType pt = i < np ? clang_getCanonicalType(clang_getCursorType(
                                 clang_Cursor_getArgument(def, (unsigned)i)))
                           : (CXType){CXType_Invalid, {0, 0}};
        if (pt.kind == CXType_Pointer && !clang_isConstQualifiedType(clang_getPointeeType(pt))) {
            long long sz = clang_Type_getSizeOf(clang_getPointeeType(pt));
            fe_buf_printf(&o, "strads__rcw(strads__rc, (const void *)(%s), %lld, 1), ", a,
                          sz > 0 ? sz : 1);
            writes++;
        } else {
            fe_buf_printf(&o, "(void)(%s), ", a);
        }
    }
    fe_buf_puts(&o, "0))");
    if (!writes) {
        free(o.p);
        return NULL;
    }
    return o.p;
}

/*
 *   d = dot(&w[i * dim], &w[j * dim]);   (a function of this file, T * params)
 *   -> d = dot(strads__argp(strads__rc, &w[i * dim], sizeof(T), 0), ...);
 *
 * The helper's own accesses are not rewritten, so record an access to the
 * element each pointer argument points at (a read, plus a write when the
 * parameter is not pointer-to-const) and still call it for its value.
 * NULL when the call has no such argument.
 */
static char *helper_call(rc *r, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || !fe_in_main(r->c, clang_getCursorLocation(def)))
        return NULL;
    int np = clang_Cursor_getNumArguments(def), na = clang_Cursor_getNumArguments(call);
    int n;
    CXCursor *ch = fe_children(call, &n);
    if (n != na + 1) {
        free(ch);
        return NULL;
    }
    unsigned b, e, cb, ce;
    fe_extent(call, &b, &e);
    fe_extent(ch[0], &cb, &ce);
    fe_buf o = {0};
    int found = 0;
    unsigned at = b;
    for (int i = 0; i < na; i++) {
        unsigned ab, ae;
        fe_extent(ch[i + 1], &ab, &ae);
        if (ab < at || ae > e) {
            free(ch);
            free(o.p);
            return NULL;
        }
        fe_buf_put(&o, r->c->src + at, ab - at);
        char *a = rw(r, ch[i + 1], RV, 0);
        CXType pt = i < np ? clang_getCanonicalType(clang_getCursorType(
                                 clang_Cursor_getArgument(def, (unsigned)i)))
                           : (CXType){CXType_Invalid, {0, 0}};
        if (pt.kind == CXType_Pointer) {
            CXType pe = clang_getPointeeType(pt);
            long long sz = clang_Type_getSizeOf(pe);
            fe_buf_printf(&o, "strads__argp(strads__rc, %s, %lld, %d)", a, sz > 0 ? sz : 1,
                          !clang_isConstQualifiedType(pe));
            found = 1;
        } else {
            fe_buf_puts(&o, a);
        }
        at = ae;
    }
    fe_buf_put(&o, r->c->src + at, e - at);
    free(ch);
    if (!found) {
        free(o.p);
        return NULL;
    }
    return o.p;
}

static int is_assign(rc *r, CXCursor cur, int *compound, CXCursor *lhs, CXCursor *rhs)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return 0;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (n != 2) {
        free(ch);
        return 0;
    }
    *lhs = ch[0];
    *rhs = ch[1];
    free(ch);
    if (k == CXCursor_CompoundAssignOperator) {
        *compound = 1;
        return 1;
    }
    unsigned lb, le;
    fe_extent(*lhs, &lb, &le);
    *compound = 0;
    return is(tok(r, le), "=");
}

static char *rw(rc *r, CXCursor cur, int mode, int stmt)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (e < b || b < r->s->body_begin || e > r->s->body_end)
        return fe_strdup("");
    if (k == CXCursor_UnaryExpr) /* sizeof, _Alignof: not evaluated */
        return fe_text(r->c, b, e);
    if (k == CXCursor_CallExpr) {
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        for (int i = 0; stdio_fns[i]; i++)
            if (!strcmp(name, stdio_fns[i]))
                return fe_strdup(stmt ? "((void)0)" : "0");
        char *t = stmt ? writer_call(r, cur) : NULL;
        if (!t)
            t = helper_call(r, cur);
        if (t)
            return t;
    }
    int compound;
    CXCursor lhs, rhs;
    if (is_assign(r, cur, &compound, &lhs, &rhs)) {
        CXCursor l = fe_strip(lhs);
        if (access_kind(r, l) && !local_root(r, l)) {
            char *L = rw(r, lhs, LV, 0), *R = rw(r, rhs, RV, 0);
            return fe_fmt("(strads__rcw(strads__rc, &(%s), sizeof(%s), %d), (void)(%s))", L, L,
                          compound, R);
        }
        int modes[2] = {LV, RV};
        return rebuild(r, cur, modes, 2, RV);
    }
    if (k == CXCursor_UnaryOperator) {
        fe_token *first = tok(r, b);
        int li = fe_tok_at(r->c, e) - 1;
        fe_token *last = &r->c->toks[li < 0 ? 0 : li];
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor op = n == 1 ? ch[0] : cur;
        free(ch);
        int incdec = is(first, "++") || is(first, "--") || is(last, "++") || is(last, "--");
        if (n == 1 && incdec) {
            CXCursor l = fe_strip(op);
            if (access_kind(r, l) && !local_root(r, l)) {
                char *L = rw(r, op, LV, 0);
                return fe_fmt("strads__rcw(strads__rc, &(%s), sizeof(%s), 1)", L, L);
            }
            int m = LV;
            return rebuild(r, cur, &m, 1, RV);
        }
        if (n == 1 && is(first, "&")) {
            int m = LV;
            return rebuild(r, cur, &m, 1, RV);
        }
    }
    int ak = access_kind(r, cur);
    if (ak && !local_root(r, cur)) {
        int modes[2] = {RV, RV};
        if (ak == 1 || ak == 3) {
            int n;
            CXCursor *ch = fe_children(cur, &n);
            if (n > 0 && clang_getCanonicalType(clang_getCursorType(fe_strip(ch[0]))).kind !=
                             CXType_Pointer)
                modes[0] = LV;
            free(ch);
        }
        char *E = rebuild(r, cur, modes, 2, RV);
        CXType t = clang_getCanonicalType(clang_getCursorType(cur));
        if (mode == LV || t.kind == CXType_ConstantArray || t.kind == CXType_FunctionProto)
            return E;
        return fe_fmt("STRADS__RD(%s)", E);
    }
    if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr)
        return rebuild(r, cur, &mode, 1, mode);
    return rebuild(r, cur, NULL, 0, RV);
}

void fe_recon(fe_ctx *c, fe_site *s)
{
    rc r = {c, s};
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    if (n > 0)
        s->recon_text = rw(&r, ch[n - 1], RV, 1);
    else
        s->recon_text = fe_strdup(";");
    free(ch);
}
