/*
 * frontend/steer.c - async_for loops that find the elements they touch from
 * values the loop writes.
 *
 * Reconnaissance runs the body on the values from before the loop (with an
 * iteration's own writes shadowed) and the plan orders the iterations by
 * the elements it saw. An iteration that finds an element from a value
 * another iteration writes (union-find's parent[parent[x]], a bucket
 * fill's out[count[c]++], a class picked from weights the loop updates)
 * touches other elements when it runs: the plan does not order those, and
 * the run is no serial order of the loop (union-find lost components at
 * two processes, with exit 0). Such a loop is refused, with what to do.
 *
 * Per function, the loop body and each function of this file it calls:
 *   1. the variables written through (a subscript or * assigned, compound
 *      assigned, incremented or decremented), and whether every such write
 *      is the iteration's own element (v[i], i the loop variable);
 *   2. per such variable, the locals whose values come from a read through
 *      it (not of the iteration's own element of one written only there:
 *      the shadow gives it; not under &), to a fixed point, whatever the
 *      control flow;
 *   3. a subscript or * whose index holds such a read or local: refused
 *      when it goes through the same variable (parent[parent[x]]), or
 *      through another variable the loop writes when the first is written
 *      at elements other than the iteration's own (out[count[c]++]). An
 *      index from an array written only at v[i] is let through into other
 *      arrays: what the iteration reads of it is either its own element,
 *      which the shadow gives, or one no iteration writes, or a
 *      neighbour's (v[i - 1]), which this does not tell apart (a read of
 *      a neighbour's makes recon_values.c mark the site values_others: it
 *      runs in order).
 * A call of a function of this file steers when it is given the written
 * variable (j = target(c, g)) or reads it as a global, itself or through
 * the functions it calls (out[where(c)], where returning pos[c]); the
 * function's own accesses are checked where it is analysed.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* One subscript (v[k]) or dereference (*p, *(p + k)) in a function. */
typedef struct acc {
    CXCursor base;  /* the variable it goes through (its declaration), or null */
    CXCursor index; /* the index expression (a dereference: its operand) */
    unsigned b, e;  /* the access's text */
    int write;      /* assigned, compound assigned, ++ or -- */
    int own;        /* the index is the loop variable itself */
    int addr;       /* under &: an address, no read */
} acc;

/* One assignment to a local: v = E, v op= E, T v = E, v[k] = E or v.m = E
 * (a local array or struct: all of it), v++; at: its offset. ptr: E is a
 * pointer whose memory was copied into v (memcpy(&v, &w[k], n)). inc: v++
 * or v--, which only a loop's test carries a value into (a partition's
 * p++ under an if on its own slab's values is a random forest's builder,
 * right at every shape; a count up to a counter the loop bumps is not). */
typedef struct asg {
    CXCursor var, value;
    unsigned at;
    int ptr, inc;
} asg;

/* An if: its condition, and the text of its branches (an argmax's index
 * set under a comparison of values carries their taint). */
typedef struct cond {
    CXCursor test;
    unsigned b, e;
    int loop; /* a loop's test and body, not an if's */
} cond;

typedef struct scope {
    fe_ctx *c;
    fe_site *s;
    CXCursor fn; /* the function analysed, or a null cursor for the body */
    acc *a;
    int na, capa;
    asg *g;
    int ng, capg;
    cond *f;
    int nf, capf;
    cond *hd;          /* for headers (test unused): a counter they set counts */
    int nhd, caphd;
    CXCursor *tainted; /* step 2's locals */
    CXCursor *via;     /* ... each one's variable a called function writes, or null */
    int capv;
    int nt, capt;
    CXCursor src;      /* the written variable whose reads taint */
} scope;

static int is_tok(fe_ctx *c, int k, const char *s)
{
    return k >= 0 && k < c->ntoks && strcmp(c->toks[k].spell, s) == 0;
}

static CXCursor decl_of(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr || clang_getCursorKind(e) == CXCursor_MemberRefExpr)
        return clang_getCursorReferenced(e);
    return clang_getNullCursor();
}

/* The variable an expression's memory belongs to: v of v, v[k][j], v.m,
 * v->m, &v[k], (T *)&v[k], v + k; else a null cursor. */
