/*
 * frontend/keyed.c - pass 5c: which captured values can choose what the
 * body touches.
 *
 * A loop's plan (async_for's groups, sync_for's records) is kept between
 * calls while what it was built from stays the same. An epoch counter or a
 * learning rate the body only computes with (`w[j] += lr * g / (1 + epoch)`)
 * picks no rows, and its change every call must not redo reconnaissance;
 * a value that reaches a subscript, a pointer, a branch or an unknown
 * function may pick rows, whatever its type (`a[(int)(x * n)]`,
 * `if (loss > thr) w[k] += ...`).
 *
 * A value is followed through arithmetic, casts, members and elements of
 * itself, pure <math.h> calls, assignments (whose value it is) and the
 * locals it is assigned to, until it is dropped, stored into the elements
 * of an env pointer whose own elements pick nothing (data), or used where
 * it may choose an address or a path (keyed). Anything not understood
 * counts as keyed: a store into a local array or through a local pointer,
 * `&`, a cast that makes an address, a GNU statement expression.
 *
 * A pointer the body only reads through is followed the same way, its
 * elements being its values: an async_for reading a model vector that
 * another loop rewrites every epoch (`s += w[f] * x[i]`) keeps its plan,
 * one reading indices from it (`W[idx[i]]`) or branching on it makes a new
 * one when it changes (loop_async.c).
 */
#include "fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct taint {
    fe_ctx *c;
    const fe_site *s;
    const char *elem_free; /* per capture: a pointer whose elements pick nothing */
    CXCursor body;
    CXCursor *vars;        /* the value's variable and the locals it reached */
    int nvars, capvars;
    int grew, keyed;
    /* tests do not count (a written array's elements under a hinge test:
     * the model's values are assumed to pick no rows); and per capture, a
     * written array whose elements reach nothing but tests (its stores
     * are data for a scalar's value), or NULL */
    int tests_ok;
    const char *soft;
    CXCursor stack[256];
    int depth;
    /* in a function of this file the body calls (helper_data): its
     * parameters, the capture each pointer one points into (-1: none),
     * and whether the value is returned */
    int nested;
    int nparams;
    const CXCursor *params;
    const int *param_cap;
    int returns;
} taint;

static void add_var(taint *t, CXCursor v)
{
    t->grew |= fe_cursor_add(&t->vars, &t->nvars, &t->capvars, v);
}

static int spelled(fe_ctx *c, unsigned off, const char *const *ops)
{
    int k = fe_tok_at(c, off);
    if (k >= c->ntoks || c->toks[k].kind != CXToken_Punctuation || c->toks[k].off != off)
        return 0;
    for (int i = 0; ops[i]; i++)
        if (!strcmp(c->toks[k].spell, ops[i]))
            return 1;
    return 0;
}

/* The operator between a binary expression's operands, when it is spelled
 * in this file right after the first (not produced by a macro). */
static int binop_is(fe_ctx *c, CXCursor lhs, const char *const *ops)
{
    unsigned b, e;
    fe_extent(lhs, &b, &e);
    int k = fe_tok_at(c, e);
    return k < c->ntoks && spelled(c, c->toks[k].off, ops);
}

