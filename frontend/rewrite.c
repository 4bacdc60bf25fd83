/*
 * frontend/rewrite.c - pass 4: the small in-place rewrites of a processed file
 * that are not parallel loops.
 *
 *   #pragma strads dvector [row(n)]
 *   T *p = malloc(total);              -> strads_dv_malloc(total, elem, "f.c:L")
 *   p = calloc(n, size);               -> strads_dv_calloc(n, size, elem, "f.c:L")
 *   p = aligned_alloc(al, total);      -> strads_dv_aligned_alloc(al, total, elem, "f.c:L")
 *   posix_memalign(&p, al, total);     -> strads_dv_posix_memalign((void **)(&p), al, total,
 *                                                                  elem, "f.c:L")
 *   free(x)                            -> strads_free(x)        (every call in the file)
 *   realloc(x, n)                      -> strads_realloc(x, n)  (the same)
 *   int main(...)                      -> int strads_user_main(...) + STRADS_MAIN at the end
 *
 * elem is `sizeof *p` (times n for row(n)). The variables given dvector memory
 * are remembered (c->dvdecls) so that capture.c accepts them in a parallel
 * body; variables given plain malloc memory (c->heapdecls) are refused there.
 * Renaming main keeps workers from running the user's program: the runtime's
 * main decides who runs it.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

static int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }

static int alloc_name(const char *s)
{
    return !strcmp(s, "malloc") || !strcmp(s, "calloc") || !strcmp(s, "aligned_alloc") ||
           !strcmp(s, "posix_memalign");
}

typedef struct vars {
    fe_ctx *c;
    CXCursor *v;
    int n, cap;
} vars;

static enum CXChildVisitResult var_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    vars *vs = d;
    if (!fe_in_main(vs->c, clang_getCursorLocation(cur)))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(cur) == CXCursor_VarDecl) {
        vs->v = fe_grow(vs->v, sizeof *vs->v, &vs->cap, vs->n + 1);
        vs->v[vs->n++] = cur;
    }
    return CXChildVisit_Recurse;
}

/* The innermost variable declaration whose initializer holds offset off. */
static int decl_at(vars *vs, unsigned off, CXCursor *out)
{
    int found = 0;
    unsigned best = 0;
    for (int i = 0; i < vs->n; i++) {
        unsigned b, e;
        fe_extent(vs->v[i], &b, &e);
        if (b <= off && off < e && (!found || b >= best)) {
            *out = vs->v[i];
            best = b;
            found = 1;
        }
    }
    return found;
}

/* The variable assigned by `x = [cast] call(...)` whose call name is token k. */
static int assigned_at(fe_ctx *c, int k, CXCursor *out)
{
    fe_token *T = c->toks;
    for (int j = k - 1; j > 0 && j >= k - 10; j--) {
        if (is(&T[j], ";") || is(&T[j], "{") || is(&T[j], "}"))
            return 0;
        if (is(&T[j], "=")) {
            if (T[j - 1].kind != CXToken_Identifier)
                return 0;
            CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file,
                                                                           T[j - 1].off));
            r = clang_getCursorReferenced(r);
            if (clang_getCursorKind(r) != CXCursor_VarDecl)
                return 0;
            *out = r;
            return 1;
        }
    }
    return 0;
}

static void add_cursor(CXCursor **v, int *n, int *cap, CXCursor x)
{
    *v = fe_grow(*v, sizeof **v, cap, *n + 1);
    (*v)[(*n)++] = x;
}

/* The element count an allocation at token k names, for hints: calloc's
 * first argument, or malloc's (aligned_alloc's last) without its sizeof
 * factor (`(size_t)n * n * sizeof *A` -> `n * n`); NULL when it is no
 * product of that form. */
