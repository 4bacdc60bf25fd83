/*
 * index_macros.c - function-like macros that compute a value from their
 * arguments (`#define IDX(i, j) ((i) * N + (j))`, `#define X(i, j)
 * x[(i) * D + (j)]`) are expanded where a parallel loop uses them, before
 * the file is analyzed.
 *
 * The captures, the proofs that an iteration owns its element and the
 * reconnaissance copy read a subscript's operators from the file's tokens;
 * a macro's expansion has none there (libclang 16 gives no operator of a
 * binary node), so `C[IDX(i, j)]` defeated every proof and range: correct,
 * never parallel, and a store a macro spells was refused. Expanded as the
 * preprocessor would, the text says the same to the compiler and shows its
 * operators to the analysis. Only macros of the main file, defined once,
 * whose replacement is an expression (identifiers, literals, operators and
 * brackets: no assignment, statement, `#` or `##`, no function-like macro
 * of the file), invoked on one line outside a directive: every line keeps
 * its number (a diagnostic's column on such a line counts the expanded
 * text). Arguments are expanded first, as the preprocessor does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

typedef struct span { unsigned b, e; } span; /* bytes of the file */

typedef struct mdef {
    char *name;
    unsigned at; /* where the definition's name is */
    int fnlike, nparams, ok;
    char **params;
    char **body; /* the replacement's tokens */
    int nbody;
} mdef;

typedef struct expn {
    unsigned b, e; /* the invocation's bytes, NAME ( ... ) */
    int def;       /* -1: a macro left as written (a header's, or not plain) */
    int nargs;
    span *arg; /* each argument's bytes */
    int caparg;
} expn;

typedef struct scan {
    CXTranslationUnit tu;
    CXFile file;
    const char *src;
    size_t len;
    mdef *d;
    int nd, capd;
    expn *x;
    int nx, capx;
    span *loop; /* the parallel loops (their for statements) */
    int nloop, caploop;
} scan;

static void offsets(CXSourceRange r, CXFile *f, unsigned *b, unsigned *e)
{
    clang_getFileLocation(clang_getRangeStart(r), f, NULL, NULL, b);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, e);
}

static int find_def(const scan *s, const char *name)
{
    for (int i = 0; i < s->nd; i++)
        if (!strcmp(s->d[i].name, name))
            return i;
    return -1;
}

/* May a replacement token stand in an expression the analysis reads? */
static int plain_token(CXTokenKind k, const char *t)
{
    if (k == CXToken_Comment)
        return 0;
    if (k == CXToken_Literal)
        return t[0] != '"' && !(t[0] == 'L' && t[1] == '"');
    if (k != CXToken_Punctuation)
        return 1;
    static const char *const bad[] = {"=",  "+=", "-=", "*=", "/=", "%=",  "&=",  "|=", "^=",
                                      "<<=", ">>=", "++", "--", ";",  "{",  "}",  "#",  "##",
                                      "...", NULL};
    for (int i = 0; bad[i]; i++)
        if (!strcmp(t, bad[i]))
            return 0;
    return 1;
}

static void definition(scan *s, CXCursor cur)
{
    char *name = fe_cxstr(clang_getCursorSpelling(cur));
    int at = find_def(s, name);
    if (at >= 0) { /* defined twice (#undef, #if branches): which one holds is not plain */
        s->d[at].ok = 0;
        free(name);
        return;
    }
    s->d = fe_grow(s->d, sizeof *s->d, &s->capd, s->nd + 1);
    mdef *m = &s->d[s->nd++];
    memset(m, 0, sizeof *m);
    m->name = name;
    clang_getFileLocation(clang_getCursorLocation(cur), NULL, NULL, NULL, &m->at);
    m->fnlike = clang_Cursor_isMacroFunctionLike(cur);
    if (!m->fnlike)
        return;
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(s->tu, clang_getCursorExtent(cur), &t, &n);
    unsigned k = 2; /* NAME ( */
    int ok = n >= 3, params_done = 0;
    for (; k < n && ok && !params_done; k++) {
        char *x = fe_cxstr(clang_getTokenSpelling(s->tu, t[k]));
        if (!strcmp(x, ")")) {
            params_done = 1;
        } else if (clang_getTokenKind(t[k]) == CXToken_Identifier) {
            m->params = realloc(m->params, (size_t)(m->nparams + 1) * sizeof *m->params);
            m->params[m->nparams++] = fe_strdup(x);
        } else if (strcmp(x, ",")) {
            ok = 0; /* `...` */
        }
        free(x);
    }
    ok = ok && params_done && k < n;
    int depth = 0;
    for (; k < n && ok; k++) {
        char *x = fe_cxstr(clang_getTokenSpelling(s->tu, t[k]));
        CXTokenKind kind = clang_getTokenKind(t[k]);
        ok = plain_token(kind, x) && strcmp(x, "__VA_ARGS__") && strcmp(x, name);
        if (!strcmp(x, "(") || !strcmp(x, "["))
            depth++;
        else if (!strcmp(x, ")") || !strcmp(x, "]"))
            ok = ok && --depth >= 0;
        m->body = realloc(m->body, (size_t)(m->nbody + 1) * sizeof *m->body);
        m->body[m->nbody++] = x;
    }
    m->ok = ok && depth == 0 && m->nbody > 0;
    clang_disposeTokens(s->tu, t, n);
}

