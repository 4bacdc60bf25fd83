/*
 * frontend/recon_slice.c - what the fast reconnaissance copy of an async_for
 * body need not compute.
 *
 * Reconnaissance needs the addresses an iteration touches, and the control
 * flow that picks them; a trainer computes far more. GloVe's body:
 *
 *     for (b = 0; b < D; b++) diff += W[b + l1] * W[b + l2];
 *     if (isnan(diff) || isinf(diff)) { fprintf(stderr, ...); continue; }
 *     for (b = 0; b < D; b++) {
 *         temp1 = fmin(fmax(fdiff * W[b + l2], -clip), clip) * eta;
 *         up1[b] = temp1 / sqrt(gradsq[b + l1]);  sum1 += up1[b];  ...
 *     }
 *     if (!isnan(sum1) && !isnan(sum2)) for (b = 0; b < D; b++) W[b + l1] -= up1[b];
 *
 * Run as written, its copy computed every value to decide two NaN checks,
 * as dear as the iteration itself. Two rules (the first over-records, which
 * an async_for's plan may rest on; a sync_for averages over the nodes that
 * wrote an element, so it must record exactly, and gets it only for ifs
 * whose branches touch no memory, as a value-free copy of a function does,
 * recon_vfree.c):
 *
 * Wide ifs. An if whose condition reads no memory but arrays the loop
 * writes (their reads recorded: a model value the plan, kept for later
 * calls, would not see change), calls nothing but pure
 * math and names only floating-point variables that do not matter (below:
 * a check of values, not of indices; `w < 1`, an int, guards the validity
 * of W[w] and stays, and so does `isnan(x)` before W[(int)x]) is taken
 * both ways: `if (C) continue;` (a branch of stdio calls and a continue)
 * goes, and any other branch runs whatever C is - its accesses are recorded
 * whether or not the iteration makes them, its writes as reads and writes
 * (a node fetches what it may write back) and dropped, so that a later read
 * of them runs the iteration again in the exact copy, which takes every if
 * as written. A wide branch may assign no variable that matters (below)
 * declared outside it, take no address but an element's reached through a
 * pointer, jump nowhere but its own loops, and call nothing but pure math
 * and stdio.
 *
 * Irrelevant locals. A variable matters when its value can reach an
 * address (an index, a pointer, a dereference), the condition of a loop, a
 * switch, a ?:, an if that is not wide or the left side of && and ||, a
 * store in a loop whose test reads memory, or an argument of a call that
 * is neither pure math nor a function of the file that only computes
 * (pure_fn), nor given to a parameter that does not matter in the value-
 * free copy of a function of the file (recon_vfree.c); and when a variable that
 * matters is assigned from it (the body's own variables, its local arrays
 * and the loop's private sections, flow-insensitively, to a fixed point).
 * A statement that assigns a floating-point local (or an element of a local
 * array or private section of them) that does not matter only evaluates its
 * right side in the copy, for the reads it records; the compiler deletes
 * the arithmetic. Integers are kept: cheap, and a garbage one could trap
 * (x / n). A write to a distributed array whose value names such a local is
 * dropped instead of shadowed (its value is not computed).
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

static CXCursor var_of(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor d = clang_getCursorReferenced(e);
    enum CXCursorKind k = clang_getCursorKind(d);
    return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? d : clang_getNullCursor();
}

/* By place and kind: the same node reached by two walks (a declaration
 * referenced, a statement visited) need not be clang_equalCursors. */
