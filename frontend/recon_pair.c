/*
 * frontend/recon_pair.c - a row a ranged loop reads and a later loop of the
 * same block updates is recorded once, by the first.
 *
 * SGD-MF and most trainers read two rows in one loop (the prediction) and
 * update the same rows in the next:
 *     for (k = 0; k < K; k++) e -= w[k] * h[k];
 *     se += e * e;
 *     for (k = 0; k < K; k++) { w[k] += ...; h[k] += ...; }
 * Recorded as ranges, that is four recorder calls an iteration for two
 * ranges. When the second loop is sure to run whenever the first does, over
 * the same bytes, the first records each row as read and written
 * (strads_recon_rdr_rw) and the second records nothing for it; a row both
 * only read is recorded by the first alone. That holds when:
 *   - both loops are statements of one block of the body, the first before
 *     the second, and the second is ranged and its values go nowhere
 *     (fe_rloop.only: its rows' records are all it does);
 *   - the row's range has the same text in both (row, offset, bounds),
 *     naming the same variables (declarations, macros expanded), all of
 *     them the body's or the loop's own (no global, which a store or a
 *     call could change), none with its address taken in the body;
 *   - nothing from the first loop up to the second changes those
 *     variables or can skip the second loop: no call in the first loop or
 *     in the statements between, those statements store only into other
 *     plain variables, and hold no jump (break, continue, return, goto, a
 *     case label) and nothing spelled by a macro (whose operators the text
 *     does not show); the body has no goto (whose label could reach the
 *     second loop without the first).
 * The second loop writes every element of its range on every pass
 * (recon_loop.c), so the write recorded early is exactly the one it makes.
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 32

/* The variables a range names (its row, offset and bounds). */
typedef struct names { CXCursor d[MAX_NAMES]; int n, over; } names;

static int named(const names *s, CXCursor d)
{
    for (int i = 0; i < s->n; i++)
        if (clang_equalCursors(s->d[i], d)) return 1;
    return 0;
}

static void name_add(names *s, CXCursor d)
{
    if (named(s, d)) return;
    if (s->n == MAX_NAMES) s->over = 1;
    else s->d[s->n++] = d;
}

typedef struct collect { names *s; CXCursor skip; } collect;

static enum CXChildVisitResult collect_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    collect *c = d;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(cur);
        enum CXCursorKind k = clang_getCursorKind(ref);
        if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !clang_equalCursors(ref, c->skip))
            name_add(c->s, ref);
    }
    return CXChildVisit_Recurse;
}

static void collect_in(names *s, CXCursor cur, CXCursor skip)
{
    collect c = {s, skip};
    if (clang_Cursor_isNull(cur)) return;
    if (collect_visit(cur, clang_getNullCursor(), &c) == CXChildVisit_Recurse)
        clang_visitChildren(cur, collect_visit, &c);
}

/* The variables of a row's range in loop forstmt (k itself left out). */
static void range_names(CXCursor forstmt, const fe_rloop *l, const fe_rl_base *p, names *s)
{
    memset(s, 0, sizeof *s);
    int n;
    CXCursor *ch = fe_children(forstmt, &n);
    if (n == 4) {
        collect_in(s, ch[0], l->var); /* A */
        collect_in(s, ch[1], l->var); /* k < B */
    } else {
        s->over = 1;
    }
    free(ch);
    if (clang_Cursor_isNull(p->expr)) name_add(s, p->decl);
    else collect_in(s, p->expr, l->var);
    collect_in(s, p->off, l->var);
    if (!clang_Cursor_isNull(p->off2)) collect_in(s, p->off2, l->var);
}

