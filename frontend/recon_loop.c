/*
 * frontend/recon_loop.c - which counted loops of a reconnaissance body can be
 * recorded as ranges.
 *
 * Reconnaissance records every access of a body through a call, and a body
 * is mostly inner loops over a row: SGD-MF's
 *     for (int k = 0; k < rank; k++) e -= w[k] * h[k];
 * made 450 recorder calls per rating, ~1 us, where the rating itself costs
 * about as much in the real loop. When every k of [A, B) reaches p[k], the
 * loop touches exactly the bytes [&p[A], &p[B]): recon.c records that range
 * once before the loop and leaves p[k] unrecorded inside it (its writes
 * dropped as before), so the compiler deletes what is left of the loop when
 * nothing else there has an effect.
 *
 * The same holds for an index E + k whose E the loop does not change (a
 * flat array's row, W[u * rank + k]): the range starts at &p[E + A]; for
 * E + k + F, the column added after k (a[size * (i + off) + j + g]), at
 * &p[E + F + A]; and
 * for a row that is an expression the loop does not change instead of a
 * pointer variable: a 2-D array's row W[u][k], a struct's array member
 * W[u].v[k] or x->v[k], a pointer expression (W + u * rank)[k]. An E or a
 * row that reads memory (W[x->u][k]) qualifies only in a loop that calls
 * nothing and stores into no memory but its ranged rows, of types that
 * cannot alias what it reads (float rows, an int index), since it is read
 * once, before the loop.
 *
 * A loop qualifies when it is `for (k = A; k < B; k++)` (or `<=`, `++k`,
 * `k += 1`, k declared there or not) with k an integer, A and B plain
 * integer arithmetic over variables and constants (no memory reads, no
 * calls), and its body has no break, continue, goto or return and assigns
 * neither k nor a variable of A or B nor takes their address. A row p
 * of the body is recorded as a range only when every one of its accesses
 * there is p[k] (or all are p[E + k], the same E, not naming k), each an
 * element (not W[k] of W[k][j]), its writes outside any condition (if, ?:,
 * &&, ||, switch, an inner loop) and never read back after a store (but
 * see late_rows: a clip after the update), and p is neither assigned nor has its
 * address taken: then each element of the range is written on every pass,
 * so the writes recorded are exactly the loop's, never more (sync_for
 * averages over the nodes that wrote an element: over-recording would
 * change results). A read under a condition is recorded all the same
 * (Gauss-Seidel's `if (j != i) s -= A[i * n + j] * x[j]` was recorded
 * element by element, two recorder calls for every j): one more element
 * read is one more element fetched or ordered, never a wrong answer.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

typedef struct walk {
    fe_ctx *c;
    CXCursor var;      /* the induction variable */
    CXCursor *bound;   /* variables of A, B and the offsets E */
    int nbound, capbound;
    CXCursor *set;     /* variables the body assigns or takes the address of */
    int nset, capset;
    fe_rl_base *b;     /* pointers seen in the body */
    int nb, capb;
    int bad;           /* the loop does not qualify */
    CXType *rt;        /* the types an offset or a row reads from memory, */
    int *rt_of;        /* each with the row (index in b) whose it is */
    int nrt, caprt, caprt_of;
    CXCursor *stores;  /* targets of assignments other than to a plain variable */
    int nstores, capstores;
    int calls;         /* the body calls a function */
    CXCursor *gone;    /* pointers the body assigns, declares or takes the address of */
    int ngone, capgone;
} walk;

static fe_token *tok_at(fe_ctx *c, unsigned off) { return &c->toks[fe_tok_at(c, off)]; }

static int tok_is(fe_ctx *c, unsigned off, const char *s) { return !strcmp(tok_at(c, off)->spell, s); }

static int is_int_type(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind > CXType_Bool && t.kind <= CXType_Int128;
}

static CXCursor ref_of(CXCursor cur)
{
    cur = fe_strip(cur);
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    return clang_getCursorReferenced(cur);
}

static int same(CXCursor a, CXCursor b) { return !clang_Cursor_isNull(a) && clang_equalCursors(a, b); }