static CXCursor root_of(CXCursor e)
{
    for (int depth = 0; depth < 16; depth++) {
        e = fe_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) return clang_getCursorReferenced(e);
        int n;
        CXCursor *ch = fe_children(e, &n);
        /* a cast's operand is its last child (a TypeRef may come first) */
        CXCursor next = n > 0 ? ch[k == CXCursor_CStyleCastExpr ? n - 1 : 0] : clang_getNullCursor();
        free(ch);
        if (!(k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr || k == CXCursor_UnaryOperator ||
              k == CXCursor_CStyleCastExpr || k == CXCursor_BinaryOperator) ||
            clang_Cursor_isNull(next))
            return clang_getNullCursor();
        e = next;
    }
    return clang_getNullCursor();
}

static int is_copy_fn(const char *f)
{
    return !strcmp(f, "memcpy") || !strcmp(f, "memmove") || !strcmp(f, "__builtin_memcpy") ||
           !strcmp(f, "__builtin_memmove");
}

static void add_asg(scope *sc, CXCursor var, CXCursor value, unsigned at, int ptr, int inc)
{
    sc->g = fe_grow(sc->g, sizeof *sc->g, &sc->capg, sc->ng + 1);
    sc->g[sc->ng++] = (asg){var, value, at, ptr, inc};
}

static int fn_writes_param(fe_ctx *c, CXCursor fn, int i);

static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData d);

/* A loop's test: a while's first child, a do's last, a for's expression
 * between the header's semicolons (absent parts leave no child). */
typedef struct in_range {
    unsigned b, e;
    CXCursor found;
} in_range;

