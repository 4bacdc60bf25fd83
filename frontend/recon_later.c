/*
 * frontend/recon_later.c - may what a loop of a reconnaissance body (or a
 * call) writes be read later in the same iteration? Decides whether a loop
 * that writes rows is recorded as ranges (recon.c's ranged_for) and whether
 * a helper's written loops run element by element (recon_call).
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

static char *text_of(rc *r, CXCursor cur)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    return fe_text(r->c, b, e);
}

/*
 * May what a loop (or a call) writes at [lb, le) be read later in the same
 * iteration? Not when it is not inside another loop of the body and nothing
 * after it reads memory or calls a function: then dropping its writes (the
 * range records them) cannot change a value the iteration goes on to use.
 * For a ranged loop this is a bet, not a proof: a read of what it dropped
 * is caught at run time (recon_shadow.c: the iteration runs again exactly),
 * so only reads and calls that start from the variables of its written
 * rows count. Ranging a loop that is read back every iteration costs an
 * exact pass each; not ranging one that is never read back costs a
 * recorder call per element, every iteration.
 * In a helper's copy the body is the helper's: its caller's reads after the
 * call are the caller's to judge, which sets strads__rin for the call when
 * they may read (recon_call).
 */
typedef struct later { rc *r; unsigned lb, le; int hit; const fe_rloop *l; int self_ok; } later;

/* The variable an access or pointer expression starts from (W of W[u].v[k],
 * p of *(p + 1)), or a null cursor. */
CXCursor fe_recon_root_of(CXCursor e)
{
    for (int depth = 0; depth < 32; depth++) {
        e = fe_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) return clang_getCursorReferenced(e);
        int n;
        CXCursor *ch = fe_children(e, &n);
        CXCursor next = clang_getNullCursor();
        if (n >= 1 && (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
                       k == CXCursor_UnaryOperator || k == CXCursor_ParenExpr ||
                       k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr))
            next = ch[0];
        else if (n == 2 && k == CXCursor_BinaryOperator) /* p + i, i + p */
            next = clang_getCanonicalType(clang_getCursorType(ch[1])).kind == CXType_Pointer ? ch[1] : ch[0];
        free(ch);
        if (clang_Cursor_isNull(next)) return next;
        e = next;
    }
    return clang_getNullCursor();
}

/* Is the binary node bin a + (its operator: the first token after its left side)? */
static int binop_plus(rc *r, CXCursor bin)
{
    int n;
    CXCursor *ch = fe_children(bin, &n);
    unsigned b, e;
    if (n == 2) fe_extent(ch[0], &b, &e);
    int plus = n == 2 && is(tok(r, e), "+");
    free(ch);
    return plus;
}

/* Is the access cur (after loop l) likely to read what l wrote? When it
 * starts from a variable none of l's written rows starts from, a hit would
 * be two names for one row, which the shadow catches at run time (the
 * iteration runs again, exactly): ranging is the better bet. p[E + B] after
 * a loop over p[E + k], k < B (GloVe's bias after its vector) is past the
 * range. */
