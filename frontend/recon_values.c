/*
 * frontend/recon_values.c - async_for bodies whose accesses depend on
 * values the loop writes, for which a plan cannot outlive its call.
 *
 * Reconnaissance runs on memory as it is before a call, and the plan is
 * kept for later calls while the arrays the loop only reads stay the same
 * (engine/loop_async.c: plan_stale): what the loop writes is taken for
 * model values that pick nothing. A body that picks elements or branches
 * by such a value (`switch (w[j] > 0) { case 1: cnt[b[j]]++; ...}`,
 * `cnt[w[j] > 0 ? b[j] : c[j]]++`, `int side = w[j] > 0; if (side) ...`)
 * is planned right for the call it was recorded for (an iteration's own
 * element is the value it reads when it runs; steer.c refuses reading
 * another's), and wrong for the next: w[j] changed, the plan did not,
 * and updates were lost at two processes (exit 0). Such a site is
 * marked (strads_loop_site.values_steer) and planned again at every call.
 * An if taken both ways (recon_slice.c) does not mark it: its accesses
 * are planned whichever way it goes.
 *
 * Where a value decides: the test of an if that is not wide, of a switch,
 * a loop, a ?:, the left of && and ||; an index or a pointer's offset; and
 * a local assigned from memory whose value reaches one of those (to a
 * fixed point, flow-insensitively). The value read is an element of a
 * distributed array the loop writes (an address taken, `&W[j]`, reads
 * nothing; an array-typed element is an address too).
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct vwalk {
    rc *r;
    CXCursor *vars; /* locals whose values decide */
    int nvars, capvars;
    int changed;
    unsigned hit;   /* offset of a deciding read of written memory, +1 */
} vwalk;

static int has_var(const vwalk *w, CXCursor v)
{
    for (int i = 0; i < w->nvars; i++)
        if (clang_equalCursors(w->vars[i], v)) return 1;
    return 0;
}

static void add_var(vwalk *w, CXCursor v)
{
    if (clang_Cursor_isNull(v) || has_var(w, v)) return;
    w->vars = fe_grow(w->vars, sizeof *w->vars, &w->capvars, w->nvars + 1);
    w->vars[w->nvars++] = v;
    w->changed = 1;
}

static CXCursor local_var(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor d = clang_getCursorReferenced(e);
    return clang_getCursorKind(d) == CXCursor_VarDecl ? d : clang_getNullCursor();
}

static int array_typed(CXCursor e)
{
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(e)).kind;
    return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_VariableArray ||
           k == CXType_DependentSizedArray;
}

/* The variable a pointer declared in the body points into, when its
 * initializer says so (`const rating *x = &R[i]`, `float *w = W + u * K`)
 * and nothing assigns it later; else a null cursor. */
static CXCursor pointee_root(rc *r, CXCursor v)
{
    for (int depth = 0; depth < 8; depth++) {
        unsigned b, e;
        fe_extent(v, &b, &e);
        if (clang_getCursorKind(v) != CXCursor_VarDecl || b < r->rb || e > r->re ||
            fe_recon_sets(r->c, r->body, v))
            return v;
        int n;
        CXCursor *ch = fe_children(v, &n);
        CXCursor init = n > 0 ? ch[n - 1] : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(init) || clang_getCursorKind(init) == CXCursor_TypeRef)
            return clang_getNullCursor();
        CXCursor next = fe_recon_root_of(init);
        if (clang_Cursor_isNull(next) || clang_equalCursors(next, v)) return clang_getNullCursor();
        v = next;
    }
    return clang_getNullCursor();
}

/* Is the field named `name` of some struct assigned, stepped or its
 * address taken in the body (`x->f = `, `o[i].v[k] += `, `&x->f`,
 * `++x->f`)? By its tokens: a member of that name followed, past its
 * subscripts and members, by an assignment, or begun by & or ++. */