static enum CXChildVisitResult within(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    in_range *r = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (b >= r->b && e <= r->e && e > b) {
        r->found = cur;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static CXCursor loop_test(fe_ctx *c, CXCursor loop, enum CXCursorKind k)
{
    int n;
    CXCursor *ch = fe_children(loop, &n);
    CXCursor t = clang_getNullCursor();
    if (k == CXCursor_WhileStmt && n == 2) t = ch[0];
    if (k == CXCursor_DoStmt && n == 2) t = ch[1];
    free(ch);
    if (k != CXCursor_ForStmt) return t;
    unsigned b, e;
    fe_extent(loop, &b, &e);
    int q = fe_tok_at(c, b) + 1, depth = 0, semi[2] = {-1, -1}, ns = 0;
    if (!is_tok(c, q, "(")) return t;
    for (int j = q; j < c->ntoks && c->toks[j].off < e && ns < 2; j++) {
        depth += is_tok(c, j, "(") ? 1 : is_tok(c, j, ")") ? -1 : 0;
        if (depth == 1 && is_tok(c, j, ";")) semi[ns++] = j;
        if (depth == 0) break;
    }
    if (ns < 2) return t;
    in_range r = {c->toks[semi[0]].end, c->toks[semi[1]].off, clang_getNullCursor()};
    clang_visitChildren(loop, within, &r);
    return r.found;
}

/* Does this file's function fn write through its parameter i (p[k] = ...,
 * p[k]++, *p = ...), itself? Looked into a few calls deep; each answer
 * kept (step 2's fixed point asks again for every call it meets, and
 * stradsc reads one file). */
static int writes_depth;
static struct writes_kept {
    CXCursor fn;
    int i, w;
} *kept;
static int nkept, capkept;

static int fn_writes_param(fe_ctx *c, CXCursor fn, int i)
{
    if (writes_depth >= 3 || i >= clang_Cursor_getNumArguments(fn)) return 0;
    for (int k = 0; k < nkept; k++)
        if (kept[k].i == i && clang_equalCursors(kept[k].fn, fn)) return kept[k].w;
    CXCursor parm = clang_Cursor_getArgument(fn, (unsigned)i);
    CXType pt = clang_getCanonicalType(clang_getCursorType(parm));
    if (pt.kind != CXType_Pointer || clang_isConstQualifiedType(clang_getPointeeType(pt))) return 0;
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(fn), &f, NULL, NULL, NULL);
    if (!f || !clang_File_isEqual(f, c->file)) return 0;
    scope in = {.c = c, .fn = fn};
    writes_depth++;
    clang_visitChildren(fn, collect, &in);
    writes_depth--;
    int w = 0;
    for (int j = 0; j < in.na && !w; j++)
        w = in.a[j].write && !clang_Cursor_isNull(in.a[j].base) && clang_equalCursors(in.a[j].base, parm);
    free(in.a);
    free(in.g);
    free(in.f);
    free(in.hd);
    kept = fe_grow(kept, sizeof *kept, &capkept, nkept + 1);
    kept[nkept++] = (struct writes_kept){fn, i, w};
    return w;
}

static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    scope *sc = d;
    fe_ctx *c = sc->c;
    enum CXCursorKind k = clang_getCursorKind(cur);
    /* sizeof *idx, _Alignof: not evaluated, no access (malloc(n * sizeof
     * *idx) of a body's scratch was refused as steered) */
    if (k == CXCursor_UnaryExpr)
        return CXChildVisit_Continue;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        int deref = k == CXCursor_UnaryOperator && n == 1 && is_tok(c, fe_tok_at(c, b), "*");
        /* a subscript's text ends with its ']': else it is a macro's, whose
         * expressions all share the invocation's text (not told apart) */
        int sub = k == CXCursor_ArraySubscriptExpr && n == 2 && e > b && e <= c->srclen && c->src[e - 1] == ']';
        if (sub || deref) {
            int before = fe_tok_at(c, b) - 1;
            acc x = {.b = b, .e = e, .write = fe_written_at(c, b, e), .addr = is_tok(c, before, "&")};
            if (deref) {
                /* *p or *(p + k): the pointer's variable, the whole operand */
                CXCursor op = fe_strip(ch[0]);
                x.index = op;
                enum CXCursorKind ok = clang_getCursorKind(op);
                if (ok == CXCursor_CStyleCastExpr || ok == CXCursor_UnaryOperator) {
                    /* *(struct one *)&pos[k]: a read of pos's element */
                    x.base = root_of(op);
                } else if (ok == CXCursor_BinaryOperator) {
                    int m;
                    CXCursor *oc = fe_children(op, &m);
                    x.base = m == 2 ? decl_of(oc[0]) : clang_getNullCursor();
                    free(oc);
                } else {
                    x.base = decl_of(op);
                }
            } else {
                x.base = decl_of(ch[0]);
                x.index = ch[1];
                CXCursor ix = decl_of(ch[1]);
                x.own = sc->s && !clang_Cursor_isNull(ix) && clang_equalCursors(ix, sc->s->ivar_decl);
            }
            sc->a = fe_grow(sc->a, sizeof *sc->a, &sc->capa, sc->na + 1);
            sc->a[sc->na++] = x;
        }
        free(ch);
    }
    if (k == CXCursor_VarDecl || k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (k == CXCursor_VarDecl && n > 0) { /* T v = E: the last child is E */
            add_asg(sc, cur, ch[n - 1], b, 0, 0);
        } else if (n == 2 && clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr) {
            unsigned lb, le;
            fe_extent(ch[0], &lb, &le);
            int t = fe_tok_at(c, le);
            if (k == CXCursor_CompoundAssignOperator || is_tok(c, t, "="))
                add_asg(sc, decl_of(ch[0]), ch[1], b, 0, 0);
        } else if (n == 2) {
            /* an element or member of a local array or struct (tmp[0] =
             * pos[k]): the whole local holds the value */
            enum CXCursorKind lk = clang_getCursorKind(fe_strip(ch[0]));
            unsigned lb, le;
            fe_extent(ch[0], &lb, &le);
            int t = fe_tok_at(c, le);
            CXCursor root = root_of(ch[0]);
            enum CXTypeKind rt = clang_getCanonicalType(clang_getCursorType(root)).kind;
            if ((lk == CXCursor_ArraySubscriptExpr || lk == CXCursor_MemberRefExpr) &&
                (rt == CXType_ConstantArray || rt == CXType_Record || rt == CXType_Elaborated) &&
                (k == CXCursor_CompoundAssignOperator || is_tok(c, t, "=")))
                add_asg(sc, root, ch[1], b, 0, 0);
        }
        free(ch);
    }
    if (k == CXCursor_UnaryOperator) { /* v++, --v: v from itself (a count a loop may steer) */
        int n;
        CXCursor *ch = fe_children(cur, &n);
        int first = fe_tok_at(c, b), last = fe_tok_at(c, e) - 1;
        if (n == 1 && clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr &&
            (is_tok(c, first, "++") || is_tok(c, first, "--") || is_tok(c, last, "++") ||
             is_tok(c, last, "--")))
            add_asg(sc, decl_of(ch[0]), ch[0], b, 0, 1);
        free(ch);
    }
    if (k == CXCursor_CallExpr) {
        CXCursor callee = clang_getCursorReferenced(cur);
        char *name = fe_cxstr(clang_getCursorSpelling(callee));
        int na = clang_Cursor_getNumArguments(cur);
        /* memcpy(&dst, &pos[k], n): dst holds what pos held */
        if (name && is_copy_fn(name) && na >= 2)
            add_asg(sc, root_of(clang_Cursor_getArgument(cur, 0)), clang_Cursor_getArgument(cur, 1), b, 1, 0);
        free(name);
    }
    if (k == CXCursor_ForStmt) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        unsigned bb, be;
        if (n >= 1) {
            fe_extent(ch[n - 1], &bb, &be);
            sc->hd = fe_grow(sc->hd, sizeof *sc->hd, &sc->caphd, sc->nhd + 1);
            sc->hd[sc->nhd++] = (cond){clang_getNullCursor(), b, bb, 1};
        }
        free(ch);
    }
    if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_ForStmt) {
        /* what a loop whose test reads a written value assigns in its body
         * (`for (q = 0; q < pos[k]; q++) dst++;`) carries that value */
        CXCursor test = loop_test(c, cur, k);
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor body = n > 0 ? ch[k == CXCursor_DoStmt ? 0 : n - 1] : clang_getNullCursor();
        free(ch);
        if (!clang_Cursor_isNull(test) && !clang_Cursor_isNull(body)) {
            unsigned bb, be;
            fe_extent(body, &bb, &be);
            sc->f = fe_grow(sc->f, sizeof *sc->f, &sc->capf, sc->nf + 1);
            sc->f[sc->nf++] = (cond){test, bb, be, 1};
        }
    }
    if (k == CXCursor_IfStmt) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        unsigned tb, te;
        if (n >= 2) {
            fe_extent(ch[0], &tb, &te);
            sc->f = fe_grow(sc->f, sizeof *sc->f, &sc->capf, sc->nf + 1);
            sc->f[sc->nf++] = (cond){ch[0], te, e, 0};
        }
        free(ch);
    }
    return CXChildVisit_Recurse;
}