/* The operator token of a binary node: the first token after its left side. */
static int binop_is(fe_ctx *c, CXCursor bin, const char *op)
{
    int n;
    CXCursor *ch = fe_children(bin, &n);
    int ok = 0;
    if (n == 2) {
        unsigned b, e;
        fe_extent(ch[0], &b, &e);
        ok = tok_is(c, e, op);
    }
    free(ch);
    return ok;
}

/* An arithmetic binary operator (no assignment, comparison or comma). */
static int arith(fe_ctx *c, CXCursor bin)
{
    static const char *const ops[] = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", NULL};
    for (int i = 0; ops[i]; i++)
        if (binop_is(c, bin, ops[i])) return 1;
    return 0;
}

/* Is the member access m written p->f (not s.f)? */
static int arrow(fe_ctx *c, CXCursor m)
{
    int n, is = 0;
    CXCursor *ch = fe_children(m, &n);
    if (n > 0) {
        unsigned b, e;
        fe_extent(ch[0], &b, &e);
        is = tok_is(c, e, "->");
    }
    free(ch);
    return is;
}

/* operand found a read of memory of type t. */
static void mem_type(walk *w, CXType t)
{
    w->rt = fe_grow(w->rt, sizeof *w->rt, &w->caprt, w->nrt + 1);
    w->rt_of = fe_grow(w->rt_of, sizeof *w->rt_of, &w->caprt_of, w->nrt + 1);
    w->rt_of[w->nrt] = -1; /* the caller names the row */
    w->rt[w->nrt++] = t;
}

/* Arithmetic over variables and constants, without calls or assignments:
 * A and B are integer arithmetic that reads no memory (reads = 0); a row's
 * offset E in an index E + k may also read memory (x->u, cols[j], *p) and
 * name variables of any type (reads = 1), since reconnaissance drops every
 * write to memory that is not its own, and those reads are recorded where
 * the range is (reads = 2: cur is an object whose member is taken, not
 * read). The variables join w->bound: the loop may not change them. */
static int operand(walk *w, CXCursor cur, int reads)
{
    int lv = 0; /* the children are an object named, not read (S of S.f) */
    cur = fe_strip(cur);
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    switch (clang_getCursorKind(cur)) {
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral:
        return 1;
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(cur);
        enum CXCursorKind dk = clang_getCursorKind(d);
        if (dk == CXCursor_EnumConstantDecl) return 1;
        if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) ||
            (!reads && !is_int_type(clang_getCursorType(d))))
            return 0;
        w->bound = fe_grow(w->bound, sizeof *w->bound, &w->capbound, w->nbound + 1);
        w->bound[w->nbound++] = d;
        return 1;
    }
    case CXCursor_UnaryOperator:
        if (!tok_is(w->c, b, "-") && !tok_is(w->c, b, "+") && !tok_is(w->c, b, "~") &&
            !(reads && tok_is(w->c, b, "*")))
            return 0;
        if (reads == 1 && tok_is(w->c, b, "*")) mem_type(w, clang_getCursorType(cur));
        break;
    case CXCursor_BinaryOperator:
        if (!arith(w->c, cur)) return 0;
        break;
    case CXCursor_MemberRefExpr: case CXCursor_ArraySubscriptExpr:
        if (!reads) return 0;
        /* W[u] and x->v of an array type name a row's address, reading
         * nothing; so does S of S.f (reads 2) */
        if (reads == 1 && clang_getCanonicalType(clang_getCursorType(cur)).kind != CXType_ConstantArray)
            mem_type(w, clang_getCursorType(cur));
        if (k == CXCursor_MemberRefExpr && !arrow(w->c, cur)) lv = 1;
        break;
    case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr: case CXCursor_ParenExpr:
        break;
    default:
        return 0;
    }
    int n, ok = 1;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && ok; i++)
        if (clang_getCursorKind(ch[i]) != CXCursor_TypeRef) ok = operand(w, ch[i], lv ? 2 : !!reads);
    free(ch);
    return ok;
}

/* operand(cur, 1) for an offset E or a row expression, which are taken
 * once before the loop and so may not name k; the types it reads from
 * memory are noted as row's (w->b index). On failure the variables it
 * named are not kept. */
