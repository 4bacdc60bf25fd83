/*
 * frontend/assigned.c - is a variable assigned before every use in an
 * iteration of a parallel body?
 *
 * A local declared outside the loop (the C89 habit) that every iteration
 * assigns before it reads it carries nothing from one iteration to the
 * next, so it can be made private (capture.c). "Before" must hold on every
 * path: `if (c) x = 1; y = x;` reads an earlier iteration's x when c is
 * false, while word2vec's `if (d == 0) { target = word; ... } else { target
 * = table[...]; ... }` assigns it on both. This is C's definite assignment
 * over the statement tree: an if assigns when both branches do (a branch
 * that leaves by continue, break or return counts as assigning), a loop or
 * a switch body may not run at all, the right of && and || and the arms of
 * ?: may not run. Taking the variable's address counts as a use.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

enum { NO, YES, GONE }; /* not assigned, assigned, control does not get here */

typedef struct da {
    fe_ctx *c;
    CXCursor var;
    int ok;       /* no use before assignment found */
    int case_da;  /* in a switch body: what a case label starts from */
} da;

static int stmt(da *d, CXCursor cur, int in);
static int expr(da *d, CXCursor cur, int in);

static int is_var(da *d, CXCursor cur)
{
    cur = fe_strip(cur);
    return clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(cur), d->var);
}

static int kids(da *d, CXCursor cur, int in, int as_stmt)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n; i++) {
        if (in == GONE) {
            /* after break/continue/return only a label is reached again
             * (a later case of a switch, a goto's target) */
            enum CXCursorKind k = clang_getCursorKind(ch[i]);
            if (!as_stmt || (k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt &&
                             k != CXCursor_LabelStmt))
                continue;
        }
        in = as_stmt ? stmt(d, ch[i], in) : expr(d, ch[i], in);
    }
    free(ch);
    return in;
}

static int expr(da *d, CXCursor cur, int in)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n, out = in;
    CXCursor *ch;
    switch (k) {
    case CXCursor_DeclRefExpr:
        if (clang_equalCursors(clang_getCursorReferenced(cur), d->var) && in != YES)
            d->ok = 0;
        return in;
    case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated */
        return in;
    case CXCursor_StmtExpr: /* ({ ... }): its compound statement */
        out = kids(d, cur, in, 1);
        return out == GONE ? in : out;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        ch = fe_children(cur, &n);
        if (n == 2) {
            const char *op = fe_op_after(d->c, ch[0]);
            if (k == CXCursor_BinaryOperator && !strcmp(op, "=") && is_var(d, ch[0])) {
                expr(d, ch[1], in);
                out = YES;
            } else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
                out = expr(d, ch[0], in);
                expr(d, ch[1], out); /* may not run: what it assigns does not count */
            } else {
                out = expr(d, ch[1], expr(d, ch[0], in));
            }
        } else {
            out = kids(d, cur, in, 0);
        }
        free(ch);
        return out;
    case CXCursor_ConditionalOperator:
        ch = fe_children(cur, &n);
        if (n == 3) {
            int c = expr(d, ch[0], in), a = expr(d, ch[1], c), b = expr(d, ch[2], c);
            out = a == YES && b == YES ? YES : c;
        } else {
            out = kids(d, cur, in, 0);
        }
        free(ch);
        return out;
    default:
        return kids(d, cur, in, 0);
    }
}