static int in_set(CXCursor x, const CXCursor *v, int n)
{
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(x, v[i])) return 1;
    return 0;
}

/* Bases written somewhere in the function; own: every write is v[i]. */
static int written_base(const scope *sc, CXCursor base, int *own)
{
    int w = 0;
    *own = 1;
    for (int i = 0; i < sc->na; i++)
        if (sc->a[i].write && !clang_Cursor_isNull(sc->a[i].base) &&
            clang_equalCursors(sc->a[i].base, base)) {
            w = 1;
            *own &= sc->a[i].own;
        }
    return w;
}

static int local(const scope *sc, CXCursor decl);

typedef struct probe {
    const scope *sc;
    unsigned at; /* the offset of what steers, or 0 */
    CXCursor via; /* a variable a called function writes and may return from, or null */
} probe;

/* Does the function read the variable itself, or through a function of
 * this file it calls (up to depth calls down)? For a global the loop
 * writes: where(c) returning pos[c] steers as pos[c] would. */
typedef struct refs {
    CXCursor var;
    int depth, found;
} refs;

static enum CXChildVisitResult refers(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    refs *r = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(cur), r->var)) {
        r->found = 1;
        return CXChildVisit_Break;
    }
    if (k == CXCursor_CallExpr && r->depth > 0) {
        CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(cur));
        if (!clang_Cursor_isNull(fn)) {
            refs in = {r->var, r->depth - 1, 0};
            clang_visitChildren(fn, refers, &in);
            if (in.found) {
                r->found = 1;
                return CXChildVisit_Break;
            }
        }
    }
    return CXChildVisit_Recurse;
}

static int fn_reads(CXCursor fn, CXCursor var)
{
    refs r = {var, 3, 0};
    clang_visitChildren(fn, refers, &r);
    return r.found;
}