static int same_names(const names *a, const names *b)
{
    if (a->over || b->over || a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (!named(b, a->d[i])) return 0;
    return 1;
}

/* A global, or a static variable: a store or a call could change it. */
static int not_local(CXCursor d)
{
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
    return sc == CX_SC_Static || sc == CX_SC_Extern ||
           clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_TranslationUnit;
}

/* The referenced variable of an assignment's or operator's operand, or a
 * null cursor when it is not a plain variable. */
static CXCursor target_of(CXCursor op)
{
    int n;
    CXCursor *ch = fe_children(op, &n);
    CXCursor t = n >= 1 ? fe_strip(ch[0]) : clang_getNullCursor();
    free(ch);
    return clang_getCursorKind(t) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(t)
                                                          : clang_getNullCursor();
}

/* Is the operator (spelled here) one that changes its operand? */
static int changes(rc *r, CXCursor cur)
{
    int compound;
    CXCursor lhs, rhs;
    if (clang_getCursorKind(cur) != CXCursor_UnaryOperator)
        return fe_recon_is_assign(r, cur, &compound, &lhs, &rhs);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    return fe_incdec(r->c, cur) || is(tok(r, b), "&");
}

/* May the statement between the loops change a variable of the range, or
 * skip what follows it? */
typedef struct gap { rc *r; const names *s; int bad; } gap;

static enum CXChildVisitResult gap_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    gap *g = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    switch (k) {
    case CXCursor_CallExpr: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
    case CXCursor_LabelStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
        g->bad = 1;
        break;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: case CXCursor_UnaryOperator:
        if (changes(g->r, cur)) {
            CXCursor t = target_of(cur);
            g->bad = clang_Cursor_isNull(t) || named(g->s, t);
        }
        break;
    default:
        break;
    }
    if (!g->bad && fe_from_macro(cur))
        g->bad = 1; /* its operators are the macro's, not this text's */
    return g->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int gap_ok(rc *r, CXCursor stmt, const names *s)
{
    gap g = {r, s, 0};
    if (gap_visit(stmt, clang_getNullCursor(), &g) == CXChildVisit_Recurse)
        clang_visitChildren(stmt, gap_visit, &g);
    return !g.bad;
}

/* Does the body hold a goto, or take the address of a variable of the
 * range (&w, &(w), or an operator a macro spells on it)? */
typedef struct bars { rc *r; const names *s; int hit; } bars;

static enum CXChildVisitResult bars_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    bars *v = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) {
        v->hit = 1;
    } else if (k == CXCursor_UnaryOperator) {
        CXCursor t = target_of(cur);
        v->hit = !clang_Cursor_isNull(t) && named(v->s, t) && (fe_from_macro(cur) || changes(v->r, cur));
    }
    return v->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The block of the body that holds cur as a statement, and cur's place in it. */
typedef struct find { CXCursor cur, block; int at; } find;

static enum CXChildVisitResult find_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    find *f = d;
    if (clang_getCursorKind(cur) == CXCursor_CompoundStmt) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        for (int i = 0; i < n; i++)
            if (clang_equalCursors(ch[i], f->cur)) {
                f->block = cur;
                f->at = i;
            }
        free(ch);
        if (f->at >= 0)
            return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static int has_call(CXCursor cur)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    int hit = clang_getCursorKind(cur) == CXCursor_CallExpr;
    for (int i = 0; i < n && !hit; i++)
        hit = has_call(ch[i]);
    free(ch);
    return hit;
}

char *fe_recon_pair_key(const char *row, const char *off, const fe_rloop *l)
{
    return fe_fmt("%s|%s|%s|%s", row, off ? off : "", l->lo, l->hi);
}

int fe_recon_pair(rc *r, CXCursor a, const fe_rloop *la, const fe_rl_base *row, const char *key)
{
    if (!r->s || clang_Cursor_isNull(r->body) || r->npaired == MAX_PAIRED || has_call(a))
        return 0;
    names s;
    range_names(a, la, row, &s);
    for (int i = 0; i < s.n && !s.over; i++)
        s.over = not_local(s.d[i]);
    bars b = {r, &s, 0};
    if (!s.over && bars_visit(r->body, clang_getNullCursor(), &b) == CXChildVisit_Recurse)
        clang_visitChildren(r->body, bars_visit, &b);
    if (s.over || b.hit)
        return 0;
    find f = {a, clang_getNullCursor(), -1};
    if (find_visit(r->body, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
        clang_visitChildren(r->body, find_visit, &f);
    if (f.at < 0)
        return 0;
    int n, found = 0;
    CXCursor *ch = fe_children(f.block, &n);
    for (int i = f.at + 1; i < n && !found; i++) {
        fe_rloop *l = clang_getCursorKind(ch[i]) == CXCursor_ForStmt ? fe_recon_ranged(r, ch[i]) : NULL;
        /* a later loop whose writes must be marked dropped records them itself */
        for (int j = 0; l && l->only && !l->drop && j < l->nb && !found; j++) {
            fe_rl_base *p = &l->b[j];
            if (!clang_Cursor_isNull(p->off2)) continue; /* E + k + F: no pairs */
            char *rt = clang_Cursor_isNull(p->expr) ? fe_cxstr(clang_getCursorSpelling(p->decl))
                                                    : fe_strdup(p->key);
            unsigned ob, oe;
            if (!clang_Cursor_isNull(p->off))
                fe_extent(p->off, &ob, &oe);
            char *off = clang_Cursor_isNull(p->off) ? NULL : fe_text(r->c, ob, oe);
            char *k = fe_recon_pair_key(rt, off, l);
            names sb;
            range_names(ch[i], l, p, &sb);
            if (!strcmp(k, key) && same_names(&s, &sb)) {
                r->paired[r->npaired++] = (fe_pair){ch[i], k};
                found = p->written ? 2 : 1;
            } else {
                free(k);
            }
            free(rt);
            free(off);
        }
        free(l);
        if (!found && !gap_ok(r, ch[i], &s))
            break;
    }
    free(ch);
    return found;
}

int fe_recon_paired(rc *r, CXCursor loop, const char *key)
{
    for (int i = 0; i < r->npaired; i++)
        if (clang_equalCursors(r->paired[i].loop, loop) && !strcmp(r->paired[i].key, key))
            return 1;
    return 0;
}
