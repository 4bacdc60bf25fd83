/*
 * frontend/recon_vfree.c - value-free copies of the file's functions for an
 * async_for's fast reconnaissance copy.
 *
 * SGD-MF written with helpers
 *
 *     float e = r - dot(&W[u * K], &H[i * K], K);
 *     update(&W[u * K], &H[i * K], e, lr, K);
 *
 * recorded its rows as ranges in both copies, but dot's copy still computed
 * the dot product for its value (64 products a rating, reading both rows:
 * six times the key pass of the same program written inline), because e
 * went into a call, which counted as a use that may pick an address.
 *
 * A value-free copy strads__rhv<k> is the function's body sliced as the
 * fast copy's body is (recon_slice.c): its return value does not matter,
 * nor does a floating parameter that reaches no address, branch, loop
 * bound or other call there; stores of such values are recorded and
 * dropped, so that a later read of them runs the iteration again in the
 * exact copy, which calls the ordinary copies with every value computed.
 * Its loops recorded as ranges have no element-by-element form (no
 * strads__rin): their dropped writes are caught the same way.
 *
 * In the fast copy, an argument given to such a parameter makes no variable
 * matter (fe_recon_param_matters), and a call goes to the value-free copy
 * when an argument names a local that does not matter, or when its value
 * goes nowhere: a statement of its own, or arithmetic into the value of a
 * store the copy leaves out (fe_recon_value_calls).
 */
#include "recon_int.h"

#include <stdlib.h>
#include <string.h>

static int floating(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_Float || k == CXType_Double || k == CXType_LongDouble;
}

/* How deep the slices of functions that call functions go. */
static int depth;

/* Which parameters of def matter in its value-free copy: all when it has
 * labels (it has none: its callers get the ordinary copy) or the slices of
 * functions calling functions go too deep. Once per function. */
static unsigned long long params_mask(rc *r, CXCursor def, CXCursor body)
{
    fe_ctx *c = r->c;
    unsigned off = fe_offset(clang_getCursorLocation(def));
    for (int k = 0; k < c->npm; k++)
        if (c->pm_off[k] == off) return c->pm_mask[k];
    unsigned long long mask = ~0ull;
    int np = clang_Cursor_getNumArguments(def);
    if (depth < 3 && np >= 0 && np < 64 && !fe_recon_has_label(body)) {
        unsigned b, e;
        fe_extent(body, &b, &e);
        rc h = {.c = c, .s = NULL, .rb = b, .re = e, .body = body, .vfree = 1};
        depth++;
        fe_recon_slice(&h);
        depth--;
        mask = 0;
        for (int i = 0; i < np; i++) {
            CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
            int matters = clang_Cursor_isNull(p) || !floating(clang_getCursorType(p));
            unsigned pb, pe;
            fe_extent(p, &pb, &pe);
            for (int k = 0; k < h.nrel && !matters; k++) {
                unsigned vb, ve;
                fe_extent(h.rel[k], &vb, &ve);
                matters = clang_equalCursors(h.rel[k], p) || (vb == pb && ve == pe);
            }
            if (matters) mask |= 1ull << i;
        }
        free(h.rel);
        free(h.wide);
        free(h.vcalls);
        free(h.novfree);
    }
    c->pm_off = fe_grow(c->pm_off, sizeof *c->pm_off, &c->cappm, c->npm + 1);
    c->pm_mask = fe_grow(c->pm_mask, sizeof *c->pm_mask, &c->cappmmask, c->npm + 1);
    c->pm_off[c->npm] = off;
    c->pm_mask[c->npm++] = mask;
    return mask;
}

int fe_recon_param_matters(rc *r, CXCursor def, CXCursor body, int i)
{
    return i >= 63 || (params_mask(r, def, body) >> i & 1);
}

/* May the value-free copy's dropped stores through pointer arguments of
 * call be lost? Not when each points into the loop's arrays: a captured
 * pointer (or one of the body's set once from one: w = &W[u * K], or
 * w = row(W, u) of a row function) with subscripts and arithmetic. A
 * local's address (`put(&t, g)`, read back as a plain local) or anything
 * else: the ordinary copy, which writes the stack for real. */