/* Is the text of tokens [a, b) the type var points to (spaces apart)? */
static int pointee_text(fe_ctx *c, int a, int b, CXCursor var)
{
    CXType pt = clang_getPointeeType(clang_getCursorType(var));
    char *want[2] = {fe_cxstr(clang_getTypeSpelling(pt)),
                     fe_cxstr(clang_getTypeSpelling(clang_getCanonicalType(pt)))};
    fe_buf got = {0};
    for (int j = a; j < b; j++) fe_buf_puts(&got, c->toks[j].spell);
    int same = 0;
    for (int w = 0; w < 2; w++) {
        char *o = want[w];
        for (char *q = want[w]; *q; q++)
            if (*q != ' ') *o++ = *q;
        *o = 0;
        same |= got.p && !strcmp(got.p, want[w]);
        free(want[w]);
    }
    free(got.p);
    return same;
}

/* Does the operand of sizeof( that starts at token t name a type (int[3],
 * struct P, a typedef), not an expression (*p, p[0])? */
static int sizeof_type(fe_ctx *c, int t)
{
    if (c->toks[t].kind == CXToken_Keyword) return 1;
    if (c->toks[t].kind != CXToken_Identifier) return 0;
    CXCursor at = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, c->toks[t].off));
    enum CXCursorKind k = clang_getCursorKind(at);
    return k == CXCursor_TypeRef || k == CXCursor_TypedefDecl;
}

static char *alloc_count(fe_ctx *c, int k, CXCursor var)
{
    fe_token *T = c->toks;
    int calloc_ = is(&T[k], "calloc"), a = k + 2, depth = 0, last = a;
    if (is(&T[k], "realloc") || k + 2 >= c->ntoks) return NULL;
    /* the argument that holds the count: [a, e) */
    int e = a;
    for (; e < c->ntoks; e++) {
        if (is(&T[e], "(") || is(&T[e], "[")) depth++;
        else if ((is(&T[e], ")") || is(&T[e], "]")) && depth-- == 0) break;
        else if (depth == 0 && is(&T[e], ",")) {
            if (calloc_) break;
            last = e + 1; /* aligned_alloc(alignment, size) */
        }
    }
    if (e >= c->ntoks) return NULL;
    a = last;
    if (calloc_) {
        /* calloc(n, sizeof(T)) of a T the pointer does not point to (int[3]) */
        int z = e + 1;
        if (z + 3 < c->ntoks && is(&T[z], "sizeof") && is(&T[z + 1], "(")) {
            int q = z + 2, d = 1;
            while (q < c->ntoks && d > 0) d += is(&T[q], "(") - is(&T[q], ")"), q++;
            if (sizeof_type(c, z + 2) && !pointee_text(c, z + 2, q - 1, var))
                return NULL;
        }
        while (a + 3 < e && is(&T[a], "(") && is(&T[a + 2], ")") && T[a + 1].kind != CXToken_Literal)
            a += 3; /* (size_t)n */
        return a < e ? fe_text(c, T[a].off, T[e - 1].end) : NULL;
    }
    /* factors split at top-level '*', the sizeof ones and casts dropped */
    fe_buf o = {0};
    int f = a, ok = 1, kept = 0, sized = 0;
    depth = 0;
    for (int j = a; j <= e && ok; j++) {
        if (j < e && (is(&T[j], "(") || is(&T[j], "["))) depth++;
        else if (j < e && (is(&T[j], ")") || is(&T[j], "]"))) depth--;
        else if (j < e && depth == 0 && (is(&T[j], "+") || is(&T[j], "-") || is(&T[j], "/")))
            ok = 0;
        if (j < e && !(depth == 0 && is(&T[j], "*") && j > f)) continue;
        int b = f;
        while (b + 3 < j && is(&T[b], "(") && is(&T[b + 2], ")") && T[b + 1].kind != CXToken_Literal)
            b += 3; /* (size_t) */
        if (b < j && is(&T[b], "sizeof")) {
            /* sizeof *p, sizeof p[0], sizeof(T): its operand's '*' is no factor */
            int q = b + 1;
            if (q < e && is(&T[q], "(")) {
                for (int d = 0; q < e; q++) {
                    d += is(&T[q], "(") - is(&T[q], ")");
                    if (d == 0) break;
                }
                /* sizeof(T) of another T than the pointer's (int[3]): the
                 * count would be short */
                if (sizeof_type(c, b + 2) && !pointee_text(c, b + 2, q, var))
                    ok = 0;
                q++;
            } else {
                while (q < e && is(&T[q], "*")) q++;
                if (q < e && T[q].kind == CXToken_Identifier) q++;
                while (q + 1 < e && (is(&T[q], ".") || is(&T[q], "->")) && T[q + 1].kind == CXToken_Identifier) q += 2;
                while (q < e && is(&T[q], "[")) {
                    for (int d = 0; q < e; q++) {
                        d += is(&T[q], "[") - is(&T[q], "]");
                        if (d == 0) break;
                    }
                    q++;
                }
            }
            sized++;
            f = j = q; /* the next factor starts after its '*' */
            if (j < e && !is(&T[j], "*")) ok = 0;
            f = j + 1;
            continue;
        }
        if (b >= j) ok = 0;
        else {
            char *t = fe_text(c, T[b].off, T[j - 1].end);
            fe_buf_printf(&o, "%s%s", kept++ ? " * " : "", t);
            free(t);
        }
        f = j + 1;
    }
    if (!ok || sized != 1 || !kept) {
        free(o.p);
        return NULL;
    }
    return o.p;
}