static const char *const ARITH[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", NULL};
static const char *const ASSIGN[] = {"=", NULL};
static const char *const COMMA[] = {",", NULL};
static const char *const UNARY[] = {"-", "+", "~", "!", NULL};
static const char *const COMPARE[] = {"<", ">", "<=", ">=", "==", "!=", "&&", "||", NULL};
static const char *const DEREF[] = {"*", NULL};

static enum CXTypeKind kind_of(CXCursor cur)
{
    return clang_getCanonicalType(clang_getCursorType(cur)).kind;
}

static int pointer(CXCursor cur) { return kind_of(cur) == CXType_Pointer; }

static int aggregate(CXCursor cur)
{
    enum CXTypeKind k = kind_of(cur);
    return k == CXType_ConstantArray || k == CXType_Record;
}

/* Is var declared in the loop's body? */
static int fe_in_body(const taint *t, CXCursor var)
{
    unsigned b, e, vb, ve;
    fe_extent(t->body, &b, &e);
    fe_extent(var, &vb, &ve);
    return fe_in_main(t->c, clang_getCursorLocation(var)) && vb >= b && vb < e;
}

/* Is var assigned, stepped or address-taken anywhere under cur (parent
 * its parent)? */
static int changed_in(fe_ctx *c, CXCursor cur, CXCursor parent, CXCursor var)
{
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(cur), var)) {
        enum CXCursorKind pk = clang_getCursorKind(parent);
        int n;
        CXCursor *ch = fe_children(parent, &n);
        int first = n > 0 && clang_equalCursors(ch[0], cur);
        free(ch);
        unsigned b, e;
        fe_extent(parent, &b, &e);
        if (pk == CXCursor_CompoundAssignOperator)
            return first;
        if (pk == CXCursor_BinaryOperator)
            return first && binop_is(c, cur, ASSIGN);
        if (pk == CXCursor_UnaryOperator) /* stepped, or its address taken */
            return fe_incdec(c, parent) || (!spelled(c, b, DEREF) && !spelled(c, b, UNARY));
        return 0;
    }
    int n, found = 0;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !found; i++) found = changed_in(c, ch[i], cur, var);
    free(ch);
    return found;
}

/* The capture a store's left side writes the elements of: the env pointer
 * at its root (through subscripts, members, `*`, pointer arithmetic and
 * the body's pointers set once from one, `float *w = W + u * K`), or -1
 * (a local, a local array or struct, anything else). */
static int store_root(const taint *t, CXCursor lhs)
{
    CXCursor cur = lhs;
    for (int depth = 0; depth < 64; depth++) {
        enum CXCursorKind k = clang_getCursorKind(cur);
        int n;
        CXCursor *ch = fe_children(cur, &n), next = clang_getNullCursor();
        if (k == CXCursor_DeclRefExpr) {
            free(ch);
            CXCursor v = clang_getCursorReferenced(cur);
            for (int i = 0; i < t->nparams; i++) /* a helper's pointer parameter */
                if (clang_equalCursors(t->params[i], v))
                    return depth > 0 ? t->param_cap[i] : -1;
            for (int i = 0; i < t->s->ncaps && !t->nparams; i++)
                if (clang_equalCursors(t->s->caps[i].decl, v))
                    return t->s->caps[i].cls == FE_T_PTR && depth > 0 ? i : -1;
            CXCursor init = clang_getNullCursor();
            if (clang_getCursorKind(v) == CXCursor_VarDecl && pointer(v) && depth > 0)
                init = clang_Cursor_getVarDeclInitializer(v);
            if (clang_Cursor_isNull(init) || !fe_in_body(t, v) || changed_in(t->c, t->body, t->body, v))
                return -1;
            next = fe_row_fn_arg(t->c, init); /* x = row(X, a[j]) */
            if (clang_Cursor_isNull(next))
                next = init; /* a pointer of the body set once */
            cur = next;
            continue;
        }
        if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_MemberRefExpr ||
             k == CXCursor_UnaryOperator) && n == 1)
            next = ch[0];
        else if ((k == CXCursor_ArraySubscriptExpr || k == CXCursor_BinaryOperator) && n == 2)
            next = pointer(ch[0]) ? ch[0] : pointer(ch[1]) ? ch[1] : next;
        free(ch);
        if (clang_Cursor_isNull(next))
            return -1;
        cur = next;
    }
    return -1;
}

/* The end of a statement's parenthesized header (if, while, switch, for),
 * or 0: what starts after it is the statement's body. */
static unsigned header_end(fe_ctx *c, CXCursor stmt)
{
    unsigned b, e;
    fe_extent(stmt, &b, &e);
    int k = fe_tok_at(c, b) + 1, depth = 0;
    if (k >= c->ntoks || strcmp(c->toks[k].spell, "("))
        return 0;
    for (; k < c->ntoks && c->toks[k].off < e; k++) {
        if (!strcmp(c->toks[k].spell, "("))
            depth++;
        else if (!strcmp(c->toks[k].spell, ")") && --depth == 0)
            return c->toks[k].end;
    }
    return 0;
}

