/*
 * frontend/recon_maywrite.c - writes of an async_for body under a test of
 * values the loop itself writes, recorded whichever way the test goes.
 *
 * Reconnaissance runs before the call, on the values memory holds then. A
 * relaxation
 *
 *     if (dist[e[j].dst] > dist[e[j].src] + e[j].w) dist[e[j].dst] = ...;
 *
 * tests values that earlier iterations of the same call lower, so an edge
 * whose test failed in reconnaissance may pass when it runs: its write was
 * never recorded, the plan did not order it, and on another node than the
 * element's owner it was never written back (Bellman-Ford lost distances
 * at two processes, exit 0). Here such an if records, on the path not
 * taken, the writes the other branch would make, read and written (a node
 * fetches what it may write back, and writes back the value it holds when
 * the write did not happen). A write qualifies when it is a statement of
 * the branch itself (not inside a loop or an inner if of it) to memory
 * reached through a pointer (or of an if among those statements, an
 * else-if's), and its address can be computed where the branch does not
 * run: its variables are neither declared nor assigned in the if, it calls
 * nothing, and every memory read in it is one the test reads
 * unconditionally (the `e[j].dst` the test compared). The records come
 * first on the other path, before a continue or return there can skip
 * them. Other writes stay as written (docs/guide.md: STRADS_VERIFY_RECON
 * finds them).
 *
 * For async_for only: a sync_for finds writes reconnaissance did not name
 * by page (loop_sync.c), and its averages count the nodes that wrote. A
 * function's copy serves both: there the records are
 * strads_recon_maywrite, which a sync_for's reconnaissance ignores.
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

static char *text_of(rc *r, CXCursor cur)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    char *t = fe_text(r->c, b, e), *o = t;
    for (const char *p = t; *p; p++) /* spacing apart */
        if (*p != ' ' && *p != '\t' && *p != '\n') *o++ = *p;
    *o = 0;
    return t;
}

/* The test's accesses: *hit when one reads memory the loop may write (a
 * captured pointer it writes through, or any pointer of the body's own);
 * the texts of those read unconditionally (not right of &&, || or in ?:). */
typedef struct test_walk {
    rc *r;
    int hit;
    char **reads;
    int nreads, capreads;
} test_walk;

int fe_recon_written_root(rc *r, CXCursor access)
{
    if (fe_recon_local_root(r, access, 1)) return 0;
    CXCursor v = fe_recon_root_of(access);
    if (clang_Cursor_isNull(v) || !r->s) return 1; /* (a function's copy: any pointer) */
    for (int i = 0; i < r->s->ncaps; i++)
        if (clang_equalCursors(r->s->caps[i].decl, v))
            return r->s->caps[i].ptr_written || r->s->caps[i].helper_written;
    return 1; /* a pointer of the body's own: it may point anywhere */
}

static void test_visit(test_walk *w, CXCursor cur, int lazy)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (fe_recon_access_kind(w->r, cur)) {
        w->hit |= fe_recon_written_root(w->r, cur);
        if (!lazy) {
            w->reads = fe_grow(w->reads, sizeof *w->reads, &w->capreads, w->nreads + 1);
            w->reads[w->nreads++] = text_of(w->r, cur);
        }
    }
    int n, c;
    CXCursor *ch = fe_children(cur, &n), l, rr;
    int logic = k == CXCursor_BinaryOperator && n == 2 && !fe_recon_is_assign(w->r, cur, &c, &l, &rr);
    if (logic) {
        unsigned lb, le;
        fe_extent(ch[0], &lb, &le);
        const fe_token *t = &w->r->c->toks[fe_tok_at(w->r->c, le)];
        logic = !strcmp(t->spell, "&&") || !strcmp(t->spell, "||");
    }
    for (int i = 0; i < n; i++)
        test_visit(w, ch[i], lazy || (logic && i > 0) || (k == CXCursor_ConditionalOperator && i > 0));
    free(ch);
}

/* Can the address of target be computed where its branch does not run? */
typedef struct addr_walk {
    rc *r;
    const test_walk *t;
    unsigned ib, ie; /* the if */
    int bad;
} addr_walk;

static void addr_visit(addr_walk *w, CXCursor cur, int top)
{
    if (w->bad) return;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_CallExpr || k == CXCursor_StmtExpr || fe_from_macro(cur)) {
        w->bad = 1;
        return;
    }
    if (!top && fe_recon_access_kind(w->r, cur) && !fe_recon_local_root(w->r, cur, 1)) {
        char *t = text_of(w->r, cur);
        int found = 0;
        for (int i = 0; i < w->t->nreads && !found; i++) found = !strcmp(w->t->reads[i], t);
        free(t);
        w->bad = !found;
        return; /* read by the test: its parts too */
    }
    if (k == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(cur);
        unsigned db, de;
        fe_extent(d, &db, &de);
        if (db >= w->ib && de <= w->ie) w->bad = 1; /* the branch's own */
        return;
    }
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n; i++) addr_visit(w, ch[i], 0);
    free(ch);
}