/* A read of a value the loop writes, or a tainted local, in the expression? */
static enum CXChildVisitResult steers(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    probe *p = d;
    const scope *sc = p->sc;
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (k == CXCursor_DeclRefExpr && in_set(clang_getCursorReferenced(cur), sc->tainted, sc->nt)) {
        for (int i = 0; i < sc->nt; i++)
            if (clang_equalCursors(clang_getCursorReferenced(cur), sc->tainted[i])) p->via = sc->via[i];
        p->at = b ? b : 1;
        return CXChildVisit_Break;
    }
    for (int i = 0; i < sc->na; i++) {
        const acc *x = &sc->a[i];
        int own;
        if (x->b != b || x->e != e || x->addr || clang_Cursor_isNull(x->base) ||
            !clang_equalCursors(x->base, sc->src) || !written_base(sc, x->base, &own))
            continue;
        if (own && x->own) continue; /* the iteration's own element: the shadow has it */
        p->at = b ? b : 1;
        return CXChildVisit_Break;
    }
    /* the value of a function of this file given the written variable
     * (j = target(c, g) reading c[g]): its result may come from its values */
    if (k == CXCursor_CallExpr && clang_getCanonicalType(clang_getCursorType(cur)).kind != CXType_Void) {
        CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(cur));
        /* ... or given a variable it writes through, which it may read
         * back for its value (bump(pos, k) returning p[k]++) */
        int nargs = clang_Cursor_getNumArguments(cur);
        for (int i = 0; i < nargs && !clang_Cursor_isNull(fn); i++) {
            CXCursor root = root_of(clang_Cursor_getArgument(cur, (unsigned)i));
            CXType rt = clang_getCanonicalType(clang_getCursorType(root));
            if (clang_Cursor_isNull(root) || (rt.kind == CXType_ConstantArray && local(sc, root)) ||
                !fn_writes_param(sc->c, fn, i))
                continue;
            p->at = b ? b : 1;
            p->via = root;
            return CXChildVisit_Break;
        }
        if (!clang_Cursor_isNull(fn) && clang_getCursorKind(sc->src) == CXCursor_VarDecl &&
            !local(sc, sc->src) && clang_getCursorKind(clang_getCursorSemanticParent(sc->src)) ==
                                       CXCursor_TranslationUnit && fn_reads(fn, sc->src)) {
            p->at = b ? b : 1;
            return CXChildVisit_Break;
        }
        int na = clang_Cursor_getNumArguments(cur);
        for (int i = 0; i < na && !clang_Cursor_isNull(fn); i++) {
            CXCursor arg = fe_strip(clang_Cursor_getArgument(cur, (unsigned)i));
            if (clang_getCursorKind(arg) == CXCursor_UnaryOperator || clang_getCursorKind(arg) == CXCursor_BinaryOperator) {
                int n;
                CXCursor *ch = fe_children(arg, &n); /* &c[k], c + k */
                CXCursor first = n > 0 ? fe_strip(ch[0]) : clang_getNullCursor();
                free(ch);
                if (clang_getCursorKind(first) == CXCursor_ArraySubscriptExpr) {
                    CXCursor *cc = fe_children(first, &n);
                    first = n > 0 ? fe_strip(cc[0]) : clang_getNullCursor();
                    free(cc);
                }
                arg = first;
            }
            CXCursor d = decl_of(arg);
            if (!clang_Cursor_isNull(d) && clang_equalCursors(d, sc->src)) {
                p->at = b ? b : 1;
                return CXChildVisit_Break;
            }
        }
    }
    return CXChildVisit_Recurse;
}

static unsigned steered_via(const scope *sc, CXCursor expr, CXCursor *via)
{
    probe p = {sc, 0, clang_getNullCursor()};
    if (steers(expr, clang_getNullCursor(), &p) == CXChildVisit_Recurse)
        clang_visitChildren(expr, steers, &p);
    if (via) *via = p.via;
    return p.at;
}

static unsigned steered(const scope *sc, CXCursor expr)
{
    return steered_via(sc, expr, NULL);
}

/* Is the declaration a variable of the function's own (not captured)? */
static int local(const scope *sc, CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return 0;
    unsigned b, e;
    fe_extent(decl, &b, &e);
    if (clang_Cursor_isNull(sc->fn)) return b >= sc->s->body_begin && b < sc->s->body_end;
    unsigned fb, fe;
    fe_extent(sc->fn, &fb, &fe);
    return b >= fb && b < fe;
}

/* Steps 2 and 3 for the reads of one written variable: an access through
 * it whose index comes from its own values (union-find's parents, a class
 * picked from the weights it updates), or through another written variable
 * from the values of one written at shared elements (a bucket fill's
 * out[count[c]++]: at two processes the rows landed on the wrong nodes and
 * the sum was wrong with exit 0). Such a value read back after the
 * iteration wrote it itself is refused too: it cannot be told apart here. */
