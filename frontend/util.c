/*
 * frontend/util.c - small helpers every pass of stradsc uses: the text
 * buffer, never-failing allocation, and questions about positions in the
 * main file (offsets, lines, tokens, cursor extents). Offsets are always
 * expansion offsets into the main file, so a construct written inside a macro
 * is reported at the macro's use, where the user can see it.
 */
#include "fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *fe_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fprintf(stderr, "stradsc: out of memory\n");
        exit(2);
    }
    return p;
}

/* Grows an array of elem-sized items so that it holds need items. */
void *fe_grow(void *p, size_t elem, int *cap, int need)
{
    if (need <= *cap)
        return p;
    int n = *cap ? *cap * 2 : 8;
    while (n < need)
        n *= 2;
    char *q = realloc(p, elem * (size_t)n);
    if (!q) {
        fprintf(stderr, "stradsc: out of memory\n");
        exit(2);
    }
    memset(q + elem * (size_t)*cap, 0, elem * (size_t)(n - *cap));
    *cap = n;
    return q;
}

char *fe_strndup(const char *s, size_t n)
{
    char *p = fe_alloc(n + 1);
    memcpy(p, s, n);
    return p;
}

char *fe_strdup(const char *s) { return fe_strndup(s, strlen(s)); }

/* vsnprintf into a fresh string (a first try on the stack: most are short). */
static char *vfmt(const char *fmt, va_list ap, size_t *len)
{
    char small[512];
    if (!fmt) /* never; keeps -fsanitize builds' -Wformat-truncation quiet */
        fmt = "";
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(small, sizeof small, fmt, aq);
    va_end(aq);
    if (n < 0)
        n = 0;
    char *p = fe_alloc((size_t)n + 1);
    if ((size_t)n < sizeof small)
        memcpy(p, small, (size_t)n + 1);
    else
        vsnprintf(p, (size_t)n + 1, fmt, ap);
    *len = (size_t)n;
    return p;
}

char *fe_fmt(const char *fmt, ...)
{
    va_list ap;
    size_t n;
    va_start(ap, fmt);
    char *p = vfmt(fmt, ap, &n);
    va_end(ap);
    return p;
}

char *fe_cxstr(CXString s)
{
    const char *cs = clang_getCString(s);
    char *r = fe_strdup(cs ? cs : "");
    clang_disposeString(s);
    return r;
}

void fe_buf_put(fe_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            fprintf(stderr, "stradsc: out of memory\n");
            exit(2);
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void fe_buf_puts(fe_buf *b, const char *s) { fe_buf_put(b, s, strlen(s)); }

void fe_buf_printf(fe_buf *b, const char *fmt, ...)
{
    va_list ap;
    size_t n;
    va_start(ap, fmt);
    char *tmp = vfmt(fmt, ap, &n);
    va_end(ap);
    fe_buf_put(b, tmp, n);
    free(tmp);
}

unsigned fe_buf_lines(const fe_buf *b)
{
    unsigned n = 0;
    for (size_t i = 0; i < b->len; i++)
        n += b->p[i] == '\n';
    return n;
}

unsigned fe_offset(CXSourceLocation loc)
{
    unsigned off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

int fe_in_main(fe_ctx *c, CXSourceLocation loc)
{
    CXFile f;
    clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, c->file);
}

/* Where cur's text is spelled (inside a macro's argument, not the macro's
 * name); *file, if asked, is NULL when its two ends lie in different files. */
void fe_spelling(CXCursor cur, CXFile *file, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(cur);
    CXFile f1, f2;
    clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, b);
    clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, e);
    if (file)
        *file = f1 && f2 && clang_File_isEqual(f1, f2) ? f1 : NULL;
}

/* The main file's tokens, for fe_extent (scan.c sets them once, before any
 * extent is asked: one translation unit a run). The 126 callers of
 * fe_extent would otherwise all pass the context for a case of macros. */
static const fe_ctx *extent_ctx;

void fe_extent_tokens(const fe_ctx *c) { extent_ctx = c; }

/* The end of the macro invocation whose name is at offset at: past its
 * ')' for a function-like one, past the name otherwise. */
static unsigned invocation_end(const fe_ctx *c, unsigned at)
{
    int k = fe_tok_at(c, at);
    if (k >= c->ntoks || c->toks[k].off != at) return at;
    if (k + 1 >= c->ntoks || strcmp(c->toks[k + 1].spell, "(") != 0) return c->toks[k].end;
    int depth = 0;
    for (int j = k + 1; j < c->ntoks; j++) {
        if (!strcmp(c->toks[j].spell, "(")) depth++;
        else if (!strcmp(c->toks[j].spell, ")") && --depth == 0) return c->toks[j].end;
    }
    return c->toks[k].end;
}

/* The operator of a binary node: the first token after its left side. */
const char *fe_op_after(const fe_ctx *c, CXCursor lhs)
{
    unsigned b, e;
    fe_extent(lhs, &b, &e);
    return c->toks[fe_tok_at(c, e)].spell;
}

