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
 *   - the row's range has the same text in both (row, offset, bounds) and
 *     reads no memory, and nothing from the first loop up to the second
 *     changes what that text names: no call in the first loop or in the
 *     statements between, those statements store only into plain
 *     variables the text does not name, and no name of the text has its
 *     address taken in the body;
 *   - nothing between can skip the second loop (break, continue, return,
 *     goto, a case label) and the body has no goto (whose label could
 *     reach the second loop without the first).
 * The second loop writes every element of its range on every pass
 * (recon_loop.c), so the write recorded early is exactly the one it makes.
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

static int is_ident_start(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static int is_ident_char(char ch) { return is_ident_start(ch) || (ch >= '0' && ch <= '9'); }

/* Does the identifier s occur as a word in text? */
static int names(const char *text, const char *s)
{
    size_t n = strlen(s);
    for (const char *p = text; (p = strstr(p, s)) != NULL; p += n)
        if ((p == text || !is_ident_char(p[-1])) && !is_ident_char(p[n]))
            return 1;
    return 0;
}

/* May the statement change a name of key, or skip what follows it? A
 * call, a store other than to a plain variable the key does not name, a
 * jump or a case label. */
typedef struct gap { rc *r; const char *key; int bad; } gap;

static enum CXChildVisitResult gap_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    gap *g = d;
    switch (clang_getCursorKind(cur)) {
    case CXCursor_CallExpr: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
    case CXCursor_LabelStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
        g->bad = 1;
        return CXChildVisit_Break;
    case CXCursor_VarDecl: { /* a name of the key declared anew */
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        g->bad = names(g->key, name);
        free(name);
        return g->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
    }
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: case CXCursor_UnaryOperator: {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        unsigned b, e;
        fe_extent(cur, &b, &e);
        int changes = clang_getCursorKind(cur) == CXCursor_CompoundAssignOperator;
        if (clang_getCursorKind(cur) == CXCursor_BinaryOperator && n == 2) {
            unsigned lb, le;
            fe_extent(ch[0], &lb, &le);
            changes = is(tok(g->r, le), "=");
        } else if (clang_getCursorKind(cur) == CXCursor_UnaryOperator) {
            char *t = fe_text(g->r->c, b, e);
            changes = strstr(t, "++") || strstr(t, "--") || t[0] == '&';
            free(t);
        }
        if (changes && n >= 1) {
            CXCursor target = fe_strip(ch[0]);
            char *name = fe_cxstr(clang_getCursorSpelling(target));
            g->bad = clang_getCursorKind(target) != CXCursor_DeclRefExpr || names(g->key, name);
            free(name);
        }
        free(ch);
        return g->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
    }
    default:
        return CXChildVisit_Recurse;
    }
}

static int gap_ok(rc *r, CXCursor stmt, const char *key)
{
    gap g = {r, key, 0};
    if (gap_visit(stmt, clang_getNullCursor(), &g) == CXChildVisit_Recurse)
        clang_visitChildren(stmt, gap_visit, &g);
    return !g.bad;
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

/* The body's text has a goto, or takes the address of a name of key. */
static int body_bars(rc *r, const char *key)
{
    unsigned b, e;
    fe_extent(r->body, &b, &e);
    fe_ctx *c = r->c;
    for (int i = fe_tok_at(c, b); i < c->ntoks && c->toks[i].off < e; i++) {
        if (!strcmp(c->toks[i].spell, "goto"))
            return 1;
        if (!strcmp(c->toks[i].spell, "&") && i + 1 < c->ntoks && is_ident_start(c->toks[i + 1].spell[0]) &&
            names(key, c->toks[i + 1].spell))
            return 1;
    }
    return 0;
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

int fe_recon_pair(rc *r, CXCursor a, const char *key)
{
    if (!r->s || clang_Cursor_isNull(r->body) || r->npaired == MAX_PAIRED || has_call(a) || body_bars(r, key))
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
        if (l && l->only) {
            for (int j = 0; j < l->nb && !found; j++) {
                fe_rl_base *p = &l->b[j];
                char *row = clang_Cursor_isNull(p->expr) ? fe_cxstr(clang_getCursorSpelling(p->decl))
                                                         : fe_strdup(p->key);
                unsigned ob, oe;
                if (!clang_Cursor_isNull(p->off))
                    fe_extent(p->off, &ob, &oe);
                char *off = clang_Cursor_isNull(p->off) ? NULL : fe_text(r->c, ob, oe);
                char *k = fe_recon_pair_key(row, off, l);
                if (!strcmp(k, key)) {
                    r->paired[r->npaired++] = (fe_pair){ch[i], k};
                    found = p->written ? 2 : 1;
                } else {
                    free(k);
                }
                free(row);
                free(off);
            }
        }
        free(l);
        if (!found && !gap_ok(r, ch[i], key))
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