/* Is node a statement of p (a body, a branch), not its condition? */
static int sub_statement(fe_ctx *c, CXCursor p, CXCursor node)
{
    unsigned nb, ne;
    fe_extent(node, &nb, &ne);
    switch (clang_getCursorKind(p)) {
    case CXCursor_IfStmt:
    case CXCursor_WhileStmt:
    case CXCursor_ForStmt:
    case CXCursor_SwitchStmt: {
        unsigned h = header_end(c, p);
        return h && nb >= h;
    }
    case CXCursor_DoStmt: {
        int n;
        CXCursor *ch = fe_children(p, &n);
        int body = n == 2 && clang_equalCursors(ch[0], node);
        free(ch);
        return body;
    }
    case CXCursor_LabelStmt:
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt: {
        int n;
        CXCursor *ch = fe_children(p, &n);
        int last = n > 0 && clang_equalCursors(ch[n - 1], node);
        free(ch);
        return last;
    }
    default:
        return 0;
    }
}

/* The value (at node) assigned by p, whose left side is lhs: a variable
 * takes it on; the elements of an env pointer whose elements pick nothing
 * hold it as data, and so do those of an array an async_for writes whose
 * elements reach nothing but tests (t->soft: the model's values change
 * every call by design and are assumed to pick no rows, so a learning
 * rate stored into it, w[j] += eta * g under a hinge test on w, keeps the
 * plan, where Pegasos' decaying rate made a new one every epoch); any
 * other memory may hand it back as an index. */
static int assigned(taint *t, CXCursor lhs)
{
    CXCursor l = fe_strip(lhs);
    if (clang_getCursorKind(l) == CXCursor_DeclRefExpr) {
        CXCursor v = clang_getCursorReferenced(l);
        if (clang_getCursorKind(v) != CXCursor_VarDecl && clang_getCursorKind(v) != CXCursor_ParmDecl)
            return 0;
        add_var(t, v);
        return 1;
    }
    /* an element of a local array of numbers (word2vec's neu1e[c] += g *
     * syn1neg[c + l2], a buffer of updates): the array holds the value,
     * followed as a variable is (its elements are its value) */
    if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr) {
        int n;
        CXCursor *ch = fe_children(l, &n);
        CXCursor base = n == 2 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        CXCursor v = !clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr
                         ? clang_getCursorReferenced(base)
                         : clang_getNullCursor();
        CXType at = clang_getCanonicalType(clang_getCursorType(v));
        enum CXTypeKind ek = clang_getCanonicalType(clang_getArrayElementType(at)).kind;
        if (!clang_Cursor_isNull(v) && clang_getCursorKind(v) == CXCursor_VarDecl &&
            at.kind == CXType_ConstantArray && ek >= CXType_Bool && ek <= CXType_LongDouble &&
            fe_in_body(t, v)) {
            add_var(t, v);
            return 1;
        }
    }
    int r = store_root(t, lhs);
    return r >= 0 && t->elem_free && (t->elem_free[r] || (t->soft && t->soft[r]));
}

