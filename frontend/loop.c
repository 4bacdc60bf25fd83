/*
 * frontend/loop.c - pass 3: bind each async_for / sync_for pragma to the `for`
 * statement after it and check that the loop can run in parallel as written.
 *
 * Accepted shape (the iteration count must be known at loop entry):
 *
 *   for (T i = lo; i < hi; i++)      also  i <= hi,  i != hi,  ++i,  i += 1
 *   for (i = lo; i < hi; i++)        i declared before the loop
 *
 * The header is read from the file's tokens; the body must not leave the loop
 * (break, return, goto to an outer label) because iterations run on other
 * threads and nodes with nowhere to return to. A `continue` at the top level
 * of the body is fine: the outlined body keeps the user's text inside its own
 * `for`, so `continue` moves to the next iteration there too.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

static int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }

static const char *NONCANON_HINT =
    "write the loop as 'for (T i = lo; i < hi; i++)' (also <=, != and i += 1); a strided or "
    "downward loop counts its steps instead: 'for (p = 0; p < n / 2; p++) { i = 2 * p; ... }'";

static void nonca(fe_ctx *c, fe_site *s, unsigned off, const char *what)
{
    fe_error(c, off, NONCANON_HINT, "parallel loop is not in canonical form: %s", what);
    s->kind = 0;
}

/* Parses the header tokens [a, rp) of `for ( ... )`. */
static int header(fe_ctx *c, fe_site *s, int a, int rp)
{
    fe_token *T = c->toks;
    int semi[2], ns = 0, depth = 0;
    for (int k = a; k < rp; k++) {
        if (is(&T[k], "(") || is(&T[k], "["))
            depth++;
        else if (is(&T[k], ")") || is(&T[k], "]"))
            depth--;
        else if (depth == 0 && is(&T[k], ";") && ns < 2)
            semi[ns++] = k;
    }
    if (ns != 2) {
        nonca(c, s, T[a].off, "expected 'init; condition; increment'");
        return 0;
    }
    /* init: [type...] ivar = lo */
    int eq = -1;
    depth = 0;
    for (int k = a; k < semi[0]; k++) {
        if (is(&T[k], "(") || is(&T[k], "["))
            depth++;
        else if (is(&T[k], ")") || is(&T[k], "]"))
            depth--;
        else if (depth == 0 && is(&T[k], ",")) {
            nonca(c, s, T[k].off, "one loop variable only");
            return 0;
        } else if (depth == 0 && eq < 0 && is(&T[k], "="))
            eq = k;
    }
    if (eq < a + 1 || T[eq - 1].kind != CXToken_Identifier || eq + 1 >= semi[0]) {
        nonca(c, s, T[a].off, "the loop must start with 'T i = lo' or 'i = lo'");
        return 0;
    }
    fe_token *iv = &T[eq - 1];
    s->ivar = iv->spell;
    s->ivar_declared = eq - 1 > a;
    s->lo = fe_text(c, T[eq + 1].off, T[semi[0]].off);
    s->lo_b = T[eq + 1].off;
    s->lo_e = T[semi[0]].off;
    CXCursor ic = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, iv->off));
    if (clang_getCursorKind(ic) == CXCursor_DeclRefExpr)
        ic = clang_getCursorReferenced(ic);
    if (clang_getCursorKind(ic) != CXCursor_VarDecl) {
        nonca(c, s, iv->off, "cannot find the loop variable's declaration");
        return 0;
    }
    s->ivar_decl = ic;
    CXType ty = clang_getCanonicalType(clang_getCursorType(ic));
    if (!((ty.kind >= CXType_Bool && ty.kind <= CXType_Int128) || ty.kind == CXType_Enum)) {
        nonca(c, s, iv->off, "the loop variable must have an integer type");
        return 0;
    }
    if (s->ivar_declared)
        s->itype = fe_text(c, T[a].off, iv->off);
    else
        s->itype = fe_cxstr(clang_getTypeSpelling(clang_getCursorType(ic)));
    /* trim the type text */
    size_t n = strlen(s->itype);
    while (n > 0 && (s->itype[n - 1] == ' ' || s->itype[n - 1] == '\t' || s->itype[n - 1] == '\n'))
        s->itype[--n] = 0;

    /* condition: i < hi | i <= hi | i != hi */
    int k = semi[0] + 1;
    if (k + 2 > semi[1] || !is(&T[k], s->ivar) ||
        !(is(&T[k + 1], "<") || is(&T[k + 1], "<=") || is(&T[k + 1], "!="))) {
        nonca(c, s, T[k].off, "the condition must be 'i < hi', 'i <= hi' or 'i != hi'");
        return 0;
    }
    /* hi is one operand: `i < n && v[i] < 12` would make hi `n && v[i] < 12`,
     * evaluated once at loop entry where i does not exist. */
    static const char *const lower[] = {"&&", "||", "?", ":", ",", "<", ">", "<=", ">=", "==",
                                        "!=", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                                        "^=", "<<=", ">>=", NULL};
    depth = 0;
    for (int j = k + 2; j < semi[1]; j++) {
        if (is(&T[j], "(") || is(&T[j], "["))
            depth++;
        else if (is(&T[j], ")") || is(&T[j], "]"))
            depth--;
        if (is(&T[j], s->ivar)) {
            fe_error(c, T[j].off, "the bound is evaluated once, at loop entry; stop "
                                  "iterations early with 'if (...) continue;' in the body",
                     "parallel loop is not in canonical form: the bound uses the loop variable");
            s->kind = 0;
            return 0;
        }
        for (int o = 0; depth == 0 && lower[o]; o++)
            if (is(&T[j], lower[o])) {
                fe_error(c, T[j].off, "the condition must be one comparison 'i < hi'; a loop "
                                      "that stops at the first iteration failing a test runs "
                                      "only in order: find that bound before the loop, then "
                                      "loop up to it ('if (...) continue;' in the body would "
                                      "skip failing iterations, not stop at the first)",
                         "parallel loop is not in canonical form: the condition has more "
                         "than one test");
                s->kind = 0;
                return 0;
            }
    }
    s->hi_incl = is(&T[k + 1], "<=");
    s->hi_ne = is(&T[k + 1], "!=");
    s->hi = fe_text(c, T[k + 2].off, T[semi[1]].off);
    s->hi_b = T[k + 2].off;
    s->hi_e = T[semi[1]].off;

    /* increment: i++ | ++i | i += 1 | i = i + 1 | i = 1 + i (lavaMD) */
    k = semi[1] + 1;
    int m = rp - k;
    int ok = (m == 2 && ((is(&T[k], s->ivar) && is(&T[k + 1], "++")) ||
                         (is(&T[k], "++") && is(&T[k + 1], s->ivar)))) ||
             (m == 3 && is(&T[k], s->ivar) && is(&T[k + 1], "+=") && is(&T[k + 2], "1")) ||
             (m == 5 && is(&T[k], s->ivar) && is(&T[k + 1], "=") && is(&T[k + 3], "+") &&
              ((is(&T[k + 2], s->ivar) && is(&T[k + 4], "1")) ||
               (is(&T[k + 2], "1") && is(&T[k + 4], s->ivar))));
    if (!ok) {
        nonca(c, s, k < rp ? T[k].off : T[rp].off,
              "the increment must be 'i++', '++i', 'i += 1' or 'i = i + 1'");
        return 0;
    }
    return 1;
}