static int invariant(walk *w, CXCursor cur, int row)
{
    int nb0 = w->nbound, nrt0 = w->nrt, ok;
    ok = operand(w, cur, 1);
    for (int i = nb0; ok && i < w->nbound; i++)
        ok = !same(w->bound[i], w->var);
    if (!ok) w->nbound = nb0, w->nrt = nrt0;
    for (int i = nrt0; i < w->nrt; i++) w->rt_of[i] = row;
    return ok;
}

/* The offset E of an index k or E + k (k + E), NULL cursor for k alone;
 * and F of (E + k) + F (a row's base, then the column within it:
 * a[size * (i + off) + j + g], Rodinia lud's habit), else a null cursor in
 * off2; 0 when the index has another shape. */
static int row_index(walk *w, CXCursor idx, CXCursor *off, CXCursor *off2, int row)
{
    *off = *off2 = clang_getNullCursor();
    idx = fe_strip(idx);
    if (same(ref_of(idx), w->var)) return 1;
    if (clang_getCursorKind(idx) != CXCursor_BinaryOperator || !binop_is(w->c, idx, "+")) return 0;
    int n;
    CXCursor *ch = fe_children(idx, &n);
    int ok = 0;
    if (n == 2) {
        int at = same(ref_of(ch[1]), w->var) ? 0 : same(ref_of(ch[0]), w->var) ? 1 : -1;
        if (at >= 0 && invariant(w, ch[at], row)) {
            *off = ch[at];
            ok = 1;
        } else if (at < 0 && row_index(w, ch[0], off, off2, row) && !clang_Cursor_isNull(*off) &&
                   clang_Cursor_isNull(*off2) && invariant(w, ch[1], row)) {
            *off2 = ch[1];
            ok = 1;
        } else {
            *off = *off2 = clang_getNullCursor();
        }
    }
    free(ch);
    return ok;
}

static char *text_of(fe_ctx *c, CXCursor cur)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    return fe_text(c, b, e);
}

static int is_bound(walk *w, CXCursor d)
{
    if (same(w->var, d)) return 1;
    for (int i = 0; i < w->nbound; i++)
        if (same(w->bound[i], d)) return 1;
    return 0;
}

static int gone(const walk *w, CXCursor d)
{
    for (int i = 0; i < w->ngone; i++)
        if (same(w->gone[i], d)) return 1;
    return 0;
}

static fe_rl_base *base_of(walk *w, CXCursor d)
{
    for (int i = 0; i < w->nb; i++)
        if (same(w->b[i].decl, d)) return &w->b[i];
    w->b = fe_grow(w->b, sizeof *w->b, &w->capb, w->nb + 1);
    w->b[w->nb] = (fe_rl_base){.decl = d, .expr = clang_getNullCursor(), .off = clang_getNullCursor(),
                               .off2 = clang_getNullCursor(), .spoiled = gone(w, d)};
    return &w->b[w->nb++];
}

/* A pointer that changes in the loop: none of its rows is a range, those
 * seen so far nor any met later. */
static void spoil_pointer(walk *w, CXCursor d)
{
    if (!gone(w, d)) {
        w->gone = fe_grow(w->gone, sizeof *w->gone, &w->capgone, w->ngone + 1);
        w->gone[w->ngone++] = d;
    }
    base_of(w, d)->spoiled = 1;
    for (int i = 0; i < w->nb; i++)
        if (same(w->b[i].decl, d)) w->b[i].spoiled = 1;
}

/* The row of p's base (p an index into w->b) that index it names: p itself
 * when it has no index yet or the same one, else another row of the same
 * pointer or expression. GloVe's W[l1 + b] and W[l2 + b] in one loop are
 * two rows of W, each a range; before, the second index ruled W out and
 * the loop ran element by element, value by value (17 s of reconnaissance
 * for 1.5 M records). Two rows of one array may overlap, as two pointers
 * into it may: the written ranges are recorded first and a read range that
 * overlaps one makes the iteration run again element by element (recon.c),
 * the same check as for p[k] and q[k]. */