static void dvector(fe_ctx *c, fe_site *s, vars *vs)
{
    fe_token *T = c->toks;
    int j0 = fe_tok_at(c, s->prag_end), k = j0, depth = 0;
    for (; k < c->ntoks; k++) {
        if (depth == 0 && is(&T[k], ";"))
            break;
        if (is(&T[k], "("))
            depth++;
        else if (is(&T[k], ")"))
            depth--;
        if (T[k].kind == CXToken_Identifier && alloc_name(T[k].spell) && is(&T[k + 1], "("))
            break;
    }
    if (k >= c->ntoks || is(&T[k], ";")) {
        /* an allocating wrapper (llm.c's mallocCheck, xmalloc): the first
         * call of the statement, named */
        const char *wrap = NULL;
        for (int q = j0; q + 1 < c->ntoks && q < k && !wrap; q++)
            if (T[q].kind == CXToken_Identifier && is(&T[q + 1], "(") && !(q > j0 && is(&T[q - 1], "sizeof")))
                wrap = T[q].spell;
        fe_error(c, j0 < c->ntoks ? T[j0].off : s->prag_begin,
                 wrap ? fe_fmt("the pragma marks a call of malloc, calloc, aligned_alloc "
                               "or posix_memalign itself, not of '%s': call malloc on this line "
                               "(and check its result after it, as '%s' does)",
                               wrap, wrap)
                      : "put the pragma right before 'p = malloc(...)', calloc, aligned_alloc "
                        "or posix_memalign(&p, ...); a fixed array 'double W[N][D]' becomes "
                        "'double (*W)[D]', allocated with 'W = malloc(N * sizeof *W)' under the pragma",
                 "expected an allocation after '#pragma strads dvector'");
        s->kind = 0;
        return;
    }
    /* Arguments: split the call at top-level commas. */
    int lp = k + 1, rp = lp, commas[8], nc = 0;
    depth = 0;
    for (; rp < c->ntoks; rp++) {
        if (is(&T[rp], "(") || is(&T[rp], "["))
            depth++;
        else if ((is(&T[rp], ")") || is(&T[rp], "]")) && --depth == 0)
            break;
        else if (depth == 1 && is(&T[rp], ",") && nc < 8)
            commas[nc++] = rp;
    }
    const char *fn = T[k].spell;
    int pm = !strcmp(fn, "posix_memalign");
    char *target;
    CXCursor var;
    int have_var = 0;
    if (pm) {
        if (nc < 2) {
            fe_error(c, T[k].off, NULL, "posix_memalign takes three arguments");
            s->kind = 0;
            return;
        }
        char *a = fe_text(c, T[lp + 1].off, T[commas[0]].off);
        target = fe_fmt("*(%s)", a);
        /* &p, or (void **)&p as the prototype asks: the element is *p, not
         * *(void *) (a byte) */
        int q = lp + 1;
        while (q < commas[0] && !is(&T[q], "&"))
            q++;
        int only_parens = q + 1 < commas[0];
        for (int j = q + 2; j < commas[0]; j++)
            only_parens &= is(&T[j], ")");
        if (only_parens && T[q + 1].kind == CXToken_Identifier) {
            CXCursor r = clang_getCursorReferenced(clang_getCursor(
                c->tu, clang_getLocationForOffset(c->tu, c->file, T[q + 1].off)));
            if (clang_getCursorKind(r) == CXCursor_VarDecl) {
                var = r;
                have_var = 1;
                target = fe_strdup(T[q + 1].spell);
            }
        }
        CXType pt = have_var ? clang_getCanonicalType(clang_getCursorType(var)) : (CXType){0};
        if (!have_var || pt.kind != CXType_Pointer ||
            clang_getCanonicalType(clang_getPointeeType(pt)).kind == CXType_Void) {
            fe_error(c, T[lp + 1].off, "declare the pointer with its element type (float *p) "
                                       "and pass '&p' or '(void **)&p'",
                     "cannot tell the element type of this dvector allocation");
            s->kind = 0;
            return;
        }
        fe_add_edit(c, T[lp + 1].off, T[lp + 1].off, fe_strdup("(void **)("), 0);
        fe_add_edit(c, T[commas[0]].off, T[commas[0]].off, fe_strdup(")"), 0);
    } else if (decl_at(vs, T[k].off, &var) &&
               fe_offset(clang_getCursorLocation(var)) >= s->prag_end) {
        have_var = 1;
        target = fe_cxstr(clang_getCursorSpelling(var));
    } else if (assigned_at(c, k, &var)) {
        have_var = 1;
        target = fe_cxstr(clang_getCursorSpelling(var));
    } else {
        int eq = -1;
        for (int j = j0; j < k; j++)
            if (is(&T[j], "=")) {
                eq = j;
                break;
            }
        if (eq < 0) {
            fe_error(c, T[k].off, "assign the allocation to a pointer: 'p = malloc(...)'",
                     "cannot tell which pointer receives this dvector allocation");
            s->kind = 0;
            return;
        }
        target = fe_text(c, T[j0].off, T[eq].off);
    }
    if (have_var) {
        c->alloclen = fe_grow(c->alloclen, sizeof *c->alloclen, &c->capalloclen, c->nalloc + 1);
        c->alloclen[c->nalloc] = alloc_count(c, k, var);
        add_cursor(&c->allocdecls, &c->nalloc, &c->capalloc, var);
        add_cursor(&c->dvdecls, &c->ndv, &c->capdv, var);
        c->dvrows = fe_grow(c->dvrows, sizeof *c->dvrows, &c->caprows, c->ndv);
        c->dvrows[c->ndv - 1] = s->row;
    }
    char *elem = s->row ? fe_fmt("(size_t)(%s) * sizeof *(%s)", s->row, target)
                        : fe_fmt("sizeof *(%s)", target);
    fe_add_edit(c, T[k].off, T[k].end, fe_fmt("strads_dv_%s", fn), 0);
    fe_add_edit(c, T[rp].off, T[rp].off, fe_fmt(", %s, \"%s:%u\"", elem, s->where, s->wline), 0);
    /* The pragma line itself disappears (its newlines stay). */
    fe_add_edit(c, s->prag_begin, s->prag_end, fe_strdup(""), 1);
    /* Mark the call token so heap tracking below skips it. */
    T[k].spell = "";
}

