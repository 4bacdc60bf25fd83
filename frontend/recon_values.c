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
 * element is the value it reads when it runs), and wrong for the next:
 * w[j] changed, the plan did not, and updates were lost at two processes
 * (exit 0). Such a site is marked (strads_loop_site.values_steer) and
 * planned again at every call. An if taken both ways (recon_slice.c) does
 * not mark it: its accesses are planned whichever way it goes.
 *
 * A deciding value that other iterations may write (`if (c[o] > 2.5)
 * acc(A[j]); c[o] *= 0.99;`, o not the iteration's own element, or
 * c[i] tested while c[i + 1] is written) can change while the call runs,
 * after reconnaissance read it: the iteration then touches what nobody
 * planned (updates of A lost, exit 0, at one process and at several).
 * Unless each such read is of an array whose elements the iterations touch
 * apart (apart below), the site is marked values_others as well, and the
 * runtime runs its calls in order on the driver.
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

typedef struct vwalk vwalk;
struct vwalk {
    rc *r;
    CXCursor *vars; /* locals whose values decide */
    int nvars, capvars;
    int changed;
    unsigned hit;   /* offset of a deciding read of written memory, +1 */
    unsigned others; /* ... of one that other iterations may write, +1 */
    int covered;     /* in the test of an if whose writes are recorded both ways */
    int in_wide;     /* in a branch of a wide if (whose copy takes inner ifs as written) */
    /* a function of this file the body calls (walk_helper): its definition,
     * the call's arguments and the caller's walk; depth 0: the body */
    CXCursor fn;
    CXCursor *args;
    int nargs, depth;
    vwalk *parent;
};

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
static int written_value(rc *r, CXCursor e, int fields)
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
    if (fields && clang_getCursorKind(m) == CXCursor_MemberRefExpr) {
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

/* Does access e read an element no other iteration writes? It goes
 * straight through a capture whose elements the iterations touch apart
 * (each its own p[i], p[a * i + b] within a stride, its own flat row,
 * slab or column: capture.c's proofs, as emit.c's array flags use them),
 * which no function the body calls names. Through a pointer the body
 * declares, or anything else: perhaps. */
static int apart(rc *r, CXCursor e)
{
    CXCursor v = fe_recon_root_of(e);
    for (int i = 0; !clang_Cursor_isNull(v) && r->s && i < r->s->ncaps; i++) {
        const fe_cap *cp = &r->s->caps[i];
        if (!clang_equalCursors(cp->decl, v)) continue;
        if (cp->helper_written || cp->in_helper || cp->below_n) return 0;
        return !cp->not_own ||
               (!cp->not_disjoint && cp->disj_a && cp->disj_bmax - cp->disj_bmin < labs(cp->disj_a)) ||
               (cp->flat_row && !cp->not_flat && !cp->flat_below) ||
               (!cp->not_slab && cp->slab_sig) || (!cp->not_col && cp->col_s);
    }
    return 0;
}

static int param_index(CXCursor fn, CXCursor p)
{
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), p)) return i;
    return -1;
}

/* May access or pointer expression e of w's function reach memory the
 * loop writes? In a helper, through a parameter: what the caller passed
 * for it; through anything else it cannot place (a member's writes are in
 * the caller's text): perhaps. */
static int reaches_written(vwalk *w, CXCursor e)
{
    rc *r = w->r;
    if (!w->depth) return written_value(r, e, 1);
    CXCursor v = fe_recon_root_of(e);
    CXCursor p = clang_Cursor_isNull(v) ? v : pointee_root(r, v);
    if (clang_Cursor_isNull(p)) return 1;
    if (clang_getCursorKind(p) == CXCursor_ParmDecl) {
        int k = param_index(w->fn, p);
        return k < 0 || k >= w->nargs || reaches_written(w->parent, w->args[k]);
    }
    return written_value(r, e, 0);
}

static void hit_at(vwalk *w, CXCursor e, int own)
{
    unsigned at = fe_offset(clang_getCursorLocation(e)) + 1;
    if (!w->hit) w->hit = at;
    if (!w->others && !w->covered && !own) w->others = at;
}