static int in(const CXCursor *v, int n, CXCursor d)
{
    unsigned b, e, vb, ve;
    fe_extent(d, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(d);
    for (int i = 0; i < n; i++) {
        if (clang_equalCursors(v[i], d)) return 1;
        fe_extent(v[i], &vb, &ve);
        if (vb == b && ve == e && clang_getCursorKind(v[i]) == k) return 1;
    }
    return 0;
}

typedef struct slice {
    rc *r;
    int changed;
    int memloop; /* inside a loop whose test reads memory */
} slice;

typedef struct mem_walk { rc *r; int hit; } mem_walk;

static enum CXChildVisitResult mem_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    mem_walk *m = d;
    m->hit = fe_recon_access_kind(m->r, cur) && !fe_recon_local_root(m->r, cur, 1);
    return m->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does cur read memory a store may change (not a local, a copyin)? */
static int reads_memory(rc *r, CXCursor cur)
{
    mem_walk m = {r, 0};
    if (mem_visit(cur, clang_getNullCursor(), &m) == CXChildVisit_Recurse)
        clang_visitChildren(cur, mem_visit, &m);
    return m.hit;
}

static void rel_add(slice *s, CXCursor d)
{
    rc *r = s->r;
    if (clang_Cursor_isNull(d) || in(r->rel, r->nrel, d)) return;
    r->rel = fe_grow(r->rel, sizeof *r->rel, &r->caprel, r->nrel + 1);
    r->rel[r->nrel++] = d;
    s->changed = 1;
}

static enum CXChildVisitResult vars_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    rel_add(d, var_of(cur));
    return CXChildVisit_Recurse;
}

/* Every variable cur names matters. */
static void rel_all(slice *s, CXCursor cur)
{
    if (clang_Cursor_isNull(cur)) return;
    rel_add(s, var_of(cur));
    clang_visitChildren(cur, vars_visit, s);
}

/* An address is formed from the pointer p: what p points to need not
 * matter (up1 of up1[b]: only the pointer, which the copy never leaves
 * out, is an address), but what a pointer expression reads does
 * (rows[u] of rows[u][k]). */
static void rel_base(slice *s, CXCursor p)
{
    if (clang_getCursorKind(fe_strip(p)) != CXCursor_DeclRefExpr) rel_all(s, p);
}

static int math_call(CXCursor call)
{
    char *name = fe_cxstr(clang_getCursorSpelling(call));
    int pure = fe_pure_math(name) || !strncmp(name, "__builtin_is", 12) || !strcmp(name, "__builtin_signbit") ||
               !strncmp(name, "__is", 4) || !strncmp(name, "__finite", 8) || !strcmp(name, "__fpclassify");
    free(name);
    return pure;
}

/* A call the copy drops (recon.c's list): it picks no address. */
static int stdio_call(CXCursor call)
{
    char *name = fe_cxstr(clang_getCursorSpelling(call));
    int hit = fe_recon_stdio(name);
    free(name);
    return hit;
}

/* A function of the file that computes a value from its arguments alone:
 * it reads and writes no memory (no subscript, dereference or ->), assigns
 * only its own parameters and locals, and calls only pure math and stdio
 * (glove.c's check_nan). Its arguments matter only as its value does. */
typedef struct fn_walk { rc *r; unsigned b, e; int bad; } fn_walk;

static enum CXChildVisitResult fn_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    fn_walk *w = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int c;
    CXCursor l, rr;
    if (k == CXCursor_CallExpr) {
        w->bad = !math_call(cur) && !stdio_call(cur);
    } else if (fe_recon_access_kind(w->r, cur) || k == CXCursor_StmtExpr || k == CXCursor_AsmStmt) {
        w->bad = 1;
    } else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
               fe_recon_is_assign(w->r, cur, &c, &l, &rr)) {
        CXCursor v = var_of(l);
        unsigned at = clang_Cursor_isNull(v) ? 0 : fe_offset(clang_getCursorLocation(v));
        w->bad = clang_Cursor_isNull(v) || at < w->b || at >= w->e;
    } else if (k == CXCursor_UnaryOperator) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        w->bad = is(tok(w->r, b), "&") || fe_incdec(w->r->c, cur);
    }
    return w->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int pure_fn(rc *r, CXCursor call)
{
    CXCursor f = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(f) || clang_getCursorKind(f) != CXCursor_FunctionDecl ||
        !fe_in_main(r->c, clang_getCursorLocation(f)))
        return 0;
    fn_walk w = {r, 0, 0, 0};
    fe_extent(f, &w.b, &w.e);
    clang_visitChildren(f, fn_visit, &w);
    return !w.bad;
}