/* The arithmetic variable lhs assigns, or a null cursor. */
static CXCursor arith_var(CXCursor lhs)
{
    CXCursor l = fe_strip(lhs);
    if (clang_getCursorKind(l) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor v = clang_getCursorReferenced(l);
    enum CXTypeKind k = kind_of(v);
    int var = clang_getCursorKind(v) == CXCursor_VarDecl || clang_getCursorKind(v) == CXCursor_ParmDecl;
    return var && k >= CXType_Bool && k <= CXType_LongDouble ? v : clang_getNullCursor();
}

typedef struct quiet { fe_ctx *c; const char *cond; int ok; } quiet;

/* An expression that stores nothing, calls nothing but pure math, and
 * reads no memory but what the condition (q->cond) reads, spelled alike. */
static enum CXChildVisitResult quiet_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    quiet *q = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (k == CXCursor_CallExpr) {
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        q->ok = fe_pure_math(name);
        free(name);
    } else if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
               (k == CXCursor_UnaryOperator && spelled(q->c, b, DEREF))) {
        char *txt = fe_text(q->c, b, e);
        q->ok = strstr(q->cond, txt) != NULL; /* and inside it, no store (lab[j++]) */
        free(txt);
    } else if (k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr ||
               (k == CXCursor_UnaryOperator && fe_incdec(q->c, cur))) {
        q->ok = 0;
    } else if (k == CXCursor_BinaryOperator) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        q->ok = !(n == 2 && binop_is(q->c, ch[0], ASSIGN));
        free(ch);
    }
    return q->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static int quiet_expr(fe_ctx *c, CXCursor cur, const char *cond)
{
    quiet q = {c, cond, 1};
    quiet_visit(cur, clang_getNullCursor(), &q);
    if (q.ok)
        clang_visitChildren(cur, quiet_visit, &q);
    return q.ok;
}

/* A branch that only sets arithmetic variables from values the condition
 * read (`if (label[col[j]] < best) best = label[col[j]];`, `changed = 1`):
 * those variables now hold what the test chose, and are followed too
 * (`if (d < best) { best = d; arg = c; }` then `counts[arg]++` picks). */
static int quiet_stmt(taint *t, CXCursor cur, const char *cond)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n, ok = 1;
    CXCursor *ch = fe_children(cur, &n);
    CXCursor v;
    switch (k) {
    case CXCursor_CompoundStmt:
    case CXCursor_NullStmt:
        for (int i = 0; i < n && ok; i++)
            ok = quiet_stmt(t, ch[i], cond);
        break;
    case CXCursor_IfStmt:
        ok = n >= 2 && quiet_expr(t->c, ch[0], cond);
        for (int i = 1; i < n && ok; i++)
            ok = quiet_stmt(t, ch[i], cond);
        break;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        ok = n == 2 && !clang_Cursor_isNull(v = arith_var(ch[0])) &&
             (k == CXCursor_CompoundAssignOperator || binop_is(t->c, ch[0], ASSIGN)) &&
             quiet_expr(t->c, ch[1], cond);
        if (ok)
            add_var(t, v);
        break;
    case CXCursor_UnaryOperator:
        ok = n == 1 && fe_incdec(t->c, cur) && !clang_Cursor_isNull(v = arith_var(ch[0]));
        if (ok)
            add_var(t, v);
        break;
    default:
        ok = 0;
    }
    free(ch);
    return ok;
}

/* Is the test at stack[k] (a comparison, maybe under !, && and ||) the
 * condition of an if whose branches only set arithmetic variables from
 * what the condition read (quiet_stmt)? Then the value it tests picks no
 * element: a Jacobi label propagation's labels, swapped every call, made a
 * new reconnaissance at every call (0.25 s for 2 ms of tasks). */
static int quiet_test(taint *t, int k)
{
    CXCursor node = t->stack[k];
    for (int j = k - 1; j >= 0; node = t->stack[j--]) {
        CXCursor p = t->stack[j];
        enum CXCursorKind pk = clang_getCursorKind(p);
        unsigned b, e;
        fe_extent(p, &b, &e);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr ||
            (pk == CXCursor_UnaryOperator && spelled(t->c, b, UNARY)))
            continue;
        if (pk == CXCursor_BinaryOperator) {
            int n;
            CXCursor *ch = fe_children(p, &n);
            int logic = n == 2 && binop_is(t->c, ch[0], COMPARE);
            free(ch);
            if (logic)
                continue;
            return 0;
        }
        if (pk != CXCursor_IfStmt || sub_statement(t->c, p, node))
            return 0;
        int n, ok = 1;
        CXCursor *ch = fe_children(p, &n);
        unsigned cb, ce;
        fe_extent(ch[0], &cb, &ce);
        char *cond = fe_text(t->c, cb, ce);
        for (int i = 1; i < n && ok; i++)
            ok = quiet_stmt(t, ch[i], cond);
        free(cond);
        free(ch);
        return ok;
    }
    return 0;
}

