/*
 * array_parms.c - a function's parameters declared as arrays become the
 * pointers they are, before the file is analyzed.
 *
 * C adjusts `double x[]`, `double x[N]` and `double a[M][N]` parameters to
 * `double *x` and `double (*a)[N]`, but libclang reports the types as
 * written, and the captures, reconnaissance and environment of a loop that
 * uses them need pointers (a C89 program declares every vector that way).
 * So the functions of the main file that hold a parallel loop are
 * rewritten as C reads them (their definitions and prototypes there; the
 * glue silences gcc's -Warray-parameter for one in a header), and the
 * file parsed again; each edit keeps its newlines, so lines (and the
 * columns of every other line) are the user's. A bracket that holds a
 * qualifier or `static` (`double x[static 4]`) is left as written, as are
 * a parameter whose name or dimensions a macro makes.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

typedef struct edit {
    unsigned b, e;
    char *text;
} edit;

typedef struct scan {
    CXTranslationUnit tu;
    CXFile file;
    const char *src;
    edit *v;
    int n, cap;
} scan;

static int array_kind(CXType t)
{
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* The edit of one parameter: `name [...]` -> `*name`, or `(*name)` before
 * the dimensions after the first. */
static void parm(scan *s, CXCursor p)
{
    CXSourceRange r = clang_getCursorExtent(p);
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(s->tu, r, &t, &n);
    char *name = fe_cxstr(clang_getCursorSpelling(p));
    int at = -1;
    for (unsigned k = 0; k + 1 < n && at < 0; k++) {
        CXString a = clang_getTokenSpelling(s->tu, t[k]), b = clang_getTokenSpelling(s->tu, t[k + 1]);
        if (clang_getTokenKind(t[k]) == CXToken_Identifier && !strcmp(clang_getCString(a), name) &&
            !strcmp(clang_getCString(b), "["))
            at = (int)k;
        clang_disposeString(a);
        clang_disposeString(b);
    }
    unsigned close = 0, more = 0, ok = at >= 0;
    int depth = 0;
    for (unsigned k = at >= 0 ? (unsigned)at + 1 : n; k < n && ok; k++) {
        CXString sp = clang_getTokenSpelling(s->tu, t[k]);
        const char *x = clang_getCString(sp);
        if (!strcmp(x, "["))
            depth++;
        else if (!strcmp(x, "]") && --depth == 0 && !close)
            close = k;
        else if (!close && clang_getTokenKind(t[k]) == CXToken_Keyword && strcmp(x, "sizeof"))
            ok = 0; /* static, const, restrict inside the first bracket */
        if (close && k == close + 1 && !strcmp(x, "["))
            more = 1;
        clang_disposeString(sp);
    }
    /* the dimensions after the first, from the type; the tokens must
     * agree (a macro's `[M]` after the name is not edited) */
    CXType et = clang_getCanonicalType(clang_getArrayElementType(clang_getCanonicalType(clang_getCursorType(p))));
    int rows = array_kind(et);
    if (ok && close && rows != (int)more)
        ok = 0;
    if (ok && close) {
        CXSourceLocation lb = clang_getTokenLocation(s->tu, t[at]);
        CXSourceRange rc = clang_getTokenExtent(s->tu, t[close]);
        CXFile f1;
        unsigned b, e;
        clang_getFileLocation(lb, &f1, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(rc), NULL, NULL, NULL, &e);
        if (clang_File_isEqual(f1, s->file)) {
            /* brackets over several lines keep their newlines: the lines
             * after stay the user's */
            fe_buf nl = {0};
            for (unsigned q = b; q < e; q++)
                if (s->src[q] == '\n')
                    fe_buf_puts(&nl, "\n");
            s->v = fe_grow(s->v, sizeof *s->v, &s->cap, s->n + 1);
            s->v[s->n++] = (edit){b, e, fe_fmt(more ? "(*%s)%s" : "*%s%s", name, nl.p ? nl.p : "")};
            free(nl.p);
        }
    }
    free(name);
    clang_disposeTokens(s->tu, t, n);
}

/* Does the function's definition hold a '#pragma strads' (only the
 * functions with parallel loops are edited, and their prototypes here:
 * gcc's -Warray-parameter compares the forms)? */
static int has_pragma(scan *s, CXCursor fn)
{
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def))
        return 0;
    unsigned b, e;
    CXSourceRange r = clang_getCursorExtent(def);
    CXFile f;
    clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
    if (!f || !clang_File_isEqual(f, s->file) || e <= b)
        return 0;
    const char *at = s->src + b;
    for (const char *q = at; q + 14 <= s->src + e; q++)
        if (*q == '#' && !strncmp(q, "#pragma strads", 14))
            return 1;
    return 0;
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    scan *s = d;
    CXFile f;
    clang_getFileLocation(clang_getCursorLocation(cur), &f, NULL, NULL, NULL);
    if (!f || !clang_File_isEqual(f, s->file))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(cur) == CXCursor_FunctionDecl && has_pragma(s, cur)) {
        int n = clang_Cursor_getNumArguments(cur);
        for (int i = 0; i < n; i++) {
            CXCursor p = clang_Cursor_getArgument(cur, (unsigned)i);
            if (array_kind(clang_getCursorType(p)))
                parm(s, p);
        }
    }
    return CXChildVisit_Continue;
}

static int by_offset(const void *a, const void *b)
{
    const edit *x = a, *y = b;
    return x->b < y->b ? -1 : x->b > y->b;
}

char *fe_array_parms(CXTranslationUnit tu, CXFile file, const char *src, size_t len, size_t *out_len)
{
    scan s = {tu, file, src, NULL, 0, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &s);
    if (!s.n)
        return NULL;
    qsort(s.v, (size_t)s.n, sizeof *s.v, by_offset);
    fe_buf o = {0};
    size_t at = 0;
    for (int i = 0; i < s.n; i++) {
        if (s.v[i].b < at || s.v[i].e > len)
            continue; /* overlapping: leave it */
        fe_buf_put(&o, src + at, s.v[i].b - at);
        fe_buf_puts(&o, s.v[i].text);
        at = s.v[i].e;
    }
    fe_buf_put(&o, src + at, len - at);
    for (int i = 0; i < s.n; i++)
        free(s.v[i].text);
    free(s.v);
    *out_len = o.len;
    return o.p;
}