static int reads_written(rc *r, const fe_rloop *l, CXCursor cur)
{
    CXCursor root = fe_recon_root_of(cur);
    if (clang_Cursor_isNull(root)) return 1;
    int n;
    CXCursor *ch = clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr ? fe_children(cur, &n) : NULL;
    char *base = ch && n == 2 ? text_of(r, ch[0]) : NULL, *idx = ch && n == 2 ? text_of(r, ch[1]) : NULL;
    int hit = 0;
    for (int i = 0; i < l->nb && !hit; i++) {
        const fe_rl_base *p = &l->b[i];
        if (!p->written) continue;
        CXCursor pr = clang_Cursor_isNull(p->decl) ? fe_recon_root_of(p->expr) : p->decl;
        if (!clang_Cursor_isNull(pr) && !clang_equalCursors(pr, root)) continue;
        char *row = clang_Cursor_isNull(p->decl) ? fe_strdup(p->key ? p->key : "")
                                                 : fe_cxstr(clang_getCursorSpelling(p->decl));
        /* p[X] reads p's range unless X is the bound; p[E + X] unless X
         * is the bound, and another row of p when it does not add E */
        hit = 1;
        if (base && idx && !strcmp(base, row)) {
            if (!clang_Cursor_isNull(p->off2)) {
                hit = 1; /* E + k + F: not matched here */
            } else if (clang_Cursor_isNull(p->off)) {
                hit = strcmp(idx, l->hi) != 0;
            } else {
                int m;
                CXCursor *ic = fe_children(fe_strip(ch[1]), &m);
                hit = 0;
                if (m == 2 && clang_getCursorKind(fe_strip(ch[1])) == CXCursor_BinaryOperator &&
                    binop_plus(r, fe_strip(ch[1]))) {
                    char *a = text_of(r, ic[0]), *b = text_of(r, ic[1]), *o = text_of(r, p->off);
                    hit = (!strcmp(a, o) && strcmp(b, l->hi)) || (!strcmp(b, o) && strcmp(a, l->hi));
                    free(a);
                    free(b);
                    free(o);
                }
                free(ic);
            }
        }
        free(row);
    }
    free(base);
    free(idx);
    free(ch);
    return hit;
}

/* Does a call pass a pointer (a helper reads through it) that starts from a
 * variable the loop's written rows start from? */
static int call_reads_written(const fe_rloop *l, CXCursor call)
{
    int n, hit = 0;
    CXCursor *ch = fe_children(call, &n);
    for (int i = 1; i < n && !hit; i++) {
        enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(ch[i])).kind;
        if (t != CXType_Pointer && t != CXType_ConstantArray && t != CXType_IncompleteArray) continue;
        CXCursor root = fe_recon_root_of(ch[i]);
        hit = clang_Cursor_isNull(root);
        for (int j = 0; j < l->nb && !hit; j++) {
            const fe_rl_base *p = &l->b[j];
            CXCursor pr = clang_Cursor_isNull(p->decl) ? fe_recon_root_of(p->expr) : p->decl;
            hit = p->written && (clang_Cursor_isNull(pr) || clang_equalCursors(pr, root));
        }
    }
    free(ch);
    return hit;
}

/* Does cur, run after the loop (or call), read what it wrote: a call that
 * may (l NULL: any call), or an access of a row it wrote (any access)? */
static int reads_back(later *v, CXCursor cur)
{
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) return !v->l || call_reads_written(v->l, cur);
    if (fe_recon_access_kind(v->r, cur) && !fe_recon_local_root(v->r, cur, 0))
        return !v->l || reads_written(v->r, v->l, cur);
    return 0;
}

/* The accesses and calls of an enclosing loop's body that come before the
 * ranged loop: its next pass runs them again, after the loop's writes. */
static enum CXChildVisitResult before_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    later *v = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (b >= v->lb) return CXChildVisit_Continue;
    v->hit = reads_back(v, cur);
    return v->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does an enclosing loop make the ranged loop l read back what it wrote?
 * Its next pass runs l again: a written row declared outside the
 * enclosing loop's body is likely the same row (read back every pass), one
 * declared inside it is a fresh row each pass (the mlr sample's
 * `float *w = &W[k * NW];` per class k). And it runs the code before l
 * again, whose reads count as later ones. */