static void visit(taint *t, CXCursor cur);

/*
 * A value given to a function of this file as an argument (SGD-MF's
 * update(&W[u * K], &H[i * K], e, lr, K) with a learning rate that decays
 * every epoch: a new reconnaissance every epoch, as long as the epoch): it
 * is followed into the function as its parameter, the same way, and a
 * store through a pointer parameter counts as a store into what the
 * caller's argument points into. 1: it picks nothing there (*returns: the
 * function returns it, so the call's value carries it on); 0: keyed. One
 * level: a call inside the function counts as keyed.
 */
static int helper_data(taint *t, CXCursor call, CXCursor node, int *returns)
{
    CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (t->nested || clang_Cursor_isNull(fn) ||
        clang_getCursorKind(fn) != CXCursor_FunctionDecl || !fe_in_main(t->c, clang_getCursorLocation(fn)))
        return 0;
    int n, np = clang_Cursor_getNumArguments(fn), na = clang_Cursor_getNumArguments(call);
    CXCursor *ch = fe_children(fn, &n);
    CXCursor body = n > 0 && clang_getCursorKind(ch[n - 1]) == CXCursor_CompoundStmt ? ch[n - 1]
                                                                                 : clang_getNullCursor();
    free(ch);
    if (clang_Cursor_isNull(body) || np < 0 || np != na || np > 32) return 0;
    unsigned nb, ne;
    fe_extent(node, &nb, &ne);
    int at = -1;
    CXCursor params[32];
    int caps[32];
    for (int i = 0; i < np; i++) {
        unsigned ab, ae;
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        fe_extent(arg, &ab, &ae);
        if (ab <= nb && ne <= ae) at = i;
        params[i] = clang_Cursor_getArgument(fn, (unsigned)i);
        caps[i] = pointer(params[i]) ? store_root(t, arg) : -1;
    }
    if (at < 0) return 0;
    taint h = {.c = t->c, .s = t->s, .elem_free = t->elem_free, .body = body,
               .tests_ok = t->tests_ok, .soft = t->soft, .nested = 1, .nparams = np,
               .params = params, .param_cap = caps};
    add_var(&h, params[at]);
    while (h.grew && !h.keyed) {
        h.grew = 0;
        visit(&h, body);
    }
    free(h.vars);
    *returns = h.returns;
    return !h.keyed;
}

/* Where does the use at stack[d] go? Sets t->keyed, or adds the locals it
 * is assigned to. */