static int stmt(da *d, CXCursor cur, int in)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n, out;
    CXCursor *ch;
    switch (k) {
    case CXCursor_CompoundStmt:
        return kids(d, cur, in, 1);
    case CXCursor_IfStmt:
        ch = fe_children(cur, &n);
        if (n < 2) {
            free(ch);
            return kids(d, cur, in, 0);
        }
        {
            int c = expr(d, ch[0], in);
            int t = stmt(d, ch[1], c), e = n > 2 ? stmt(d, ch[2], c) : c;
            out = t == GONE ? e : e == GONE ? t : t == YES && e == YES ? YES : NO;
            if (out == NO && c == YES)
                out = YES;
        }
        free(ch);
        return out;
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
        /* the header parts run (a for's initializer first), the body may not */
        ch = fe_children(cur, &n);
        out = in;
        for (int i = 0; i + 1 < n; i++)
            out = clang_isExpression(clang_getCursorKind(ch[i])) ? expr(d, ch[i], out)
                                                                 : stmt(d, ch[i], out);
        if (n > 0)
            stmt(d, ch[n - 1], out);
        free(ch);
        return out == GONE ? in : out;
    case CXCursor_DoStmt:
        /* a break or continue in the body can skip what the body assigns:
         * the condition and what follows start from before the body */
        ch = fe_children(cur, &n);
        if (n > 0)
            stmt(d, ch[0], in);
        out = n > 1 ? expr(d, ch[1], in) : in;
        free(ch);
        return out;
    case CXCursor_LabelStmt: /* a goto may come from anywhere */
        ch = fe_children(cur, &n);
        out = n > 0 ? stmt(d, ch[n - 1], NO) : NO;
        free(ch);
        return out;
    case CXCursor_SwitchStmt: {
        ch = fe_children(cur, &n);
        int c = n > 0 ? expr(d, ch[0], in) : in, saved = d->case_da;
        d->case_da = c;
        for (int i = 1; i < n; i++)
            stmt(d, ch[i], c);
        d->case_da = saved;
        free(ch);
        return c;
    }
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
        ch = fe_children(cur, &n);
        out = n > 0 ? stmt(d, ch[n - 1], d->case_da) : d->case_da;
        free(ch);
        return out;
    case CXCursor_ContinueStmt:
    case CXCursor_BreakStmt:
    case CXCursor_ReturnStmt:
    case CXCursor_GotoStmt:
        kids(d, cur, in, 0);
        return GONE;
    case CXCursor_NullStmt:
        return in;
    case CXCursor_DeclStmt:
    default:
        return clang_isExpression(k) ? expr(d, cur, in) : kids(d, cur, in, 0);
    }
}

int fe_assigned_before_use(fe_ctx *c, CXCursor body, CXCursor var)
{
    da d = {c, var, 1, NO};
    stmt(&d, body, NO);
    return d.ok;
}

/* The statements from the function body down to loop: each ancestor and
 * the index of its child on the way. */
typedef struct path { CXCursor node[64]; int at[64]; int n; } path;

static int find_path(CXCursor cur, unsigned lb, unsigned le, path *p)
{
    int n;
    CXCursor *ch = fe_children(cur, &n);
    int found = 0;
    for (int i = 0; i < n && !found; i++) {
        unsigned b, e;
        fe_extent(ch[i], &b, &e);
        if (b > lb || e < le)
            continue;
        if (p->n == 64)
            break;
        p->node[p->n] = cur;
        p->at[p->n++] = i;
        found = (b == lb && e == le && clang_getCursorKind(ch[i]) == CXCursor_ForStmt) ||
                find_path(ch[i], lb, le, p);
        if (!found)
            p->n--;
    }
    free(ch);
    return found;
}