static int pure_call(rc *r, CXCursor call)
{
    return math_call(call) || pure_fn(r, call);
}

/* A call of a function of this file whose copy can be written: its
 * arguments matter as its parameters do in its value-free copy
 * (recon_vfree.c); 0 for any other call. */
static int helper_args(slice *s, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call)), body;
    if (clang_Cursor_isNull(def) || !fe_recon_copyable(s->r->c, def, &body) ||
        !fe_recon_vfree_ok(s->r, call))
        return 0;
    int na = clang_Cursor_getNumArguments(call);
    if (na < 0 || na != clang_Cursor_getNumArguments(def)) return 0;
    for (int i = 0; i < na; i++)
        if (fe_recon_param_matters(s->r, def, body, i)) rel_all(s, clang_Cursor_getArgument(call, (unsigned)i));
    return 1;
}

/* The root variable of an assignment's target (v, v[i], v.f, v[i].f[j]), or
 * a null cursor when it is reached through a pointer. */
static CXCursor target_root(CXCursor l)
{
    for (int guard = 0; guard < 32; guard++) {
        l = fe_strip(l);
        enum CXCursorKind k = clang_getCursorKind(l);
        if (k == CXCursor_DeclRefExpr) return var_of(l);
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr) return clang_getNullCursor();
        int n;
        CXCursor *ch = fe_children(l, &n);
        CXCursor base = n > 0 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(base)) return base;
        enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(base)).kind;
        /* through a pointer: a private section (its buffer is the copy's
         * own) counts as its variable, anything else is memory */
        if (t == CXType_Pointer)
            return clang_getCursorKind(base) == CXCursor_DeclRefExpr ? var_of(base) : clang_getNullCursor();
        l = base;
    }
    return clang_getNullCursor();
}

/* ---- wide ifs ---- */

typedef struct cond_walk { rc *r; int bad, rel, mem, written, values; } cond_walk;

static enum CXChildVisitResult cond_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    cond_walk *w = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_CallExpr) {
        w->bad = !math_call(cur);
    } else if (fe_recon_access_kind(w->r, cur) && !fe_recon_local_root(w->r, cur, 1)) {
        /* memory: its indices are computed in the copy (seed_visit), and
         * what it reads is recorded (recon.c's wide_if) */
        w->mem = 1;
        w->written |= fe_recon_written_root(w->r, cur);
        return CXChildVisit_Continue;
    } else if (fe_recon_access_kind(w->r, cur) || k == CXCursor_CompoundAssignOperator ||
               k == CXCursor_StmtExpr) {
        w->bad = 1;
    } else if (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator) {
        int c;
        CXCursor l, rr;
        unsigned b, e;
        fe_extent(cur, &b, &e);
        w->bad = (k == CXCursor_BinaryOperator && fe_recon_is_assign(w->r, cur, &c, &l, &rr)) ||
                 (k == CXCursor_UnaryOperator && (fe_incdec(w->r->c, cur) || is(tok(w->r, b), "&")));
    } else {
        CXCursor v = var_of(cur);
        if (!clang_Cursor_isNull(v)) {
            enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(v)).kind;
            w->bad = t != CXType_Float && t != CXType_Double && t != CXType_LongDouble;
            w->rel |= in(w->r->rel, w->r->nrel, v);
            w->values = 1;
        }
    }
    return w->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A condition of values: see the header. None of its variables may matter:
 * a test of one that does (x < 0 before W[(int)x]) may guard an address
 * (isnan(x) too, before W[(int)x]), and its value is computed anyway, so
 * taking the if as written costs nothing more. A test that reads memory
 * is one of values when it reads an array the loop writes (a model value,
 * `if (O[o].v[0] > 2)`), or that names a value too (a perceptron's
 * `s * y[i] <= 0`, s a dot product with the model): reconnaissance would
 * see it as the call found it, and a plan kept for later calls would not
 * see it change. One that reads only what the loop does not write (an
 * input) is followed as written: exact, and a plan is made again when
 * such an array changes. 2: a
 * condition of values that reads memory. */
