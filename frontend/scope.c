/*
 * frontend/scope.c - pass 5d: names a loop body takes from its function's
 * scope that the outlined body cannot see.
 *
 * The body becomes a function at file scope (and so do its reconnaissance
 * copies). A type or an enum constant declared inside the enclosing
 * function, before the loop (`typedef struct { double a, b; } pair;`,
 * `enum { K = 8 };` in main), is not declared there: gcc failed on the
 * generated file. Captured variables of such types are refused by types.c;
 * this pass refuses the names themselves, at their first use in the loop.
 * What the body declares itself goes along with it.
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

typedef struct scope_walk {
    fe_ctx *c;
    fe_site *s;
    CXCursor *said; /* declarations already refused for this loop */
    int nsaid;
} scope_walk;

/* The declaration behind a use that the outlined body would name: a
 * type's, or the enum of an enum constant. Null when none. */
static CXCursor named_decl(CXCursor cur, CXCursor *what)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    *what = clang_getNullCursor();
    if (k == CXCursor_TypeRef) {
        *what = clang_getCursorReferenced(cur);
        return *what;
    }
    if (k == CXCursor_DeclRefExpr) {
        CXCursor r = clang_getCursorReferenced(cur);
        if (clang_getCursorKind(r) == CXCursor_EnumConstantDecl) {
            *what = r;
            return clang_getCursorSemanticParent(r);
        }
    }
    return clang_getNullCursor();
}

static enum CXChildVisitResult scope_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    scope_walk *w = d;
    CXCursor what, decl = named_decl(cur, &what);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) == CXCursor_NoDeclFound)
        return CXChildVisit_Recurse;
    CXCursor fn = clang_getCursorSemanticParent(decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl)
        return CXChildVisit_Recurse;
    /* declared in the loop itself: it goes with the body */
    unsigned b, e, ub, ue;
    fe_extent(decl, &b, &e);
    if (b >= w->s->for_begin && b < w->s->for_end)
        return CXChildVisit_Recurse;
    for (int i = 0; i < w->nsaid; i++)
        if (clang_equalCursors(w->said[i], decl))
            return CXChildVisit_Recurse;
    w->said = realloc(w->said, (size_t)(w->nsaid + 1) * sizeof *w->said);
    if (!w->said) abort();
    w->said[w->nsaid++] = decl;
    fe_extent(cur, &ub, &ue);
    char *name = fe_cxstr(clang_getCursorSpelling(what));
    char *fname = fe_cxstr(clang_getCursorSpelling(fn));
    if (clang_getCursorKind(what) == CXCursor_EnumConstantDecl)
        fe_error(w->c, ub, "move the enum to file scope (or make the constant a #define)",
                 "'%s' is a constant of an enum declared inside function '%s': the loop body "
                 "runs as a function of its own at file scope, where it is not declared",
                 name, fname);
    else
        fe_error(w->c, ub, "move its declaration to file scope",
                 "type '%s' is declared inside function '%s': the loop body runs as a function "
                 "of its own at file scope, where it is not declared",
                 name, fname);
    free(name);
    free(fname);
    return CXChildVisit_Recurse;
}

void fe_scope(fe_ctx *c, fe_site *s)
{
    scope_walk w = {c, s, NULL, 0};
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    /* the body only: the loop's bounds are the caller's */
    if (n > 0) {
        scope_visit(ch[n - 1], s->forc, &w);
        clang_visitChildren(ch[n - 1], scope_visit, &w);
    }
    free(ch);
    free(w.said);
}
