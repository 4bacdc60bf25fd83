/*
 * frontend/recon_hoist.c - reads inside a loop recorded as ranges that do
 * not move with the loop: recorded once, before it.
 *
 * An n-body or kernel body reads every element of a small array and, in
 * the same inner loop, its own element:
 *     for (j = 0; j < N; j++) a += (pos[j] - pos[i]) * (pos[j] - pos[i]);
 * pos[j] is a range (recon_loop.c); pos[i] was recorded at every pass, so
 * the loop ran with a recorder call per pass (4e8 calls, 7 s of
 * reconnaissance for a 0.4 s loop at 2 processes), where without it the
 * compiler deletes the loop. Such a read is recorded as a one-element range
 * beside the loop's ranges (strads_recon_rdr: a write of the iteration that
 * overlaps it runs the iteration again, exactly, as for any range) and left
 * as written inside. It qualifies when:
 *   - it is p[I], p->f or p[I].f with p a pointer variable declared before
 *     the loop that the loop does not assign, and either the loop calls
 *     nothing and stores into no memory but its ranged rows (recorded
 *     before it), or p is a captured pointer the body and the functions it
 *     calls never write through (in a helper's copy, which every loop that
 *     calls it shares: a global no such loop writes through, or a
 *     parameter pointing to const);
 *   - I is integer arithmetic over constants and variables declared before
 *     the loop that the loop neither assigns nor takes the address of (its
 *     value is the same at every pass, and before the loop);
 *   - it is in the fast copy (not the exact copy, nor a branch taken both
 *     ways).
 * A read under a condition inside the loop is recorded all the same: one
 * more read recorded is one more element fetched or ordered, never a
 * wrong answer.
 */
#include "recon_int.h"

#include <stdlib.h>

/* Does loop l assign d or take its address? */
typedef struct setw {
    fe_ctx *c;
    CXCursor var;
    int set;
} setw;

static enum CXChildVisitResult find_set(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    setw *w = d;
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr ||
        !clang_equalCursors(clang_getCursorReferenced(cur), w->var))
        return CXChildVisit_Recurse;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    int before = fe_tok_at(w->c, b) - 1;
    w->set = fe_written_at(w->c, b, e) || (before >= 0 && !strcmp(w->c->toks[before].spell, "&"));
    return w->set ? CXChildVisit_Break : CXChildVisit_Continue;
}

int fe_recon_sets(fe_ctx *c, CXCursor within, CXCursor var)
{
    setw w = {c, var, 0};
    clang_visitChildren(within, find_set, &w);
    return w.set;
}

/* Does variable d take other values in loop l: declared inside it, or
 * assigned or address-taken there? */
static int moves(rc *r, const fe_rloop *l, CXCursor d)
{
    unsigned lb, le, db, de;
    fe_extent(l->loop, &lb, &le);
    fe_extent(d, &db, &de);
    if (db >= lb && db < le) return 1;
    return fe_recon_sets(r->c, l->loop, d);
}

typedef struct inv {
    rc *r;
    const fe_rloop *l;
    int bad;
} inv;

/* An index the same at every pass of the loop: integer arithmetic over
 * constants and integer variables that do not move in it. */
static enum CXChildVisitResult check_index(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    inv *v = d;
    switch (clang_getCursorKind(cur)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: /* implicit casts */
    case CXCursor_CStyleCastExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_UnaryOperator:
        return CXChildVisit_Recurse;
    case CXCursor_DeclRefExpr: {
        CXCursor d0 = clang_getCursorReferenced(cur);
        enum CXCursorKind dk = clang_getCursorKind(d0);
        if (dk == CXCursor_EnumConstantDecl) return CXChildVisit_Continue;
        enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(d0)).kind;
        v->bad = (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) || t < CXType_Bool || t > CXType_Int128 ||
                 moves(v->r, v->l, d0);
        return v->bad ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    default:
        v->bad = 1;
        return CXChildVisit_Break;
    }
}

static int fixed(rc *r, const fe_rloop *l, CXCursor x)
{
    inv v = {r, l, 0};
    if (check_index(x, clang_getNullCursor(), &v) == CXChildVisit_Recurse)
        clang_visitChildren(x, check_index, &v);
    return !v.bad;
}

/* Does no loop of the file write through pointer variable d? In a loop's
 * own copy (s) its capture says; in a helper's copy, the captures of every
 * loop that names it (the copy is theirs), or a parameter's const. */
static int read_only(fe_ctx *c, const fe_site *s, CXCursor d)
{
    if (clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_Pointer) return 0;
    if (!s && clang_getCursorKind(d) == CXCursor_ParmDecl)
        return clang_isConstQualifiedType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(d))));
    int seen = 0;
    for (int k = s ? -1 : 0; k < (s ? 0 : c->nsites); k++) {
        const fe_site *t = s ? s : &c->sites[k];
        for (int i = 0; i < t->ncaps; i++) {
            const fe_cap *cp = &t->caps[i];
            if (clang_Cursor_isNull(cp->decl) || !clang_equalCursors(cp->decl, d)) continue;
            if (cp->ptr_written || cp->helper_written) return 0;
            seen = 1;
        }
    }
    return seen;
}

/* The pointer variable of p[I], p->f or p[I].f when the rest is fixed. */
static CXCursor pointer_of(rc *r, const fe_rloop *l, CXCursor cur)
{
    CXCursor none = clang_getNullCursor(), p = none;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (k == CXCursor_ArraySubscriptExpr && n == 2) {
        CXCursor b = fe_strip(ch[0]);
        if (clang_getCursorKind(b) == CXCursor_DeclRefExpr && fixed(r, l, ch[1])) p = b;
    } else if (k == CXCursor_MemberRefExpr && n == 1) {
        unsigned cb, ce;
        fe_extent(ch[0], &cb, &ce);
        CXCursor b = fe_strip(ch[0]);
        if (is(tok(r, ce), "->") && clang_getCursorKind(b) == CXCursor_DeclRefExpr)
            p = b;
        else if (is(tok(r, ce), ".") && clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr)
            p = pointer_of(r, l, b);
    }
    free(ch);
    if (clang_Cursor_isNull(p)) return none;
    CXCursor d = clang_getCursorReferenced(p);
    if (clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_Pointer || moves(r, l, d)) return none;
    return d;
}

int fe_recon_hoist(rc *r, CXCursor cur, const char *E)
{
    if (!r->nranged || r->exact || r->widen) return 0;
    fe_rloop *l = r->ranged[r->nranged - 1];
    if (clang_Cursor_isNull(l->loop)) return 0;
    CXCursor d = pointer_of(r, l, cur);
    if (clang_Cursor_isNull(d) || (!l->calm && !read_only(r->c, r->s, d))) return 0;
    char *rec = fe_fmt("strads_recon_rdr(strads__rc, &(%s), sizeof (%s)); ", E, E);
    for (int i = 0; i < l->nhoist; i++)
        if (!strcmp(l->hoist[i], rec)) { /* pos[i] twice: once */
            free(rec);
            return 1;
        }
    l->hoist = fe_grow(l->hoist, sizeof *l->hoist, &l->caphoist, l->nhoist + 1);
    l->hoist[l->nhoist++] = rec;
    return 1;
}