static void follow(taint *t, int d)
{
    fe_ctx *c = t->c;
    if (fe_from_macro(t->stack[d])) {
        t->keyed = 1; /* its operators are the macro's: not read here */
        return;
    }
    CXCursor node = t->stack[d];
    for (int k = d - 1; k >= 0; node = t->stack[k--]) {
        CXCursor p = t->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        int n;
        CXCursor *ch = fe_children(p, &n);
        int first = n > 0 && clang_equalCursors(ch[0], node);
        CXCursor lhs = n > 0 ? ch[0] : clang_getNullCursor();
        free(ch);
        switch (pk) {
        case CXCursor_ParenExpr:
            continue;
        case CXCursor_UnexposedExpr: /* an implicit cast; anything else is not read here */
        case CXCursor_CStyleCastExpr:
            if ((pk == CXCursor_UnexposedExpr && n != 1) ||
                (pointer(p) && !pointer(node) && !aggregate(node)))
                break; /* a number made an address (an array decays to one: its elements) */
            continue;
        case CXCursor_MemberRefExpr:
            if (first) /* s.f of the value itself, p->f of its elements */
                continue;
            break;
        case CXCursor_ArraySubscriptExpr:
            if (first && (pointer(node) || aggregate(node)))
                continue; /* an element of the array the value is, or points into */
            break;        /* the subscript: picks an element */
        case CXCursor_ConditionalOperator:
            if (!first) /* an arm: the value goes on */
                continue;
            break;
        case CXCursor_BinaryOperator:
            if (pointer(p)) {
                if (pointer(node)) /* p + k: still p's elements */
                    continue;
                break; /* an offset: picks the element */
            }
            if (binop_is(c, lhs, ARITH) || (!first && binop_is(c, lhs, COMMA)))
                continue;
            if (binop_is(c, lhs, ASSIGN)) {
                if (first)
                    return; /* a local assigned anew: the old value is gone */
                if (assigned(t, lhs))
                    continue; /* and the assignment's value is the value */
                break;
            }
            if (first && binop_is(c, lhs, COMMA))
                return; /* dropped */
            if ((t->tests_ok || quiet_test(t, k)) && binop_is(c, lhs, COMPARE))
                return; /* a test's truth, which picks nothing here */
            break; /* compared, &&, || */
        case CXCursor_CompoundAssignOperator:
            if (first || assigned(t, lhs))
                continue; /* x op= v: x holds the value, and so does the expression */
            break;
        case CXCursor_UnaryOperator: {
            unsigned b, e;
            fe_extent(p, &b, &e);
            if (spelled(c, b, UNARY) || (pointer(node) && spelled(c, b, DEREF)) ||
                fe_incdec(c, p))
                continue;
            enum CXCursorKind nk = clang_getCursorKind(fe_strip(node));
            if (nk == CXCursor_ArraySubscriptExpr || nk == CXCursor_MemberRefExpr)
                continue; /* &W[u * K]: W + u * K, its elements still */
            break;        /* &x: an alias the value escapes through */
        }
        case CXCursor_CallExpr: {
            char *name = fe_cxstr(clang_getCursorSpelling(p));
            int pure = fe_pure_math(name), returns = 0;
            free(name);
            if (!first && pure)
                continue; /* its result carries the value on */
            if (!first && helper_data(t, p, node, &returns)) {
                if (returns)
                    continue;
                return;
            }
            break;
        }
        case CXCursor_ReturnStmt:
            if (t->nested) { /* a helper's value: the call's */
                t->returns = 1;
                return;
            }
            break;
        case CXCursor_VarDecl:
            add_var(t, p); /* double step = lr / (1 + epoch); */
            return;
        case CXCursor_CompoundStmt:
            if (k > 0 && clang_getCursorKind(t->stack[k - 1]) == CXCursor_StmtExpr)
                break; /* ({ ...; v; }) has the value */
            return;    /* a statement whose value is dropped */
        default:
            if (sub_statement(c, p, node))
                return; /* for (...) a[i] += v; the statement's value is dropped */
            if (t->tests_ok && pk == CXCursor_IfStmt)
                return; /* if (v) ... */
            break;
        }
        t->keyed = 1;
        return;
    }
    /* the loop's body is a statement: its value is dropped */
}

static void visit(taint *t, CXCursor cur)
{
    if (t->keyed || t->depth >= 255) {
        t->keyed = 1;
        return;
    }
    t->stack[t->depth++] = cur;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
        if (fe_cursor_in(clang_getCursorReferenced(cur), t->vars, t->nvars))
            follow(t, t->depth - 1);
    } else {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        for (int i = 0; i < n && !t->keyed; i++)
            visit(t, ch[i]);
        free(ch);
    }
    t->depth--;
}

/* Does the captured variable cp (a pointer: its elements) reach a
 * subscript, a pointer, a branch or an unknown function in the body? */
static int keyed(fe_ctx *c, const fe_site *s, const char *elem_free, CXCursor body,
                 const fe_cap *cp, int tests_ok, const char *soft)
{
    if (cp->in_helper)
        return 1; /* a function reads it by name: not followed there */
    taint t = {.c = c, .s = s, .elem_free = elem_free, .body = body, .tests_ok = tests_ok, .soft = soft};
    add_var(&t, cp->decl);
    while (t.grew && !t.keyed) {
        t.grew = 0;
        visit(&t, body);
    }
    free(t.vars);
    return t.keyed;
}