static int row_for_index(walk *w, int p, const char *index)
{
    if (!w->b[p].index || !strcmp(w->b[p].index, index)) return p;
    for (int i = 0; i < w->nb; i++) {
        if (i == p || !w->b[i].index || strcmp(w->b[i].index, index)) continue;
        if (clang_Cursor_isNull(w->b[p].decl) ? w->b[i].key && w->b[p].key && !strcmp(w->b[i].key, w->b[p].key)
                                              : same(w->b[i].decl, w->b[p].decl))
            return i;
    }
    fe_rl_base q = {.decl = w->b[p].decl, .expr = w->b[p].expr,
                    .key = w->b[p].key ? fe_strdup(w->b[p].key) : NULL,
                    .spoiled = !clang_Cursor_isNull(w->b[p].decl) && gone(w, w->b[p].decl)};
    w->b = fe_grow(w->b, sizeof *w->b, &w->capb, w->nb + 1);
    w->b[w->nb] = q;
    return w->nb++;
}

/*
 * The row an access R[k] goes through, or NULL:
 *   p[k]                        a pointer variable p (base_of);
 *   W[u][k], W[u].v[k], x->v[k] an expression of an array type, a 2-D
 *                               array's row or a struct's array member;
 *   (W + u * K)[k]              an expression of a pointer type.
 * An expression row must name the same row on every pass (invariant: the
 * loop may not change its variables, checked with the offsets'); rows of
 * the same spelling are one row. Its own parts (W's row u) are not rows of
 * the loop: they are walked as expressions.
 */
static fe_rl_base *row_of(walk *w, CXCursor e)
{
    CXCursor d = ref_of(e);
    if (!clang_Cursor_isNull(d))
        return clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer ? base_of(w, d)
                                                                                    : NULL;
    e = fe_strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(e)).kind;
    if (!((t == CXType_ConstantArray &&
           (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr)) ||
          (t == CXType_Pointer && k == CXCursor_BinaryOperator)))
        return NULL;
    char *key = text_of(w->c, e);
    for (int i = 0; i < w->nb; i++)
        if (w->b[i].key && !strcmp(w->b[i].key, key)) {
            free(key);
            return &w->b[i];
        }
    if (!invariant(w, e, w->nb)) {
        free(key);
        return NULL;
    }
    w->b = fe_grow(w->b, sizeof *w->b, &w->capb, w->nb + 1);
    w->b[w->nb] = (fe_rl_base){.decl = clang_getNullCursor(), .expr = e, .key = key,
                               .off = clang_getNullCursor(), .off2 = clang_getNullCursor()};
    return &w->b[w->nb++];
}

/* A variable the body assigns, increments or takes the address of. */
static void changed(walk *w, CXCursor target)
{
    CXCursor d = ref_of(target);
    if (clang_Cursor_isNull(d)) {
        /* memory (a[i], s.f, *p): checked against the rows at the end */
        w->stores = fe_grow(w->stores, sizeof *w->stores, &w->capstores, w->nstores + 1);
        w->stores[w->nstores++] = fe_strip(target);
        return;
    }
    /* checked against the bound variables at the end: an offset E may
     * name a variable the body assigns before the access */
    w->set = fe_grow(w->set, sizeof *w->set, &w->capset, w->nset + 1);
    w->set[w->nset++] = d;
    if (clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer)
        spoil_pointer(w, d);
}

static void visit(walk *w, CXCursor cur, int cond, int how);

static void visit_children(walk *w, CXCursor cur, int cond)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n; i++) visit(w, ch[i], cond, 0);
    free(ch);
}