static int value_cond(rc *r, CXCursor c)
{
    cond_walk w = {r, 0, 0, 0, 0, 0};
    if (cond_visit(c, clang_getNullCursor(), &w) == CXChildVisit_Recurse)
        clang_visitChildren(c, cond_visit, &w);
    if (w.bad || w.rel || (w.mem && !w.written && !w.values)) return 0;
    return w.mem ? 2 : 1;
}

/* The memory a condition of values reads: what picks it matters. */
static enum CXChildVisitResult cond_mem_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    slice *s = d;
    if (fe_recon_access_kind(s->r, cur) && !fe_recon_local_root(s->r, cur, 1)) {
        rel_all(s, cur);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

typedef struct branch_walk {
    rc *r;
    unsigned b, e;  /* the branch: variables declared inside are its own */
    int loops;      /* depth of the branch's own loops */
    int bad, cont;  /* cont: a continue of the body's iteration */
    int only_exit;  /* nothing but stdio calls and a continue */
} branch_walk;

static void branch_visit(branch_walk *w, CXCursor cur);

static void branch_children(branch_walk *w, CXCursor cur)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !w->bad; i++) branch_visit(w, ch[i]);
    free(ch);
}

/* Is v only ever a counter of for loops that set it first (`for (b = 0;
 * ...)`, GloVe's b declared at the top of its function)? Then no value of
 * it outlives a loop, and a branch's loop may run whatever the condition. */
typedef struct counter_walk { rc *r; CXCursor v; unsigned *lo, *hi; int n, cap, stray; } counter_walk;

static enum CXChildVisitResult loops_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    counter_walk *w = d;
    if (clang_getCursorKind(cur) == CXCursor_ForStmt) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n == 4 && clang_getCursorKind(ch[0]) == CXCursor_BinaryOperator) {
            int m;
            CXCursor *ic = fe_children(ch[0], &m);
            if (m == 2 && clang_equalCursors(var_of(ic[0]), w->v)) {
                unsigned b, e, ib, ie;
                fe_extent(cur, &b, &e);
                fe_extent(ic[1], &ib, &ie);
                w->lo = fe_grow(w->lo, sizeof *w->lo, &w->cap, w->n + 1);
                w->hi = realloc(w->hi, (size_t)w->cap * sizeof *w->hi);
                w->lo[w->n] = ie; /* after its initial value, which may read v */
                w->hi[w->n++] = e;
            }
            free(ic);
        }
        free(ch);
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult uses_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    counter_walk *w = d;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr && clang_equalCursors(var_of(cur), w->v)) {
        unsigned at = fe_offset(clang_getCursorLocation(cur)), b, e;
        int inside = 0;
        for (int i = 0; i < w->n && !inside; i++) inside = at >= w->lo[i] && at < w->hi[i];
        /* the `b` of a loop's `b = 0` sits before its loop's lo: a store */
        fe_extent(cur, &b, &e);
        w->stray |= !inside && !(clang_getCursorKind(parent) == CXCursor_BinaryOperator && is(tok(w->r, e), "="));
    }
    return w->stray ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int counter_only(rc *r, CXCursor v)
{
    if (clang_Cursor_isNull(r->body)) return 0;
    counter_walk w = {.r = r, .v = v};
    clang_visitChildren(r->body, loops_visit, &w);
    if (w.n) clang_visitChildren(r->body, uses_visit, &w);
    int only = w.n > 0 && !w.stray;
    free(w.lo);
    free(w.hi);
    return only;
}