static int enclosing_hit(later *v, CXCursor loop)
{
    /* a loop whose values go nowhere (fe_rloop.only) reading back what its
     * last pass wrote decides nothing: only the code before it counts, so
     * gemm's `for (k) for (j) C[i][j] += A[i][k] * B[k][j]` keeps its
     * ranges instead of running element by element */
    if (v->self_ok) {
        clang_visitChildren(loop, before_visit, v);
        return v->hit;
    }
    if (!v->l) return 1;
    int n;
    unsigned b = 0, e = 0;
    CXCursor *ch = fe_children(loop, &n); /* the body is the last child */
    if (n > 0) fe_extent(ch[n - 1], &b, &e);
    free(ch);
    if (n == 0) return 1;
    for (int i = 0; i < v->l->nb; i++) {
        const fe_rl_base *p = &v->l->b[i];
        if (!p->written) continue;
        if (clang_Cursor_isNull(p->decl)) return 1;
        unsigned db, de;
        fe_extent(p->decl, &db, &de);
        if (db < b || de > e) return 1;
    }
    clang_visitChildren(loop, before_visit, v);
    return v->hit;
}

/* Do the values of the ranged loop l go nowhere? It stores into nothing
 * but its ranged rows and assigns, of the variables declared before it,
 * only floating-point ones whose values do not matter (recon_slice.c: a
 * norm summed and tested by a wide if, `nw += w[k] * w[k]`). */
int fe_recon_loop_quiet(rc *r, const fe_rloop *l)
{
    if (l->only) return 1;
    if (!l->only_but_outv) return 0;
    for (int i = 0; i < l->noutv; i++)
        if (!fe_recon_irrelevant_var(r, l->outv[i])) return 0;
    return 1;
}

/* Is the for statement cur, after the written loop, one whose values go
 * nowhere? Its reads of the rows the loop wrote decide nothing: the copy
 * records them as ranges, and a read of a dropped write there is caught at
 * run time as any is (recon_shadow.c). So a projection after SGD-MF's
 * update (`for (k) nw += w[k] * w[k]; if (nw > 1) for (k) w[k] /=
 * sqrtf(nw);`) leaves the update ranged, not element by element. */
static int quiet_after(rc *r, CXCursor cur)
{
    fe_rloop t;
    int ok = fe_recon_loop(r->c, cur, &t) && fe_recon_loop_quiet(r, &t);
    free(t.outv);
    free(t.b);
    return ok;
}