static CXCursor var_at(fe_ctx *c, unsigned off)
{
    CXCursor r = clang_getCursorReferenced(
        clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, off)));
    return clang_getCursorKind(r) == CXCursor_VarDecl || clang_getCursorKind(r) == CXCursor_ParmDecl
               ? r
               : clang_getNullCursor();
}

/* Is the `&` at token a the address of an element of an array a pointer
 * member points to, `&ds->images[i]`, or of something in it? Then passing it changes no variable of a bound
 * `ds->size` (a function given the element may write the element). */
static int addr_beyond(fe_ctx *c, int a)
{
    CXCursor u = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, c->toks[a].off));
    if (clang_getCursorKind(u) != CXCursor_UnaryOperator)
        return 0;
    int n;
    CXCursor *ch = fe_children(u, &n);
    CXCursor x = n == 1 ? fe_strip(ch[0]) : clang_getNullCursor();
    free(ch);
    while (!clang_Cursor_isNull(x)) {
        enum CXCursorKind k = clang_getCursorKind(x);
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
            return 0;
        CXCursor *xs = fe_children(x, &n);
        CXCursor base = n >= 1 ? fe_strip(xs[0]) : clang_getNullCursor();
        free(xs);
        if (clang_Cursor_isNull(base))
            return 0;
        /* an element of an array a pointer member points to (not a member
         * reached through one: `&ds->hdr->size` may be the bound's own) */
        if (k == CXCursor_ArraySubscriptExpr && clang_getCursorKind(base) == CXCursor_MemberRefExpr &&
            clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
            return 1;
        x = base;
    }
    return 0;
}