/* Does assigning target (v, v[i], v.f) change a variable that matters and
 * is not the branch's own? Memory reached through a pointer that is not a
 * private section is a distributed array's or a global's: dropped in the copy. */
static int assigns_outside(branch_walk *w, CXCursor target)
{
    CXCursor root = target_root(target);
    if (clang_Cursor_isNull(root)) return !fe_recon_access_kind(w->r, fe_strip(target));
    unsigned at = fe_offset(clang_getCursorLocation(root));
    if (at >= w->b && at < w->e) return 0;
    /* a pointer variable: a later access goes where the branch points it */
    if (clang_getCursorKind(fe_strip(target)) == CXCursor_DeclRefExpr &&
        clang_getCanonicalType(clang_getCursorType(root)).kind == CXType_Pointer)
        return 1;
    if (!fe_recon_local_root(w->r, target, 0)) return 0; /* a distributed array's element */
    return in(w->r->rel, w->r->nrel, root) && !counter_only(w->r, root);
}

static void branch_visit(branch_walk *w, CXCursor cur)
{
    if (w->bad) return;
    enum CXCursorKind k = clang_getCursorKind(cur);
    switch (k) {
    case CXCursor_ContinueStmt:
        if (!w->loops) w->cont = 1;
        return;
    case CXCursor_BreakStmt:
        w->bad = !w->loops;
        return;
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
    case CXCursor_LabelStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt: case CXCursor_SwitchStmt:
        w->bad = 1;
        return;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
        w->only_exit = 0;
        w->loops++;
        branch_children(w, cur);
        w->loops--;
        return;
    case CXCursor_CallExpr:
        if (stdio_call(cur)) return; /* dropped by the copy, arguments and all */
        w->only_exit = 0;
        w->bad = !math_call(cur);
        if (!w->bad) branch_children(w, cur);
        return;
    case CXCursor_CompoundStmt: case CXCursor_NullStmt:
        branch_children(w, cur);
        return;
    default:
        break;
    }
    w->only_exit = 0;
    int c, n;
    CXCursor l, rr;
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
        fe_recon_is_assign(w->r, cur, &c, &l, &rr)) {
        w->bad = assigns_outside(w, l);
    } else if (k == CXCursor_UnaryOperator) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        CXCursor *ch = fe_children(cur, &n);
        if (n == 1 && fe_incdec(w->r->c, cur)) w->bad = assigns_outside(w, ch[0]);
        /* the address of an element reached through a pointer (`struct row
         * *w = &U[rw[j]];` in the branch): computed from what picks it,
         * and stores through it are dropped in the copy; a local's or a
         * variable's address could let the branch change one that matters */
        else if (n == 1 && is(tok(w->r, b), "&"))
            w->bad = fe_recon_local_root(w->r, ch[0], 0) ||
                     clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr;
        free(ch);
    } else if (k == CXCursor_StmtExpr || k == CXCursor_AsmStmt) {
        w->bad = 1;
    }
    if (!w->bad) branch_children(w, cur);
}

/* Is the if statement among the body's statements, in no loop or switch of
 * the body (a continue there ends the iteration)? */
typedef struct top_walk { CXCursor target; int found; } top_walk;

static void top_visit(top_walk *t, CXCursor cur)
{
    if (t->found) return;
    if (in(&t->target, 1, cur)) {
        t->found = 1;
        return;
    }
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k != CXCursor_CompoundStmt && k != CXCursor_IfStmt) return;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = k == CXCursor_IfStmt ? 1 : 0; i < n; i++) top_visit(t, ch[i]);
    free(ch);
}