/* Falling off the end of main returns 0 (C99 5.1.2.2.3), but not off the
 * end of strads_user_main, whose value the runtime returns: a `return 0;`
 * before main's closing brace, on its line (a program without one exited
 * with whatever printf left in a register). */
static void main_returns(fe_ctx *c, CXCursor fn)
{
    if (clang_getCanonicalType(clang_getResultType(clang_getCursorType(fn))).kind != CXType_Int)
        return;
    int n;
    CXCursor *ch = fe_children(fn, &n);
    if (n > 0 && clang_getCursorKind(ch[n - 1]) == CXCursor_CompoundStmt) {
        unsigned b, e;
        fe_extent(ch[n - 1], &b, &e);
        int ns;
        CXCursor *st = fe_children(ch[n - 1], &ns);
        int ends = ns > 0 && clang_getCursorKind(st[ns - 1]) == CXCursor_ReturnStmt;
        free(st);
        if (!ends && e > b && e <= c->srclen && c->src[e - 1] == '}')
            fe_add_edit(c, e - 1, e - 1, fe_strdup(" return 0; "), 0);
    }
    free(ch);
}

void fe_rewrite(fe_ctx *c)
{
    vars vs = {c, NULL, 0, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), var_visit, &vs);
    for (int i = 0; i < c->nsites; i++)
        if (c->sites[i].kind == FE_DVECTOR)
            dvector(c, &c->sites[i], &vs);

    fe_token *T = c->toks;
    for (int k = 0; k < c->ntoks; k++) {
        if (T[k].kind != CXToken_Identifier || !is(&T[k + 1], "("))
            continue;
        if (k > 0 && (is(&T[k - 1], ".") || is(&T[k - 1], "->")))
            continue;
        if (is(&T[k], "free")) {
            CXCursor r = clang_getCursor(c->tu,
                                         clang_getLocationForOffset(c->tu, c->file, T[k].off));
            enum CXCursorKind rk = clang_getCursorKind(r);
            if (rk == CXCursor_DeclRefExpr || rk == CXCursor_MacroDefinition ||
                rk == CXCursor_CallExpr || rk == CXCursor_UnexposedExpr)
                fe_add_edit(c, T[k].off, T[k].end, fe_strdup("strads_free"), 0);
        } else if (!strcmp(T[k].spell, "malloc") || !strcmp(T[k].spell, "calloc") ||
                   !strcmp(T[k].spell, "realloc") || !strcmp(T[k].spell, "aligned_alloc")) {
            if (is(&T[k], "realloc")) {
                CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, T[k].off));
                enum CXCursorKind rk = clang_getCursorKind(r);
                if (rk == CXCursor_DeclRefExpr || rk == CXCursor_MacroDefinition ||
                    rk == CXCursor_CallExpr || rk == CXCursor_UnexposedExpr)
                    fe_add_edit(c, T[k].off, T[k].end, fe_strdup("strads_realloc"), 0);
            }
            CXCursor var;
            if (decl_at(&vs, T[k].off, &var) || assigned_at(c, k, &var)) {
                c->alloclen = fe_grow(c->alloclen, sizeof *c->alloclen, &c->capalloclen, c->nalloc + 1);
                c->alloclen[c->nalloc] = alloc_count(c, k, var);
                add_cursor(&c->allocdecls, &c->nalloc, &c->capalloc, var);
                if (!fe_cursor_in(var, c->dvdecls, c->ndv))
                    add_cursor(&c->heapdecls, &c->nheap, &c->capheap, var);
            }
        } else if (is(&T[k], "main")) {
            CXCursor r = clang_getCursor(c->tu,
                                         clang_getLocationForOffset(c->tu, c->file, T[k].off));
            if (clang_getCursorKind(r) == CXCursor_FunctionDecl && clang_isCursorDefinition(r)) {
                fe_add_edit(c, T[k].off, T[k].end, fe_strdup("strads_user_main"), 0);
                c->has_main = 1;
                c->main_params = clang_Cursor_getNumArguments(r);
                main_returns(c, r);
            }
        }
    }
    free(vs.v);
}