/* how: 0 read, 1 written, 2 read and written (compound, ++/--). */
static void visit(walk *w, CXCursor cur, int cond, int how)
{
    if (w->bad) return;
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    int n;
    CXCursor *ch;
    switch (k) {
    case CXCursor_BreakStmt: case CXCursor_ContinueStmt: case CXCursor_GotoStmt:
    case CXCursor_ReturnStmt: case CXCursor_LabelStmt: case CXCursor_IndirectGotoStmt:
    case CXCursor_CaseStmt: case CXCursor_DefaultStmt: /* a jump into the loop skips its range */
        w->bad = 1;
        return;
    case CXCursor_IfStmt: case CXCursor_ConditionalOperator:
        ch = fe_children(cur, &n);
        for (int i = 0; i < n; i++) visit(w, ch[i], cond || i > 0, 0);
        free(ch);
        return;
    case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_ForStmt: case CXCursor_SwitchStmt:
        visit_children(w, cur, 1);
        return;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
        ch = fe_children(cur, &n);
        if (n == 2) {
            int assign = k == CXCursor_CompoundAssignOperator || binop_is(w->c, cur, "=");
            int lazy = binop_is(w->c, cur, "&&") || binop_is(w->c, cur, "||");
            if (assign) changed(w, ch[0]);
            visit(w, ch[0], cond, assign ? (k == CXCursor_CompoundAssignOperator ? 2 : 1) : 0);
            visit(w, ch[1], cond || lazy, 0);
            /* From here on a read of a written pointer would read back what
             * the range does not write: such a loop runs element by element. */
            for (int i = 0; assign && i < w->nb; i++)
                w->b[i].stored |= w->b[i].written;
        } else {
            for (int i = 0; i < n; i++) visit(w, ch[i], cond, 0);
        }
        free(ch);
        return;
    case CXCursor_UnaryOperator: {
        int incdec = fe_incdec(w->c, cur);
        ch = fe_children(cur, &n);
        if (n == 1 && (incdec || tok_is(w->c, b, "&"))) changed(w, ch[0]);
        for (int i = 0; i < n; i++) visit(w, ch[i], cond, incdec ? 2 : 0);
        free(ch);
        return;
    }
    case CXCursor_ArraySubscriptExpr: {
        ch = fe_children(cur, &n);
        fe_rl_base *p = n == 2 ? row_of(w, ch[0]) : NULL;
        if (p) {
            CXCursor off, off2;
            char *it = text_of(w->c, ch[1]);
            /* w->b grows as rows are found (row_for_index, the visits
             * below): p is found anew from its index after each */
            int pi = row_for_index(w, (int)(p - w->b), it);
            /* W[k] of W[k][j] names a row, not an element: the range would
             * be whole rows */
            int row = clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_ConstantArray;
            /* a read under a condition joins the range (see the header); a
             * write there, or a read after a store, only in a loop whose
             * values go nowhere (checked at the end) */
            int shaped = !row && row_index(w, ch[1], &off, &off2, pi);
            p = &w->b[pi];
            if (!shaped || (p->index && strcmp(p->index, it))) {
                p->spoiled = 1;
                free(it);
            } else {
                if (p->index) free(it);
                else p->index = it;
                p->off = off;
                p->off2 = off2;
                p->read |= how != 1;
                p->written |= how != 0;
                p->late |= (cond && how != 0) || (how == 0 && p->stored);
                p->sure |= !cond && how != 0;
                p->acc = fe_grow(p->acc, sizeof *p->acc, &p->capacc, p->nacc + 1);
                p->acc[p->nacc++] = cur;
            }
            visit(w, ch[1], cond, 0); /* the index */
            if (!clang_Cursor_isNull(w->b[pi].expr))
                visit(w, ch[0], cond, 0); /* a row's own parts: W and u of W[u] */
        } else {
            for (int i = 0; i < n; i++) visit(w, ch[i], cond, 0);
        }
        free(ch);
        return;
    }
    case CXCursor_CallExpr: {
        /* <math.h>'s sqrtf and the like store nothing (the copy is built
         * without errno): AdaGrad's update loop stays a loop of values
         * that go nowhere */
        CXCursor f = clang_getCursorReferenced(cur);
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        if (clang_Cursor_isNull(f) || !fe_pure_math(name) ||
            !clang_Location_isInSystemHeader(clang_getCursorLocation(f)))
            w->calls = 1;
        free(name);
        visit_children(w, cur, cond);
        return;
    }
    case CXCursor_VarDecl:
        /* a pointer declared in the body changes every pass */
        if (clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer)
            spoil_pointer(w, cur);
        visit_children(w, cur, cond);
        return;
    case CXCursor_DeclRefExpr: {
        /* a pointer used other than as p[k] (passed on, copied) may be
         * read through elsewhere: fine, those accesses record themselves */
        return;
    }
    default:
        visit_children(w, cur, cond);
        return;
    }
}