static int analyse_src(scope *sc)
{
    fe_ctx *c = sc->c;
    sc->nt = 0;
    for (int changed = 1; changed;) { /* step 2, to a fixed point */
        changed = 0;
        for (int i = 0; i < sc->ng; i++) {
            CXCursor v = sc->g[i].var;
            if (clang_Cursor_isNull(v) || !local(sc, v) || in_set(v, sc->tainted, sc->nt)) continue;
            CXCursor from = sc->g[i].ptr ? root_of(sc->g[i].value) : clang_getNullCursor();
            CXCursor via = clang_getNullCursor();
            int dep = sc->g[i].ptr ? !clang_Cursor_isNull(from) && (clang_equalCursors(from, sc->src) ||
                                                                   in_set(from, sc->tainted, sc->nt))
                                   : steered_via(sc, sc->g[i].value, &via) != 0;
            unsigned vb, ve;
            fe_extent(v, &vb, &ve);
            /* set under a tested value (an argmax's index), unless declared
             * inside that branch: a perceptron's `for (int j = 0; ...)`
             * under its margin test counts j over every element whatever
             * the test said (whether it writes is the wide if's business) */
            int header = 0; /* for (j = 0; ...; j++): a counter, not a choice */
            for (int j = 0; j < sc->nhd && !header; j++)
                header = sc->g[i].at >= sc->hd[j].b && sc->g[i].at < sc->hd[j].e;
            for (int j = 0; j < sc->nf && !dep && !header; j++)
                dep = (sc->f[j].loop || !sc->g[i].inc) && sc->g[i].at >= sc->f[j].b && sc->g[i].at < sc->f[j].e &&
                      !(vb >= sc->f[j].b && vb < sc->f[j].e) && steered(sc, sc->f[j].test);
            if (!dep) continue;
            sc->tainted = fe_grow(sc->tainted, sizeof *sc->tainted, &sc->capt, sc->nt + 1);
            sc->via = fe_grow(sc->via, sizeof *sc->via, &sc->capv, sc->nt + 1);
            sc->via[sc->nt] = via;
            sc->tainted[sc->nt++] = v;
            changed = 1;
        }
    }
    int src_own;
    (void)written_base(sc, sc->src, &src_own);
    for (int i = 0; i < sc->na; i++) { /* step 3 */
        const acc *x = &sc->a[i];
        int own;
        if (clang_Cursor_isNull(x->base)) continue;
        if (!clang_equalCursors(x->base, sc->src) && (src_own || !written_base(sc, x->base, &own)))
            continue;
        CXType t = clang_getCanonicalType(clang_getCursorType(x->base));
        if (t.kind == CXType_ConstantArray && local(sc, x->base)) continue; /* scratch */
        CXCursor via;
        if (!steered_via(sc, x->index, &via)) continue;
        char *name = fe_cxstr(clang_getCursorSpelling(x->base));
        char *from = fe_cxstr(clang_getCursorSpelling(clang_Cursor_isNull(via) ? sc->src : via));
        fe_error(c, x->b,
                 "an async_for must know each iteration's elements before it runs: keep the "
                 "loop sequential (remove the pragma), or use sync_for if iterations may read "
                 "values a clock old",
                 "async_for: the element of '%s' here is found from a value of '%s', which the "
                 "loop writes (another iteration may change it before this one runs)", name, from);
        free(name);
        free(from);
        return 1; /* once a function */
    }
    return 0;
}

static void analyse(fe_ctx *c, fe_site *s, CXCursor fn, CXCursor root)
{
    scope sc = {.c = c, .s = s, .fn = fn};
    clang_visitChildren(root, collect, &sc);
    int said = 0;
    for (int i = 0; i < sc.na && !said; i++) {
        int own, seen = 0;
        if (!sc.a[i].write || clang_Cursor_isNull(sc.a[i].base) || !written_base(&sc, sc.a[i].base, &own))
            continue;
        for (int j = 0; j < i && !seen; j++) /* each written variable once */
            seen = sc.a[j].write && !clang_Cursor_isNull(sc.a[j].base) &&
                   clang_equalCursors(sc.a[j].base, sc.a[i].base);
        if (seen) continue;
        CXType t = clang_getCanonicalType(clang_getCursorType(sc.a[i].base));
        if (t.kind == CXType_ConstantArray && local(&sc, sc.a[i].base)) continue; /* scratch */
        sc.src = sc.a[i].base;
        said = analyse_src(&sc);
    }
    free(sc.a);
    free(sc.g);
    free(sc.f);
    free(sc.hd);
    free(sc.tainted);
    free(sc.via);
}

void fe_steer(fe_ctx *c, fe_site *s, CXCursor body, const CXCursor *helpers, int nh)
{
    if (s->kind != FE_ASYNC_FOR) return;
    analyse(c, s, clang_getNullCursor(), body);
    for (int i = 0; i < nh; i++) analyse(c, s, helpers[i], helpers[i]);
}