/* The variables the if assigns or takes the address of. */
typedef struct set_walk {
    rc *r;
    CXCursor *set;
    int nset, capset;
} set_walk;

static enum CXChildVisitResult set_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    set_walk *w = d;
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    int before = fe_tok_at(w->r->c, b) - 1;
    if (fe_written_at(w->r->c, b, e) || (before >= 0 && !strcmp(w->r->c->toks[before].spell, "&"))) {
        w->set = fe_grow(w->set, sizeof *w->set, &w->capset, w->nset + 1);
        w->set[w->nset++] = clang_getCursorReferenced(cur);
    }
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult moved_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    set_walk *w = d;
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
    CXCursor v = clang_getCursorReferenced(cur);
    for (int i = 0; i < w->nset; i++)
        if (clang_equalCursors(w->set[i], v)) {
            w->nset = -1;
            return CXChildVisit_Break;
        }
    return CXChildVisit_Continue;
}

/* A statement of a branch that writes memory through a pointer: its
 * target, or a null cursor. */
static CXCursor write_target(rc *r, CXCursor st)
{
    st = fe_strip(st);
    enum CXCursorKind k = clang_getCursorKind(st);
    int c;
    CXCursor l = clang_getNullCursor(), rr;
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        if (!fe_recon_is_assign(r, st, &c, &l, &rr)) return clang_getNullCursor();
    } else if (k == CXCursor_UnaryOperator && fe_incdec(r->c, st)) {
        int n;
        CXCursor *ch = fe_children(st, &n);
        if (n == 1) l = ch[0];
        free(ch);
    }
    if (clang_Cursor_isNull(l)) return l;
    l = fe_strip(l);
    if (!fe_recon_access_kind(r, l) || fe_recon_local_root(r, l, 0)) return clang_getNullCursor();
    return l;
}

/* The records of the writes of branch br its path cannot see:
 * `strads_recon_rw(...); ` for each that qualifies, appended to o. An if
 * among its statements (an else-if chain's next test) gives the writes of
 * both its branches: which one runs is not known either. */
static int may_writes(rc *r, CXCursor br, const test_walk *t, set_walk *sw, unsigned ib, unsigned ie,
                      fe_buf *o)
{
    int n = 1, got = 0;
    CXCursor *ch = NULL, one = br;
    if (clang_getCursorKind(br) == CXCursor_CompoundStmt) ch = fe_children(br, &n);
    for (int i = 0; i < n; i++) {
        CXCursor st = ch ? ch[i] : one;
        if (clang_getCursorKind(st) == CXCursor_IfStmt) {
            int m;
            CXCursor *arms = fe_children(st, &m);
            for (int a = 1; a < m; a++) got += may_writes(r, arms[a], t, sw, ib, ie, o);
            free(arms);
            continue;
        }
        CXCursor l = write_target(r, st);
        if (clang_Cursor_isNull(l)) continue;
        addr_walk a = {r, t, ib, ie, 0};
        addr_visit(&a, l, 1);
        set_walk m = *sw;
        clang_visitChildren(l, moved_visit, &m);
        if (a.bad || m.nset < 0) continue;
        char *L = fe_recon_rw(r, l, LV, 0);
        if (r->s)
            fe_buf_printf(o, "strads_recon_rw(strads__rc, (const void *)&(%s), sizeof(%s), 1); ", L, L);
        else /* a function's copy serves sync_for callers too */
            fe_buf_printf(o, "strads_recon_maywrite(strads__rc, (const void *)&(%s), sizeof(%s)); ", L, L);
        free(L);
        got++;
    }
    free(ch);
    return got;
}

char *fe_recon_maywrite_if(rc *r, CXCursor ifs)
{
    if ((r->s && r->s->kind != FE_ASYNC_FOR) || r->widen) return NULL;
    int n;
    CXCursor *ch = fe_children(ifs, &n);
    if (n != 2 && n != 3) {
        free(ch);
        return NULL;
    }
    test_walk t = {r, 0, NULL, 0, 0};
    test_visit(&t, ch[0], 0);
    char *out = NULL;
    if (t.hit) {
        unsigned ib, ie;
        fe_extent(ifs, &ib, &ie);
        set_walk sw = {r, NULL, 0, 0};
        clang_visitChildren(ifs, set_visit, &sw);
        fe_buf m1 = {0}, m2 = {0};
        int got = may_writes(r, ch[1], &t, &sw, ib, ie, &m1);
        if (n == 3) got += may_writes(r, ch[2], &t, &sw, ib, ie, &m2);
        if (got) {
            char *C = fe_recon_rw(r, ch[0], RV, 0), *S1 = fe_recon_rw(r, ch[1], RV, 1);
            char *S2 = n == 3 ? fe_recon_rw(r, ch[2], RV, 1) : fe_strdup("");
            /* before each branch's own statements: a continue or return
             * there would skip them, and they name no value it writes */
            out = fe_fmt("if (%s) { %s%s; } else { %s%s; }", C, m2.p ? m2.p : "", S1,
                         m1.p ? m1.p : "", S2);
            free(C);
            free(S1);
            free(S2);
        }
        free(m1.p);
        free(m2.p);
        free(sw.set);
    }
    for (int i = 0; i < t.nreads; i++) free(t.reads[i]);
    free(t.reads);
    free(ch);
    return out;
}