static int char_or_aggregate(CXType t)
{
    switch (t.kind) {
    case CXType_Char_S: case CXType_Char_U: case CXType_SChar: case CXType_UChar:
    case CXType_Record: case CXType_ConstantArray: case CXType_IncompleteArray:
    case CXType_VariableArray: case CXType_Elaborated:
        return 1;
    default:
        return 0;
    }
}

/* May a store of type st change memory read as type rt? Not when C's
 * effective-type rules keep them apart: different scalar types (int and
 * float, long and double), neither a character type nor an aggregate
 * (which may hold the other). Signedness variants alias each other. */
static int may_alias(CXType rt, CXType st)
{
    rt = clang_getUnqualifiedType(clang_getCanonicalType(rt));
    st = clang_getUnqualifiedType(clang_getCanonicalType(st));
    if (char_or_aggregate(rt) || char_or_aggregate(st) || clang_equalTypes(rt, st))
        return 1;
    static const enum CXTypeKind pairs[][2] = {
        {CXType_Short, CXType_UShort}, {CXType_Int, CXType_UInt}, {CXType_Long, CXType_ULong},
        {CXType_LongLong, CXType_ULongLong}, {CXType_Int128, CXType_UInt128}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if ((rt.kind == pairs[i][0] && st.kind == pairs[i][1]) ||
            (rt.kind == pairs[i][1] && st.kind == pairs[i][0]))
            return 1;
    /* pointers of different pointee types, enums and their integer: keep them together */
    return rt.kind == st.kind || rt.kind == CXType_Enum || st.kind == CXType_Enum;
}

/* The induction variable and A from the loop's first part. */
static int init_part(walk *w, CXCursor init, CXCursor *a)
{
    enum CXCursorKind k = clang_getCursorKind(init);
    int n;
    CXCursor *ch = fe_children(init, &n);
    int ok = 0;
    if (k == CXCursor_DeclStmt && n == 1 && clang_getCursorKind(ch[0]) == CXCursor_VarDecl) {
        int m;
        CXCursor *vc = fe_children(ch[0], &m);
        if (m > 0 && clang_getCursorKind(vc[m - 1]) != CXCursor_TypeRef) {
            w->var = ch[0];
            *a = vc[m - 1];
            ok = 1;
        }
        free(vc);
    } else if (k == CXCursor_BinaryOperator && n == 2 && binop_is(w->c, init, "=")) {
        w->var = ref_of(ch[0]);
        *a = ch[1];
        ok = !clang_Cursor_isNull(w->var);
    }
    free(ch);
    return ok && is_int_type(clang_getCursorType(w->var));
}

/* Is every access to memory in cur one of the loop's ranged ones? A value
 * read elsewhere (H[idx[k]], *p, s->f, an access under a condition) may
 * pick an address the copy must record after what the iteration dropped. */
typedef struct ranged_only { fe_ctx *c; const fe_rloop *l; int other; } ranged_only;

static enum CXChildVisitResult ranged_only_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    ranged_only *v = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_ArraySubscriptExpr) {
        if (fe_rloop_covers(v->l, cur))
            return CXChildVisit_Continue;
        v->other = 1;
    } else if (k == CXCursor_UnaryOperator || k == CXCursor_MemberRefExpr) {
        /* *p and s->f read memory; so may whatever a macro spells */
        unsigned b, e;
        fe_extent(cur, &b, &e);
        v->other = fe_from_macro(cur) || (k == CXCursor_UnaryOperator ? tok_is(v->c, b, "*") : arrow(v->c, cur));
    }
    return v->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is the store s one of the accesses of a row of b that is still ranged? */
static int ranged_store(const fe_rl_base *b, int nb, CXCursor s)
{
    for (int j = 0; j < nb; j++)
        for (int a = 0; !b[j].spoiled && a < b[j].nacc; a++)
            if (clang_equalCursors(fe_strip(b[j].acc[a]), s))
                return 1;
    return 0;
}

/*
 * Do the loop's values go nowhere? When it calls nothing, assigns no
 * variable but k and those declared inside it, stores into nothing but
 * elements of its ranged rows and leaves no access unranged, what it
 * computes ends in those rows, whose writes reconnaissance drops: a value
 * it reads (stale when an earlier dropped write of the iteration reached
 * the same bytes through another name) decides nothing, so its ranges need
 * not be checked against the drops (strads_recon_rdr_only, strads_recon_rw).
 */
