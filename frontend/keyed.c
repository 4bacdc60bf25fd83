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
 * itself, pure <math.h> calls and the body's locals it is assigned to, until
 * it is stored in memory (data), dropped, or used where it may choose an
 * address or a path (keyed). Anything not understood counts as keyed.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

typedef struct taint {
    fe_ctx *c;
    CXCursor *vars; /* the value's variable and the locals it reached */
    int nvars, capvars;
    int grew, keyed;
    CXCursor stack[256];
    int depth;
} taint;

static void add_var(taint *t, CXCursor v)
{
    if (fe_cursor_in(v, t->vars, t->nvars))
        return;
    t->vars = fe_grow(t->vars, sizeof *t->vars, &t->capvars, t->nvars + 1);
    t->vars[t->nvars++] = v;
    t->grew = 1;
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

/* The variable an assignment's left side names, when it is one. */
static int assigned_var(CXCursor lhs, CXCursor *var)
{
    CXCursor l = fe_strip(lhs);
    if (clang_getCursorKind(l) != CXCursor_DeclRefExpr)
        return 0; /* an element or a member in memory: the value is data */
    CXCursor v = clang_getCursorReferenced(l);
    if (clang_getCursorKind(v) != CXCursor_VarDecl && clang_getCursorKind(v) != CXCursor_ParmDecl)
        return 0;
    *var = v;
    return 1;
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
        case CXCursor_UnexposedExpr:
        case CXCursor_CStyleCastExpr:
            continue;
        case CXCursor_MemberRefExpr:
            if (first) /* s.f of the value itself */
                continue;
            break;
        case CXCursor_ArraySubscriptExpr:
            if (first) /* an element of a fixed array the value is (no pointer is
                        * followed: arithmetic that makes one is keyed) */
                continue;
            break; /* the subscript: picks an element */
        case CXCursor_ConditionalOperator:
            if (!first) /* an arm: the value goes on */
                continue;
            break;
        case CXCursor_BinaryOperator:
            if (clang_getCanonicalType(clang_getCursorType(p)).kind == CXType_Pointer)
                break; /* pointer arithmetic */
            if (binop_is(c, lhs, ARITH) || (!first && binop_is(c, lhs, COMMA)))
                continue;
            if (!first && binop_is(c, lhs, ASSIGN)) {
                CXCursor v;
                if (assigned_var(lhs, &v))
                    add_var(t, v);
                return;
            }
            if (first && (binop_is(c, lhs, COMMA) || binop_is(c, lhs, ASSIGN)))
                return; /* dropped, or a local assigned anew */
            break; /* compared, &&, || */
        case CXCursor_CompoundAssignOperator:
            if (!first) { /* every x op= v computes with v */
                CXCursor v;
                if (assigned_var(lhs, &v))
                    add_var(t, v);
            }
            return; /* or a local updated: it holds the value already */
        case CXCursor_UnaryOperator: {
            unsigned b, e;
            fe_extent(p, &b, &e);
            if (spelled(c, b, UNARY))
                continue;
            if (fe_incdec(c, p))
                return; /* a local stepped: it holds the value already */
            break; /* & */
        }
        case CXCursor_CallExpr: {
            if (!first && fe_pure_math(fe_cxstr(clang_getCursorSpelling(p))))
                continue; /* its result carries the value on */
            break;
        }
        case CXCursor_VarDecl:
            add_var(t, p); /* double step = lr / (1 + epoch); */
            return;
        case CXCursor_CompoundStmt:
            return; /* a statement whose value is dropped */
        default:
            break;
        }
        t->keyed = 1;
        return;
    }
    t->keyed = 1;
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

/* Does the captured variable cp reach a subscript, a pointer, a branch or
 * an unknown function in the body? */
static int keyed(fe_ctx *c, CXCursor body, const fe_cap *cp)
{
    if (cp->in_helper)
        return 1; /* a function reads it by name: not followed there */
    taint t = {.c = c};
    add_var(&t, cp->decl);
    while (t.grew && !t.keyed) {
        t.grew = 0;
        visit(&t, body);
    }
    free(t.vars);
    return t.keyed;
}

void fe_keyed(fe_ctx *c, fe_site *s)
{
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    for (int i = 0; n > 0 && i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        cp->picks = FE_PICKS_DEFAULT;
        if (cp->is_item || cp->is_copyin || cp->auto_private || cp->is_const_global)
            continue;
        int k = keyed(c, ch[n - 1], cp);
        if (!k && (cp->cls == FE_T_INT || cp->cls == FE_T_UINT || cp->cls == FE_T_BLOB))
            cp->picks = FE_PICKS_NO;
        else if (k && (cp->cls == FE_T_FLOAT || cp->cls == FE_T_DOUBLE) && s->kind == FE_ASYNC_FOR)
            /* async_for's groups are only as right as its keys; sync_for
             * treats floating values as data, as it does float arrays */
            cp->picks = FE_PICKS_YES;
    }
    free(ch);
}