/* The sequential loop reads its bound before every iteration; the parallel
 * one once, at entry (as OpenMP's). A body that assigns a variable of the
 * bound would stop the sequential loop where the parallel one runs on:
 * refused, at the assignment. */
static int bound_assigned(fe_ctx *c, fe_site *s)
{
    fe_token *T = c->toks;
    for (int h = fe_tok_at(c, s->hi_b); h < c->ntoks && T[h].off < s->hi_e; h++) {
        if (T[h].kind != CXToken_Identifier)
            continue;
        CXCursor v = var_at(c, T[h].off);
        if (clang_Cursor_isNull(v))
            continue;
        int k0 = fe_tok_at(c, s->body_begin);
        for (int k = k0; k < c->ntoks && T[k].off < s->body_end; k++) {
            if (!is(&T[k], T[h].spell))
                continue;
            if (fe_tok_written(c, k, k0) && clang_equalCursors(var_at(c, T[k].off), v) &&
                !(k > k0 && is(&T[k - 1], "&") && addr_beyond(c, k - 1))) {
                fe_error(c, T[k].off,
                         "the sequential loop re-reads its bound before every iteration, a "
                         "parallel loop once at entry; keep the bound's variables unchanged in "
                         "the body, and stop iterations early with 'if (...) continue;'",
                         "the body changes '%s', which the loop's condition reads",
                         T[h].spell);
                s->kind = 0;
                return 1;
            }
        }
    }
    return 0;
}

typedef struct flow {
    fe_ctx *c;
    fe_site *s;
    int loops, switches;
} flow;

static enum CXChildVisitResult flow_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    flow *f = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    switch (clang_getCursorKind(cur)) {
    case CXCursor_BreakStmt:
        if (!f->loops && !f->switches)
            fe_error(f->c, b, "iterations run in parallel and cannot stop the loop; "
                              "skip the rest of an iteration with 'continue'",
                     "'break' leaves a parallel loop body");
        return CXChildVisit_Continue;
    case CXCursor_ReturnStmt:
        fe_error(f->c, b, "skip the rest of an iteration with 'continue'",
                 "'return' inside a parallel loop body");
        return CXChildVisit_Continue;
    case CXCursor_GotoStmt: {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        unsigned lb = 0, le = 0;
        if (n > 0) {
            CXCursor lab = clang_getCursorReferenced(ch[0]);
            fe_extent(lab, &lb, &le);
        }
        free(ch);
        if (!(lb >= f->s->body_begin && lb < f->s->body_end))
            fe_error(f->c, b, "a parallel body may jump only to labels inside it",
                     "'goto' leaves a parallel loop body");
        return CXChildVisit_Continue;
    }
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
        f->loops++;
        clang_visitChildren(cur, flow_visit, f);
        f->loops--;
        return CXChildVisit_Continue;
    case CXCursor_SwitchStmt:
        f->switches++;
        clang_visitChildren(cur, flow_visit, f);
        f->switches--;
        return CXChildVisit_Continue;
    default:
        return CXChildVisit_Recurse;
    }
}

typedef struct fns {
    fe_ctx *c;
    CXCursor *v;
    int n, cap;
} fns;

static enum CXChildVisitResult fn_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    fns *f = d;
    if (clang_getCursorKind(cur) == CXCursor_FunctionDecl && clang_isCursorDefinition(cur) &&
        fe_in_main(f->c, clang_getCursorLocation(cur))) {
        f->v = fe_grow(f->v, sizeof *f->v, &f->cap, f->n + 1);
        f->v[f->n++] = cur;
    }
    return CXChildVisit_Continue;
}

/*
 * Does a for statement made by a macro start at off? at is the cursor
 * there: the macro's expansion (the parse keeps a preprocessing record,
 * main.c), whose definition spells `for`, or a for statement whose
 * expansion begins there (itself, or a statement of the block it is).
 */