static int into_arrays(rc *r, CXCursor arg)
{
    CXCursor x = arg;
    for (int guard = 0; guard < 32; guard++) {
        x = fe_strip(x);
        enum CXCursorKind k = clang_getCursorKind(x);
        int n;
        CXCursor *ch = fe_children(x, &n), next = clang_getNullCursor();
        if (k == CXCursor_DeclRefExpr) {
            free(ch);
            CXCursor v = clang_getCursorReferenced(x);
            if (clang_getCanonicalType(clang_getCursorType(v)).kind != CXType_Pointer) return 0;
            for (int i = 0; r->s && i < r->s->ncaps; i++)
                if (clang_equalCursors(r->s->caps[i].decl, v)) return r->s->caps[i].cls == FE_T_PTR;
            if (clang_getCursorKind(v) != CXCursor_VarDecl) return 0;
            /* a pointer of the body set once (its address never taken) */
            CXCursor init = clang_Cursor_getVarDeclInitializer(v);
            if (clang_Cursor_isNull(init) || clang_Cursor_isNull(r->body) || fe_recon_sets(r->c, r->body, v)) return 0;
            x = init;
            continue;
        }
        CXCursor row_arg = k == CXCursor_CallExpr ? fe_row_fn_arg(r->c, x) : clang_getNullCursor();
        if (!clang_Cursor_isNull(row_arg)) /* row(W, u): into its argument (row_fn.c) */
            next = row_arg;
        else if (k == CXCursor_UnaryOperator || k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr ||
                 k == CXCursor_UnexposedExpr)
            next = n == 1 ? ch[0] : next;
        else if ((k == CXCursor_ArraySubscriptExpr && n == 2) || (k == CXCursor_MemberRefExpr && n == 1))
            next = ch[0]; /* w[u], e->x of an element e points to */
        else if (k == CXCursor_BinaryOperator && n == 2)
            next = clang_getCanonicalType(clang_getCursorType(ch[0])).kind == CXType_Pointer ? ch[0] : ch[1];
        free(ch);
        if (clang_Cursor_isNull(next)) return 0;
        x = next;
    }
    return 0;
}

int fe_recon_vfree_ok(rc *r, CXCursor call)
{
    int na = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < na; i++) {
        CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
        enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(a)).kind;
        if ((t == CXType_Pointer || t == CXType_ConstantArray) && !into_arrays(r, a)) return 0;
    }
    unsigned b, e;
    fe_extent(call, &b, &e);
    for (int i = 0; i + 1 < r->nnovfree; i += 2)
        if (r->novfree[i] == b && r->novfree[i + 1] == e) return 0;
    return 1;
}

static void add_call(rc *r, CXCursor call)
{
    unsigned b, e;
    fe_extent(call, &b, &e);
    r->vcalls = fe_grow(r->vcalls, sizeof *r->vcalls, &r->capvcalls, r->nvcalls + 2);
    r->vcalls[r->nvcalls++] = b;
    r->vcalls[r->nvcalls++] = e;
}

void fe_recon_value_calls(rc *r, CXCursor expr)
{
    if (!r->sliced || r->exact) return;
    CXCursor x = expr;
    for (int guard = 0; guard < 64; guard++) {
        enum CXCursorKind k = clang_getCursorKind(x);
        int n;
        CXCursor *ch;
        switch (k) {
        case CXCursor_CallExpr:
            add_call(r, x);
            return;
        case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
            ch = fe_children(x, &n);
            if (n < 1 || !floating(clang_getCursorType(x)) || fe_from_macro(x)) {
                free(ch);
                return;
            }
            x = ch[n - 1];
            free(ch);
            continue;
        case CXCursor_UnaryOperator: {
            unsigned b, e;
            fe_extent(x, &b, &e);
            const char *op = r->c->toks[fe_tok_at(r->c, b)].spell;
            ch = fe_children(x, &n);
            if (n != 1 || (strcmp(op, "-") && strcmp(op, "+"))) {
                free(ch);
                return;
            }
            x = ch[0];
            free(ch);
            continue;
        }
        case CXCursor_BinaryOperator: {
            ch = fe_children(x, &n);
            const char *op = n == 2 ? fe_op_after(r->c, ch[0]) : "";
            if (n == 2 && floating(clang_getCursorType(x)) && !fe_from_macro(x) &&
                (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*") || !strcmp(op, "/"))) {
                fe_recon_value_calls(r, ch[0]);
                fe_recon_value_calls(r, ch[1]);
            }
            free(ch);
            return;
        }
        default:
            return;
        }
    }
}

int fe_recon_use_vfree(rc *r, CXCursor call)
{
    if (!r->sliced || r->exact || !fe_recon_vfree_ok(r, call)) return 0;
    unsigned b, e;
    fe_extent(call, &b, &e);
    for (int i = 0; i + 1 < r->nvcalls; i += 2)
        if (r->vcalls[i] == b && r->vcalls[i + 1] == e) return 1;
    int na = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < na; i++)
        if (fe_recon_names_irrelevant(r, clang_Cursor_getArgument(call, (unsigned)i))) return 1;
    return 0;
}