/* A range whose end lies in a macro's expansion ends where the invocation
 * does: libclang gives the invocation's start, so `t[i] = SCALAR_VAL(0.0)`
 * lost its value (and its rewrite was a gcc error: `= ();`). */
void fe_extent(CXCursor cur, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(cur);
    CXSourceLocation end = clang_getRangeEnd(r);
    *b = fe_offset(clang_getRangeStart(r));
    *e = fe_offset(end);
    if (!extent_ctx) return;
    unsigned so;
    CXFile xf, sf;
    clang_getExpansionLocation(end, &xf, NULL, NULL, e);
    clang_getSpellingLocation(end, &sf, NULL, NULL, &so);
    if (xf && clang_File_isEqual(xf, extent_ctx->file) && (so != *e || !sf || !clang_File_isEqual(xf, sf)))
        *e = invocation_end(extent_ctx, *e);
}

char *fe_text(fe_ctx *c, unsigned b, unsigned e)
{
    if (e > c->srclen)
        e = (unsigned)c->srclen;
    if (b > e)
        b = e;
    return fe_strndup(c->src + b, e - b);
}

int fe_tok_at(const fe_ctx *c, unsigned off)
{
    int lo = 0, hi = c->ntoks;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (c->toks[mid].off < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void fe_line_col(fe_ctx *c, unsigned off, unsigned *line, unsigned *col)
{
    unsigned l = 1, cl = 1;
    for (unsigned i = 0; i < off && i < c->srclen; i++) {
        if (c->src[i] == '\n') {
            l++;
            cl = 1;
        } else {
            cl++;
        }
    }
    *line = l;
    *col = cl;
}

/* A #line directive in the file (a parser generator's output, a literate
 * program's, a preprocessed .i) moves what the compiler calls off's place
 * to its own file and line; messages and the output's #line directives
 * say that place, as gcc's and the debugger's do. */
const char *fe_where(fe_ctx *c, unsigned off, unsigned *line, unsigned *col)
{
    fe_line_col(c, off, line, col);
    if (!c->tu || !c->file)
        return c->path;
    CXString name, own = clang_getFileName(c->file);
    unsigned l, cl;
    clang_getPresumedLocation(clang_getLocationForOffset(c->tu, c->file, off), &name, &l, &cl);
    const char *n = clang_getCString(name), *o = clang_getCString(own);
    const char *at = c->path;
    if (n && o && (l != *line || strcmp(n, o))) {
        *line = l;
        if (strcmp(n, o))
            at = fe_strdup(n);
    }
    clang_disposeString(name);
    clang_disposeString(own);
    return at;
}

unsigned fe_line_start(fe_ctx *c, unsigned off)
{
    while (off > 0 && c->src[off - 1] != '\n')
        off--;
    return off;
}

void fe_add_edit(fe_ctx *c, unsigned b, unsigned e, char *text, int keep_lines)
{
    c->edits = fe_grow(c->edits, sizeof *c->edits, &c->capedits, c->nedits + 1);
    c->edits[c->nedits++] = (fe_edit){b, e, text, keep_lines};
}

int fe_cursor_in(CXCursor cur, CXCursor *set, int n)
{
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(cur, set[i]))
            return 1;
    return 0;
}

typedef struct kids {
    CXCursor *v;
    int n, cap;
} kids;

static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    kids *k = d;
    k->v = fe_grow(k->v, sizeof *k->v, &k->cap, k->n + 1);
    k->v[k->n++] = cur;
    return CXChildVisit_Continue;
}

CXCursor *fe_children(CXCursor cur, int *n)
{
    kids k = {0};
    clang_visitChildren(cur, collect, &k);
    *n = k.n;
    return k.v;
}

int fe_written_at(fe_ctx *c, unsigned b, unsigned e)
{
    static const char *const ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                      "<<=", ">>=", "++", "--", NULL};
    int after = fe_tok_at(c, e), before = fe_tok_at(c, b) - 1;
    for (int i = 0; ops[i] && after < c->ntoks; i++)
        if (!strcmp(c->toks[after].spell, ops[i])) return 1;
    return before >= 0 && (!strcmp(c->toks[before].spell, "++") || !strcmp(c->toks[before].spell, "--"));
}

int fe_array_parm(CXCursor d)
{
    if (clang_getCursorKind(d) == CXCursor_DeclRefExpr) d = clang_getCursorReferenced(d);
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(d)).kind;
    return clang_getCursorKind(d) == CXCursor_ParmDecl &&
           (k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray ||
            k == CXType_DependentSizedArray);
}

int fe_incdec(fe_ctx *c, CXCursor unary)
{
    unsigned b, e;
    fe_extent(unary, &b, &e);
    int first = fe_tok_at(c, b), last = fe_tok_at(c, e) - 1;
    const char *t0 = c->toks[first].spell, *t1 = e > b && last >= 0 ? c->toks[last].spell : "";
    return !strcmp(t0, "++") || !strcmp(t0, "--") || !strcmp(t1, "++") || !strcmp(t1, "--");
}