static int field_written(rc *r, const char *name)
{
    static const char *const asg[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                      "<<=", ">>=", "++", "--", NULL};
    const fe_token *T = r->c->toks;
    int nt = r->c->ntoks;
    for (int k = fe_tok_at(r->c, r->rb); k < nt && T[k].off < r->re; k++) {
        if (!is(&T[k], name) || k == 0 || !(is(&T[k - 1], ".") || is(&T[k - 1], "->"))) continue;
        int j = k + 1;
        while (j < nt) {
            if (is(&T[j], "[")) {
                int d = 0;
                for (; j < nt; j++) {
                    d += is(&T[j], "[") - is(&T[j], "]");
                    if (!d) break;
                }
                j++;
            } else if ((is(&T[j], ".") || is(&T[j], "->")) && j + 1 < nt) {
                j += 2;
            } else {
                break;
            }
        }
        for (int o = 0; j < nt && asg[o]; o++)
            if (is(&T[j], asg[o])) return 1;
        /* back to the start of the postfix expression: & or ++ before it */
        int a = k - 2;
        for (int guard = 0; a >= 0 && guard < 64; guard++) {
            if (is(&T[a], "]") || is(&T[a], ")")) {
                const char *open = is(&T[a], "]") ? "[" : "(", *close = T[a].spell;
                int d = 0;
                for (; a >= 0; a--) {
                    d += is(&T[a], close) - is(&T[a], open);
                    if (!d) break;
                }
                if (!strcmp(open, "(") && !(a > 0 && T[a - 1].kind == CXToken_Identifier)) break;
                a--;
            } else if (T[a].kind == CXToken_Identifier) {
                if (a > 0 && (is(&T[a - 1], ".") || is(&T[a - 1], "->"))) a -= 2;
                else break;
            } else {
                break;
            }
        }
        if (a > 0 && (is(&T[a - 1], "&") || is(&T[a - 1], "++") || is(&T[a - 1], "--"))) return 1;
    }
    return 0;
}

/* Does reading access e read a value the loop writes? Its root written
 * (a captured pointer the loop writes through, or one the body declares
 * into such an array), and the member it names, if any, written. */
static int written_value(rc *r, CXCursor e)
{
    /* the member the access names (x->f, o[i].v[k]: v) */
    CXCursor m = fe_strip(e);
    for (int depth = 0; depth < 16 && clang_getCursorKind(m) != CXCursor_MemberRefExpr; depth++) {
        if (clang_getCursorKind(m) != CXCursor_ArraySubscriptExpr) break;
        int n;
        CXCursor *ch = fe_children(m, &n);
        CXCursor next = n > 0 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(next)) break;
        m = next;
    }
    if (clang_getCursorKind(m) == CXCursor_MemberRefExpr) {
        char *f = fe_cxstr(clang_getCursorSpelling(m));
        int wr = field_written(r, f);
        free(f);
        if (!wr) return 0;
    }
    CXCursor v = fe_recon_root_of(e);
    if (!clang_Cursor_isNull(v)) {
        CXCursor p = pointee_root(r, v);
        if (clang_Cursor_isNull(p)) return 1; /* it may point anywhere */
        if (!clang_equalCursors(p, v)) {
            for (int i = 0; r->s && i < r->s->ncaps; i++)
                if (clang_equalCursors(r->s->caps[i].decl, p))
                    return r->s->caps[i].ptr_written || r->s->caps[i].helper_written;
            return 1;
        }
    }
    return fe_recon_written_root(r, e);
}

/* An expression whose value decides: its reads of written memory and its
 * locals. value: e's value is read (not its address). */
static void decides(vwalk *w, CXCursor e, int value)
{
    rc *r = w->r;
    enum CXCursorKind k = clang_getCursorKind(e);
    if (value && fe_recon_access_kind(r, e) && !fe_recon_local_root(r, e, 1) && !array_typed(e) &&
        written_value(r, e) && !w->hit)
        w->hit = fe_offset(clang_getCursorLocation(e)) + 1;
    CXCursor v = local_var(e);
    if (!clang_Cursor_isNull(v)) {
        add_var(w, v);
        return;
    }
    int n;
    CXCursor *ch = fe_children(e, &n);
    unsigned b, en;
    fe_extent(e, &b, &en);
    int addr = k == CXCursor_UnaryOperator && n == 1 && is(tok(r, b), "&");
    /* a member's base through `.` (a struct) and an address's operand
     * are not read as values; their indices are */
    int dot = 0;
    if (k == CXCursor_MemberRefExpr) {
        int t = fe_tok_at(r->c, fe_offset(clang_getCursorLocation(e)));
        dot = !(t > 0 && is(&r->c->toks[t - 1], "->"));
    }
    for (int i = 0; i < n; i++) decides(w, ch[i], !addr && !(dot && i == 0));
    free(ch);
}

/* Does running cur touch memory, call, jump or assign a local that
 * decides? Then whether it runs decides what the iteration touches. */
typedef struct eff { rc *r; const vwalk *w; int hit; } eff;