/* 0: not wide; 1: both branches run; 2: the if goes (`if (C) continue;`). */
static int wide_kind(rc *r, CXCursor ifs)
{
    int n;
    CXCursor *ch = fe_children(ifs, &n);
    int kind = 0;
    if ((n == 2 || n == 3) && value_cond(r, ch[0])) {
        int cont = 0, exit_only = 1;
        kind = 1;
        for (int i = 1; i < n && kind; i++) {
            unsigned b, e;
            fe_extent(ch[i], &b, &e);
            branch_walk w = {.r = r, .b = b, .e = e, .only_exit = 1};
            branch_visit(&w, ch[i]);
            if (w.bad) kind = 0;
            cont |= w.cont;
            exit_only &= w.only_exit;
        }
        if (kind && cont) kind = n == 2 && exit_only ? 2 : 0;
        if (kind) {
            top_walk t = {ifs, 0};
            if (!clang_Cursor_isNull(r->body)) top_visit(&t, r->body);
            if (kind == 2 && !t.found) kind = 0;
        }
    }
    free(ch);
    return kind;
}

/* ---- what matters ---- */

static void seed_visit(slice *s, CXCursor cur);

static void seed_children(slice *s, CXCursor cur, int from)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = from; i < n; i++) seed_visit(s, ch[i]);
    free(ch);
}

static void seed_visit(slice *s, CXCursor cur)
{
    rc *r = s->r;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n, c;
    CXCursor *ch, l, rr;
    switch (k) {
    case CXCursor_IfStmt: {
        /* a wide if's condition is not in the copy at all, but for the
         * memory it reads */
        int wide = in(r->wide, r->nwide, cur);
        ch = fe_children(cur, &n);
        if (!wide && n > 0) rel_all(s, ch[0]);
        else if (n > 0) clang_visitChildren(ch[0], cond_mem_visit, s);
        free(ch);
        seed_children(s, cur, wide);
        return;
    }
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_SwitchStmt: {
        ch = fe_children(cur, &n);
        for (int i = 0; i < n - 1; i++) rel_all(s, ch[i]); /* all but the body */
        /* a loop until a value it stores settles (`while (*g < 1) *g +=
         * step;`): a store in it may decide its test, so what it stores
         * matters (dropped, the loop never ended) */
        /* while and do loops always (their exit may be a break on
         * memory, a flag or a local copy of it); a for whose header reads
         * memory or has no test */
        int mem = k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
        if (k == CXCursor_ForStmt) {
            mem = n < 4 || clang_Cursor_isNull(ch[1]) || clang_getCursorKind(ch[1]) == CXCursor_InvalidFile;
            for (int i = 0; i < n - 1 && !mem; i++) mem = reads_memory(r, ch[i]);
        }
        free(ch);
        s->memloop += mem;
        seed_children(s, cur, 0);
        s->memloop -= mem;
        return;
    }
    case CXCursor_ConditionalOperator:
        ch = fe_children(cur, &n);
        if (n > 0) rel_all(s, ch[0]);
        free(ch);
        seed_children(s, cur, 0);
        return;
    case CXCursor_ArraySubscriptExpr:
        ch = fe_children(cur, &n);
        if (n == 2) {
            rel_all(s, ch[1]);
            if (clang_getCanonicalType(clang_getCursorType(fe_strip(ch[0]))).kind == CXType_Pointer)
                rel_base(s, ch[0]);
        }
        free(ch);
        seed_children(s, cur, 0);
        return;
    case CXCursor_MemberRefExpr:
        if (fe_recon_access_kind(r, cur) == 2) {
            ch = fe_children(cur, &n);
            if (n > 0) rel_base(s, ch[0]);
            free(ch);
        }
        seed_children(s, cur, 0);
        return;
    case CXCursor_UnaryOperator: {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        ch = fe_children(cur, &n);
        if (n == 1 && is(tok(r, b), "*")) rel_base(s, ch[0]);
        if (n == 1 && is(tok(r, b), "&")) rel_all(s, ch[0]);
        free(ch);
        seed_children(s, cur, 0);
        return;
    }
    case CXCursor_BinaryOperator:
        ch = fe_children(cur, &n);
        if (n == 2) {
            unsigned b, e;
            fe_extent(ch[0], &b, &e);
            if (is(tok(r, e), "&&") || is(tok(r, e), "||")) rel_all(s, ch[0]);
            /* pointer arithmetic: the pointer and its offset */
            if (clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer)
                for (int i = 0; i < 2; i++) {
                    if (clang_getCanonicalType(clang_getCursorType(fe_strip(ch[i]))).kind == CXType_Pointer)
                        rel_base(s, ch[i]);
                    else
                        rel_all(s, ch[i]);
                }
        }
        free(ch);
        break;
    case CXCursor_CallExpr:
        /* in a loop that may wait on memory a function may be what stores
         * it: its ordinary copy, every argument computed */
        if (s->memloop && !pure_call(r, cur) && !stdio_call(cur)) {
            unsigned b, e;
            fe_extent(cur, &b, &e);
            int seen = 0;
            for (int i = 0; i + 1 < r->nnovfree && !seen; i += 2) seen = r->novfree[i] == b && r->novfree[i + 1] == e;
            if (!seen) {
                r->novfree = fe_grow(r->novfree, sizeof *r->novfree, &r->capnovfree, r->nnovfree + 2);
                r->novfree[r->nnovfree++] = b;
                r->novfree[r->nnovfree++] = e;
            }
            rel_all(s, cur);
        } else if (!pure_call(r, cur) && !stdio_call(cur) && !helper_args(s, cur)) {
            rel_all(s, cur);
        }
        seed_children(s, cur, 0);
        return;
    case CXCursor_VarDecl:
        /* a pointer's value is an address */
        if (clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer) rel_all(s, cur);
        if (in(r->rel, r->nrel, cur)) rel_all(s, cur);
        seed_children(s, cur, 0);
        return;
    default:
        break;
    }
    /* a local that matters, assigned: what it is assigned from matters (a
     * distributed array's element is the copy's to drop or to shadow:
     * rw() drops it when its value names a local that does not matter) */
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
        fe_recon_is_assign(r, cur, &c, &l, &rr)) {
        CXCursor root = target_root(l);
        if (!clang_Cursor_isNull(root) && fe_recon_local_root(r, l, 0) && in(r->rel, r->nrel, root))
            rel_all(s, rr);
        if (s->memloop && !fe_recon_local_root(r, l, 0)) rel_all(s, rr);
        if (clang_getCanonicalType(clang_getCursorType(l)).kind == CXType_Pointer) rel_all(s, cur);
    }
    seed_children(s, cur, 0);
}