/* A statement that adds into a reduction's scalar (`changed++`, `n += 1`)
 * from the test's reads: it steers nothing. */
static int reduction_step(rc *r, CXCursor st, const test_walk *t, unsigned ib, unsigned ie)
{
    st = fe_strip(st);
    enum CXCursorKind k = clang_getCursorKind(st);
    int c, n;
    CXCursor l = clang_getNullCursor(), rr = clang_getNullCursor();
    if (k == CXCursor_CompoundAssignOperator) {
        if (!fe_recon_is_assign(r, st, &c, &l, &rr)) return 0;
    } else if (k == CXCursor_UnaryOperator && fe_incdec(r->c, st)) {
        CXCursor *ch = fe_children(st, &n);
        if (n == 1) l = ch[0];
        free(ch);
    }
    l = fe_strip(l);
    if (!r->s || clang_Cursor_isNull(l) || clang_getCursorKind(l) != CXCursor_DeclRefExpr) return 0;
    char *name = fe_cxstr(clang_getCursorSpelling(clang_getCursorReferenced(l)));
    fe_item *it = fe_item_named(r->s, name);
    free(name);
    if (!it || it->kind != FE_IT_REDUCTION || it->lo) return 0;
    addr_walk a = {r, t, ib, ie, 0};
    if (!clang_Cursor_isNull(rr)) addr_visit(&a, rr, 0);
    return !a.bad;
}

/* Does every statement of branch br qualify as may_writes takes it, with a
 * value stored that the test's reads compute (an if among them with a test
 * of those reads, and its arms alike)? */
static int covers_branch(rc *r, CXCursor br, const test_walk *t, const set_walk *sw, unsigned ib,
                         unsigned ie)
{
    int n = 1, ok = 1;
    CXCursor *ch = NULL, one = br;
    if (clang_getCursorKind(br) == CXCursor_CompoundStmt) ch = fe_children(br, &n);
    for (int i = 0; i < n && ok; i++) {
        CXCursor st = ch ? ch[i] : one;
        enum CXCursorKind k = clang_getCursorKind(st);
        if (k == CXCursor_NullStmt) continue;
        if (k == CXCursor_IfStmt) {
            int m;
            CXCursor *arms = fe_children(st, &m);
            addr_walk a = {r, t, ib, ie, 0};
            if (m > 0) addr_visit(&a, arms[0], 0);
            ok = m > 1 && !a.bad;
            for (int x = 1; x < m && ok; x++) ok = covers_branch(r, arms[x], t, sw, ib, ie);
            free(arms);
            continue;
        }
        CXCursor l = write_target(r, st);
        if (clang_Cursor_isNull(l)) {
            ok = reduction_step(r, st, t, ib, ie);
            continue;
        }
        addr_walk a = {r, t, ib, ie, 0};
        addr_visit(&a, l, 1);
        set_walk m = *sw;
        clang_visitChildren(l, moved_visit, &m);
        int c;
        CXCursor L, R;
        if (!a.bad && fe_recon_is_assign(r, fe_strip(st), &c, &L, &R)) addr_visit(&a, R, 0);
        ok = !a.bad && m.nset >= 0;
    }
    free(ch);
    return ok;
}

int fe_recon_maywrite_covers(rc *r, CXCursor ifs)
{
    if ((r->s && r->s->kind != FE_ASYNC_FOR) || r->widen) return 0;
    int n;
    CXCursor *ch = fe_children(ifs, &n);
    int ok = 0;
    if (n == 2 || n == 3) {
        test_walk t = {r, 0, NULL, 0, 0};
        test_visit(&t, ch[0], 0);
        unsigned ib, ie;
        fe_extent(ifs, &ib, &ie);
        set_walk sw = {r, NULL, 0, 0};
        clang_visitChildren(ifs, set_visit, &sw);
        ok = covers_branch(r, ch[1], &t, &sw, ib, ie) && (n < 3 || covers_branch(r, ch[2], &t, &sw, ib, ie));
        for (int i = 0; i < t.nreads; i++) free(t.reads[i]);
        free(t.reads);
        free(sw.set);
    }
    free(ch);
    return ok;
}