/* Is offset b on a directive's line (a '#' first on it)? */
static int in_directive(const scan *s, unsigned b)
{
    unsigned q = b;
    while (q > 0 && s->src[q - 1] != '\n')
        q--;
    while (q < b && (s->src[q] == ' ' || s->src[q] == '\t'))
        q++;
    return s->src[q] == '#';
}

static int in_loop(const scan *s, unsigned b, unsigned e)
{
    for (int i = 0; i < s->nloop; i++)
        if (b >= s->loop[i].b && e <= s->loop[i].e)
            return 1;
    return 0;
}

static void expansion(scan *s, CXCursor cur)
{
    CXFile f;
    unsigned b, e;
    offsets(clang_getCursorExtent(cur), &f, &b, &e);
    if (!f || !clang_File_isEqual(f, s->file) || e <= b || e > s->len || in_directive(s, b) ||
        !in_loop(s, b, e))
        return;
    char *name = fe_cxstr(clang_getCursorSpelling(cur));
    int d = find_def(s, name);
    free(name);
    /* the definition in force here, by place: a header's of the same name
     * before the file's #undef is not the file's */
    CXCursor def = clang_getCursorReferenced(cur);
    CXFile df = NULL;
    unsigned dat = 0;
    if (!clang_Cursor_isNull(def))
        clang_getFileLocation(clang_getCursorLocation(def), &df, NULL, NULL, &dat);
    if (d >= 0 && (!df || !clang_File_isEqual(df, s->file) || dat != s->d[d].at))
        d = -1;
    if (d < 0 || !s->d[d].ok || memchr(s->src + b, '\n', e - b)) {
        /* left as written: what its arguments hold stays too (a # in its
         * replacement would spell the expansion: assert's message) */
        s->x = fe_grow(s->x, sizeof *s->x, &s->capx, s->nx + 1);
        s->x[s->nx++] = (expn){.b = b, .e = e, .def = -1};
        return;
    }
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(s->tu, clang_getCursorExtent(cur), &t, &n);
    expn x = {.b = b, .e = e, .def = d};
    int ok = n >= 3, depth = 0;
    unsigned start = 0;
    for (unsigned k = 1; k < n && ok; k++) {
        char *sp = fe_cxstr(clang_getTokenSpelling(s->tu, t[k]));
        CXFile tf;
        unsigned tb, te;
        offsets(clang_getTokenExtent(s->tu, t[k]), &tf, &tb, &te);
        if (k == 1) {
            ok = !strcmp(sp, "(");
            depth = 1;
            start = te;
        } else if (!strcmp(sp, "(")) {
            depth++;
        } else if ((!strcmp(sp, ",") && depth == 1) || (!strcmp(sp, ")") && depth == 1)) {
            /* an argument: its bytes, blanks trimmed */
            unsigned ab = start, ae = tb;
            while (ab < ae && (s->src[ab] == ' ' || s->src[ab] == '\t'))
                ab++;
            while (ae > ab && (s->src[ae - 1] == ' ' || s->src[ae - 1] == '\t'))
                ae--;
            if (ab < ae || s->d[d].nparams > 0 || strcmp(sp, ")")) {
                x.arg = fe_grow(x.arg, sizeof *x.arg, &x.caparg, x.nargs + 1);
                x.arg[x.nargs++] = (span){ab, ae};
                ok = ab < ae;
            }
            start = te;
            if (!strcmp(sp, ")")) {
                depth = 0;
                ok = ok && k == n - 1;
            }
        } else if (!strcmp(sp, ")")) {
            depth--;
        }
        free(sp);
    }
    clang_disposeTokens(s->tu, t, n);
    if (ok && depth == 0 && x.nargs == s->d[d].nparams) {
        s->x = fe_grow(s->x, sizeof *s->x, &s->capx, s->nx + 1);
        s->x[s->nx++] = x;
    } else {
        free(x.arg);
    }
}

/* The for statement that starts first after offset at: a pragma's loop. */
typedef struct next_for { unsigned at, b, e; } next_for;