typedef struct ifs_walk { rc *r; int exact; } ifs_walk;

/* Does an if's branch touch no memory (taken both ways it records nothing
 * more than the iteration does: an argmax's `if (l > bl) { bl = l; best
 * = c; }`)? */
static int branches_local(rc *r, CXCursor ifs)
{
    int n, local = 1;
    CXCursor *ch = fe_children(ifs, &n);
    for (int i = 1; i < n && local; i++) local = !reads_memory(r, ch[i]);
    free(ch);
    return local;
}

static enum CXChildVisitResult ifs_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    ifs_walk *w = d;
    rc *r = w->r;
    if (clang_getCursorKind(cur) == CXCursor_IfStmt && (!w->exact || branches_local(r, cur)) && wide_kind(r, cur)) {
        r->wide = fe_grow(r->wide, sizeof *r->wide, &r->capwide, r->nwide + 1);
        r->wide[r->nwide++] = cur;
    }
    return CXChildVisit_Recurse;
}

void fe_recon_slice(rc *r)
{
    r->nrel = r->nwide = 0;
    r->sliced = 0;
    if ((!r->s && !r->vfree) || clang_Cursor_isNull(r->body)) return;
    /* the candidates, then what matters with their conditions left out;
     * a candidate whose branch assigns what matters is not wide after all,
     * and its condition matters: again until nothing changes. A sync_for
     * (its records must be exact: averages count the nodes that wrote) and
     * a value-free copy (which a sync_for may call) take an if both ways
     * only when its branches touch no memory; what they leave out (values
     * no address, test or loop needs) is exact: a read back of a dropped
     * store runs the iteration again. */
    ifs_walk iw = {r, (r->s && r->s->kind == FE_SYNC_FOR) || r->vfree};
    clang_visitChildren(r->body, ifs_visit, &iw);
    for (int round = 0; round < 64; round++) {
        slice s = {r, 1, 0};
        while (s.changed) {
            s.changed = 0;
            seed_visit(&s, r->body);
        }
        int m = 0;
        for (int i = 0; i < r->nwide; i++)
            if (wide_kind(r, r->wide[i])) r->wide[m++] = r->wide[i];
        if (m == r->nwide) break;
        r->nwide = m;
    }
    r->sliced = 1;
    fe_recon_values_steer(r);
}