static int macro_for(fe_ctx *c, CXCursor at, unsigned off)
{
    if (clang_getCursorKind(at) == CXCursor_MacroExpansion) {
        CXCursor def = clang_getCursorReferenced(at);
        CXToken *t = NULL;
        unsigned n = 0;
        int found = 0;
        if (!clang_Cursor_isNull(def))
            clang_tokenize(c->tu, clang_getCursorExtent(def), &t, &n);
        for (unsigned i = 0; i < n && !found; i++) {
            CXString sp = clang_getTokenSpelling(c->tu, t[i]);
            found = clang_getTokenKind(t[i]) == CXToken_Keyword &&
                    !strcmp(clang_getCString(sp), "for");
            clang_disposeString(sp);
        }
        if (t)
            clang_disposeTokens(c->tu, t, n);
        return found;
    }
    if (clang_getCursorKind(at) == CXCursor_ForStmt)
        return 1;
    int n, found = 0;
    CXCursor *ch = fe_children(at, &n);
    for (int i = 0; i < n; i++) {
        unsigned b, e;
        fe_extent(ch[i], &b, &e);
        found |= clang_getCursorKind(ch[i]) == CXCursor_ForStmt && b == off;
    }
    free(ch);
    return found;
}

/* The first token after the pragma that is not on a directive line or a
 * comment: the pragma may be one arm of an #ifdef whose #else / #endif
 * lines (and the skipped arm) stand between it and the loop, or a comment
 * may say what the loop does, as compilers accept. */
static int after_directives(fe_ctx *c, unsigned off)
{
    fe_token *T = c->toks;
    int j = fe_tok_at(c, off);
    CXSourceRangeList *sk = clang_getSkippedRanges(c->tu, c->file);
    for (;;) {
        unsigned end = j < c->ntoks ? fe_skipped(sk, T[j].off) : 0;
        if (end) { /* past the text of an arm the preprocessor skipped */
            j = fe_tok_at(c, end);
            continue;
        }
        if (j < c->ntoks && T[j].kind == CXToken_Comment) {
            j++;
            continue;
        }
        if (j >= c->ntoks || !is(&T[j], "#") || (j > 0 && T[j - 1].line == T[j].line))
            break;
        j = fe_tok_at(c, fe_logical_end(c, T[j].off)); /* past the directive */
    }
    if (sk)
        clang_disposeSourceRangeList(sk);
    return j;
}

/*
 * Does a conditional of the preprocessor (#if, #ifdef ... #else ... #endif)
 * cross the loop's extent? An unbraced body ends at its statement, so the
 * branch not taken and the #endif lay past it: the loop became a call, the
 * #else and #endif stayed behind it, and gcc failed in the file and the
 * glue. Refused, with the braces that keep the conditional whole.
 */
static int split_by_directive(fe_ctx *c, fe_site *s, int first)
{
    const fe_token *T = c->toks;
    int depth = 0, bad = 0;
    unsigned at = 0;
    for (int k = first; k + 1 < c->ntoks && T[k].off < s->for_end && !bad; k++) {
        if (!is(&T[k], "#") || (k > 0 && T[k - 1].line == T[k].line)) continue;
        const fe_token *d = &T[k + 1];
        if (is(d, "if") || is(d, "ifdef") || is(d, "ifndef"))
            depth++;
        else if (is(d, "endif"))
            bad = --depth < 0;
        else if (is(d, "else") || is(d, "elif") || is(d, "elifdef") || is(d, "elifndef"))
            bad = depth == 0;
        at = T[k].off;
    }
    if (!bad && !depth) return 0;
    fe_error(c, at, "put the loop's body in braces, { ... }, with the #if ... #endif inside them",
             "a preprocessor conditional crosses the end of the parallel loop's body");
    s->kind = 0;
    return 1;
}