static int only(const walk *w, fe_rloop *out, CXCursor body, unsigned fb, unsigned fe)
{
    free(out->outv);
    out->outv = NULL;
    out->noutv = 0;
    out->only_but_outv = 0;
    if (w->calls)
        return 0;
    ranged_only v = {w->c, out, 0};
    if (ranged_only_visit(body, clang_getNullCursor(), &v) == CXChildVisit_Recurse)
        clang_visitChildren(body, ranged_only_visit, &v);
    if (v.other)
        return 0;
    for (int i = 0; i < w->nstores; i++)
        if (!ranged_store(out->b, out->nb, w->stores[i]))
            return 0;
    int cap = 0;
    for (int i = 0; i < w->nset; i++) {
        unsigned at = fe_offset(clang_getCursorLocation(w->set[i]));
        if (!same(w->set[i], w->var) && (at < fb || at >= fe)) {
            out->outv = fe_grow(out->outv, sizeof *out->outv, &cap, out->noutv + 1);
            out->outv[out->noutv++] = w->set[i];
        }
    }
    out->only_but_outv = out->noutv > 0;
    return out->noutv == 0;
}

/*
 * A row written under a condition or read back after a store (weight
 * clipping after the update: `w[k] += g; if (w[k] > c) w[k] = c;`) is
 * recorded as a range only when the loop's values go nowhere, so that the
 * stale values the copy reads there (its writes are dropped) decide
 * nothing, and when the row is also written outside any condition, so that
 * every element of the range is written on every pass: the range records
 * no more than the loop writes. Otherwise the row's accesses run element
 * by element, as before (a recorder call for every access of the rows, for
 * a clip users add to SGD-MF's update as a matter of course).
 */
static void late_rows(const walk *w, fe_rloop *out, CXCursor body, unsigned fb, unsigned fe)
{
    int k = 0;
    for (int i = 0; i < out->nb; i++) {
        const fe_rl_base *p = &out->b[i];
        if (p->late && (!out->only || (p->written && !p->sure))) {
            free(p->key);
            free(p->acc);
            free(p->index);
            continue;
        }
        out->b[k++] = *p;
    }
    if (k < out->nb) {
        out->nb = k;
        out->only = only(w, out, body, fb, fe);
    }
}