int fe_recon_wide(rc *r, CXCursor ifs)
{
    if (!r->sliced || r->exact || !in(r->wide, r->nwide, ifs)) return 0;
    return wide_kind(r, ifs);
}

int fe_recon_wide_reads(rc *r, CXCursor ifs)
{
    int n;
    CXCursor *ch = fe_children(ifs, &n);
    int reads = n > 0 && value_cond(r, ch[0]) == 2;
    free(ch);
    return reads;
}

/* Floating-point values, or memory of them: what the copy leaves out. An
 * integer is cheap to compute, and a garbage one could trap (x / n). */
static int floating(CXType t)
{
    t = clang_getCanonicalType(t);
    for (int guard = 0; guard < 8; guard++) {
        if (t.kind == CXType_Float || t.kind == CXType_Double || t.kind == CXType_LongDouble) return 1;
        if (t.kind == CXType_Pointer) t = clang_getCanonicalType(clang_getPointeeType(t));
        else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                 t.kind == CXType_VariableArray)
            t = clang_getCanonicalType(clang_getArrayElementType(t));
        else return 0;
    }
    return 0;
}

int fe_recon_irrelevant(rc *r, CXCursor target)
{
    if (!r->sliced || r->exact) return 0;
    CXCursor root = target_root(target);
    return !clang_Cursor_isNull(root) && floating(clang_getCursorType(fe_strip(target))) &&
           fe_recon_local_root(r, target, 0) && !in(r->rel, r->nrel, root);
}

int fe_recon_irrelevant_var(rc *r, CXCursor var)
{
    if (!r->sliced || r->exact || clang_getCursorKind(var) != CXCursor_VarDecl) return 0;
    return floating(clang_getCursorType(var)) && !in(r->rel, r->nrel, var) &&
           clang_Cursor_getStorageClass(var) != CX_SC_Static && clang_Cursor_getStorageClass(var) != CX_SC_Extern;
}

typedef struct names_walk { rc *r; int hit; } names_walk;

static enum CXChildVisitResult names_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    names_walk *w = d;
    CXCursor v = var_of(cur);
    /* a floating-point local of the body, or a local array or private
     * section of them: its stores may be left out (fe_recon_irrelevant);
     * a pointer into a distributed array holds what it holds */
    if (!clang_Cursor_isNull(v) && !in(w->r->rel, w->r->nrel, v) && floating(clang_getCursorType(v)))
        w->hit = fe_recon_local_root(w->r, cur, 0);
    return w->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

int fe_recon_names_irrelevant(rc *r, CXCursor expr)
{
    if (!r->sliced || r->exact) return 0;
    names_walk w = {r, 0};
    if (names_visit(expr, clang_getNullCursor(), &w) == CXChildVisit_Recurse)
        clang_visitChildren(expr, names_visit, &w);
    return w.hit;
}