/* An array (of arrays) of float, double or long double. */
static int floating_array(CXCursor decl)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind != CXType_ConstantArray) return 0;
    while (t.kind == CXType_ConstantArray) t = clang_getCanonicalType(clang_getArrayElementType(t));
    return t.kind == CXType_Float || t.kind == CXType_Double || t.kind == CXType_LongDouble;
}

static int followed(const fe_cap *cp)
{
    return !(cp->is_item || cp->is_copyin || cp->auto_private || cp->is_const_global);
}

void fe_keyed(fe_ctx *c, fe_site *s)
{
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    if (n == 0)
        return;
    CXCursor body = ch[n - 1];
    free(ch);
    /* Which pointers' elements pick nothing. A store of an element into
     * another array is data if that array's elements pick nothing, and
     * SGD-MF's rows flow into themselves (w[k] += lr * e * h[k]): from all
     * followed pointers, each round drops those whose elements reach a
     * subscript, a branch or an array already dropped, until none does. A
     * path from an element to a subscript is finite, so the round that
     * follows it drops the pointer it starts at. */
    char *free_ = calloc((size_t)s->ncaps + 1, 1);
    if (!free_) {
        fprintf(stderr, "stradsc: out of memory\n");
        exit(2);
    }
    for (int i = 0; i < s->ncaps; i++)
        free_[i] = s->caps[i].cls == FE_T_PTR && followed(&s->caps[i]);
    for (int dropped = 1; dropped;) {
        dropped = 0;
        for (int i = 0; i < s->ncaps; i++)
            if (free_[i] && keyed(c, s, free_, body, &s->caps[i], 0, NULL))
                free_[i] = 0, dropped = 1;
    }
    /* The arrays the loop writes whose elements reach only tests */
    char *soft = calloc((size_t)s->ncaps + 1, 1);
    if (!soft) {
        fprintf(stderr, "stradsc: out of memory\n");
        exit(2);
    }
    for (int i = 0; i < s->ncaps; i++) /* then dropped as free_ is: SGD's rows flow into themselves */
        soft[i] = s->kind == FE_ASYNC_FOR && s->caps[i].cls == FE_T_PTR && followed(&s->caps[i]) &&
                  s->caps[i].ptr_written;
    for (int dropped = 1; dropped;) {
        dropped = 0;
        for (int i = 0; i < s->ncaps; i++)
            if (soft[i] && !free_[i] && keyed(c, s, free_, body, &s->caps[i], 1, soft))
                soft[i] = 0, dropped = 1;
    }
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        cp->picks = FE_PICKS_DEFAULT;
        if (!followed(cp))
            continue;
        if (cp->cls == FE_T_PTR) {
            /* only a read-only array's version keys a plan (loop_async.c) */
            if (free_[i] && !cp->ptr_written)
                cp->picks = FE_PICKS_NO;
            continue;
        }
        int k = keyed(c, s, free_, body, cp, 0, soft);
        if (!k && (cp->cls == FE_T_INT || cp->cls == FE_T_UINT || cp->cls == FE_T_BLOB))
            cp->picks = FE_PICKS_NO;
        else if (k && cp->cls == FE_T_BLOB && s->kind == FE_SYNC_FOR && floating_array(cp->decl))
            /* a local table of floats (k-means' centroids, float C[K * D],
             * given to nearest()): data to a sync_for, as a float is; its
             * new values every call re-planned the loop */
            cp->picks = FE_PICKS_NO;
        else if (k && (cp->cls == FE_T_FLOAT || cp->cls == FE_T_DOUBLE) && s->kind == FE_ASYNC_FOR)
            /* async_for's groups are only as right as its keys; sync_for
             * treats floating values as data, as it does float arrays */
            cp->picks = FE_PICKS_YES;
    }
    free(free_);
    free(soft);
}