static enum CXChildVisitResult find_for(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    next_for *n = d;
    unsigned b, e;
    offsets(clang_getCursorExtent(cur), NULL, &b, &e);
    if (e <= n->at)
        return CXChildVisit_Continue;
    if (clang_getCursorKind(cur) == CXCursor_ForStmt && b > n->at && b < n->b) {
        n->b = b;
        n->e = e;
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* The loops of a function definition that its '#pragma strads async_for'
 * and 'sync_for' lines mark. */
static void function(scan *s, CXCursor cur)
{
    if (!clang_isCursorDefinition(cur))
        return;
    CXFile f;
    unsigned b, e;
    offsets(clang_getCursorExtent(cur), &f, &b, &e);
    if (!f || !clang_File_isEqual(f, s->file) || e <= b || e > s->len)
        return;
    for (const char *q = s->src + b; q + 14 <= s->src + e; q++) {
        if (*q != '#' || strncmp(q, "#pragma strads", 14))
            continue;
        const char *w = q + 14;
        while (*w == ' ' || *w == '\t')
            w++;
        if (strncmp(w, "async_for", 9) && strncmp(w, "sync_for", 8))
            continue;
        next_for n = {(unsigned)(q - s->src), UINT32_MAX, 0};
        clang_visitChildren(cur, find_for, &n);
        if (n.e > n.b) {
            s->loop = fe_grow(s->loop, sizeof *s->loop, &s->caploop, s->nloop + 1);
            s->loop[s->nloop++] = (span){n.b, n.e};
        }
    }
}

static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    scan *s = d;
    CXFile f;
    clang_getFileLocation(clang_getCursorLocation(cur), &f, NULL, NULL, NULL);
    if (!f || !clang_File_isEqual(f, s->file))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_MacroDefinition)
        definition(s, cur);
    else if (k == CXCursor_FunctionDecl)
        function(s, cur);
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_uses(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(cur) == CXCursor_MacroExpansion)
        expansion(d, cur);
    return CXChildVisit_Continue;
}

static void render(const scan *s, unsigned b, unsigned e, fe_buf *o);

/* Invocation x as the preprocessor expands it: the replacement's tokens,
 * each parameter replaced by its argument (itself expanded), apart. */
static void expand(const scan *s, const expn *x, fe_buf *o)
{
    const mdef *m = &s->d[x->def];
    for (int k = 0; k < m->nbody; k++) {
        int p = 0;
        while (p < m->nparams && strcmp(m->params[p], m->body[k]))
            p++;
        if (k)
            fe_buf_puts(o, " ");
        if (p < m->nparams)
            render(s, x->arg[p].b, x->arg[p].e, o);
        else
            fe_buf_puts(o, m->body[k]);
    }
}

static int joins(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           strchr("+-*/%<>=&|^!.#:", c) != NULL;
}

/* The bytes [b, e) with the invocations inside them expanded. */
static void render(const scan *s, unsigned b, unsigned e, fe_buf *o)
{
    unsigned at = b;
    for (int i = 0; i < s->nx; i++) {
        const expn *x = &s->x[i];
        if (x->b < at || x->e > e)
            continue; /* outside, or inside one rendered already */
        if (x->def < 0) { /* copied as written, with what it holds */
            fe_buf_put(o, s->src + at, x->e - at);
            at = x->e;
            continue;
        }
        fe_buf_put(o, s->src + at, x->b - at);
        /* apart from a neighbour it could join (a - -b, x +MACRO): the
         * column of what follows on the line moves only then */
        if (x->b > 0 && joins(s->src[x->b - 1]))
            fe_buf_puts(o, " ");
        expand(s, x, o);
        if (x->e < s->len && joins(s->src[x->e]))
            fe_buf_puts(o, " ");
        at = x->e;
    }
    fe_buf_put(o, s->src + at, e - at);
}

static int by_offset(const void *a, const void *b)
{
    const expn *x = a, *y = b;
    return x->b < y->b ? -1 : x->b > y->b ? 1 : (x->e > y->e) - (x->e < y->e);
}

char *fe_index_macros(CXTranslationUnit tu, CXFile file, const char *src, size_t len, size_t *out_len)
{
    scan s = {.tu = tu, .file = file, .src = src, .len = len};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &s);
    for (int i = 0; i < s.nd; i++) /* a function-like macro in a replacement: not plain */
        for (int k = 0; k < s.d[i].nbody && s.d[i].ok; k++) {
            int j = find_def(&s, s.d[i].body[k]);
            if (j >= 0 && s.d[j].fnlike)
                s.d[i].ok = 0;
        }
    if (s.nloop)
        clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_uses, &s);
    int any = 0;
    for (int i = 0; i < s.nx; i++)
        any |= s.x[i].def >= 0;
    char *out = NULL;
    if (any) {
        qsort(s.x, (size_t)s.nx, sizeof *s.x, by_offset);
        fe_buf o = {0};
        render(&s, 0, (unsigned)len, &o);
        *out_len = o.len;
        out = o.p;
    }
    for (int i = 0; i < s.nd; i++) {
        free(s.d[i].name);
        for (int k = 0; k < s.d[i].nparams; k++)
            free(s.d[i].params[k]);
        for (int k = 0; k < s.d[i].nbody; k++)
            free(s.d[i].body[k]);
        free(s.d[i].params);
        free(s.d[i].body);
    }
    for (int i = 0; i < s.nx; i++) {
        free(s.x[i].arg);
    }
    free(s.d);
    free(s.x);
    free(s.loop);
    return out;
}