int fe_recon_loop(fe_ctx *c, CXCursor forstmt, fe_rloop *out)
{
    memset(out, 0, sizeof *out);
    int n;
    CXCursor *ch = fe_children(forstmt, &n);
    walk w = {.c = c, .var = clang_getNullCursor()};
    CXCursor a, cond = n == 4 ? ch[1] : clang_getNullCursor(), inc = n == 4 ? ch[2] : cond;
    int ok = n == 4 && init_part(&w, ch[0], &a) && operand(&w, a, 0);
    /* k < B or k <= B */
    int le = 0, nc;
    CXCursor *cc = ok ? fe_children(cond, &nc) : NULL;
    ok = ok && clang_getCursorKind(cond) == CXCursor_BinaryOperator && nc == 2 &&
         same(ref_of(cc[0]), w.var) && ((le = binop_is(c, cond, "<=")) || binop_is(c, cond, "<"));
    int nb0 = w.nbound;
    ok = ok && operand(&w, cc[1], 0);
    for (int i = nb0; ok && i < w.nbound; i++) ok = !same(w.bound[i], w.var);
    /* k++, ++k, k += 1 */
    if (ok) {
        unsigned ib, ie;
        fe_extent(inc, &ib, &ie);
        int ni;
        CXCursor *ic = fe_children(inc, &ni);
        enum CXCursorKind ik = clang_getCursorKind(inc);
        int last = fe_tok_at(c, ie) - 1;
        if (ik == CXCursor_UnaryOperator)
            ok = ni == 1 && same(ref_of(ic[0]), w.var) &&
                 (tok_is(c, ib, "++") || (last >= 0 && !strcmp(c->toks[last].spell, "++")));
        else if (ik == CXCursor_CompoundAssignOperator)
            ok = ni == 2 && same(ref_of(ic[0]), w.var) && binop_is(c, inc, "+=") &&
                 clang_getCursorKind(fe_strip(ic[1])) == CXCursor_IntegerLiteral &&
                 tok_is(c, fe_offset(clang_getCursorLocation(fe_strip(ic[1]))), "1");
        else
            ok = 0;
        free(ic);
    }
    if (ok) visit(&w, ch[3], 0, 0);
    ok = ok && !w.bad;
    /* k, A, B and every offset E stay unchanged through the loop, and the
     * offsets name nothing declared inside it (the range is taken before) */
    for (int i = 0; ok && i < w.nset; i++) ok = !is_bound(&w, w.set[i]);
    unsigned fb, fe;
    fe_extent(forstmt, &fb, &fe);
    for (int i = 0; ok && i < w.nbound; i++) {
        unsigned at = fe_offset(clang_getCursorLocation(w.bound[i]));
        ok = same(w.bound[i], w.var) || at < fb || at >= fe;
    }
    /* An offset or row that reads memory (W[x->u][k], p[idx[j] + k]) is read
     * once, before the loop: only right when nothing in the loop changes
     * what it reads. A call, or a store other than an element of a ranged
     * row (a local array, a private section), may; a ranged row's element
     * may only when its type may alias what the row reads (C's effective
     * types: a float store does not change an int), checked per row. */
    int stores = w.calls;
    for (int i = 0; ok && !stores && i < w.nstores; i++)
        stores = !ranged_store(w.b, w.nb, w.stores[i]);
    for (int i = 0; i < w.nrt; i++) {
        fe_rl_base *p = w.rt_of[i] >= 0 ? &w.b[w.rt_of[i]] : NULL;
        if (p && stores) p->spoiled = 1;
        for (int j = 0; p && !p->spoiled && j < w.nstores; j++)
            p->spoiled = may_alias(w.rt[i], clang_getCursorType(w.stores[j]));
    }
    /* a bound spelled through a function-like macro's argument
     * (PolyBench's _PB_M: POLYBENCH_LOOP_BOUND(M, m)) has no text of its
     * own in the file: the loop is kept as written (the range was `()`, a
     * gcc error in the generated file) */
    if (ok) {
        unsigned xb, xe, yb, ye;
        fe_extent(a, &xb, &xe);
        fe_extent(cc[1], &yb, &ye);
        ok = xb < xe && yb < ye;
    }
    if (ok) {
        unsigned b, e;
        fe_extent(a, &b, &e);
        out->lo = fe_text(c, b, e);
        out->lo_b = b;
        out->lo_e = e;
        fe_extent(cc[1], &b, &e);
        out->hi = le ? fe_fmt("(%s) + 1", fe_text(c, b, e)) : fe_text(c, b, e);
        out->var = w.var;
        for (int i = 0; i < w.nb; i++)
            if (!w.b[i].spoiled && (w.b[i].read || w.b[i].written)) {
                out->b = fe_grow(out->b, sizeof *out->b, &out->capb, out->nb + 1);
                out->b[out->nb++] = w.b[i];
            }
        out->only = only(&w, out, ch[3], fb, fe);
        late_rows(&w, out, ch[3], fb, fe);
        out->calm = !stores;
    }
    free(cc);
    free(ch);
    free(w.bound);
    free(w.set);
    free(w.stores);
    free(w.gone);
    free(w.rt);
    free(w.rt_of);
    for (int i = 0; i < w.nb; i++)
        if (w.b[i].spoiled || !(w.b[i].read || w.b[i].written)) free(w.b[i].key);
    free(w.b);
    return ok && out->nb > 0;
}

/* By place and kind: a node reached through a declaration's initializer
 * is not clang_equalCursors to the same node reached from its statement. */
int fe_rloop_covers(const fe_rloop *l, CXCursor access)
{
    access = fe_strip(access);
    unsigned b, e, ab, ae;
    fe_extent(access, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(access);
    for (int i = 0; i < l->nb; i++)
        for (int j = 0; j < l->b[i].nacc; j++) {
            fe_extent(l->b[i].acc[j], &ab, &ae);
            if (ab == b && ae == e && clang_getCursorKind(l->b[i].acc[j]) == k) return 1;
        }
    return 0;
}