static enum CXChildVisitResult goto_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LabelStmt) {
        *(int *)d = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Does a token of [b, e) name var? */
static int names_in(fe_ctx *c, unsigned b, unsigned e, CXCursor var)
{
    char *name = fe_cxstr(clang_getCursorSpelling(var));
    int hit = 0;
    for (int k = fe_tok_at(c, b); k < c->ntoks && c->toks[k].off < e && !hit; k++)
        hit = c->toks[k].kind == CXToken_Identifier && !strcmp(c->toks[k].spell, name);
    free(name);
    return hit;
}

/* Does the condition of the do statement name var? */
static int names_var(fe_ctx *c, CXCursor dostmt, CXCursor var)
{
    int n;
    CXCursor *ch = fe_children(dostmt, &n);
    unsigned b = 0, e = 0;
    if (n == 2) fe_extent(ch[1], &b, &e);
    free(ch);
    return n != 2 || names_in(c, b, e, var);
}

/* The path from fn's body down to loop, or 0 when it is not followed (a
 * goto or a label anywhere in fn, or loop not found). */
static int loop_path(CXCursor fn, CXCursor loop, path *p)
{
    int jumps = 0;
    clang_visitChildren(fn, goto_visit, &jumps);
    if (jumps)
        return 0;
    unsigned lb, le;
    fe_extent(loop, &lb, &le);
    p->n = 0;
    return find_path(fn, lb, le, p);
}

int fe_dead_after(fe_ctx *c, CXCursor fn, CXCursor loop, CXCursor var)
{
    path p;
    if (!loop_path(fn, loop, &p))
        return -1;
    for (int i = 0; i < p.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(p.node[i]);
        if (k == CXCursor_SwitchStmt)
            return -1; /* a fall-through: not followed here */
        /* a do's condition comes after its body: one that names var is not
         * followed here; else the body's rest is, as for any loop (what
         * precedes the loop in an enclosing loop is capture.c's) */
        if (k == CXCursor_DoStmt && names_var(c, p.node[i], var))
            return -1;
    }
    da d = {c, var, 1, NO};
    int in = NO;
    for (int level = p.n - 1; level >= 0; level--) {
        if (clang_getCursorKind(p.node[level]) != CXCursor_CompoundStmt)
            continue;
        int n;
        CXCursor *ch = fe_children(p.node[level], &n);
        for (int i = p.at[level] + 1; i < n && d.ok && in != YES; i++) {
            in = stmt(&d, ch[i], in);
            if (in == GONE) /* a return ends it; a break or continue goes on outside */
                in = NO;
        }
        free(ch);
        if (!d.ok)
            return 0;
        if (in == YES)
            return 1;
    }
    return 1;
}

/* Does the text of node before its child on the path (an if's test, a
 * loop's header) name var? */
static int header_names(fe_ctx *c, CXCursor node, int at, CXCursor var)
{
    int n;
    CXCursor *ch = fe_children(node, &n);
    unsigned b, e, cb = 0, ce;
    fe_extent(node, &b, &e);
    if (at < n) fe_extent(ch[at], &cb, &ce);
    free(ch);
    return at >= n || names_in(c, b, cb, var);
}

int fe_dead_around(fe_ctx *c, CXCursor fn, CXCursor loop, CXCursor var)
{
    path p;
    if (!loop_path(fn, loop, &p))
        return -1;
    for (int top = 0; top < p.n; top++) {
        enum CXCursorKind k = clang_getCursorKind(p.node[top]);
        if (k == CXCursor_SwitchStmt)
            return -1;
        if (k != CXCursor_ForStmt && k != CXCursor_WhileStmt && k != CXCursor_DoStmt)
            continue;
        /* around this loop: its test (and a for's step) first, then its
         * body down to the parallel loop */
        int named = k == CXCursor_DoStmt ? names_var(c, p.node[top], var)
                                         : header_names(c, p.node[top], p.at[top], var);
        if (named)
            return -1;
        da d = {c, var, 1, NO};
        int in = NO;
        for (int level = top + 1; level < p.n && d.ok && in != YES; level++) {
            CXCursor node = p.node[level];
            if (clang_getCursorKind(node) != CXCursor_CompoundStmt) {
                if (header_names(c, node, p.at[level], var)) return -1;
                continue;
            }
            int n;
            CXCursor *ch = fe_children(node, &n);
            for (int i = 0; i < p.at[level] && d.ok && in != YES; i++) in = stmt(&d, ch[i], in);
            free(ch);
            if (in == GONE) return -1;
        }
        if (!d.ok)
            return 0;
    }
    return 1;
}