/* libclang 16 does not say which operator an expression has, and an
 * operator a macro's text holds has no token of this file to read it from.
 * Every operator but a store reads its operands' values, which clang marks
 * by an implicit conversion (an unexposed expression to libclang): an
 * operand without one, an lvalue itself, is stored to or has its address
 * taken. */
static int lvalue_unread(CXCursor x)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(x);
        if (k == CXCursor_DeclRefExpr || k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr)
            return 1;
        int n;
        CXCursor *ch = fe_children(x, &n);
        CXCursor in = n == 1 ? ch[0] : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(in))
            return 0;
        if (k == CXCursor_ParenExpr) {
            x = in;
            continue;
        }
        /* *e: a pointer operand, and the pointee's type (-x, ~x keep their
         * operand's; !p of an int pointer is taken for one) */
        if (k != CXCursor_UnaryOperator)
            return 0;
        CXType pt = clang_getCanonicalType(clang_getCursorType(in));
        return pt.kind == CXType_Pointer &&
               clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(pt)),
                                clang_getCanonicalType(clang_getCursorType(x)));
    }
}

int fe_store_shaped(CXCursor cur)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_CompoundAssignOperator)
        return 1;
    if (k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator)
        return 0;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    int st = n >= 1 && n <= 2 && lvalue_unread(ch[0]);
    free(ch);
    return st;
}

int fe_from_macro(CXCursor cur)
{
    CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(cur));
    unsigned xo, so;
    CXFile xf, sf;
    clang_getExpansionLocation(at, &xf, NULL, NULL, &xo);
    clang_getSpellingLocation(at, &sf, NULL, NULL, &so);
    return xo != so || !xf || !sf || !clang_File_isEqual(xf, sf);
}

/* <math.h> functions whose only effect is errno: a value of them nobody
 * uses need not be computed, and a call of them stores nothing. */
/* End of the logical line starting at off: the first newline not escaped. */
unsigned fe_logical_end(fe_ctx *c, unsigned off)
{
    while (off < c->srclen) {
        if (c->src[off] == '\n') {
            unsigned k = off;
            if (k > 0 && c->src[k - 1] == '\r')
                k--;
            if (k == 0 || c->src[k - 1] != '\\')
                return off;
        }
        off++;
    }
    return off;
}

/* The end of the range of sk (clang_getSkippedRanges) that holds off, or 0
 * when off is not in one. */
unsigned fe_skipped(CXSourceRangeList *sk, unsigned off)
{
    for (unsigned i = 0; sk && i < sk->count; i++) {
        unsigned b = fe_offset(clang_getRangeStart(sk->ranges[i]));
        unsigned e = fe_offset(clang_getRangeEnd(sk->ranges[i]));
        if (off >= b && off < e)
            return e;
    }
    return 0;
}

int fe_pure_math(const char *name)
{
    static const char *const fns[] = {
        "sqrt", "sqrtf", "exp", "expf", "log", "logf", "pow", "powf", "fabs", "fabsf", "tanh",
        "tanhf", "sin", "sinf", "cos", "cosf", "exp2", "exp2f", "log2", "log2f", "log1p", "log1pf",
        "expm1", "expm1f", "cbrt", "cbrtf", "fmax", "fmaxf", "fmin", "fminf", NULL};
    for (int i = 0; fns[i]; i++)
        if (!strcmp(name, fns[i])) return 1;
    return 0;
}

CXCursor fe_strip(CXCursor cur)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(cur);
        if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
            return cur;
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n != 1) {
            free(ch);
            return cur;
        }
        cur = ch[0];
        free(ch);
    }
}

int fe_int_const(CXCursor e, long long *v)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    int ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok && v)
        *v = clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return ok;
}

int fe_cursor_add(CXCursor **set, int *n, int *cap, CXCursor x)
{
    if (fe_cursor_in(x, *set, *n))
        return 0;
    *set = fe_grow(*set, sizeof **set, cap, *n + 1);
    (*set)[(*n)++] = x;
    return 1;
}

int fe_operand_end(const fe_token *t)
{
    return t->kind == CXToken_Identifier || t->kind == CXToken_Literal ||
           !strcmp(t->spell, ")") || !strcmp(t->spell, "]");
}

int fe_tok_written(const fe_ctx *c, int k, int k0)
{
    static const char *const wr[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                     "<<=", ">>=", "++", "--", NULL};
    const fe_token *T = c->toks;
    if (k > k0 && (!strcmp(T[k - 1].spell, "++") || !strcmp(T[k - 1].spell, "--") ||
                   (!strcmp(T[k - 1].spell, "&") && !fe_operand_end(&T[k - 2]))))
        return 1;
    for (int w = 0; wr[w] && k + 1 < c->ntoks; w++)
        if (!strcmp(T[k + 1].spell, wr[w]))
            return 1;
    return 0;
}