static void bind(fe_ctx *c, fe_site *s, fns *f)
{
    int j = after_directives(c, s->prag_end);
    fe_token *T = c->toks;
    if (j >= c->ntoks || !is(&T[j], "for")) {
        CXCursor at = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file,
                                                                         T[j].off));
        unsigned off = j < c->ntoks ? T[j].off : s->prag_begin;
        if (j < c->ntoks && T[j].kind == CXToken_Identifier && macro_for(c, at, T[j].off))
            fe_error(c, off, "write the for statement itself after the pragma",
                     "a parallel loop generated by a macro is not supported");
        else
            fe_error(c, off, "put the pragma on the line right before a for statement",
                     "expected a for loop after '#pragma strads %s'",
                     s->kind == FE_ASYNC_FOR ? "async_for" : "sync_for");
        s->kind = 0;
        return;
    }
    s->forc = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, T[j].off));
    if (clang_getCursorKind(s->forc) != CXCursor_ForStmt) {
        fe_error(c, T[j].off, NULL, "cannot analyze this for statement");
        s->kind = 0;
        return;
    }
    if (!is(&T[j + 1], "(")) {
        nonca(c, s, T[j + 1].off, "expected '('");
        return;
    }
    int depth = 0, rp = j + 1;
    for (; rp < c->ntoks; rp++) {
        if (is(&T[rp], "("))
            depth++;
        else if (is(&T[rp], ")") && --depth == 0)
            break;
    }
    s->for_begin = T[j].off;
    unsigned fb, fe;
    fe_extent(s->forc, &fb, &fe);
    int bt = rp + 1;
    s->body_begin = T[bt].off;
    s->body_compound = is(&T[bt], "{");
    if (!s->body_compound) {
        int last = fe_tok_at(c, fe) - 1;
        if (last >= 0 && !is(&T[last], ";") && !is(&T[last], "}") && is(&T[last + 1], ";"))
            fe = T[last + 1].end;
    }
    s->for_end = fe;
    s->body_end = fe;
    fe_line_col(c, s->body_begin, &s->body_line, &(unsigned){0});
    if (split_by_directive(c, s, j))
        return;
    if (!header(c, s, j + 2, rp) || bound_assigned(c, s))
        return;
    for (int i = 0; i < f->n; i++) {
        unsigned b, e;
        fe_extent(f->v[i], &b, &e);
        if (b <= s->for_begin && s->for_end <= e) {
            s->fn = f->v[i];
            s->fn_begin = fe_line_start(c, b);
            s->fn_end = e;
        }
    }
    if (clang_Cursor_isNull(s->fn)) {
        fe_error(c, s->for_begin, NULL, "a parallel loop must be inside a function");
        s->kind = 0;
        return;
    }
    int before = c->nerrors;
    flow fl = {c, s, 0, 0};
    int nb;
    CXCursor *ch = fe_children(s->forc, &nb);
    /* The last child is the body; visit it as a statement of its own. */
    if (nb > 0 && flow_visit(ch[nb - 1], s->forc, &fl) == CXChildVisit_Recurse)
        clang_visitChildren(ch[nb - 1], flow_visit, &fl);
    free(ch);
    if (c->nerrors != before)
        s->kind = 0;
}

void fe_bind_loops(fe_ctx *c)
{
    fns f = {c, NULL, 0, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), fn_visit, &f);
    for (int i = 0; i < c->nsites; i++) {
        fe_site *s = &c->sites[i];
        if (s->kind == FE_ASYNC_FOR || s->kind == FE_SYNC_FOR)
            bind(c, s, &f);
    }
    /* A pragma inside another parallel loop's statement (its body, or
     * before the for that is its body without braces): refuse both. */
    for (int i = 0; i < c->nsites; i++) {
        fe_site *o = &c->sites[i];
        if (o->kind != FE_ASYNC_FOR && o->kind != FE_SYNC_FOR)
            continue;
        for (int k = 0; k < c->nsites; k++) {
            fe_site *in = &c->sites[k];
            if (k == i || (in->kind != FE_ASYNC_FOR && in->kind != FE_SYNC_FOR))
                continue;
            if (in->prag_begin > o->for_begin && in->prag_begin < o->body_end) {
                fe_error(c, in->prag_begin,
                         "only the outermost loop runs in parallel; remove this pragma",
                         "nested parallel loop");
                fe_note(c, o->prag_begin, "enclosing parallel loop is here");
                in->kind = 0;
                o->kind = 0;
            }
        }
    }
    int n = 0;
    for (int i = 0; i < c->nsites; i++)
        if (c->sites[i].kind == FE_ASYNC_FOR || c->sites[i].kind == FE_SYNC_FOR)
            c->sites[i].index = ++n;
    c->nloops = n;
}
