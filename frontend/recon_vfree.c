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

int fe_recon_param_matters(rc *r, CXCursor def, CXCursor body, int i)
{
    CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
    if (clang_Cursor_isNull(p) || !floating(clang_getCursorType(p)) || depth >= 3) return 1;
    unsigned b, e;
    fe_extent(body, &b, &e);
    rc h = {.c = r->c, .s = NULL, .rb = b, .re = e, .body = body, .vfree = 1};
    depth++;
    fe_recon_slice(&h);
    depth--;
    unsigned pb, pe;
    fe_extent(p, &pb, &pe);
    int matters = 0;
    for (int k = 0; k < h.nrel && !matters; k++) {
        unsigned vb, ve;
        fe_extent(h.rel[k], &vb, &ve);
        matters = clang_equalCursors(h.rel[k], p) || (vb == pb && ve == pe);
    }
    free(h.rel);
    free(h.wide);
    return matters;
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
    if (!r->sliced || r->exact) return 0;
    unsigned b, e;
    fe_extent(call, &b, &e);
    for (int i = 0; i + 1 < r->nvcalls; i += 2)
        if (r->vcalls[i] == b && r->vcalls[i + 1] == e) return 1;
    int na = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < na; i++)
        if (fe_recon_names_irrelevant(r, clang_Cursor_getArgument(call, (unsigned)i))) return 1;
    return 0;
}