static enum CXChildVisitResult later_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    later *v = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(cur);
    int loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
    if (loop && b < v->lb && v->le <= e && !(b == v->lb && e == v->le))
        v->hit = enclosing_hit(v, cur); /* it runs the code before it again */
    int compound;
    CXCursor lhs, rhs;
    if (!v->hit && b >= v->le && fe_recon_is_assign(v->r, cur, &compound, &lhs, &rhs) && !compound) {
        /* L = R stores into L without reading it (beta[j] = b after the
         * residual's update): what L's index and R read still counts. */
        clang_visitChildren(lhs, later_visit, v);
        if (!v->hit && later_visit(rhs, cur, v) == CXChildVisit_Recurse)
            clang_visitChildren(rhs, later_visit, v);
        return v->hit ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    if (b >= v->le && v->l && k == CXCursor_ForStmt && quiet_after(v->r, cur))
        return CXChildVisit_Continue;
    if (b >= v->le) v->hit = reads_back(v, cur);
    return v->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* May what a call (l NULL: any later read or call counts) or the ranged
 * loop l writes be read later in the iteration? */
int fe_recon_read_later(rc *r, CXCursor loop, const fe_rloop *l, int self_ok)
{
    if (clang_Cursor_isNull(r->body))
        return 1;
    later v = {.r = r, .l = l, .self_ok = self_ok};
    fe_extent(loop, &v.lb, &v.le);
    clang_visitChildren(r->body, later_visit, &v);
    return v.hit;
}

/*
 * May a dropped store's bytes be read later in the iteration? drop_store
 * (recon.c) has found the store outside every loop of the body, with its
 * target's text not read after it; that is a bet the shadow checks at run
 * time, at the price of testing every later read of the iteration against
 * it (a third of SGD-MF's reconnaissance with biases: `bu[u] += ...` before
 * the rows' update). The shadow is not needed when the target starts from
 * a variable declared outside the body (a captured array, a global) and
 * nothing after the store can name it: no later reference to it,
 * nor to a pointer of the body that may point into it (one whose
 * declaration or assignment names it, or such a pointer), nor a later call
 * of a function of the program (it may hold another name for the array),
 * and the body has no goto; the runtime still shadows it where two of the
 * env's pointers reach one array (strads_recon_rwd).
 */
typedef struct unseen {
    CXCursor *alias; /* the root and the body's pointers that may point into it */
    int n, cap, grew, hit;
    unsigned after;  /* the store's end */
} unseen;

static int is_alias(const unseen *u, CXCursor decl)
{
    for (int i = 0; i < u->n; i++)
        if (clang_equalCursors(u->alias[i], decl)) return 1;
    return 0;
}

static enum CXChildVisitResult names_alias(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    unseen *u = d;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr && is_alias(u, clang_getCursorReferenced(cur))) {
        u->hit = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static int mentions_alias(unseen *u, CXCursor cur)
{
    int was = u->hit;
    u->hit = 0;
    clang_visitChildren(cur, names_alias, u);
    int m = u->hit;
    u->hit = was;
    return m;
}

static void add_alias(unseen *u, CXCursor decl)
{
    if (is_alias(u, decl)) return;
    u->alias = fe_grow(u->alias, sizeof *u->alias, &u->cap, u->n + 1);
    u->alias[u->n++] = decl;
    u->grew = 1;
}

/* A pointer of the body declared or assigned from an alias is one too. */
static enum CXChildVisitResult grow_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    unseen *u = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    CXCursor var = clang_getNullCursor();
    if (k == CXCursor_VarDecl) {
        var = cur;
    } else if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n == 2 && clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr)
            var = clang_getCursorReferenced(fe_strip(ch[0]));
        free(ch);
    }
    enum CXTypeKind t = clang_Cursor_isNull(var) ? CXType_Invalid
                                                 : clang_getCanonicalType(clang_getCursorType(var)).kind;
    if ((t == CXType_Pointer || t == CXType_ConstantArray) && !is_alias(u, var) && mentions_alias(u, cur))
        add_alias(u, var);
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult after_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    unseen *u = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(cur);
    /* a function of the program may read the array through a name of its
     * own (a global pointer set to it); the C library's do not */
    CXCursor callee = k == CXCursor_CallExpr ? clang_getCursorReferenced(cur) : clang_getNullCursor();
    int user_call = k == CXCursor_CallExpr &&
                    (clang_Cursor_isNull(callee) ||
                     !clang_Location_isInSystemHeader(clang_getCursorLocation(callee)));
    if (b >= u->after && ((k == CXCursor_DeclRefExpr && is_alias(u, clang_getCursorReferenced(cur))) || user_call)) {
        u->hit = 1;
        return CXChildVisit_Break;
    }
    /* a jump back runs what came before the store again */
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LabelStmt) {
        u->hit = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

int fe_recon_store_seen_later(rc *r, CXCursor store, CXCursor target)
{
    CXCursor root = fe_recon_root_of(target);
    if (clang_Cursor_isNull(r->body) || clang_Cursor_isNull(root) ||
        clang_getCursorKind(root) != CXCursor_VarDecl)
        return 1;
    /* a variable of the body: a pointer may reach a local array, whose
     * later reads by name (flag[1] after *p = ...) the aliases miss */
    unsigned b, e, rb, re;
    fe_extent(root, &rb, &re);
    fe_extent(r->body, &b, &e);
    if (rb >= b && re <= e)
        return 1;
    unseen u = {0};
    fe_extent(store, &b, &u.after);
    add_alias(&u, root);
    for (int pass = 0; u.grew && pass < 8; pass++) {
        u.grew = 0;
        clang_visitChildren(r->body, grow_visit, &u);
    }
    if (!u.grew) clang_visitChildren(r->body, after_visit, &u);
    int seen = u.grew || u.hit;
    free(u.alias);
    return seen;
}