static int is_pointer(CXCursor e)
{
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(fe_strip(e))).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* An expression whose value decides: its reads of written memory and its
 * locals. value: e's value is read (not its address). A call's value
 * decides as what it reads: a function given a pointer to written memory
 * (a dot product with the model), or one that reads such a global, is
 * taken to read its values. */
static void decides(vwalk *w, CXCursor e, int value)
{
    rc *r = w->r;
    enum CXCursorKind k = clang_getCursorKind(e);
    if (value && fe_recon_access_kind(r, e) && !fe_recon_local_root(r, e, 1) && !array_typed(e) &&
        (!w->hit || !w->others) && reaches_written(w, e))
        hit_at(w, e, !w->depth && apart(r, e));
    if (value && k == CXCursor_CallExpr && (!w->hit || !w->others)) {
        char *name = fe_cxstr(clang_getCursorSpelling(e));
        int math = fe_pure_math(name), reads = 0;
        free(name);
        int na = clang_Cursor_getNumArguments(e);
        for (int i = 0; !math && i < na && !reads; i++) {
            CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
            reads = is_pointer(a) && reaches_written(w, a);
        }
        for (int i = 0; !math && r->s && i < r->s->ncaps && !reads; i++)
            reads = r->s->caps[i].in_helper && (r->s->caps[i].ptr_written || r->s->caps[i].helper_written);
        if (reads) hit_at(w, e, 0);
    }
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
        /* what the copy drops (stdio, exit, abort) and a failed assert
         * touch no element: a check that prints or stops decides nothing
         * (its arguments are looked into) */
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        f->hit = !fe_pure_math(name) && !fe_recon_stdio(name) && strcmp(name, "__assert_fail") &&
                 strcmp(name, "__assert_perror_fail") && strcmp(name, "__assert");
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

/* A function of this file the body (or a helper) calls: its tests and
 * indices decide as the body's do, what it reads through a parameter
 * being what the call passed. Walked at each call, to its own fixed point;
 * whatever it finds counts as another's element (its indices are not the
 * loop's). */
static void walk_helper(vwalk *w, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call)), body;
    if (clang_Cursor_isNull(def) || !fe_recon_copyable(w->r->c, def, &body)) return;
    rc hr = *w->r;
    hr.body = body;
    fe_extent(body, &hr.rb, &hr.re);
    hr.sliced = 0; /* a helper's copy takes every if as written */
    int na = clang_Cursor_getNumArguments(call);
    CXCursor *args = malloc((size_t)(na > 0 ? na : 1) * sizeof *args);
    if (!args) return;
    for (int i = 0; i < na; i++) args[i] = clang_Cursor_getArgument(call, (unsigned)i);
    vwalk h = {.r = &hr, .changed = 1, .fn = def, .args = args, .nargs = na,
               .depth = w->depth + 1, .parent = w};
    for (int round = 0; round < 64 && h.changed && !h.others; round++) {
        h.changed = 0;
        walk(&h, body);
    }
    if (h.hit && !w->hit) w->hit = h.hit;
    if (h.others && !w->others) w->others = h.others;
    free(h.vars);
    free(args);
}

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
        if (n > 0 && any && !fe_recon_wide(r, cur)) {
            w->covered = !w->in_wide && fe_recon_maywrite_covers(r, cur);
            decides(w, ch[0], 1);
            w->covered = 0;
        }
        break;
    }
    case CXCursor_CallExpr:
        if (w->depth < 3) walk_helper(w, cur);
        break;
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
        w->in_wide++;
        for (int i = 1; i < m; i++) walk(w, kids[i]);
        w->in_wide--;
        free(kids);
        return;
    }
    walk_children(w, cur);
}

void fe_recon_values_steer(rc *r)
{
    if (!r->s || r->s->kind != FE_ASYNC_FOR || clang_Cursor_isNull(r->body)) return;
    vwalk w = {.r = r, .changed = 1};
    for (int round = 0; round < 64 && w.changed && !w.others; round++) {
        w.changed = 0;
        walk(&w, r->body);
    }
    unsigned line, col;
    if (w.hit) {
        fe_where(r->c, w.hit - 1, &line, &col);
        r->s->values_steer = (int)line;
    }
    if (w.others) {
        fe_where(r->c, w.others - 1, &line, &col);
        r->s->values_others = (int)line;
    }
    free(w.vars);
}