static enum CXChildVisitResult eff_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    eff *f = d;
    rc *r = f->r;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int c;
    CXCursor l, rr;
    if ((fe_recon_access_kind(r, cur) && !fe_recon_local_root(r, cur, 1)) ||
        k == CXCursor_ContinueStmt || k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt ||
        k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
        f->hit = 1;
    else if (k == CXCursor_CallExpr) {
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        f->hit = !fe_pure_math(name);
        free(name);
    } else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
               fe_recon_is_assign(r, cur, &c, &l, &rr))
        f->hit = has_var(f->w, local_var(l));
    else if (k == CXCursor_UnaryOperator && fe_incdec(r->c, cur)) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        f->hit = n == 1 && has_var(f->w, local_var(ch[0]));
        free(ch);
    }
    return f->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int effects(const vwalk *w, CXCursor cur)
{
    eff f = {w->r, w, 0};
    if (eff_visit(cur, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
        clang_visitChildren(cur, eff_visit, &f);
    return f.hit;
}

static void walk(vwalk *w, CXCursor cur);

static void walk_children(vwalk *w, CXCursor cur)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n; i++) walk(w, ch[i]);
    free(ch);
}

static void walk(vwalk *w, CXCursor cur)
{
    rc *r = w->r;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n, c;
    CXCursor *ch = fe_children(cur, &n), l, rr;
    switch (k) {
    case CXCursor_IfStmt: {
        /* a test whose branches touch nothing and set nothing that decides
         * (`if (err > clip) err = clip;`) decides nothing */
        int any = 0;
        for (int i = 1; i < n && !any; i++) any = effects(w, ch[i]);
        if (n > 0 && any && !fe_recon_wide(r, cur)) decides(w, ch[0], 1);
        break;
    }
    case CXCursor_SwitchStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_ForStmt:
        for (int i = 0; i < n; i++)
            if (k == CXCursor_DoStmt ? i == n - 1 : i < n - 1) decides(w, ch[i], 1);
        break;
    case CXCursor_ConditionalOperator:
        /* a ?: that picks a value (`s > 1.5f ? r : -1`) decides nothing; one
         * that picks what is read or done does (in an index: decides()) */
        if (n == 3 && (effects(w, ch[1]) || effects(w, ch[2]))) decides(w, ch[0], 1);
        break;
    case CXCursor_ArraySubscriptExpr:
        /* a subscript inside an element (a 2-D array's column, a member
         * array's) picks no element: the plan's are rows */
        if (n == 2 && !array_typed(fe_strip(ch[0]))) decides(w, ch[1], 1);
        break;
    case CXCursor_BinaryOperator:
        if (n == 2) {
            unsigned b, e;
            fe_extent(ch[0], &b, &e);
            if ((is(tok(r, e), "&&") || is(tok(r, e), "||")) && effects(w, ch[1])) decides(w, ch[0], 1);
            if (clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer)
                for (int i = 0; i < 2; i++)
                    if (clang_getCanonicalType(clang_getCursorType(fe_strip(ch[i]))).kind != CXType_Pointer)
                        decides(w, ch[i], 1);
        }
        break;
    default:
        break;
    }
    /* a local that decides, assigned: what it is assigned from decides */
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
        fe_recon_is_assign(r, cur, &c, &l, &rr) && has_var(w, local_var(l)))
        decides(w, rr, 1);
    if (k == CXCursor_VarDecl && has_var(w, cur) && n > 0)
        decides(w, ch[n - 1], 1);
    free(ch);
    /* a wide if's test decides nothing: its accesses are planned both ways */
    if (k == CXCursor_IfStmt && fe_recon_wide(r, cur)) {
        int m;
        CXCursor *kids = fe_children(cur, &m);
        for (int i = 1; i < m; i++) walk(w, kids[i]);
        free(kids);
        return;
    }
    walk_children(w, cur);
}

void fe_recon_values_steer(rc *r)
{
    if (!r->s || r->s->kind != FE_ASYNC_FOR || clang_Cursor_isNull(r->body)) return;
    vwalk w = {.r = r, .changed = 1};
    for (int round = 0; round < 64 && w.changed && !w.hit; round++) {
        w.changed = 0;
        walk(&w, r->body);
    }
    if (w.hit) {
        unsigned line, col;
        fe_where(r->c, w.hit - 1, &line, &col);
        r->s->values_steer = (int)line;
    }
    free(w.vars);
}
