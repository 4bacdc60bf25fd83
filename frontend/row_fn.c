/*
 * frontend/row_fn.c - functions of the file that only hand back a pointer
 * into what they are given, as users write a row's address:
 *     static float *row(float *M, long r) { return M + r * K; }
 * A call of one points into its argument's memory, as `M + r * K` written
 * in place would: the passes that follow a pointer through arithmetic
 * (capture.c: is the array only read? keyed.c: where does a stored value
 * go?) follow it through such a call too.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

static int is_pointer(CXCursor cur) { return clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer; }

static int row_fn_param(fe_ctx *c, CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return -1;
    CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
        !fe_in_main(c, clang_getCursorLocation(fn)) || !is_pointer(call))
        return -1;
    /* the body: `{ return E; }` */
    int n, nr = 0;
    CXCursor *ch = fe_children(fn, &n), e = clang_getNullCursor();
    if (n > 0 && clang_getCursorKind(ch[n - 1]) == CXCursor_CompoundStmt) {
        CXCursor *st = fe_children(ch[n - 1], &nr);
        if (nr == 1 && clang_getCursorKind(st[0]) == CXCursor_ReturnStmt) {
            int m;
            CXCursor *rc = fe_children(st[0], &m);
            if (m == 1) e = rc[0];
            free(rc);
        }
        free(st);
    }
    free(ch);
    /* E's pointer, through casts, + and -, an element's address (never
     * through a load: `return M[r]` of a float **M hands back what M
     * holds, not a place in it) */
    for (int depth = 0; !clang_Cursor_isNull(e) && depth < 16; depth++) {
        enum CXCursorKind k = clang_getCursorKind(e);
        int m;
        CXCursor *sub = fe_children(e, &m), next = clang_getNullCursor();
        if (fe_from_macro(e)) {
            free(sub);
            return -1;
        }
        if (k == CXCursor_DeclRefExpr) {
            free(sub);
            CXCursor v = clang_getCursorReferenced(e);
            int np = clang_Cursor_getNumArguments(fn);
            for (int i = 0; i < np && is_pointer(v); i++)
                if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), v))
                    return i < clang_Cursor_getNumArguments(call) ? i : -1;
            return -1;
        }
        unsigned b, en;
        fe_extent(e, &b, &en);
        const char *first = c->toks[fe_tok_at(c, b)].spell;
        if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) && m == 1) {
            next = sub[0];
        } else if (k == CXCursor_UnaryOperator && m == 1 && !strcmp(first, "&")) {
            /* &M[i]: M's element i */
            CXCursor a = fe_strip(sub[0]);
            int am;
            CXCursor *as = clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr ? fe_children(a, &am) : NULL;
            if (as && am == 2) next = is_pointer(as[0]) ? as[0] : is_pointer(as[1]) ? as[1] : next;
            free(as);
        } else if (k == CXCursor_BinaryOperator && m == 2 && is_pointer(e)) {
            const char *op = fe_op_after(c, sub[0]);
            if (!strcmp(op, "+") || !strcmp(op, "-"))
                next = is_pointer(sub[0]) ? sub[0] : is_pointer(sub[1]) ? sub[1] : next;
        }
        free(sub);
        e = next;
    }
    return -1;
}

CXCursor fe_row_fn_arg(fe_ctx *c, CXCursor call)
{
    call = fe_strip(call);
    int i = row_fn_param(c, call);
    return i < 0 ? clang_getNullCursor() : clang_Cursor_getArgument(call, (unsigned)i);
}
