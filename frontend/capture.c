/*
 * frontend/capture.c - pass 5: what a parallel body reads and writes.
 *
 * A captured variable is one the body names but does not declare: a local or
 * parameter of the enclosing function, a static local, or a global (also the
 * globals read by functions of this file that the body calls, because a
 * worker process must see their loop-entry values too). Captured values are
 * read-only copies taken at loop entry, so a write to one is refused unless a
 * clause (reduction, private, accumulate) says how copies are combined.
 *
 * A write is an assignment, compound assignment, ++/--, or taking the
 * address. libclang 16 has no getter for an operator's kind, so the operator
 * is read from the file's tokens; when the token is not an operator the
 * expression comes from a macro, and it counts as a write (we cannot see it).
 *
 * Also here: which pointers the body may write through (sync_for's array
 * table marks the others read-only), C89 temporaries made private, calls
 * that reconnaissance would run for real, pointer members of copyin
 * sections, hidden-state calls like rand(). What each capture's type means
 * for its trip to another node is types.c.
 */
#include "fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct walk {
    fe_ctx *c;
    fe_site *s;
    CXCursor *helpers;   /* functions already scanned */
    CXCursor *pmem;      /* pointer members followed in helpers, checked after the walk */
    int npmem, cappmem;
    CXCursor *dmem; /* pointer members followed through a pointer or an array, body and
                     * helpers: checked against the captured pointers after the walk */
    int ndmem, capdmem;
    int nh, caph;
    CXCursor stack[256]; /* ancestors of the node being visited */
    int depth;
    int dead;            /* inside the branch of an if whose condition is a constant */
    int hops;            /* param_writes: functions followed into */
    unsigned *first_ref; /* per capture: offset of its first use */
    /* locals of the body that start at a captured pointer's flat row
     * (float *o = out + i * n): their captures (row_start) */
    struct {
        CXCursor var;
        int cap;
    } rowp[16];
    int nrowp;
} walk;

static int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }

/* The reduction/private/accumulate/copyin item of that name (not aggregate). */
fe_item *fe_item_named(fe_site *s, const char *name)
{
    for (int i = 0; i < s->nitems; i++)
        if (s->items[i].kind != FE_IT_AGGREGATE && !strcmp(s->items[i].name, name))
            return &s->items[i];
    return NULL;
}

/* The first of stack[k], stack[k - 1], ... that is not a ParenExpr or
 * an UnexposedExpr (an implicit cast), or -1. */
static int past_wrappers(const walk *w, int k)
{
    while (k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr ||
                      clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr))
        k--;
    return k;
}

static int is_ptr(CXCursor cur)
{
    /* a parameter written as an array is a pointer (types.c asks for the
     * pointer's spelling) */
    return clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer || fe_array_parm(cur);
}

/* Is cur expanded from a macro, with all of its text spelled in one macro
 * argument of this file? Then its spelling says what its operators are
 * (the expansion location is the macro's name for all of them); an
 * operator that comes from the macro's own definition is not. */
static int spelled_here(fe_ctx *c, CXCursor cur)
{
    CXFile f;
    unsigned b, e, xb = fe_offset(clang_getRangeStart(clang_getCursorExtent(cur)));
    fe_spelling(cur, &f, &b, &e);
    if (!f || !clang_File_isEqual(f, c->file))
        return 0;
    /* spelled after the macro's name, in its argument: not in a #define */
    return b > xb && b < e && e <= c->srclen && !memchr(c->src + b, '\n', e - b);
}

/* Is the operator of p, a binary expression of a macro's expansion, spelled
 * in the invocation's argument (the `+` of `SET(*(vals + i), v)`: its
 * operands are read whatever the macro does with the argument)? The token
 * after its left operand's spelling says: the operator, or the `,` or `)`
 * that ends the argument when the macro's text holds the operator. */
static int op_spelled_here(fe_ctx *c, CXCursor p)
{
    int n;
    CXCursor *ch = fe_children(p, &n);
    CXFile f = NULL;
    unsigned b = 0, e = 0;
    if (n == 2) fe_spelling(ch[0], &f, &b, &e);
    free(ch);
    if (!f || !clang_File_isEqual(f, c->file) || e <= b || e >= c->srclen) return 0;
    /* inside the invocation: a #define of this file is spelled here too */
    unsigned pb, pe;
    fe_extent(p, &pb, &pe);
    if (b <= pb || e > pe) return 0;
    int k = fe_tok_at(c, e);
    if (k < 0 || k >= c->ntoks || c->toks[k].off < e) return 0;
    const char *sp = c->toks[k].spell;
    return c->toks[k].kind == CXToken_Punctuation && strcmp(sp, ",") && strcmp(sp, ")") &&
           strcmp(sp, "]") && strcmp(sp, "}") && strcmp(sp, ";");
}

/* Is tokens[i] (a name) assigned: followed, past the closing parentheses
 * and subscripts that wrap it (and, when through: what it points to, its
 * `.member`s and `->member`s), by `=` or an `op=`, or by or after `++` or
 * `--`? */
static int tok_assigned(CXTranslationUnit tu, const CXToken *t, unsigned n, unsigned i, int through)
{
    /* the parentheses that wrap the name alone: `((a) = (v))`, `(a)++`;
     * not the `)` that closes `((p) + (k))`, whose k is not assigned */
    unsigned wrap = 0;
    for (unsigned b = i; b > 0; b--) {
        char *sp = fe_cxstr(clang_getTokenSpelling(tu, t[b - 1]));
        int open = !strcmp(sp, "(");
        free(sp);
        if (!open) break;
        wrap++;
    }
    unsigned before = i - wrap; /* the token before them: ++ or -- */
    unsigned j = i + 1;
    for (int depth = 0; j < n; j++) {
        char *sp = fe_cxstr(clang_getTokenSpelling(tu, t[j]));
        int open = !strcmp(sp, "["), close = !strcmp(sp, "]"), paren = !strcmp(sp, ")");
        /* (only for what the pointer reaches: a name inside the argument,
         * off of SETX(r[k + off], v), is not the element assigned) */
        int member = !depth && (!strcmp(sp, ".") || (through && !strcmp(sp, "->")));
        free(sp);
        if (member && j + 1 < n && clang_getTokenKind(t[j + 1]) == CXToken_Identifier) j++;
        else if (open) depth++;
        else if (close) depth--;
        /* through a pointer, any `)`: ((float *)(P))[k] = v stores through
         * P (taken for a read, the array went read-only and its writes were
         * lost at two processes); a false store only keeps it writable */
        else if (paren && !depth && (wrap || through)) wrap -= wrap > 0;
        else if (!depth) break;
    }
    char *nx = j < n ? fe_cxstr(clang_getTokenSpelling(tu, t[j])) : fe_strdup("");
    char *pv = before > 0 ? fe_cxstr(clang_getTokenSpelling(tu, t[before - 1])) : fe_strdup("");
    size_t l = strlen(nx);
    int as = (l && nx[l - 1] == '=' && strcmp(nx, "==") && strcmp(nx, "<=") && strcmp(nx, ">=") &&
              strcmp(nx, "!=")) ||
             !strcmp(nx, "++") || !strcmp(nx, "--") || !strcmp(pv, "++") || !strcmp(pv, "--");
    free(nx);
    free(pv);
    return as;
}

/* The function-like macro named name, as defined last in the file's
 * preprocessing (a null cursor when none): a macro another's text invokes. */
typedef struct mfind {
    const char *name;
    CXCursor found;
} mfind;

static enum CXChildVisitResult mfind_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    mfind *m = d;
    if (clang_getCursorKind(cur) == CXCursor_MacroDefinition && clang_Cursor_isMacroFunctionLike(cur)) {
        char *sp = fe_cxstr(clang_getCursorSpelling(cur));
        if (!strcmp(sp, m->name)) m->found = cur;
        free(sp);
    }
    return CXChildVisit_Continue;
}

/* mfind over the translation unit, remembered for the last few names (a
 * macro's text calling functions asks for each of them). */
static CXCursor macro_named(fe_ctx *c, const char *name)
{
    unsigned kept = c->nmacros < 16 ? c->nmacros : 16;
    for (unsigned i = 0; i < kept; i++)
        if (!strcmp(c->macros[i].name, name)) return c->macros[i].found;
    mfind m = {name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), mfind_visit, &m);
    if (strlen(name) < sizeof c->macros[0].name) {
        unsigned i = c->nmacros++ % 16;
        snprintf(c->macros[i].name, sizeof c->macros[i].name, "%s", name);
        c->macros[i].found = m.found;
    }
    return m.found;
}

/* Does definition def assign `name` in its own text, or its parameter
 * number want (-1: none)? A parameter handed on to another function-like
 * macro (#define SET2(a, v) SET(a, v)) is followed into that one's
 * definition, a few deep. through: what it points to counts. */
static int def_assigns(fe_ctx *c, CXCursor def, const char *name, int want, int through, int deep)
{
    CXToken *t;
    unsigned n;
    clang_tokenize(c->tu, clang_getCursorExtent(def), &t, &n);
    /* the parameters of a function-like macro, and where its text starts */
    char *par[64];
    int np = 0;
    unsigned body = 1;
    if (clang_Cursor_isMacroFunctionLike(def)) {
        for (body = 2; body < n; body++) {
            char *sp = fe_cxstr(clang_getTokenSpelling(c->tu, t[body]));
            int end = !strcmp(sp, ")");
            if (!end && strcmp(sp, ",") && np < 64) par[np++] = sp;
            else free(sp);
            if (end) break;
        }
        body++;
    }
    int as = 0;
    for (unsigned i = body; i < n && !as; i++) {
        if (clang_getTokenKind(t[i]) != CXToken_Identifier)
            continue;
        char *sp = fe_cxstr(clang_getTokenSpelling(c->tu, t[i]));
        int hit = name && !strcmp(sp, name);
        for (int q = 0; q < np && !hit; q++)
            hit = q == want && !strcmp(sp, par[q]);
        free(sp);
        if (!hit) continue;
        as = tok_assigned(c->tu, t, n, i, through);
        /* inside another macro's invocation: its argument number q */
        int depth = 0, q = 0;
        unsigned k = i;
        while (!as && deep < 4 && k-- > body) {
            char *tk = fe_cxstr(clang_getTokenSpelling(c->tu, t[k]));
            int open = !strcmp(tk, "("), close = !strcmp(tk, ")");
            int comma = !strcmp(tk, ",") && depth == 0;
            free(tk);
            if (close) depth++;
            else if (open && depth) depth--;
            else if (comma) q++;
            else if (open) { /* the invocation's '(': a macro's name before it? */
                if (k > body && clang_getTokenKind(t[k - 1]) == CXToken_Identifier) {
                    char *callee = fe_cxstr(clang_getTokenSpelling(c->tu, t[k - 1]));
                    CXCursor inner = macro_named(c, callee);
                    if (!clang_Cursor_isNull(inner) && !clang_equalCursors(inner, def))
                        as = def_assigns(c, inner, NULL, q, through, deep + 1) == 1;
                    free(callee);
                }
                break;
            }
        }
    }
    for (int q = 0; q < np; q++) free(par[q]);
    clang_disposeTokens(c->tu, t, n);
    return as;
}

/* Does the macro expanded at off (its name's token) assign, in the
 * definition in effect there (a header's, after #undef, the branch of an
 * #ifdef), `name` in its own text, or the parameter whose argument holds
 * offset arg (0: none)? -1: no definition found. Every node of an
 * expansion has the macro's name as its text, so the definition is read.
 * through: what it points to counts (`A->f = v`). */
static int macro_writes(fe_ctx *c, unsigned off, const char *name, unsigned arg, int through)
{
    CXCursor mc = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, off));
    if (clang_getCursorKind(mc) != CXCursor_MacroExpansion)
        return -1;
    CXCursor def = clang_getCursorReferenced(mc);
    if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
        return -1;
    /* which argument holds arg: the invocation's tokens in this file */
    int want = -1;
    if (arg) {
        int k = fe_tok_at(c, off) + 1, depth = 0, idx = 0;
        for (; k < c->ntoks && c->toks[k].off < arg; k++) {
            const char *sp = c->toks[k].spell;
            if (!strcmp(sp, "(") || !strcmp(sp, "[") || !strcmp(sp, "{")) depth++;
            else if (!strcmp(sp, ")") || !strcmp(sp, "]") || !strcmp(sp, "}")) depth--;
            else if (!strcmp(sp, ",") && depth == 1) idx++;
        }
        want = idx;
    }
    return def_assigns(c, def, name, want, through, 0);
}

/*
 * Is the DeclRefExpr at stack[d] written? Climbs through parentheses,
 * implicit casts, `.member` and subscripts of an array (all still name the
 * captured object itself), then looks at the operator above.
 */
static int first_child_is(CXCursor p, CXCursor child);

static int written(walk *w, int d)
{
    fe_ctx *c = w->c;
    CXCursor node = w->stack[d];
    int k = d - 1;
    for (; k >= 0; k--) {
        CXCursor p = w->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr) {
            node = p;
            continue;
        }
        if (pk == CXCursor_MemberRefExpr || pk == CXCursor_ArraySubscriptExpr) {
            int n;
            CXCursor *ch = fe_children(p, &n);
            int base = n > 0 && clang_equalCursors(ch[0], node);
            free(ch);
            if (base && !is_ptr(fe_strip(node))) {
                node = p;
                continue;
            }
        }
        break;
    }
    if (k < 0)
        return 0;
    CXCursor p = w->stack[k];
    enum CXCursorKind pk = clang_getCursorKind(p);
    unsigned nb, ne, pb, pe;
    fe_extent(node, &nb, &ne);
    fe_extent(p, &pb, &pe);
    if (pk == CXCursor_CompoundAssignOperator)
        return first_child_is(p, node); /* only the left operand (in a macro every extent is its own) */
    if (pk == CXCursor_BinaryOperator) {
        /* the operator spelled in a macro's argument (ID(y = i)): the
         * token after the left operand's spelling is it */
        if (nb == pb && ne == pe && op_spelled_here(c, p)) {
            if (!first_child_is(p, node))
                return 0;
            unsigned sb, se;
            fe_spelling(spelled_here(c, node) ? node : w->stack[d], NULL, &sb, &se);
            fe_token *o = &c->toks[fe_tok_at(c, se)];
            return is(o, "=");
        }
        /* A name in a macro's own text (`size` of `#define BB(i, j)
         * a[i * size + j]`): every node of the expansion has the macro's
         * name as its extent (an operand's text is never its operator's
         * otherwise), so `BB(i, j) = v` read as a store to size */
        if (nb == pb && ne == pe && !spelled_here(c, node) && !spelled_here(c, w->stack[d])) {
            char *nm = fe_cxstr(clang_getCursorSpelling(w->stack[d]));
            int as = macro_writes(c, nb, nm, 0, 0);
            free(nm);
            if (as >= 0)
                return as;
        }
        /* a name in the argument of a macro whose own text assigns it
         * (`#define ASSIGN(x, v) x = v`); an operator spelled in the
         * argument itself is read below */
        if (nb == pb && ne == pe && (spelled_here(c, node) || spelled_here(c, w->stack[d])) &&
            !op_spelled_here(c, p)) {
            unsigned sb, se;
            fe_spelling(spelled_here(c, node) ? node : w->stack[d], NULL, &sb, &se);
            /* found and not assigning it: the token after the invocation
             * is no operator of this one (the i of `BB(i, j) = v`, BB
             * indexing an array, was taken for assigned) */
            int as = macro_writes(c, nb, NULL, sb, 0);
            if (as >= 0)
                return as;
        }
        if (nb != pb)
            return 0;
        fe_token *t = &c->toks[fe_tok_at(c, ne)];
        /* the operand is a whole macro invocation (NN of `#define NN
         * BOUND(n)`, in `NN - 1`), its extent empty at the name: the
         * operator follows the invocation */
        if (ne == nb && t->kind == CXToken_Identifier && t->off == nb) {
            int k = fe_tok_at(c, nb) + 1;
            if (k < c->ntoks && is(&c->toks[k], "(")) {
                CXCursor mc = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, nb));
                CXCursor def = clang_getCursorReferenced(mc);
                if (clang_getCursorKind(mc) == CXCursor_MacroExpansion &&
                    clang_Cursor_isMacroFunctionLike(def))
                    for (int depth = 0; k < c->ntoks; k++) {
                        depth += is(&c->toks[k], "(") ? 1 : is(&c->toks[k], ")") ? -1 : 0;
                        if (!depth) {
                            k++;
                            break;
                        }
                    }
            }
            if (k < c->ntoks)
                t = &c->toks[k];
            return is(t, "=") || is(t, "++") || is(t, "--") ||
                   (strlen(t->spell) >= 2 && t->spell[strlen(t->spell) - 1] == '=' &&
                    strcmp(t->spell, "==") && strcmp(t->spell, "<=") && strcmp(t->spell, ">=") &&
                    strcmp(t->spell, "!="));
        }
        if (t->kind == CXToken_Identifier && spelled_here(c, p)) {
            /* inside a macro's argument (assert(i != 37)): the operator
             * is where the operand's text ends */
            unsigned sb, se;
            fe_spelling(node, NULL, &sb, &se);
            return is(&c->toks[fe_tok_at(c, se)], "=");
        }
        return is(t, "=") || t->kind == CXToken_Identifier;
    }
    if (pk == CXCursor_UnaryOperator) {
        if (spelled_here(c, p)) { /* in a macro argument: read its own text */
            fe_extent(node, &nb, &ne);
            fe_spelling(p, NULL, &pb, &pe);
            fe_spelling(node, NULL, &nb, &ne);
        }
        fe_token *first = &c->toks[fe_tok_at(c, pb)];
        int li = fe_tok_at(c, pe) - 1;
        fe_token *last = &c->toks[li < 0 ? 0 : li];
        if (is(first, "++") || is(first, "--") || is(first, "&") ||
            first->kind == CXToken_Identifier)
            return first->off < nb || first->kind == CXToken_Identifier;
        return is(last, "++") || is(last, "--");
    }
    return 0;
}

/*
 * Is the DeclRef at stack[d] the left side of a plain `=`? Called for a
 * local's first reference in source order: a first reference that assigns
 * means "assigned before read" for straight-line and branchy C89-style
 * bodies (both arms of an if assign, loops assign before use). This is a
 * heuristic: a body that reads a stale value on some path is caught by the
 * runtime's verify mode, not here. Returns the assignment's extent.
 */
static int param_writes(const walk *w, CXCursor fn, int i);

/* May call write through the pointer value given as its argument at text
 * [b, e)? Not through a pointer to const, nor through a parameter of a
 * function of this file that only reads through it (Rodinia's
 * findIndex(double *CDF, ...): counted as written, the CDF was a replica
 * whose unrecorded elements were stale at four processes). */
static int arg_writes(const walk *w, CXCursor call, unsigned b, unsigned e)
{
    CXCursor fn = clang_getCursorReferenced(call);
    int na = clang_Cursor_getNumArguments(call), np = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < na; i++) {
        unsigned ab, ae;
        fe_extent(clang_Cursor_getArgument(call, (unsigned)i), &ab, &ae);
        if (ab <= b && e <= ae) {
            if (i >= np)
                return 1; /* variadic: unknown */
            CXType pt = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));
            if (pt.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(pt)))
                return 0;
            return pt.kind != CXType_Pointer || param_writes(w, fn, i);
        }
    }
    return 0; /* the callee expression itself */
}

/* Is the DeclRef at stack[d], a fixed array, taken only as the address of
 * an element, &a[k] (a member of one, &a[k].m), handed straight to a call
 * whose parameter reads through it (a pointer to const, or this file's
 * function that only reads)? `a + k` there was no write; `&a[k]` was,
 * with a hint to make the parameter const, which it was. */
static int addr_to_reader(walk *w, int d)
{
    if (clang_getCanonicalType(clang_getCursorType(w->stack[d])).kind != CXType_ConstantArray)
        return 0;
    int k = d - 1, amp = 0;
    CXCursor node = w->stack[d];
    for (; k >= 0; k--) {
        CXCursor p = w->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr || (amp && pk == CXCursor_CStyleCastExpr)) {
        } else if (!amp && (pk == CXCursor_ArraySubscriptExpr || pk == CXCursor_MemberRefExpr)) {
            int n;
            CXCursor *ch = fe_children(p, &n);
            int base = n > 0 && clang_equalCursors(ch[0], node);
            free(ch);
            if (!base) return 0;
        } else if (!amp && pk == CXCursor_UnaryOperator) {
            /* & by its types (in a macro's own text no token says it): a
             * pointer made from an operand that is none */
            CXType rt = clang_getCanonicalType(clang_getCursorType(p));
            CXType ot = clang_getCanonicalType(clang_getCursorType(node));
            if (rt.kind != CXType_Pointer || ot.kind == CXType_Pointer) return 0;
            amp = 1;
        } else {
            break;
        }
        node = p;
    }
    if (!amp || k < 0 || clang_getCursorKind(w->stack[k]) != CXCursor_CallExpr) return 0;
    unsigned b, e;
    fe_extent(node, &b, &e);
    return !arg_writes(w, w->stack[k], b, e);
}

/* Is the fixed array named by the DeclRef at stack[d] (or a row of it, or
 * an address into it) an argument of a call whose parameter may write
 * through it: not const, not a variadic one (printf's %s), and written by
 * the function if it is this file's (param_writes)? */
static int array_filled(walk *w, int d)
{
    CXType rt = clang_getCanonicalType(clang_getCursorType(w->stack[d]));
    if (rt.kind != CXType_ConstantArray)
        return 0;
    CXType et = rt;
    while (et.kind == CXType_ConstantArray)
        et = clang_getCanonicalType(clang_getArrayElementType(et));
    if (clang_isConstQualifiedType(et))
        return 0;
    fe_ctx *c = w->c;
    CXCursor node = w->stack[d];
    int k = d - 1;
    for (; k >= 0; k--) {
        CXCursor p = w->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(p)).kind;
        unsigned pb, pe, nb, ne;
        fe_extent(p, &pb, &pe);
        fe_extent(node, &nb, &ne);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr || pk == CXCursor_CStyleCastExpr)
            ;
        else if (pk == CXCursor_ArraySubscriptExpr && nb == pb && t == CXType_ConstantArray)
            ; /* a row of a 2-D array: still an address into it */
        else if (pk == CXCursor_BinaryOperator && t == CXType_Pointer &&
                 (is(&c->toks[fe_tok_at(c, ne)], "+") || is(&c->toks[fe_tok_at(c, ne)], "-")))
            ;
        else
            break;
        node = p;
    }
    if (k < 0)
        return 0;
    /* its address kept in a pointer to what may be written (p = arr + i,
     * double *q = arr): the body may write the array through it */
    enum CXCursorKind uk = clang_getCursorKind(w->stack[k]);
    if (uk == CXCursor_VarDecl || uk == CXCursor_BinaryOperator) {
        CXType vt = clang_getCanonicalType(clang_getCursorType(w->stack[k]));
        if (uk == CXCursor_BinaryOperator) {
            int n;
            CXCursor *ch = fe_children(w->stack[k], &n);
            unsigned lb, le;
            int rhs = n == 2 && clang_equalCursors(ch[1], node);
            if (rhs) fe_extent(ch[0], &lb, &le);
            if (rhs) vt = clang_getCanonicalType(clang_getCursorType(ch[0]));
            free(ch);
            if (!rhs || !is(&c->toks[fe_tok_at(c, le)], "="))
                return 0;
        }
        return vt.kind == CXType_Pointer && !clang_isConstQualifiedType(clang_getPointeeType(vt));
    }
    if (clang_getCursorKind(w->stack[k]) != CXCursor_CallExpr)
        return 0;
    CXCursor call = w->stack[k], fn = clang_getCursorReferenced(call);
    int na = clang_Cursor_getNumArguments(call), np = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < na; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        if (!clang_equalCursors(arg, node) && !clang_equalCursors(fe_strip(arg), fe_strip(node)))
            continue;
        if (i >= np)
            return 0; /* variadic: printf's %s reads */
        CXType pt = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));
        /* a parameter written as an array (double y[]) is a pointer */
        int arr = pt.kind == CXType_ConstantArray || pt.kind == CXType_IncompleteArray;
        if ((pt.kind != CXType_Pointer && !arr) ||
            clang_isConstQualifiedType(arr ? clang_getArrayElementType(pt) : clang_getPointeeType(pt)))
            return 0;
        return param_writes(w, fn, i);
    }
    return 0;
}

/*
 * May this use of a pointer (the DeclRef at stack[d]) write through it?
 * Follows the access chain up (p[i], p->f, *p, p + k, W[i][k]) and looks at
 * what is done with its end: assigned, incremented or address-taken means a
 * write; a pointer value given to a non-const parameter, stored in another
 * variable or returned lets the memory escape and counts as a write too.
 */
/* Is t a pointer to const-qualified memory? */
static int const_pointee(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* Is child the first child (a binary node's left side) of p? */
static int first_child_is(CXCursor p, CXCursor child)
{
    int n;
    CXCursor *ch = fe_children(p, &n);
    int yes = n > 0 && clang_equalCursors(ch[0], child);
    free(ch);
    return yes;
}

/* Is unary operator u itself a ++ or --, before or after its operand (not
 * the * of *p++, whose last token is one)? */
static int own_incdec(fe_ctx *c, CXCursor u)
{
    int n;
    CXCursor *ch = fe_children(u, &n);
    int yes = 0;
    if (n == 1) {
        unsigned pb, pe, cb, ce;
        fe_extent(u, &pb, &pe);
        fe_extent(ch[0], &cb, &ce);
        const char *t = pb < cb ? c->toks[fe_tok_at(c, pb)].spell : ce < pe ? c->toks[fe_tok_at(c, ce)].spell : "";
        yes = !strcmp(t, "++") || !strcmp(t, "--");
    }
    free(ch);
    return yes;
}

/* Is the value of the expression at stack[k] used: not a statement of its
 * own, a for's step, a condition, nor a comma's operand? */
static int value_used(walk *w, int k)
{
    int j = k - 1;
    while (j >= 0 && (clang_getCursorKind(w->stack[j]) == CXCursor_ParenExpr ||
                      clang_getCursorKind(w->stack[j]) == CXCursor_UnexposedExpr))
        j--;
    if (j < 0) return 0;
    enum CXCursorKind pk = clang_getCursorKind(w->stack[j]);
    if (pk == CXCursor_BinaryOperator) {
        unsigned cb, ce;
        int n;
        CXCursor *ch = fe_children(w->stack[j], &n);
        int comma = 0;
        if (n == 2) {
            fe_extent(ch[0], &cb, &ce);
            comma = is(&w->c->toks[fe_tok_at(w->c, ce)], ",");
        }
        free(ch);
        return !comma;
    }
    return clang_isExpression(pk) || pk == CXCursor_VarDecl || pk == CXCursor_ReturnStmt;
}

static int local_reads_only(const walk *w, CXCursor var);

/* Is the argument at [b, e) of call the one a row function returns a
 * pointer into? */
static int row_fn_arg(fe_ctx *c, CXCursor call, unsigned b, unsigned e)
{
    CXCursor arg = fe_row_fn_arg(c, call);
    if (clang_Cursor_isNull(arg)) return 0;
    unsigned ab, ae;
    fe_extent(arg, &ab, &ae);
    return ab <= b && e <= ae;
}

static int ptr_use_writes(walk *w, int d, int *store)
{
    *store = 0; /* a plain store: 2 assigned, 1 updated (+=, ++) */
    fe_ctx *c = w->c;
    CXCursor node = w->stack[d];
    /* the chain's last step but casts when it read a pointer out of the
     * memory (sp->cid, not A[j] of a 2-D array: that is an address in it) */
    enum CXCursorKind lastk = CXCursor_DeclRefExpr;
    int deref = 0; /* the chain goes through the memory (p[i], *p, p->f) */
    int k = d - 1;
    for (; k >= 0; k--) {
        CXCursor p = w->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        unsigned pb, pe, nb, ne;
        fe_extent(p, &pb, &pe);
        fe_extent(node, &nb, &ne);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr ||
            pk == CXCursor_CStyleCastExpr)
            ;
        /* (a member a macro names, A.x of SETX(r[k], v): its text is the
         * invocation's, not where the base's starts) */
        else if ((pk == CXCursor_ArraySubscriptExpr || pk == CXCursor_MemberRefExpr) &&
                 (nb == pb || (pk == CXCursor_MemberRefExpr && first_child_is(p, node))))
            ;
        else if (pk == CXCursor_UnaryOperator && is(&c->toks[fe_tok_at(c, pb)], "*"))
            ;
        else if (pk == CXCursor_BinaryOperator && (is(&c->toks[fe_tok_at(c, ne)], "+") ||
                                                   is(&c->toks[fe_tok_at(c, ne)], "-")) &&
                 clang_getCanonicalType(clang_getCursorType(p)).kind == CXType_Pointer)
            ;
        /* *p++ = v, p++[0] = v: the stepped pointer's value is the chain's
         * (stepped alone, as a statement, it is looked at below) */
        else if (pk == CXCursor_UnaryOperator && !deref && own_incdec(c, p) && value_used(w, k))
            ;
        /* row(X, u): a pointer into the argument (row_fn.c) */
        else if (pk == CXCursor_CallExpr && !deref && row_fn_arg(c, p, nb, ne))
            ;
        else
            break;
        if (pk != CXCursor_ParenExpr && pk != CXCursor_UnexposedExpr && pk != CXCursor_CStyleCastExpr)
            lastk = clang_getCanonicalType(clang_getCursorType(p)).kind == CXType_Pointer ? pk
                                                                                        : CXCursor_DeclRefExpr;
        deref |= pk == CXCursor_ArraySubscriptExpr || pk == CXCursor_MemberRefExpr ||
                 (pk == CXCursor_UnaryOperator && !own_incdec(c, p));
        node = p;
    }
    if (k < 0)
        return 0;
    CXCursor p = w->stack[k];
    enum CXCursorKind pk = clang_getCursorKind(p);
    unsigned nb, ne, pb, pe;
    fe_extent(node, &nb, &ne);
    fe_extent(p, &pb, &pe);
    /* the pointer variable itself assigned or stepped (rec_iter = recs +
     * i * 5, p++): nothing is written through it */
    if (!deref && clang_getCursorKind(node) != CXCursor_BinaryOperator) {
        if (pk == CXCursor_CompoundAssignOperator && nb == pb)
            return 0;
        if (pk == CXCursor_BinaryOperator && nb == pb && is(&c->toks[fe_tok_at(c, ne)], "="))
            return 0;
        if (pk == CXCursor_UnaryOperator && fe_incdec(c, p))
            return 0;
    }
    if (pk == CXCursor_CompoundAssignOperator)
        return *store = nb == pb;
    if (pk == CXCursor_BinaryOperator && nb == pb) {
        fe_token *t = &c->toks[fe_tok_at(c, ne)];
        if (is(t, "=") || t->kind == CXToken_Identifier)
            return *store = 2;
        /* in a macro's expansion every node's text is the invocation
         * (SETX(r[k], v) as ((A.x) = (v))): the store was taken for a
         * read, the array for read only, and the writes lost at two
         * processes. The macro's own text says whether it assigns the
         * parameter the pointer's argument is, or the pointer itself. */
        if (ne == pe && first_child_is(p, node)) {
            unsigned sb, se;
            fe_spelling(w->stack[d], NULL, &sb, &se);
            char *nm = fe_cxstr(clang_getCursorSpelling(w->stack[d]));
            int as = sb != nb && sb < se ? macro_writes(c, nb, NULL, sb, 1) : macro_writes(c, nb, nm, 0, 1);
            free(nm);
            if (as == 1)
                return *store = 2;
        }
    }
    if (pk == CXCursor_UnaryOperator) {
        fe_token *first = &c->toks[fe_tok_at(c, pb)];
        int li = fe_tok_at(c, pe) - 1;
        fe_token *last = &c->toks[li < 0 ? 0 : li];
        if (is(first, "&") && k > 0) {
            /* const T *x = &p[i]: the address only serves reads */
            int j = k - 1;
            while (j > 0 && (clang_getCursorKind(w->stack[j]) == CXCursor_UnexposedExpr ||
                             clang_getCursorKind(w->stack[j]) == CXCursor_ParenExpr))
                j--;
            CXCursor up = w->stack[j];
            CXType ut = clang_getCanonicalType(clang_getCursorType(up));
            if (clang_getCursorKind(up) == CXCursor_VarDecl && ut.kind == CXType_Pointer &&
                clang_isConstQualifiedType(clang_getPointeeType(ut)))
                return 0;
            /* f(&p[i]) to a function of this file that only reads through
             * that parameter (an n-body step's next_state(&bodies[i], ...)) */
            if (clang_getCursorKind(up) == CXCursor_CallExpr && !arg_writes(w, up, pb, pe))
                return 0;
        }
        *store = is(first, "++") || is(first, "--") || is(last, "++") || is(last, "--");
        return *store || is(first, "&") || first->kind == CXToken_Identifier;
    }
    CXType nt = clang_getCanonicalType(clang_getCursorType(node));
    if (nt.kind != CXType_Pointer && nt.kind != CXType_ConstantArray)
        return 0; /* a value read through the pointer */
    if (nt.kind == CXType_Pointer && (lastk == CXCursor_MemberRefExpr || lastk == CXCursor_ArraySubscriptExpr))
        return 0; /* a pointer read from the memory (int *cid = sp->cid) */
    if (pk == CXCursor_CallExpr)
        return arg_writes(w, p, nb, ne);
    /* Kept in a pointer to const (llama2.c's `const float *k = cache +
     * off`), as `const T *x = &p[i]` above: it only serves reads. Taken for
     * written, the array was replicated per thread and clock, and copied
     * whole by the driver's emulation of the workers (80 ms a call for
     * 20 us of work). */
    if (pk == CXCursor_VarDecl && const_pointee(clang_getCursorType(p)))
        return 0;
    /* Kept in a local pointer the loop only reads through (`float *x =
     * X + u * D; s += x[c]`, const or not): as above. Taken for written,
     * a model another loop rewrites every epoch keyed this loop's plan,
     * which was made anew at every call. */
    if (pk == CXCursor_VarDecl && local_reads_only(w, p))
        return 0;
    /* Stored, returned, compared...: compare is harmless, the rest escapes. */
    if (pk == CXCursor_BinaryOperator) {
        fe_token *t = &c->toks[fe_tok_at(c, ne)];
        int op = fe_tok_at(c, nb) - 1;
        if (nb != pb && op >= 0 && is(&c->toks[op], "=")) { /* k = cache + off, k a pointer to const */
            int n;
            CXCursor *ch = fe_children(p, &n);
            int ro = n == 2 && const_pointee(clang_getCursorType(ch[0]));
            free(ch);
            if (ro) return 0;
        }
        return !(is(t, "<") || is(t, ">") || is(t, "<=") || is(t, ">=") || is(t, "==") ||
                 is(t, "!=") || is(t, "-"));
    }
    return 1;
}

/* A walk of a function's body for one parameter's uses, with its own
 * ancestors (ptr_use_writes reads them). */
typedef struct pscan {
    walk w;
    CXCursor parm;
    int wrote;
} pscan;

static void scan_uses(pscan *p, CXCursor cur)
{
    if (p->wrote || p->w.depth >= 255) {
        p->wrote = 1;
        return;
    }
    p->w.stack[p->w.depth++] = cur;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(cur), p->parm)) {
        int store;
        p->wrote = ptr_use_writes(&p->w, p->w.depth - 1, &store);
    }
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !p->wrote; i++) scan_uses(p, ch[i]);
    free(ch);
    p->w.depth--;
}

/* Does the loop only read through var, a pointer it declares? Its every
 * use in the loop is looked at as a captured pointer's is, a few
 * declarations deep (`float *x = X + o; float *y = x + 1;`). */
static int local_reads_only(const walk *w, CXCursor var)
{
    unsigned vb, ve, fb, fe;
    fe_extent(var, &vb, &ve);
    fe_extent(w->s->forc, &fb, &fe);
    if (w->hops > 3 || vb < fb || ve > fe ||
        clang_getCanonicalType(clang_getCursorType(var)).kind != CXType_Pointer)
        return 0;
    pscan *p = calloc(1, sizeof *p);
    if (!p) return 0;
    p->w.c = w->c;
    p->w.s = w->s;
    p->w.hops = w->hops + 1;
    p->parm = var;
    scan_uses(p, w->s->forc);
    int ro = !p->wrote;
    free(p);
    return ro;
}

/* May function fn (a call's callee) write through its parameter i, or let
 * it escape? Followed into functions of this file it passes it to, a few
 * calls deep; anything else may. */
static int param_writes(const walk *w, CXCursor fn, int i)
{
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def) || !fe_in_main(w->c, clang_getCursorLocation(def)) || w->hops > 3 ||
        i >= clang_Cursor_getNumArguments(def))
        return 1;
    CXCursor parm = clang_Cursor_getArgument(def, (unsigned)i);
    /* the parameter assigned (cdf = other) or its address taken: a local
     * like any other, followed no further */
    pscan *p = calloc(1, sizeof *p);
    if (!p) return 1;
    p->w.c = w->c;
    p->w.s = w->s;
    p->w.hops = w->hops + 1;
    p->parm = parm;
    int n;
    CXCursor *ch = fe_children(def, &n);
    for (int k = 0; k < n && !p->wrote; k++)
        if (clang_getCursorKind(ch[k]) == CXCursor_CompoundStmt) scan_uses(p, ch[k]);
    free(ch);
    int wrote = p->wrote;
    free(p);
    return wrote;
}

/* Does the use of an array or pointer at stack[d] keep an address in it in
 * a pointer variable (`p = buf + i * 4`, `char *q = &buf[k]`)? That
 * variable's declaration, or a null cursor. */
static CXCursor kept_in(walk *w, int d)
{
    fe_ctx *c = w->c;
    CXCursor node = w->stack[d];
    int k = d - 1;
    for (; k >= 0; k--) {
        CXCursor p = w->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        CXType pt = clang_getCanonicalType(clang_getCursorType(p));
        unsigned pb, pe, nb, ne;
        fe_extent(p, &pb, &pe);
        fe_extent(node, &nb, &ne);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr || pk == CXCursor_CStyleCastExpr)
            ;
        else if (pk == CXCursor_BinaryOperator && pt.kind == CXType_Pointer &&
                 (is(&c->toks[fe_tok_at(c, ne)], "+") || is(&c->toks[fe_tok_at(c, ne)], "-")))
            ;
        else if (pk == CXCursor_ArraySubscriptExpr && nb == pb && k > 0 &&
                 clang_getCursorKind(w->stack[k - 1]) == CXCursor_UnaryOperator &&
                 is(&c->toks[fe_tok_at(c, fe_offset(clang_getCursorLocation(w->stack[k - 1])))], "&"))
            ;
        else if (pk == CXCursor_UnaryOperator && is(&c->toks[fe_tok_at(c, pb)], "&"))
            ;
        else
            break;
        node = p;
    }
    if (k < 0)
        return clang_getNullCursor();
    CXCursor p = w->stack[k];
    if (clang_getCursorKind(p) == CXCursor_VarDecl && is_ptr(p))
        return p;
    if (clang_getCursorKind(p) == CXCursor_BinaryOperator) {
        int n;
        CXCursor *ch = fe_children(p, &n);
        CXCursor x = clang_getNullCursor();
        unsigned lb, le;
        if (n == 2 && clang_equalCursors(ch[1], node)) {
            fe_extent(ch[0], &lb, &le);
            CXCursor l = fe_strip(ch[0]);
            /* (p = q = buf, *(p = buf) = v: the assignment's value goes on
             * too; left to ptr_use_writes, which takes it for written) */
            if (is(&c->toks[fe_tok_at(c, le)], "=") && clang_getCursorKind(l) == CXCursor_DeclRefExpr &&
                clang_getCursorKind(clang_getCursorReferenced(l)) == CXCursor_VarDecl &&
                is_ptr(clang_getCursorReferenced(l)) && !value_used(w, k))
                x = clang_getCursorReferenced(l);
        }
        free(ch);
        return x;
    }
    return clang_getNullCursor();
}

/* A walk of the loop's body for the uses of a private section and of the
 * pointers that keep addresses in it (its aliases, found first, to a fixed
 * point): may any of them store into it? */
#define SCAN_ALIASES 32
typedef struct sscan {
    walk w;
    CXCursor var[SCAN_ALIASES];
    int nvar;
    int grew, wrote, full;
} sscan;

static int alias_of(const sscan *p, CXCursor v)
{
    for (int i = 0; i < p->nvar; i++)
        if (clang_equalCursors(p->var[i], v)) return 1;
    return 0;
}

/* The address at stack[d] made an integer ((uintptr_t)buf): where it goes
 * is not followed, so it may be written through. */
static int to_integer(walk *w, int d)
{
    for (int k = d - 1; k >= 0; k--) {
        enum CXCursorKind pk = clang_getCursorKind(w->stack[k]);
        if (pk == CXCursor_ParenExpr || pk == CXCursor_UnexposedExpr) continue;
        if (pk != CXCursor_CStyleCastExpr) return 0;
        CXType t = clang_getCanonicalType(clang_getCursorType(w->stack[k]));
        if (t.kind != CXType_Pointer) return t.kind != CXType_Void;
    }
    return 0;
}

/* pass 0: add the pointers an alias's address goes into; pass 1: stores */
static void scan_stores(sscan *p, CXCursor cur, int pass)
{
    if (p->wrote || p->w.depth >= 255) {
        p->wrote = 1;
        return;
    }
    p->w.stack[p->w.depth++] = cur;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr && alias_of(p, clang_getCursorReferenced(cur))) {
        CXCursor x = kept_in(&p->w, p->w.depth - 1);
        int store;
        if (pass == 0 && !clang_Cursor_isNull(x) && !alias_of(p, x)) {
            if (p->nvar < SCAN_ALIASES) p->var[p->nvar++] = x, p->grew = 1;
            else p->full = 1;
        } else if (pass == 1 && clang_Cursor_isNull(x)) {
            p->wrote = ptr_use_writes(&p->w, p->w.depth - 1, &store) || to_integer(&p->w, p->w.depth - 1);
        }
    }
    int n;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !p->wrote; i++) scan_stores(p, ch[i], pass);
    free(ch);
    p->w.depth--;
}

/* A private section starts zero-filled in every worker and nothing is
 * copied in: a body that reads it and never stores into it (directly,
 * through a pointer kept from it, or by a call handed it) reads zeros
 * where the plain build read the values filled before the loop. */
static void unwritten_sections(walk *w, CXCursor body)
{
    fe_site *s = w->s;
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        fe_item *it = fe_item_named(s, cp->name);
        if (!it || it->kind != FE_IT_PRIVATE || !it->lo || !cp->body_refs || cp->in_helper)
            continue;
        sscan *p = calloc(1, sizeof *p);
        if (!p) continue;
        p->w.c = w->c;
        p->w.s = s;
        p->var[p->nvar++] = cp->decl;
        do {
            p->grew = 0;
            scan_stores(p, body, 0);
        } while (p->grew && !p->wrote);
        if (!p->wrote) scan_stores(p, body, 1);
        int wrote = p->wrote || p->full;
        free(p);
        if (wrote)
            continue;
        fe_error(w->c, it->off,
                 fe_fmt("a private section starts zero-filled in every worker thread and "
                        "nothing is copied in, so every read of '%s' would see 0: if the body "
                        "reads values filled before the loop, drop '%s' from private() (a "
                        "pointer it keeps into '%s' can be a pointer to const); if it is "
                        "scratch, fill it in the body before reading it",
                        it->name, it->name, it->name),
                 "private section '%s' is read but never written in the parallel body", it->name);
    }
}

/* Is ix a * i + b, i the loop variable, a and b integer constants? */
static int affine(fe_ctx *c, CXCursor ix, CXCursor ivar, long *a, long *b)
{
    ix = fe_strip(ix);
    enum CXCursorKind k = clang_getCursorKind(ix);
    if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(ix), ivar)) {
        *a = 1, *b = 0;
        return 1;
    }
    if (k == CXCursor_BinaryOperator) {
        int n;
        CXCursor *ch = fe_children(ix, &n);
        long a1, b1, a2, b2;
        int ok = n == 2 && affine(c, ch[0], ivar, &a1, &b1) && affine(c, ch[1], ivar, &a2, &b2);
        unsigned lb, le;
        if (ok)
            fe_extent(ch[0], &lb, &le);
        free(ch);
        if (!ok || fe_from_macro(ix))
            return 0;
        const char *op = c->toks[fe_tok_at(c, le)].spell;
        if (!strcmp(op, "+") || !strcmp(op, "-")) {
            int s = op[0] == '+' ? 1 : -1;
            *a = a1 + s * a2, *b = b1 + s * b2;
            return 1;
        }
        if (!strcmp(op, "*") && (a1 == 0 || a2 == 0)) {
            *a = a1 * b2 + a2 * b1, *b = b1 * b2;
            return 1;
        }
        return 0;
    }
    long long v;
    if (!fe_int_const(ix, &v))
        return 0;
    *a = 0, *b = (long)v;
    return 1;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) p[a * i + b], i the
 * loop variable, a != 0 and b integer constants, not address-taken
 * (&p[2 * i] reaches the next element), and when the element is a row,
 * indexed at once to a number (p[2 * i][k], not &p[i][0]; a row taken
 * whole, row = p[i]; row[-4], reaches its neighbours)? Then *a, *b and the element's type. What every
 * use of a pointer is decides two flags of sync_for's array table (elem_flags).
 */
/* Does e compute in an unsigned type narrower than 64 bits anywhere (i *
 * 65536u * 65536u is 0, E * S wraps at 2^32)? The index proofs reason in
 * integers; such arithmetic wraps where they would not. */
static int narrow_unsigned(CXCursor e)
{
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator ||
        k == CXCursor_CompoundAssignOperator) {
        CXType t = clang_getCanonicalType(clang_getCursorType(e));
        if (((t.kind >= CXType_Char_U && t.kind <= CXType_UInt128) || t.kind == CXType_Bool) &&
            clang_Type_getSizeOf(t) < 8)
            return 1;
    }
    int n, bad = 0;
    CXCursor *ch = fe_children(e, &n);
    for (int i = 0; i < n && !bad; i++)
        bad = narrow_unsigned(ch[i]);
    free(ch);
    return bad;
}

/* p[i].f, p[i].f[k], p[i].a.b, p[i] (copied whole): what a use of a
 * struct element sub (its parent at stack[k]) reaches stays inside it: a
 * member or the struct itself, never an address (&p[i].f, a member array
 * handed on as a pointer). */
/* Is the member array sub, decayed at stack[k], an argument of a call that
 * only reads through it, an array of numbers? */
static int read_member_arg(walk *w, int k, CXCursor sub)
{
    CXType st = clang_getCanonicalType(clang_getCursorType(sub));
    enum CXTypeKind ek = clang_getCanonicalType(clang_getArrayElementType(st)).kind;
    int j = k - 1; /* past a conversion to a pointer to const */
    while (j >= 0 && (clang_getCursorKind(w->stack[j]) == CXCursor_UnexposedExpr ||
                      clang_getCursorKind(w->stack[j]) == CXCursor_ParenExpr))
        j--;
    if (st.kind != CXType_ConstantArray || ek < CXType_Bool || ek > CXType_LongDouble || j < 0 ||
        clang_getCursorKind(w->stack[j]) != CXCursor_CallExpr)
        return 0;
    unsigned b, e;
    fe_extent(w->stack[k], &b, &e);
    return !arg_writes(w, w->stack[j], b, e);
}

static int member_use(walk *w, int k, CXCursor sub)
{
    for (; k >= 0; k--) {
        enum CXCursorKind kind = clang_getCursorKind(w->stack[k]);
        CXType t = clang_getCanonicalType(clang_getCursorType(w->stack[k]));
        int n;
        CXCursor *ch = fe_children(w->stack[k], &n);
        int base = n >= 1 && clang_equalCursors(ch[0], sub);
        free(ch);
        if (kind == CXCursor_ParenExpr || kind == CXCursor_MemberRefExpr) {
            if (kind == CXCursor_MemberRefExpr &&
                clang_getCanonicalType(clang_getCursorType(sub)).kind != CXType_Record)
                return 0; /* q->f of a member q */
        } else if (kind == CXCursor_UnexposedExpr) {
            /* a member array decays only to be subscripted right away, or
             * to be handed to a function that only reads through it (k-means'
             * nearest(p[i].x, ...)): C lets it reach no element but its own */
            if (t.kind == CXType_Pointer &&
                (k == 0 || clang_getCursorKind(w->stack[k - 1]) != CXCursor_ArraySubscriptExpr))
                return read_member_arg(w, k, sub);
        } else if (kind != CXCursor_ArraySubscriptExpr || !base) {
            break;
        }
        sub = w->stack[k];
    }
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(sub)).kind;
    if (!(tk >= CXType_Bool && tk <= CXType_LongDouble) && tk != CXType_Record)
        return 0;
    if (k >= 0 && clang_getCursorKind(w->stack[k]) == CXCursor_UnaryOperator) {
        unsigned pb, pe;
        fe_extent(w->stack[k], &pb, &pe);
        return !is(&w->c->toks[fe_tok_at(w->c, pb)], "&");
    }
    return 1;
}

static int elem_use(walk *w, int d, long *a, long *b, enum CXTypeKind *tk)
{
    CXCursor node = w->stack[d];
    int k = d - 1;
    while (k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr ||
                      clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr))
        node = w->stack[k--];
    if (k < 0 || clang_getCursorKind(w->stack[k]) != CXCursor_ArraySubscriptExpr)
        return 0;
    int n;
    CXCursor *ch = fe_children(w->stack[k], &n);
    int ok = n == 2 && clang_equalCursors(ch[0], node) && !narrow_unsigned(ch[1]) &&
             affine(w->c, ch[1], w->s->ivar_decl, a, b) && *a != 0;
    free(ch);
    CXCursor sub = w->stack[k];
    *tk = clang_getCanonicalType(clang_getCursorType(sub)).kind;
    for (k--; ok && k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr ||
                               (*tk == CXType_ConstantArray &&
                                clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr));
         k--)
        sub = w->stack[k];
    if (ok && k >= 0 && clang_getCursorKind(w->stack[k]) == CXCursor_UnaryOperator) {
        unsigned pb, pe;
        fe_extent(w->stack[k], &pb, &pe);
        ok = !is(&w->c->toks[fe_tok_at(w->c, pb)], "&");
    }
    if (ok && *tk == CXType_ConstantArray) {
        /* p[i][k], p[i][j][k] (a 3-D array's slab i) ...: subscripts of
         * rows of constant length down to a number */
        CXType st;
        for (;;) {
            ch = k >= 0 ? fe_children(w->stack[k], &n) : NULL;
            ok = k >= 0 && clang_getCursorKind(w->stack[k]) == CXCursor_ArraySubscriptExpr && n == 2 &&
                 clang_equalCursors(ch[0], sub);
            free(ch);
            st = ok ? clang_getCanonicalType(clang_getCursorType(w->stack[k])) : (CXType){0};
            if (!ok || st.kind != CXType_ConstantArray)
                break;
            sub = w->stack[k];
            for (k--; k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr ||
                                 clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr);
                 k--)
                sub = w->stack[k];
        }
        /* a number, not its address (&p[i][0] + K reaches row i + 1) */
        int num = ok && st.kind >= CXType_Bool && st.kind <= CXType_LongDouble;
        for (k--; num && k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr ||
                                   clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr);
             k--)
            ;
        if (num && k >= 0 && clang_getCursorKind(w->stack[k]) == CXCursor_UnaryOperator) {
            unsigned pb, pe;
            fe_extent(w->stack[k], &pb, &pe);
            num = !is(&w->c->toks[fe_tok_at(w->c, pb)], "&");
        }
        ok = num;
    }
    if (ok && *tk == CXType_Record)
        ok = member_use(w, k, sub);
    return ok && *tk != CXType_Pointer; /* an element that is an address reaches anything */
}

#define MAX_LEVELS 8

/*
 * The subscripts of this use of a pointer (the DeclRef at stack[d]),
 * p[e0][e1]... into ix[], when the whole is a number, not its address, and
 * every subscript after the first is of a row of constant length (rows
 * reached through pointers, double **, may alias one another): how many,
 * else -1.
 */
static int subscripts(walk *w, int d, CXCursor ix[MAX_LEVELS])
{
    CXCursor node = w->stack[d], sub = node;
    int k = d - 1, level = 0;
    for (;;) {
        while (k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr ||
                          clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr))
            node = w->stack[k--];
        if (k < 0 || clang_getCursorKind(w->stack[k]) != CXCursor_ArraySubscriptExpr)
            break;
        if (level == MAX_LEVELS ||
            (level > 0 && clang_getCanonicalType(clang_getCursorType(sub)).kind != CXType_ConstantArray))
            return -1;
        int n;
        CXCursor *ch = fe_children(w->stack[k], &n);
        int base = n == 2 && clang_equalCursors(ch[0], node);
        if (base)
            ix[level] = ch[1];
        free(ch);
        if (!base)
            return -1;
        node = sub = w->stack[k--];
        level++;
    }
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(sub)).kind;
    if (tk < CXType_Bool || tk > CXType_LongDouble)
        return -1;
    if (k >= 0 && clang_getCursorKind(w->stack[k]) == CXCursor_UnaryOperator) {
        unsigned pb, pe;
        fe_extent(w->stack[k], &pb, &pe);
        if (is(&w->c->toks[fe_tok_at(w->c, pb)], "&"))
            return -1;
    }
    return level;
}

/*
 * Is this use of a pointer to rows of constant length p[e0][e1]... (see
 * subscripts) one whose subscript after the first is a * i + b (i the loop
 * variable, a != 0)? Then *lvl (1 for p[e0][a * i + b]), *a and *b. A
 * subscript stays within its row (C's rule), so uses that all put a * i + b
 * at one level, the b's within |a|, touch different elements at different
 * iterations whatever the other subscripts are: a column of a matrix,
 * A[k][j] and A[i][j] for j the loop variable (Gram-Schmidt, LU).
 */
static int col_use(walk *w, int d, int *lvl, long *a, long *b)
{
    CXCursor ix[MAX_LEVELS];
    int n = subscripts(w, d, ix);
    for (int level = 1; level < n; level++)
        if (affine(w->c, ix[level], w->s->ivar_decl, a, b) && *a != 0) {
            *lvl = level;
            return 1;
        }
    return 0;
}

/* Is ix x, x + c or x - c (x a variable, c an integer constant)? */
static int var_offset(fe_ctx *c, CXCursor ix, CXCursor *x, long *off)
{
    ix = fe_strip(ix);
    enum CXCursorKind k = clang_getCursorKind(ix);
    if (k == CXCursor_DeclRefExpr) {
        CXCursor r = clang_getCursorReferenced(ix);
        enum CXCursorKind rk = clang_getCursorKind(r);
        if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
            return 0;
        *x = r, *off = 0;
        return 1;
    }
    if (k != CXCursor_BinaryOperator || fe_from_macro(ix))
        return 0;
    int n;
    CXCursor *ch = fe_children(ix, &n);
    int ok = n == 2 && var_offset(c, ch[0], x, off);
    long long k1 = 0;
    ok = ok && fe_int_const(ch[1], &k1);
    unsigned lb = 0, le = 0;
    if (ok)
        fe_extent(ch[0], &lb, &le);
    free(ch);
    if (!ok)
        return 0;
    const char *op = c->toks[fe_tok_at(c, le)].spell;
    if (strcmp(op, "+") && strcmp(op, "-"))
        return 0;
    *off += (long)(op[0] == '+' ? k1 : -k1);
    return 1;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) a read of a row p[x + c]
 * (x a variable other than the loop variable, c an integer constant), or
 * of a number in it (p[x + c][j]), not its address? Then *x and *off. When
 * the loop starts above it (for (i = k + 1; ...) reading p[k][j]: LU's and
 * Gaussian elimination's pivot row) and the iterations write only their
 * own rows, no iteration writes what it reads (fe_capture's below_rows).
 */
static int below_use(walk *w, int d, CXCursor *x, long *off)
{
    CXCursor ix[MAX_LEVELS];
    return subscripts(w, d, ix) > 0 && var_offset(w->c, ix[0], x, off) &&
           !clang_equalCursors(*x, w->s->ivar_decl);
}

/* The row(n) text of the dvector variable decl, or NULL. */
static const char *dv_row(const fe_ctx *c, CXCursor decl)
{
    for (int i = 0; i < c->ndv; i++)
        if (clang_equalCursors(c->dvdecls[i], decl))
            return c->dvrows[i];
    return NULL;
}

/* Is cur's text row (tokens alike)? */
static int spells(walk *w, CXCursor cur, const char *row)
{
    unsigned b, e;
    fe_extent(fe_strip(cur), &b, &e);
    char *t = fe_text(w->c, b, e);
    int same = !strcmp(t, row);
    free(t);
    return same;
}

/* Is e (stripped) a reference to v? */
static int names(CXCursor e, CXCursor v)
{
    e = fe_strip(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(e), v);
}

/* Is cur v++, ++v or v += 1? */
static int counts_up(walk *w, CXCursor cur, CXCursor v)
{
    cur = fe_strip(cur);
    int n, ok = 0;
    CXCursor *ch = fe_children(cur, &n);
    if (n >= 1 && names(ch[0], v)) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        if (clang_getCursorKind(cur) == CXCursor_UnaryOperator)
            ok = fe_incdec(w->c, cur) && (is(&w->c->toks[fe_tok_at(w->c, b)], "++") ||
                                          is(&w->c->toks[fe_tok_at(w->c, e) - 1], "++"));
        else if (clang_getCursorKind(cur) == CXCursor_CompoundAssignOperator && n == 2) {
            unsigned lb, le;
            fe_extent(ch[0], &lb, &le);
            long long one;
            ok = is(&w->c->toks[fe_tok_at(w->c, le)], "+=") && fe_int_const(ch[1], &one) && one == 1;
        }
    }
    free(ch);
    return ok;
}

typedef struct v_writes { fe_ctx *c; CXCursor v; int wrote, addr_only; } v_writes;

/* Any store to v, or its address taken (only that: addr_only), in the
 * tree (macros expanded: `#define SHIFT(a, d) ((a) += (d))` too). */
static enum CXChildVisitResult v_write_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    v_writes *x = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n;
    CXCursor *ch = (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
                    k == CXCursor_UnaryOperator)
                       ? fe_children(cur, &n)
                       : NULL;
    if (ch && n >= 1 && names(ch[0], x->v)) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        int addr = k == CXCursor_UnaryOperator && is(&x->c->toks[fe_tok_at(x->c, b)], "&");
        x->wrote = addr || (!x->addr_only &&
                            (k == CXCursor_CompoundAssignOperator ||
                             (k == CXCursor_BinaryOperator && !strcmp(fe_op_after(x->c, ch[0]), "=")) ||
                             (k == CXCursor_UnaryOperator && fe_incdec(x->c, cur))));
    }
    free(ch);
    return x->wrote ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int nonneg(walk *w, CXCursor e, int depth);

/* Does the for statement f count v up one by one from a value >= 0, with
 * no other store to v in it, and, when bound is set, while v < the row
 * length (its variable rowv, or for a number, the text row)? */
/* Can control enter cur from outside it other than at its start: a label
 * in it (goto from outside), or a case of a switch around it (Duff's
 * device)? A counter's range proves nothing then. */
static int entered_inside(CXCursor cur, int switches)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_LabelStmt || (!switches && (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt)))
        return 1;
    int n, in = 0;
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !in; i++)
        in = entered_inside(ch[i], switches + (k == CXCursor_SwitchStmt));
    free(ch);
    return in;
}

static int counter_of(walk *w, CXCursor f, CXCursor v, int bound, CXCursor rowv, const char *row,
                      int depth)
{
    int n;
    CXCursor *ch = fe_children(f, &n);
    if (n != 4) {
        free(ch);
        return 0;
    }
    CXCursor init = ch[0], cond = fe_strip(ch[1]), inc = ch[2], body = ch[3];
    free(ch);
    int ok = 0;
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        CXCursor *d = fe_children(init, &n);
        if (n == 1 && clang_equalCursors(d[0], v)) {
            int m;
            CXCursor *e = fe_children(d[0], &m);
            ok = m > 0 && nonneg(w, e[m - 1], depth + 1);
            free(e);
        }
        free(d);
    } else if (clang_getCursorKind(init) == CXCursor_BinaryOperator) {
        CXCursor *e = fe_children(init, &n);
        ok = n == 2 && names(e[0], v) && !strcmp(fe_op_after(w->c, e[0]), "=") &&
             nonneg(w, e[1], depth + 1);
        free(e);
    }
    if (ok && bound && clang_getCursorKind(cond) == CXCursor_BinaryOperator) {
        /* v < n, or a stencil's interior: v < n - c, v <= n - c - 1 */
        CXCursor *e = fe_children(cond, &n);
        const char *op = n == 2 ? fe_op_after(w->c, e[0]) : "";
        int lt = !strcmp(op, "<"), le = !strcmp(op, "<=");
        CXCursor hi = n == 2 ? fe_strip(e[1]) : clang_getNullCursor(), len = hi;
        long long c = 0;
        if (n == 2 && clang_getCursorKind(hi) == CXCursor_BinaryOperator && !fe_from_macro(hi)) {
            int m;
            CXCursor *h = fe_children(hi, &m);
            if (m == 2 && !strcmp(fe_op_after(w->c, h[0]), "-") && fe_int_const(h[1], &c))
                len = fe_strip(h[0]);
            free(h);
        }
        ok = n == 2 && names(e[0], v) && (lt ? c >= 0 : le && c >= 1) &&
             (clang_Cursor_isNull(rowv) ? spells(w, len, row) : names(len, rowv));
        free(e);
    } else if (bound) {
        ok = 0;
    }
    ok = ok && counts_up(w, inc, v) && !entered_inside(body, 0);
    if (ok) {
        v_writes x = {w->c, v, 0, 0};
        clang_visitChildren(body, v_write_visit, &x);
        ok = !x.wrote;
    }
    /* nor through a pointer to it (int *pm = &m before the loop), nor
     * narrower than int (a signed char counter wraps below 0) */
    if (ok) {
        v_writes x = {w->c, v, 0, 1};
        clang_visitChildren(w->s->fn, v_write_visit, &x);
        ok = !x.wrote && clang_Type_getSizeOf(clang_getCursorType(v)) >= 4;
    }
    return ok;
}

typedef struct around { unsigned at; CXCursor *fors; int n, cap; } around;

static enum CXChildVisitResult around_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    around *a = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (a->at < b || a->at >= e)
        return CXChildVisit_Continue;
    if (clang_getCursorKind(cur) == CXCursor_ForStmt) {
        a->fors = fe_grow(a->fors, sizeof *a->fors, &a->cap, a->n + 1);
        a->fors[a->n++] = cur;
    }
    return CXChildVisit_Recurse;
}

/* Is v counted by a for of the body around the use (the walk's stack), or
 * by a for around the parallel loop, as counter_of says? */
static int counted(walk *w, CXCursor v, int bound, CXCursor rowv, const char *row, int depth)
{
    if (depth > 4)
        return 0;
    for (int j = w->depth - 1; j >= 0; j--)
        if (clang_getCursorKind(w->stack[j]) == CXCursor_ForStmt &&
            !clang_equalCursors(w->stack[j], w->s->forc) &&
            counter_of(w, w->stack[j], v, bound, rowv, row, depth))
            return 1;
    around a = {w->s->for_begin, NULL, 0, 0};
    clang_visitChildren(w->s->fn, around_visit, &a);
    int ok = 0;
    for (int i = 0; i < a.n && !ok; i++)
        ok = !clang_equalCursors(a.fors[i], w->s->forc) && counter_of(w, a.fors[i], v, bound, rowv, row, depth);
    free(a.fors);
    return ok;
}

/* Is e >= 0: a number, a counter from a value >= 0 upward, a sum of such? */
static int nonneg(walk *w, CXCursor e, int depth)
{
    e = fe_strip(e);
    long long val;
    if (fe_int_const(e, &val))
        return val >= 0;
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
        return counted(w, clang_getCursorReferenced(e), 0, clang_getNullCursor(), NULL, depth + 1);
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator || fe_from_macro(e))
        return 0;
    int n, ok;
    CXCursor *ch = fe_children(e, &n);
    ok = n == 2 && !strcmp(fe_op_after(w->c, ch[0]), "+") && nonneg(w, ch[0], depth + 1) &&
         nonneg(w, ch[1], depth + 1);
    free(ch);
    return ok;
}

/* e without a cast to an integer type no narrower than its operand's
 * ((long)i * n: the same value). */
static CXCursor widened(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_CStyleCastExpr)
        return e;
    int n;
    CXCursor *ch = fe_children(e, &n);
    CXCursor x = n >= 1 ? fe_strip(ch[n - 1]) : e;
    free(ch);
    CXType to = clang_getCanonicalType(clang_getCursorType(e));
    CXType from = clang_getCanonicalType(clang_getCursorType(x));
    int ints = to.kind >= CXType_Char_U && to.kind <= CXType_Int128 && from.kind >= CXType_Char_U &&
               from.kind <= CXType_Int128;
    return ints && clang_Type_getSizeOf(to) >= clang_Type_getSizeOf(from) ? x : e;
}

typedef struct refs { CXCursor *v; int n, cap; } refs;

static enum CXChildVisitResult refs_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    refs *r = d;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
        r->v = fe_grow(r->v, sizeof *r->v, &r->cap, r->n + 1);
        r->v[r->n++] = clang_getCursorReferenced(cur);
    }
    return CXChildVisit_Recurse;
}

/* Is u, a variable an index local was set from, the same at the local's
 * declaration (at off) and at the use (the walk's stack)? The loop
 * variable, a local of the function the body never stores to, or the
 * counter of a for of the body around both (stored to by its increment
 * only). */
static int same_at_use(walk *w, CXCursor u, unsigned off)
{
    if (clang_equalCursors(u, w->s->ivar_decl))
        return 1;
    enum CXCursorKind k = clang_getCursorKind(u);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
        return k == CXCursor_EnumConstantDecl;
    /* a global a function the body calls may store to */
    if (k == CXCursor_VarDecl && (clang_getCursorKind(clang_getCursorSemanticParent(u)) ==
                                      CXCursor_TranslationUnit ||
                                  clang_Cursor_getStorageClass(u) == CX_SC_Static))
        return 0;
    v_writes x = {w->c, u, 0, 0};
    clang_visitChildren(w->s->forc, v_write_visit, &x);
    if (!x.wrote)
        return 1;
    for (int j = w->depth - 1; j >= 0; j--) {
        CXCursor f = w->stack[j];
        if (clang_equalCursors(f, w->s->forc))
            break;
        unsigned b, e;
        fe_extent(f, &b, &e);
        if (clang_getCursorKind(f) == CXCursor_ForStmt && b < off && off < e &&
            counter_of(w, f, u, 0, clang_getNullCursor(), NULL, 0))
            return 1;
    }
    return 0;
}

/* The stores to a variable in a tree: how many, and the one `v = E`
 * that is a statement of its own (its parent a compound statement). */
typedef struct stores { fe_ctx *c; CXCursor v, set, block; int n; } stores;

static enum CXChildVisitResult stores_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    stores *x = d;
    v_writes one = {x->c, x->v, 0, 0};
    v_write_visit(cur, parent, &one);
    if (!one.wrote)
        return CXChildVisit_Recurse;
    x->n++;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (clang_getCursorKind(cur) == CXCursor_BinaryOperator && n == 2 &&
        !strcmp(fe_op_after(x->c, ch[0]), "=") && clang_getCursorKind(parent) == CXCursor_CompoundStmt)
        x->set = cur, x->block = parent;
    free(ch);
    return CXChildVisit_Continue;
}


/*
 * An index held in a local, `int k = i * cols + j; J[k]` or, declared at
 * the top of the function, `k = i * cols + j;` (srad's style): the
 * expression it was set from, where the use sees the same value. Either k
 * is declared in the body with that initializer and never stored to
 * again, or the body stores to it once, as a statement of its own that
 * comes before the use in a block around it (so every pass that reaches
 * the use set it first); its address never taken; no narrower than the
 * expression; each variable of the expression the same at the use
 * (same_at_use). Else ix itself.
 */
static CXCursor index_of_local(walk *w, CXCursor ix)
{
    ix = fe_strip(ix);
    if (clang_getCursorKind(ix) != CXCursor_DeclRefExpr)
        return ix;
    CXCursor v = clang_getCursorReferenced(ix);
    /* the loop variable itself (x[i], most uses): no walk of the loop */
    if (clang_equalCursors(v, w->s->ivar_decl) || clang_getCursorKind(v) != CXCursor_VarDecl ||
        clang_Cursor_getStorageClass(v) == CX_SC_Static ||
        clang_getCursorKind(clang_getCursorSemanticParent(v)) == CXCursor_TranslationUnit)
        return ix;
    CXFile f;
    unsigned line, col, off;
    clang_getSpellingLocation(clang_getCursorLocation(v), &f, &line, &col, &off);
    if (!f || !clang_File_isEqual(f, w->c->file))
        return ix;
    int m;
    CXCursor *ch = fe_children(v, &m);
    CXCursor init = m > 0 ? ch[m - 1] : clang_getNullCursor();
    free(ch);
    int inside = off >= w->s->body_begin && off < w->s->body_end;
    if (!clang_Cursor_isNull(init) && !clang_isExpression(clang_getCursorKind(init)))
        init = clang_getNullCursor();
    stores st = {w->c, v, clang_getNullCursor(), clang_getNullCursor(), 0};
    clang_visitChildren(w->s->forc, stores_visit, &st);
    if (inside && !clang_Cursor_isNull(init)) {
        if (st.n)
            return ix;
    } else {
        /* set once in the body, before the use, in a block around it */
        if (st.n != 1 || clang_Cursor_isNull(st.set))
            return ix;
        unsigned sb, se, ub, ue;
        fe_extent(st.set, &sb, &se);
        fe_extent(ix, &ub, &ue);
        CXCursor blk = clang_getNullCursor();
        int bj = -1;
        for (int j = w->depth - 1; j >= 0 && clang_Cursor_isNull(blk); j--) {
            unsigned bb, be;
            fe_extent(w->stack[j], &bb, &be);
            if (clang_getCursorKind(w->stack[j]) == CXCursor_CompoundStmt && bb <= sb && se <= be)
                blk = w->stack[j], bj = j;
        }
        /* a switch's block: a case label after the store jumps past it */
        if (bj > 0 && clang_getCursorKind(w->stack[bj - 1]) == CXCursor_SwitchStmt)
            return ix;
        /* the store a statement of that block itself, not of an if in it */
        unsigned kb = 0, ke = 0, pb, pe;
        if (!clang_Cursor_isNull(blk))
            fe_extent(blk, &kb, &ke);
        fe_extent(st.block, &pb, &pe);
        if (clang_Cursor_isNull(blk) || kb != pb || ke != pe || se > ub)
            return ix;
        int n;
        CXCursor *sc = fe_children(st.set, &n);
        init = n == 2 ? sc[1] : clang_getNullCursor();
        free(sc);
        if (clang_Cursor_isNull(init))
            return ix;
        off = sb;
    }
    if (fe_from_macro(init))
        return ix;
    CXType vt = clang_getCanonicalType(clang_getCursorType(v));
    CXType et = clang_getCanonicalType(clang_getCursorType(fe_strip(init)));
    if (vt.kind < CXType_Char_U || vt.kind > CXType_Int128 || clang_Type_getSizeOf(vt) < 4 ||
        clang_Type_getSizeOf(vt) < clang_Type_getSizeOf(et))
        return ix;
    v_writes x = {w->c, v, 0, 1};
    clang_visitChildren(w->s->fn, v_write_visit, &x);
    if (x.wrote)
        return ix;
    refs r = {NULL, 0, 0};
    CXCursor e = fe_strip(init);
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
        refs_visit(e, e, &r);
    clang_visitChildren(e, refs_visit, &r);
    int ok = 1;
    for (int i = 0; i < r.n && ok; i++)
        ok = !clang_equalCursors(r.v[i], v) && same_at_use(w, r.v[i], off);
    free(r.v);
    return ok && !narrow_unsigned(e) ? e : ix;
}

/* Is this use of a pointer (the DeclRef at stack[d]) p[E] of a number,
 * read or written, not its address (&p[E] escapes: what a function does
 * with it is not p[E]; elem_use refuses it alike)? E (as written) into *ix. */
static int number_subscript(walk *w, int d, CXCursor *ix)
{
    CXCursor node = w->stack[d];
    int k = d - 1;
    while (k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr ||
                      clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr))
        node = w->stack[k--];
    if (k < 0 || clang_getCursorKind(w->stack[k]) != CXCursor_ArraySubscriptExpr)
        return 0;
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(w->stack[k])).kind;
    int n;
    CXCursor *ch = fe_children(w->stack[k], &n);
    int ok = n == 2 && clang_equalCursors(ch[0], node) && tk >= CXType_Bool && tk <= CXType_LongDouble &&
             !narrow_unsigned(index_of_local(w, ch[1]));
    if (ok)
        *ix = ch[1];
    free(ch);
    if (!ok)
        return 0;
    int up = past_wrappers(w, k - 1);
    if (up >= 0 && clang_getCursorKind(w->stack[up]) == CXCursor_UnaryOperator) {
        unsigned pb, pe;
        fe_extent(w->stack[up], &pb, &pe);
        return !is(&w->c->toks[fe_tok_at(w->c, pb)], "&");
    }
    return 1;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) p[i * n + m], p[m +
 * n * i] or p[i * n] of a number, p a dvector of row(n), i the loop
 * variable and m the counter of a for of the body that runs 0 .. n - 1
 * (counter_of)? Then iteration i touches only its own row i, a flat one
 * (t-SNE's P[n * N + m], rewritten in a binary search): the runtime checks
 * that n's value, captured, is the array's row length (rt_own_elem).
 */
static int flat_use(walk *w, int d, const char *row, CXCursor *rowv, CXCursor *rowx)
{
    *rowx = clang_getNullCursor();
    CXCursor ix;
    if (!row || !number_subscript(w, d, &ix))
        return 0;
    ix = index_of_local(w, ix);
    if (fe_from_macro(ix))
        return 0;
    int n;
    /* i * n, alone or + m */
    CXCursor prod = ix, m = clang_getNullCursor();
    if (clang_getCursorKind(ix) == CXCursor_BinaryOperator) {
        CXCursor *e = fe_children(ix, &n);
        unsigned lb, le;
        if (n == 2)
            fe_extent(e[0], &lb, &le);
        if (n == 2 && is(&w->c->toks[fe_tok_at(w->c, le)], "+")) {
            /* the row's start may be a local too (base + j, base = i * n) */
            CXCursor x0 = index_of_local(w, e[0]), x1 = index_of_local(w, e[1]);
            int first = clang_getCursorKind(x0) != CXCursor_BinaryOperator &&
                        clang_getCursorKind(fe_strip(e[0])) == CXCursor_DeclRefExpr;
            m = fe_strip(e[first ? 0 : 1]);
            prod = first ? x1 : x0;
        }
        free(e);
    }
    if (clang_getCursorKind(prod) != CXCursor_BinaryOperator)
        return 0;
    CXCursor *e = fe_children(prod, &n);
    unsigned lb, le;
    if (n == 2)
        fe_extent(e[0], &lb, &le);
    int iv0 = n == 2 && names(widened(e[0]), w->s->ivar_decl),
        iv1 = n == 2 && names(widened(e[1]), w->s->ivar_decl);
    /* or the row of another variable (k * n + j: a pivot row, read) */
    if (n == 2 && !iv0 && !iv1) {
        for (int t = 0; t < 2 && !iv0 && !iv1; t++) {
            CXCursor x = fe_strip(e[t]), l = fe_strip(e[1 - t]);
            if (clang_getCursorKind(x) == CXCursor_DeclRefExpr && clang_getCursorKind(l) == CXCursor_DeclRefExpr &&
                spells(w, l, row) && !spells(w, x, row)) {
                *rowx = clang_getCursorReferenced(x);
                iv0 = t == 0, iv1 = t == 1;
            }
        }
    }
    /* the row length: one variable, the same declaration everywhere (an
     * inner `int N = 8` is another length than the captured N the runtime
     * checks), or the row's number */
    CXCursor len = n == 2 ? fe_strip(e[iv0 ? 1 : 0]) : clang_getNullCursor();
    *rowv = clang_getNullCursor();
    if (n == 2 && clang_getCursorKind(len) == CXCursor_DeclRefExpr && spells(w, len, row))
        *rowv = clang_getCursorReferenced(len);
    char *end;
    long long num = strtoll(row, &end, 10);
    int ok = n == 2 && is(&w->c->toks[fe_tok_at(w->c, le)], "*") && (iv0 || iv1) &&
         (!clang_Cursor_isNull(*rowv) || (!*end && num > 0 && spells(w, len, row)));
    free(e);
    if (!ok)
        return 0;
    if (clang_Cursor_isNull(m))
        return 1;
    /* m in 0 .. n - 1: counted so, in the body or around the loop (LU's
     * a[i * n + k], k the pivot loop's counter) */
    return clang_getCursorKind(m) == CXCursor_DeclRefExpr &&
           counted(w, clang_getCursorReferenced(m), 1, *rowv, row, 0);
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) the initializer
 * p + i * n or &p[i * n] of a local row pointer q of the body (llm.c's
 * float *out_bt = out + bt * OC), i the loop variable, n a variable or a
 * number? Then q's declaration into *q and n into *row and *rowv: p is
 * used as a flat row if every use of q is q[m], m counting 0 .. n - 1
 * (row_use).
 */
static int row_start(walk *w, int d, CXCursor *q, const char **row, CXCursor *rowv)
{
    CXCursor node = w->stack[d], ix = clang_getNullCursor();
    int k = d - 1, n;
    while (k >= 0 && (clang_getCursorKind(w->stack[k]) == CXCursor_UnexposedExpr ||
                      clang_getCursorKind(w->stack[k]) == CXCursor_ParenExpr))
        node = w->stack[k--];
    if (k < 0)
        return 0;
    CXCursor *ch = fe_children(w->stack[k], &n);
    enum CXCursorKind kk = clang_getCursorKind(w->stack[k]);
    if (n == 2 && kk == CXCursor_BinaryOperator && !strcmp(fe_op_after(w->c, ch[0]), "+") &&
        clang_equalCursors(ch[0], node))
        ix = ch[1];
    else if (n == 2 && kk == CXCursor_ArraySubscriptExpr && clang_equalCursors(ch[0], node)) {
        int up = past_wrappers(w, k - 1);
        unsigned pb, pe;
        if (up >= 0 && clang_getCursorKind(w->stack[up]) == CXCursor_UnaryOperator) {
            fe_extent(w->stack[up], &pb, &pe);
            if (is(&w->c->toks[fe_tok_at(w->c, pb)], "&"))
                ix = ch[1], k = up;
        }
    }
    free(ch);
    if (clang_Cursor_isNull(ix))
        return 0;
    /* the initializer of a local pointer to elements of p's size */
    int up = past_wrappers(w, k - 1);
    if (up < 0 || clang_getCursorKind(w->stack[up]) != CXCursor_VarDecl)
        return 0;
    CXCursor v = w->stack[up];
    CXType vt = clang_getCanonicalType(clang_getCursorType(v)),
           pt = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(w->stack[d])));
    if (vt.kind != CXType_Pointer || (pt.kind != CXType_Pointer && pt.kind != CXType_ConstantArray &&
                                      pt.kind != CXType_IncompleteArray))
        return 0;
    CXType pe = pt.kind == CXType_Pointer ? clang_getPointeeType(pt) : clang_getArrayElementType(pt);
    long long vs = clang_Type_getSizeOf(clang_getPointeeType(vt)), ps = clang_Type_getSizeOf(pe);
    if (vs <= 0 || vs != ps)
        return 0;
    /* i * n or n * i */
    ix = index_of_local(w, ix);
    if (fe_from_macro(ix) || clang_getCursorKind(ix) != CXCursor_BinaryOperator)
        return 0;
    CXCursor *e = fe_children(ix, &n);
    int ok = n == 2 && !strcmp(fe_op_after(w->c, e[0]), "*");
    for (int t = 0; ok && t < 2; t++) {
        if (!names(widened(e[t]), w->s->ivar_decl))
            continue;
        CXCursor len = fe_strip(e[1 - t]);
        long long num;
        unsigned b, en;
        fe_extent(len, &b, &en);
        if (clang_getCursorKind(len) == CXCursor_DeclRefExpr) {
            *rowv = clang_getCursorReferenced(len);
            *row = fe_cxstr(clang_getCursorSpelling(len));
        } else if (fe_int_const(len, &num) && num > 0 && b == en) {
            *rowv = clang_getNullCursor();
            *row = fe_text(w->c, b, en);
        } else
            break;
        *q = v;
        free(e);
        return 1;
    }
    free(e);
    return 0;
}

/* A use of row pointer q (row_start) of capture cp: q[m] of a number, m
 * counting 0 .. n - 1 in a for of the body or around the loop; else cp is
 * not used as flat rows. */
static void row_use(walk *w, fe_cap *cp)
{
    CXCursor ix;
    if (!number_subscript(w, w->depth - 1, &ix)) {
        cp->not_flat = 1;
        return;
    }
    ix = fe_strip(index_of_local(w, ix));
    if (clang_getCursorKind(ix) != CXCursor_DeclRefExpr ||
        !counted(w, clang_getCursorReferenced(ix), 1, cp->flat_rowv, cp->flat_row, 0))
        cp->not_flat = 1;
}

/* What a slab index's walk gathers: the lengths, outermost first (two
 * uses of one array must share them), and which variable lengths a
 * counter below them proves positive (have) or a level without one needs
 * so (need). */
typedef struct slab {
    char sig[256], have[256], need[256];
} slab;

static int slab_add(char *to, const char *name)
{
    size_t l = strlen(to);
    return snprintf(to + l, 256 - l, "%s,", name) < (int)(256 - l);
}

/* A slab's length factor: a positive number, or a variable declared
 * outside the loop (its value one for the whole call: a length a body's
 * local gave each iteration could overlap another's slab). Into sl's sig;
 * *lit: a number. */
static int slab_len(walk *w, CXCursor n, slab *sl, int *lit)
{
    n = fe_strip(n);
    long long v;
    *lit = 0;
    if (fe_int_const(n, &v)) {
        if (v <= 0)
            return 0;
        *lit = 1;
    } else if (clang_getCursorKind(n) == CXCursor_DeclRefExpr && !fe_from_macro(n)) {
        CXCursor decl = clang_getCursorReferenced(n);
        unsigned b, e;
        fe_extent(decl, &b, &e);
        if (clang_getCursorKind(decl) != CXCursor_VarDecl && clang_getCursorKind(decl) != CXCursor_ParmDecl)
            return 0;
        if (clang_getCursorKind(decl) == CXCursor_VarDecl && b >= w->s->for_begin && b < w->s->for_end)
            return 0;
        /* nor one the body sets (N = 4 + (i & 1) * 4: each iteration its
         * own length, and slabs that overlap) */
        v_writes x = {w->c, decl, 0, 0};
        clang_visitChildren(w->s->forc, v_write_visit, &x);
        if (x.wrote)
            return 0;
    } else {
        return 0;
    }
    unsigned b, e;
    fe_extent(n, &b, &e);
    char *t = fe_text(w->c, b, e);
    int ok = slab_add(sl->sig, t);
    free(t);
    return ok;
}

/* Is x a slab index of the loop variable i: i itself, Y * N, or Y * N + m
 * (m + Y * N), Y a slab index, N a length (slab_len) and m the counter of a
 * for that runs 0 .. N - 1 (counter_of)? Iteration i then touches only
 * [i * S, (i + 1) * S), S the product of the N's: NPB MG's flat grid
 * u[(i3 * n2 + i2) * n1 + i1], every i2 and i1 inside its row. A level
 * without m needs N > 0 (a variable 0 at run time would put every i at
 * element 0): a number, or a length some m is counted below. */
static int slab_index(walk *w, CXCursor x, slab *sl, int depth)
{
    x = fe_strip(x);
    if (depth > 8)
        return 0;
    if (names(x, w->s->ivar_decl))
        return 1;
    if (clang_getCursorKind(x) != CXCursor_BinaryOperator || fe_from_macro(x))
        return 0;
    int n;
    CXCursor *e = fe_children(x, &n);
    if (n != 2) {
        free(e);
        return 0;
    }
    const char *op = fe_op_after(w->c, e[0]);
    CXCursor prod = clang_getNullCursor(), m = clang_getNullCursor();
    if (!strcmp(op, "*")) {
        prod = x;
    } else if (!strcmp(op, "+")) {
        int first = clang_getCursorKind(fe_strip(e[0])) == CXCursor_DeclRefExpr &&
                    clang_getCursorKind(fe_strip(e[1])) == CXCursor_BinaryOperator;
        m = fe_strip(e[first ? 0 : 1]);
        prod = fe_strip(e[first ? 1 : 0]);
    }
    free(e);
    if (clang_Cursor_isNull(prod) || clang_getCursorKind(prod) != CXCursor_BinaryOperator ||
        fe_from_macro(prod))
        return 0;
    e = fe_children(prod, &n);
    int ok = 0, lit = 0;
    if (n == 2 && !strcmp(fe_op_after(w->c, e[0]), "*")) {
        /* Y * N or N * Y: the side that is a slab index is Y */
        for (int t = 0; t < 2 && !ok; t++) {
            slab try = *sl;
            if (!slab_index(w, e[t], &try, depth + 1) || !slab_len(w, e[1 - t], &try, &lit))
                continue;
            CXCursor len = fe_strip(e[1 - t]);
            unsigned lb, le;
            fe_extent(len, &lb, &le);
            char *lt = fe_text(w->c, lb, le);
            if (clang_Cursor_isNull(m))
                ok = lit || slab_add(try.need, lt);
            else
                ok = clang_getCursorKind(m) == CXCursor_DeclRefExpr &&
                     counted(w, clang_getCursorReferenced(m), 1,
                             lit ? clang_getNullCursor() : clang_getCursorReferenced(len), lt, 0) &&
                     (lit || slab_add(try.have, lt));
            free(lt);
            if (ok)
                *sl = try;
        }
    }
    free(e);
    return ok;
}

/* Is this use of a pointer (the DeclRef at stack[d]) an element of a slab
 * index (slab_index) with at least one level, a number read or written,
 * not its address? Its lengths into *sig. */
static int slab_use(walk *w, int d, char **sig)
{
    *sig = NULL;
    CXCursor ix;
    if (!number_subscript(w, d, &ix))
        return 0;
    slab sl = {"", "", ""};
    ix = index_of_local(w, ix);
    if (names(ix, w->s->ivar_decl) || !slab_index(w, ix, &sl, 0))
        return 0;
    /* every length a level without a counter needs positive, proved so */
    char have[258];
    snprintf(have, sizeof have, ",%s", sl.have);
    for (char *t = sl.need, *c; *t; t = c + 1) {
        c = strchr(t, ',');
        char one[258];
        snprintf(one, sizeof one, ",%.*s,", (int)(c - t), t);
        if (!strstr(have, one))
            return 0;
    }
    *sig = fe_fmt("%s", sl.sig);
    return 1;
}

/* The tokens of the text [b, e) without blanks and outer parentheses. */
static char *squeezed(fe_ctx *c, unsigned b, unsigned e)
{
    char *t = fe_text(c, b, e), *o = t;
    for (char *p = t; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n')
            *o++ = *p;
    *o = 0;
    size_t n = strlen(t);
    while (n >= 2 && t[0] == '(' && t[n - 1] == ')') {
        int depth = 0, outer = 1;
        for (size_t k = 0; k < n - 1 && outer; k++) {
            depth += t[k] == '(' ? 1 : t[k] == ')' ? -1 : 0;
            outer = depth > 0;
        }
        if (!outer)
            break;
        memmove(t, t + 1, n - 2);
        t[n -= 2] = 0;
    }
    return t;
}

/* Is u a local or parameter of the loop's function, declared outside the
 * loop and not written in it: one value for the whole call? */
static int stable_var(walk *w, CXCursor u)
{
    fe_site *s = w->s;
    enum CXCursorKind k = clang_getCursorKind(u);
    int ok = (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !clang_equalCursors(u, s->ivar_decl) &&
             clang_getCursorKind(clang_getCursorSemanticParent(u)) != CXCursor_TranslationUnit &&
             clang_Cursor_getStorageClass(u) != CX_SC_Static;
    /* declared outside the loop, as the bound's are: an `int n = 2;`
     * of the body spells the bound's n and is another variable */
    CXFile f;
    unsigned line, col, doff;
    clang_getSpellingLocation(clang_getCursorLocation(u), &f, &line, &col, &doff);
    if (ok && f && clang_File_isEqual(f, w->c->file) && doff >= s->for_begin && doff < s->body_end)
        ok = 0;
    if (ok) {
        v_writes x = {w->c, u, 0, 0};
        clang_visitChildren(s->forc, v_write_visit, &x);
        ok = !x.wrote;
    }
    return ok;
}

/* Is S, a stride, above every value of the loop variable: the loop counts
 * from a number >= 0 to below S (i < S, or i <= X where S is X + 1 or
 * 1 + X), spelled alike, or to a number below S's? Its variables must not
 * change in the body (loop-invariant: the bound is read once). */
static int stride_above(walk *w, CXCursor sc)
{
    fe_site *s = w->s;
    char *end;
    long long lo = strtoll(s->lo, &end, 10);
    if (*end || lo < 0)
        return 0;
    refs r = {NULL, 0, 0};
    if (clang_getCursorKind(sc) == CXCursor_DeclRefExpr)
        refs_visit(sc, sc, &r);
    clang_visitChildren(sc, refs_visit, &r);
    int ok = 1;
    for (int i = 0; i < r.n && ok; i++)
        ok = clang_getCursorKind(r.v[i]) == CXCursor_EnumConstantDecl || stable_var(w, r.v[i]);
    free(r.v);
    if (!ok)
        return 0;
    unsigned b, e;
    fe_extent(sc, &b, &e);
    char *st = squeezed(w->c, b, e), *hi = squeezed(w->c, s->hi_b, s->hi_e);
    long long sv = strtoll(st, &end, 10), hv;
    int snum = !*end;
    hv = strtoll(hi, &end, 10);
    int hnum = !*end;
    char *plus1 = fe_fmt("%s+1", hi), *oneplus = fe_fmt("1+%s", hi);
    ok = snum && hnum ? hv + (s->hi_incl ? 1 : 0) <= sv
         : s->hi_incl ? !strcmp(st, plus1) || !strcmp(st, oneplus)
                      : !strcmp(st, hi);
    free(st), free(hi), free(plus1), free(oneplus);
    return ok;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) p[E * S + i] or
 * p[i + S * E] of a number, i the loop variable, S a stride the loop's
 * range lies under (stride_above), E any integer? Then every element it
 * touches is i modulo S: column i of rows of S elements, which no other
 * iteration touches (backprop's weights w[k * (nd + 1) + j], updated by
 * output unit j). S's spelling into *sig.
 */
static int col_flat_use(walk *w, int d, char **sig)
{
    *sig = NULL;
    CXCursor ix;
    if (!number_subscript(w, d, &ix))
        return 0;
    ix = index_of_local(w, ix);
    if (clang_getCursorKind(ix) != CXCursor_BinaryOperator || fe_from_macro(ix))
        return 0;
    int n, ok = 0;
    CXCursor *e = fe_children(ix, &n);
    if (n == 2 && !strcmp(fe_op_after(w->c, e[0]), "+")) {
        int iv = names(widened(e[0]), w->s->ivar_decl) ? 0 : names(widened(e[1]), w->s->ivar_decl) ? 1 : -1;
        CXCursor prod = iv >= 0 ? index_of_local(w, e[1 - iv]) : clang_getNullCursor();
        int m;
        CXCursor *f = iv >= 0 && clang_getCursorKind(prod) == CXCursor_BinaryOperator
                          ? fe_children(prod, &m)
                          : NULL;
        if (f && m == 2 && !strcmp(fe_op_after(w->c, f[0]), "*")) {
            for (int t = 0; t < 2 && !ok; t++) {
                CXCursor sc = fe_strip(f[t]);
                CXType et = clang_getCanonicalType(clang_getCursorType(fe_strip(f[1 - t])));
                if (et.kind < CXType_Char_U || et.kind > CXType_Int128 || !stride_above(w, sc))
                    continue;
                unsigned b, x;
                fe_extent(sc, &b, &x);
                *sig = squeezed(w->c, b, x);
                ok = 1;
            }
        }
        free(f);
    }
    free(e);
    return ok;
}

/* A term of a column block's index: a number, or a variable of one
 * value for the call (stable_var), into *x (its declaration, or null and
 * the number in *num). */
static int colb_value(walk *w, CXCursor e, fe_colb_term *x)
{
    e = fe_strip(e);
    x->var = clang_getNullCursor();
    x->num = 0;
    if (fe_int_const(e, &x->num))
        return 1;
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return 0;
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    x->var = clang_getCursorReferenced(e);
    return t.kind >= CXType_Char_U && t.kind <= CXType_Int128 && stable_var(w, x->var);
}

static int colb_same(const fe_colb_term *a, const fe_colb_term *b)
{
    return clang_equalCursors(a->var, b->var) && (!clang_Cursor_isNull(a->var) || a->num == b->num);
}

/* The terms of a sum (+ only), locals that hold one taken for their value
 * (index_of_local); 0 past 8. */
static int sum_terms(walk *w, CXCursor e, CXCursor *t, int *n)
{
    e = fe_strip(index_of_local(w, e));
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && !fe_from_macro(e)) {
        int m;
        CXCursor *ch = fe_children(e, &m);
        if (m == 2 && !strcmp(fe_op_after(w->c, ch[0]), "+")) {
            int ok = sum_terms(w, ch[0], t, n) && sum_terms(w, ch[1], t, n);
            free(ch);
            return ok;
        }
        free(ch);
    }
    if (*n >= 8)
        return 0;
    t[(*n)++] = e;
    return 1;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) p[E * S + i * B + j
 * + C] of a number, in any order, i the loop variable, j a counter of 0 ..
 * B - 1 (or none), S, B and C numbers or variables of one value for the
 * call (C may be left out, B too where it is 1), E any integer? Then it
 * reaches column i * B + j + C of rows of S elements: a block of B
 * columns an iteration (the blocked wavefronts of Rodinia's lud and nw),
 * apart from any other iteration's while every column lies in 0 .. S - 1,
 * which only the call's bounds tell (emit.c's check, loop_sync.c).
 */
static int colb_use(walk *w, int d, fe_colb *out)
{
    CXCursor ix, t[8];
    int nt = 0;
    if (!number_subscript(w, d, &ix) || !sum_terms(w, ix, t, &nt))
        return 0;
    int has_i = 0, has_s = 0, has_c = 0;
    CXCursor j = clang_getNullCursor(), bx = clang_getNullCursor();
    memset(out, 0, sizeof *out);
    out->b.num = 1;
    out->b.var = out->s.var = out->s2.var = out->c.var = clang_getNullCursor();
    for (int k = 0; k < nt; k++) {
        CXCursor e = t[k];
        if (names(widened(e), w->s->ivar_decl)) {
            if (has_i++)
                return 0;
            continue;
        }
        int m;
        CXCursor *f = clang_getCursorKind(e) == CXCursor_BinaryOperator ? fe_children(e, &m) : NULL;
        int prod = f && m == 2 && !strcmp(fe_op_after(w->c, f[0]), "*"), ok = 0;
        for (int q = 0; prod && q < 2 && !ok; q++) {
            if (names(widened(f[q]), w->s->ivar_decl)) {
                ok = !has_i++ && colb_value(w, f[1 - q], &out->b);
                bx = fe_strip(f[1 - q]);
            }
            else if (!names(widened(f[1 - q]), w->s->ivar_decl) && colb_value(w, f[q], &out->s)) {
                ok = !has_s++;
                /* E * S with both of one value: either may be the stride */
                out->has_s2 = q == 0 && colb_value(w, f[1], &out->s2);
            }
        }
        free(f);
        if (prod) {
            if (!ok)
                return 0;
            continue;
        }
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_Cursor_isNull(j) &&
            !stable_var(w, clang_getCursorReferenced(e))) {
            j = clang_getCursorReferenced(e);
            continue;
        }
        if (has_c++ || !colb_value(w, e, &out->c))
            return 0;
    }
    if (!has_i || !has_s)
        return 0;
    if (clang_Cursor_isNull(j))
        return 1;
    /* j counts 0 .. B - 1, B spelled alike (BS, 16) or the same variable */
    if (clang_Cursor_isNull(bx))
        return 0;
    unsigned b, e;
    fe_extent(bx, &b, &e);
    char *bt = fe_text(w->c, b, e);
    int ok = counted(w, j, 1, out->b.var, bt, 0);
    free(bt);
    out->has_j = ok;
    return ok;
}

/* A term of a mixed-radix index (radix_use): its factors' spellings but
 * one variable's (the loop variable, or a counter), sorted. */
typedef struct radix_term {
    CXCursor var;
    struct {
        char *s;    /* spelling */
        CXCursor v; /* a variable's declaration, or null: a number */
    } f[6];
    int nf;
} radix_term;

static int f_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b); /* .s first */
}

/* The factors of a product, e = X * Y * ...: one variable that is not of
 * one value for the call (t->var), the rest numbers or such variables. */
static int radix_factors(walk *w, CXCursor e, radix_term *t)
{
    e = fe_strip(e);
    int n;
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && !fe_from_macro(e)) {
        CXCursor *ch = fe_children(e, &n);
        int ok = n == 2 && !strcmp(fe_op_after(w->c, ch[0]), "*") && radix_factors(w, ch[0], t) &&
                 radix_factors(w, ch[1], t);
        free(ch);
        return ok;
    }
    CXCursor v = widened(e);
    fe_colb_term x;
    if (clang_getCursorKind(v) == CXCursor_DeclRefExpr && !colb_value(w, v, &x)) {
        if (!clang_Cursor_isNull(t->var))
            return 0;
        t->var = clang_getCursorReferenced(v);
        return 1;
    }
    if (t->nf >= 6 || !colb_value(w, e, &x))
        return 0;
    unsigned b, en;
    fe_extent(e, &b, &en);
    t->f[t->nf].s = squeezed(w->c, b, en);
    t->f[t->nf++].v = x.var;
    return 1;
}

/* Is term b's factor list a's plus one factor? Its index into *extra. */
static int radix_one_more(const radix_term *a, const radix_term *b, int *extra)
{
    if (b->nf != a->nf + 1)
        return 0;
    int i = 0, j = 0;
    *extra = -1;
    while (j < b->nf) {
        if (i < a->nf && !strcmp(a->f[i].s, b->f[j].s) && clang_equalCursors(a->f[i].v, b->f[j].v))
            i++, j++;
        else if (*extra < 0)
            *extra = j++;
        else
            return 0;
    }
    return i == a->nf && *extra >= 0;
}

static int stride_cmp(const void *a, const void *b)
{
    return ((const radix_term *)a)->nf - ((const radix_term *)b)->nf;
}

/*
 * Is this use of a pointer (the DeclRef at stack[d]) p[x + y * NX + i *
 * NX * NY] of a number, in any order, i the loop variable, each other
 * term a counter of the body times the lengths of the counters below it
 * (x counting 0 .. NX - 1, y 0 .. NY - 1), the lengths numbers or
 * variables of one value for the call? Then it reaches slab i of NX * NY
 * elements (Rodinia hotspot3D's c = x + y * nx + z * nx * ny): the
 * lengths' spellings, sorted, into *sig, as slab_use's.
 */
static int radix_use(walk *w, int d, char **sig)
{
    CXCursor ix, t[8];
    int nt = 0;
    *sig = NULL;
    if (!number_subscript(w, d, &ix) || !sum_terms(w, ix, t, &nt) || nt < 2)
        return 0;
    radix_term rt[8], it = {clang_getNullCursor(), {{0}}, 0};
    int nr = 0, has_i = 0, ok = 1;
    for (int k = 0; k < nt && ok; k++) {
        radix_term x = {clang_getNullCursor(), {{0}}, 0};
        ok = radix_factors(w, t[k], &x) && !clang_Cursor_isNull(x.var);
        if (!ok)
            break;
        qsort(x.f, (size_t)x.nf, sizeof *x.f, f_cmp);
        if (clang_equalCursors(x.var, w->s->ivar_decl))
            ok = !has_i++, it = x;
        else
            rt[nr++] = x;
    }
    /* the counters' strides: {}, {NX}, {NX, NY}, ... and the slab's
     * length all of them; each counter counts up to the length its
     * stride lacks */
    qsort(rt, (size_t)nr, sizeof *rt, stride_cmp);
    for (int k = 0; ok && has_i && k < nr; k++) {
        const radix_term *next = k + 1 < nr ? &rt[k + 1] : &it;
        int len;
        ok = rt[k].nf == k && radix_one_more(&rt[k], next, &len);
        for (int j = 0; ok && j < k; j++)
            ok = !clang_equalCursors(rt[j].var, rt[k].var);
        ok = ok && counted(w, rt[k].var, 1, next->f[len].v, next->f[len].s, 0);
    }
    if (!ok || !has_i || it.nf != nr)
        return 0;
    char buf[256] = "radix:";
    for (int k = 0; k < it.nf; k++) {
        size_t l = strlen(buf);
        snprintf(buf + l, sizeof buf - l, "%s,", it.f[k].s);
    }
    *sig = fe_fmt("%s", buf);
    return 1;
}

/* The product of a use p[X * Y + m], p[m + X * Y] or p[X * Y] (the
 * DeclRef at stack[d]): its two factors, stripped, into e; 0 when none. */
static int index_product(walk *w, int d, CXCursor e[2])
{
    int k = d - 1;
    k = past_wrappers(w, k);
    if (k < 0 || clang_getCursorKind(w->stack[k]) != CXCursor_ArraySubscriptExpr)
        return 0;
    int n;
    CXCursor *ch = fe_children(w->stack[k], &n);
    CXCursor ix = n == 2 ? index_of_local(w, ch[1]) : clang_getNullCursor();
    free(ch);
    for (int depth = 0; depth < 2 && clang_getCursorKind(ix) == CXCursor_BinaryOperator; depth++) {
        CXCursor *f = fe_children(ix, &n);
        const char *op = "";
        if (n == 2) {
            unsigned lb, le;
            fe_extent(f[0], &lb, &le);
            op = w->c->toks[fe_tok_at(w->c, le)].spell;
        }
        if (!strcmp(op, "*")) {
            e[0] = fe_strip(f[0]), e[1] = fe_strip(f[1]);
            free(f);
            return 1;
        }
        /* i * X + m, or m + i * X: the product */
        if (strcmp(op, "+")) {
            free(f);
            return 0;
        }
        CXCursor x0 = index_of_local(w, f[0]), x1 = index_of_local(w, f[1]);
        ix = clang_getCursorKind(x0) == CXCursor_BinaryOperator ? x0 : x1;
        free(f);
    }
    return 0;
}

/* The name X of a use p[i * X + m] or p[X * i + m] (i the loop
 * variable, X a variable), or NULL. */
static const char *index_row(walk *w, int d)
{
    CXCursor e[2];
    if (!index_product(w, d, e))
        return NULL;
    for (int t = 0; t < 2; t++)
        if (names(e[t], w->s->ivar_decl) && clang_getCursorKind(e[1 - t]) == CXCursor_DeclRefExpr)
            return fe_cxstr(clang_getCursorSpelling(e[1 - t]));
    return NULL;
}

/* The variables of such a product (either may be the row length: LU's
 * a[i * n + k] and a[k * n + j]), into f; their count. */
static int index_factors(walk *w, int d, const char *f[2])
{
    CXCursor e[2];
    int nf = 0;
    if (!index_product(w, d, e))
        return 0;
    for (int t = 0; t < 2; t++)
        if (clang_getCursorKind(e[t]) == CXCursor_DeclRefExpr)
            f[nf++] = fe_cxstr(clang_getCursorSpelling(e[t]));
    return nf;
}

/* One use's proof, sig its signature (taken): every use must give one and
 * the same, kept in *kept; else *not. */
static void same_sig(int ok, char *sig, char **kept, int *not)
{
    if (!ok || !sig || (*kept && strcmp(*kept, sig)))
        *not = 1;
    if (ok && sig && !*kept)
        *kept = sig;
    else
        free(sig);
}

/*
 * Folds a use of pointer cp (the DeclRef at stack[d]; helper: in a called
 * function) into its flags. Every use p[i] of a number, or p[i][k] of a
 * number of a row p[i], i the loop variable: iteration i touches only
 * element i, and sync_for writes the array in place, without replicas or
 * deltas (STRADS_ARRAY_OWN; a row overwritten as old + (new - old) lost
 * its small values under a large old one). Every use
 * p[a * i + b], one a, the b's within |a| of each other (an odd-even sort's
 * v[2 * j] and v[2 * j + 1]), or every use a column of rows at one level
 * (col_use): no two iterations touch one element (STRADS_ARRAY_DISJOINT).
 */
static void elem_flags(walk *w, int d, int helper, int writes, fe_cap *cp)
{
    long a = 0, b = 0;
    int lvl = 0;
    enum CXTypeKind tk = CXType_Invalid;
    int ok = !helper && elem_use(w, d, &a, &b, &tk);
    int number = tk >= CXType_Bool && tk <= CXType_LongDouble;
    if (!ok || a != 1 || b != 0 || !(number || tk == CXType_ConstantArray || tk == CXType_Record))
        cp->not_own = 1;
    /* every use of one slab index (slab_use), of the same lengths; every
     * use one column of one stride (col_flat_use) */
    char *sig = NULL;
    int proved = !helper && (slab_use(w, d, &sig) || radix_use(w, d, &sig));
    same_sig(proved, sig, &cp->slab_sig, &cp->not_slab);
    sig = NULL;
    proved = !helper && col_flat_use(w, d, &sig);
    same_sig(proved, sig, &cp->col_s, &cp->not_col);
    /* every use one block of columns alike (colb_use) */
    fe_colb cb;
    if (helper || w->s->kind != FE_SYNC_FOR || !colb_use(w, d, &cb) ||
        (cp->colb_n && (!colb_same(&cb.s, &cp->colb.s) || !colb_same(&cb.b, &cp->colb.b) ||
                        !colb_same(&cb.c, &cp->colb.c) || cb.has_s2 != cp->colb.has_s2 ||
                        (cb.has_s2 && !colb_same(&cb.s2, &cp->colb.s2)))))
        cp->not_colb = 1;
    else if (!cp->colb_n++)
        cp->colb = cb;
    if (!ok && !helper)
        ok = col_use(w, d, &lvl, &a, &b);
    const char *row = helper ? NULL : dv_row(w->c, cp->decl);
    /* a pointer this file does not allocate (a parameter: the caller's
     * dvector row(K), reached as x[t * K + m]): the row length the index
     * names, which the runtime checks is the array's (emit.c's table) */
    if (!row && !helper && w->s->kind == FE_SYNC_FOR)
        row = index_row(w, d);
    CXCursor rowv, rowx;
    /* row(N), N a macro, over an index written i * n + m: the variable
     * the index names, whose value the runtime checks alike (PolyBench's
     * LU ran a reconnaissance at every pivot, 150x the plain build) */
    /* the start of a local row pointer's row (row_start) */
    CXCursor q;
    const char *qrow;
    if (!helper && w->s->kind == FE_SYNC_FOR && w->nrowp < 16 && row_start(w, d, &q, &qrow, &rowv)) {
        if (cp->flat_row && (strcmp(cp->flat_row, qrow) || !clang_equalCursors(cp->flat_rowv, rowv)))
            cp->not_flat = 1;
        cp->flat_row = qrow, cp->flat_rowv = rowv;
        w->rowp[w->nrowp].var = q;
        w->rowp[w->nrowp++].cap = (int)(cp - w->s->caps);
        cp->not_own = cp->not_disjoint = 1;
        return;
    }
    if (row && !helper && w->s->kind == FE_SYNC_FOR && !flat_use(w, d, row, &rowv, &rowx)) {
        const char *f[2];
        int nf = index_factors(w, d, f);
        for (int t = 0; t < nf; t++)
            if (flat_use(w, d, f[t], &rowv, &rowx)) {
                row = f[t];
                break;
            }
    }
    if (!row || !flat_use(w, d, row, &rowv, &rowx) ||
        (cp->flat_row && !clang_equalCursors(cp->flat_rowv, rowv)) ||
        (!clang_Cursor_isNull(rowx) && (writes || (cp->flat_below && !clang_equalCursors(cp->flat_x, rowx)))))
        cp->not_flat = 1;
    else {
        cp->flat_row = row, cp->flat_rowv = rowv;
        if (!clang_Cursor_isNull(rowx))
            cp->flat_below = 1, cp->flat_x = rowx;
    }
    CXCursor x;
    long off;
    if (!ok && !helper && !writes && below_use(w, d, &x, &off)) {
        if (cp->below_n && !clang_equalCursors(cp->below_x, x))
            cp->not_disjoint = 1;
        if (!cp->below_n++ || off > cp->below_cmax)
            cp->below_cmax = off;
        cp->below_x = x;
        return;
    }
    if (!ok || (cp->disj_a && (cp->disj_a != a || cp->disj_lvl != lvl))) {
        cp->not_disjoint = 1;
        return;
    }
    if (!cp->disj_a || b < cp->disj_bmin) cp->disj_bmin = b;
    if (!cp->disj_a || b > cp->disj_bmax) cp->disj_bmax = b;
    cp->disj_a = a;
    cp->disj_lvl = lvl;
}

static int add_cap(walk *w, CXCursor decl, int where, unsigned off)
{
    fe_site *s = w->s;
    char *name = NULL;
    for (int i = 0; i < s->ncaps; i++) {
        if (clang_equalCursors(s->caps[i].decl, decl))
            return i;
        /* a global declared twice (extern, then defined) is one variable */
        if (where == FE_V_GLOBAL && s->caps[i].where == FE_V_GLOBAL) {
            if (!name) name = fe_cxstr(clang_getCursorSpelling(decl));
            if (!strcmp(name, s->caps[i].name)) {
                free(name);
                return i;
            }
        }
    }
    free(name);
    int old = s->capcaps;
    s->caps = fe_grow(s->caps, sizeof *s->caps, &s->capcaps, s->ncaps + 1);
    if (s->capcaps != old) {
        unsigned *fr = realloc(w->first_ref, sizeof *w->first_ref * (size_t)s->capcaps);
        if (!fr) {
            fprintf(stderr, "stradsc: out of memory\n");
            exit(2);
        }
        w->first_ref = fr;
    }
    fe_cap *cp = &s->caps[s->ncaps];
    cp->decl = decl;
    cp->name = fe_cxstr(clang_getCursorSpelling(decl));
    cp->where = where;
    w->first_ref[s->ncaps] = off;
    return s->ncaps++;
}

/* Does a value of type t travel by its bytes (numbers, and arrays and
 * structs of them: no pointer a worker could not follow)? */
static enum CXChildVisitResult field_by_value(CXCursor f, CXCursor parent, CXClientData ok);
static int by_value(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) return 1;
    if (t.kind == CXType_Enum) return 1;
    if (t.kind == CXType_ConstantArray) return by_value(clang_getArrayElementType(t));
    if (t.kind == CXType_Record) {
        int ok = 1;
        clang_visitChildren(clang_getTypeDeclaration(t), field_by_value, &ok);
        return ok;
    }
    return 0;
}

static enum CXChildVisitResult field_by_value(CXCursor f, CXCursor parent, CXClientData ok)
{
    (void)parent;
    if (clang_getCursorKind(f) == CXCursor_FieldDecl && !by_value(clang_getCursorType(f)))
        *(int *)ok = 0;
    return CXChildVisit_Continue;
}

typedef struct globals_walk {
    walk *w;
    unsigned off;
} globals_walk;

#define SHARED_GLOBAL_MAX (64 << 10)
static enum CXChildVisitResult shared_global(CXCursor d, CXCursor parent, CXClientData data)
{
    (void)parent;
    globals_walk *g = data;
    CXType t = clang_getCursorType(d);
    long long size = clang_Type_getSizeOf(t);
    if (clang_getCursorKind(d) != CXCursor_VarDecl ||
        clang_Cursor_getStorageClass(d) == CX_SC_Static ||
        clang_Location_isInSystemHeader(clang_getCursorLocation(d)) ||
        clang_isConstQualifiedType(t) || clang_getCursorTLSKind(d) != CXTLS_None || size <= 0 ||
        size > SHARED_GLOBAL_MAX || !by_value(t))
        return CXChildVisit_Continue;
    int idx = add_cap(g->w, d, FE_V_GLOBAL, g->off);
    g->w->s->caps[idx].in_helper = 1;
    g->w->s->caps[idx].nreads++;
    return CXChildVisit_Continue;
}

/* A function of another file the body calls may read a global the driver
 * set (`scale = 3.0f` in main, `x * scale` in util.c): a worker process
 * would read its own, never-set copy. stradsc cannot see into that file,
 * so every global of this file's declarations that another file can name
 * (not static), of numbers, and small travels with the loop, as the
 * globals this file's own helpers read do. */
static void capture_shared_globals(walk *w, unsigned off)
{
    globals_walk g = {w, off};
    clang_visitChildren(clang_getTranslationUnitCursor(w->c->tu), shared_global, &g);
}

static const char *const hidden_state[] = {"rand", "random", "drand48", "lrand48", "mrand48",
                                           "srand", "srandom", "srand48", "strtok", NULL};

static void visit(walk *w, CXCursor cur, int helper);

/*
 * What a drawn number reaches: the variables assigned from it, followed
 * through the body (unsigned r = rand(); int j = r % n;), and whether one
 * of them is in an address (a subscript, or arithmetic of pointer type:
 * *(V + j)).
 */
typedef struct drawn {
    fe_ctx *c;
    CXCursor *vars;
    int nvars, capvars, grew, found;
} drawn;

static int drawn_in(const drawn *x, CXCursor cur)
{
    int n, any = 0;
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr)
        return fe_cursor_in(clang_getCursorReferenced(cur), x->vars, x->nvars);
    CXCursor *ch = fe_children(cur, &n);
    for (int i = 0; i < n && !any; i++)
        any = drawn_in(x, ch[i]);
    free(ch);
    return any;
}

static void drawn_add(drawn *x, CXCursor v)
{
    x->grew |= fe_cursor_add(&x->vars, &x->nvars, &x->capvars, v);
}

/* One pass over the body: assignments spread the number; addresses
 * (addr: inside one) find it. */
static void drawn_walk(drawn *x, CXCursor cur, int addr)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (k == CXCursor_DeclRefExpr && addr &&
        fe_cursor_in(clang_getCursorReferenced(cur), x->vars, x->nvars))
        x->found = 1;
    if (k == CXCursor_VarDecl && n > 0 && drawn_in(x, ch[n - 1]))
        drawn_add(x, cur);
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && n == 2 &&
        clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr &&
        (k == CXCursor_CompoundAssignOperator || !strcmp(fe_op_after(x->c, ch[0]), "=")) &&
        drawn_in(x, ch[1]))
        drawn_add(x, clang_getCursorReferenced(fe_strip(ch[0])));
    int ptr = clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Pointer &&
              k != CXCursor_DeclRefExpr;
    for (int i = 0; i < n && !x->found; i++)
        drawn_walk(x, ch[i], addr || ptr || (k == CXCursor_ArraySubscriptExpr && i == 1));
    free(ch);
}

/*
 * Does the number a call draws (the CallExpr at the top of the stack) choose
 * what the body touches: inside an address (v[rand() % m]), or through the
 * variables it is assigned to (j = rand() % m; V[j * K + k])?
 */
static int draw_picks(walk *w, CXCursor call)
{
    unsigned cb, ce;
    fe_extent(call, &cb, &ce);
    for (int d = w->depth - 2; d >= 0; d--) { /* in an address itself */
        CXCursor a = w->stack[d];
        enum CXCursorKind k = clang_getCursorKind(a);
        if (k == CXCursor_ArraySubscriptExpr) {
            int n;
            CXCursor *ch = fe_children(a, &n);
            unsigned ib = 1, ie = 0;
            if (n == 2)
                fe_extent(ch[1], &ib, &ie);
            free(ch);
            if (cb >= ib && ce <= ie)
                return 1;
        }
        if (k == CXCursor_CompoundStmt || k == CXCursor_CallExpr)
            break; /* a statement's value, or another function's argument */
        if (clang_getCanonicalType(clang_getCursorType(a)).kind == CXType_Pointer)
            return 1;
    }
    /* the variables it reaches, until none is added */
    drawn x = {w->c, NULL, 0, 0, 0, 0};
    for (int d = w->depth - 2; d >= 0; d--) {
        CXCursor a = w->stack[d];
        enum CXCursorKind k = clang_getCursorKind(a);
        int n;
        CXCursor *ch = fe_children(a, &n);
        if (k == CXCursor_VarDecl)
            drawn_add(&x, a);
        else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && n == 2 &&
                 clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr &&
                 (k == CXCursor_CompoundAssignOperator || !strcmp(fe_op_after(w->c, ch[0]), "=")))
            drawn_add(&x, clang_getCursorReferenced(fe_strip(ch[0])));
        free(ch);
        if (x.nvars || k == CXCursor_CompoundStmt || k == CXCursor_CallExpr)
            break;
    }
    int n;
    CXCursor *ch = fe_children(w->s->forc, &n);
    do {
        x.grew = 0;
        if (n > 0 && x.nvars)
            drawn_walk(&x, ch[n - 1], 0);
    } while (x.grew && !x.found);
    free(ch);
    free(x.vars);
    return x.found;
}

/* A function of this file holding a parallel loop, called from a parallel
 * body: the inner loop would start on worker processes and threads (its
 * workers' counts came back as zeros, exit 0). Refused at the call. */
static void nested_call(walk *w, CXCursor def, unsigned call)
{
    fe_ctx *c = w->c;
    unsigned b, e;
    fe_extent(def, &b, &e);
    for (int i = 0; i < c->nsites; i++) {
        const fe_site *in = &c->sites[i];
        if ((in->kind != FE_ASYNC_FOR && in->kind != FE_SYNC_FOR) || in == w->s || in->prag_begin < b ||
            in->prag_begin >= e)
            continue;
        char *name = fe_cxstr(clang_getCursorSpelling(def));
        fe_error(c, call,
                 "only the outermost loop runs in parallel: remove one of the two pragmas, or "
                 "keep a copy of the function without it for the body to call",
                 "nested parallel loop: '%s' runs the %s at line %u inside this loop's body", name,
                 in->kind == FE_SYNC_FOR ? "sync_for" : "async_for", in->line);
        free(name);
        return;
    }
}

static void helper_fn(walk *w, CXCursor def, unsigned call)
{
    if (fe_cursor_in(def, w->helpers, w->nh))
        return;
    nested_call(w, def, call);
    w->helpers = fe_grow(w->helpers, sizeof *w->helpers, &w->caph, w->nh + 1);
    w->helpers[w->nh++] = def;
    /* Pushed above the call: the ancestors stay intact for the caller. */
    visit(w, def, 1);
}

/* Does the use at the top of the walk's stack pick an element: inside a
 * subscript's index, a dereference or pointer arithmetic of its statement
 * (w[k], w[k++], *wp++, *(w + k), wp[j])? */
static int picks_element(walk *w)
{
    for (int j = w->depth - 2; j >= 0; j--) {
        CXCursor p = w->stack[j];
        enum CXCursorKind k = clang_getCursorKind(p);
        if (!clang_isExpression(k))
            return 0;
        if (k == CXCursor_ArraySubscriptExpr)
            return 1;
        unsigned b, e;
        fe_extent(p, &b, &e);
        if (k == CXCursor_UnaryOperator && is(&w->c->toks[fe_tok_at(w->c, b)], "*"))
            return 1;
        if (k == CXCursor_BinaryOperator &&
            clang_getCanonicalType(clang_getCursorType(p)).kind == CXType_Pointer)
            return 1;
    }
    return 0;
}

/* A variable of static storage, const through all its array levels and
 * initialized where it is defined (`static const act_fn acts[] = {relu,
 * tanh_}`, `const double lut[] = {...}`): nothing can change it, and each
 * process's copy already holds the same values, its pointers those of its
 * own process. The body reads it in place; shipping it would send
 * addresses of one process to another. */
static int static_const(CXCursor ref)
{
    CXCursor def = clang_getCursorDefinition(ref);
    if (clang_Cursor_isNull(def) || clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(def)))
        return 0;
    CXType t = clang_getCanonicalType(clang_getCursorType(def));
    int ro = clang_isConstQualifiedType(t); /* clang hoists an array's const to it */
    while (!ro && (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)) {
        t = clang_getCanonicalType(clang_getArrayElementType(t));
        ro = clang_isConstQualifiedType(t);
    }
    return ro;
}

static void declref(walk *w, CXCursor cur, int helper)
{
    fe_ctx *c = w->c;
    fe_site *s = w->s;
    CXCursor ref = clang_getCursorReferenced(cur);
    enum CXCursorKind rk = clang_getCursorKind(ref);
    unsigned off = fe_offset(clang_getCursorLocation(cur));
    if (rk == CXCursor_FunctionDecl) {
        CXCursor def = clang_getCursorDefinition(ref);
        if (!clang_Cursor_isNull(def) && fe_in_main(c, clang_getCursorLocation(def)))
            helper_fn(w, def, off);
        return;
    }
    if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
        return;
    CXSourceLocation dl = clang_getCursorLocation(ref);
    int global = clang_getCursorKind(clang_getCursorSemanticParent(ref)) ==
                 CXCursor_TranslationUnit;
    if (helper && !global) {
        /* a helper's own locals; but a static one is one copy a process,
         * which its threads share and no other process sees (a learning
         * rate's step count, a scratch array of an old-style helper):
         * written, it is a global's write */
        if (rk == CXCursor_VarDecl && clang_Cursor_getStorageClass(ref) == CX_SC_Static &&
            (written(w, w->depth - 1) || array_filled(w, w->depth - 1))) {
            char *nm = fe_cxstr(clang_getCursorSpelling(ref));
            fe_error(c, off,
                     fe_fmt("a static variable keeps one copy a process, which its threads share "
                            "and other processes do not see: make '%s' an ordinary local if it is "
                            "scratch, or give the function a pointer parameter and pass it a "
                            "variable of the loop's enclosing function named in accumulate() (a "
                            "counter), stream() (a random generator's state) or private()",
                            nm),
                     "function called from a parallel body writes its static variable '%s'", nm);
            fe_note(c, s->prag_begin, "parallel loop is here");
            free(nm);
        }
        return;
    }
    if (clang_Location_isInSystemHeader(dl))
        return; /* stdin, stderr, ...: the same in every process */
    if ((global || clang_Cursor_getStorageClass(ref) == CX_SC_Static) && static_const(ref))
        return; /* its initializer made it, the same in every process */
    unsigned doff = fe_offset(dl);
    int is_ivar = clang_equalCursors(ref, s->ivar_decl);
    if (!global && !is_ivar && fe_in_main(c, dl) && doff >= s->for_begin && doff < s->body_end) {
        for (int i = 0; i < w->nrowp; i++)
            if (clang_equalCursors(w->rowp[i].var, ref))
                row_use(w, &s->caps[w->rowp[i].cap]);
        return; /* declared in the loop */
    }
    int wr = written(w, w->depth - 1);
    if (wr && addr_to_reader(w, w->depth - 1))
        wr = 0;
    /* A fixed array handed to a function that fills it (NPB EP's
     * vranlc(n, &t, a, x - 1) into a global scratch array) is written, as
     * by `x[j] = v`: each process has one copy for all its threads. */
    if (!wr && !is_ivar && array_filled(w, w->depth - 1))
        wr = 1;
    if (is_ivar) {
        if (wr)
            fe_error(c, off, "the runtime hands out iterations; do not change the loop variable",
                     "loop variable '%s' is modified in a parallel body", s->ivar);
        return;
    }
    int where = global ? FE_V_GLOBAL
                       : (rk == CXCursor_VarDecl &&
                          clang_Cursor_getStorageClass(ref) == CX_SC_Static)
                             ? FE_V_STATIC
                             : FE_V_LOCAL;
    int idx = add_cap(w, ref, where, off);
    fe_cap *cp = &s->caps[idx];
    cp->body_refs += !helper;
    cp->indexes |= !helper && picks_element(w);
    cp->in_helper |= helper;
    int store;
    int pw = is_ptr(ref) && ptr_use_writes(w, w->depth - 1, &store);
    if (is_ptr(ref))
        elem_flags(w, w->depth - 1, helper, pw, cp);
    if (pw) {
        cp->ptr_written = 1;
        cp->ptr_through |= store != 0;
        cp->ptr_stored |= store != 0;
        cp->ptr_assigned |= store != 1;
        cp->helper_written |= helper; /* through the global: past the thread's replica */
    }
    if (!wr) {
        cp->nreads++;
        return;
    }
    /* an array that initializes a pointer to non-const (nn's `char
     * *rec_iter = sandbox + off`, only read): the hint's first word is
     * const */
    for (int j = w->depth - 2; j >= 0 && !cp->decays; j--) {
        enum CXCursorKind pk = clang_getCursorKind(w->stack[j]);
        if (pk == CXCursor_VarDecl && is_ptr(w->stack[j]))
            cp->decays = 1, cp->decay_var = w->stack[j];
        if (pk != CXCursor_UnexposedExpr && pk != CXCursor_ParenExpr && pk != CXCursor_BinaryOperator &&
            pk != CXCursor_CStyleCastExpr)
            break;
    }
    /* how it is written, for the hint: x += k / x++ (a counter) or an
     * update from itself (x = x * A + C, x ^= x << 13: a generator) */
    for (int j = w->depth - 2; j >= 0 && j >= w->depth - 3; j--) {
        CXCursor p = w->stack[j];
        enum CXCursorKind pk = clang_getCursorKind(p);
        unsigned pb, pe;
        fe_extent(p, &pb, &pe);
        if (pk == CXCursor_UnaryOperator && !strcmp(c->toks[fe_tok_at(c, pb)].spell, "&") &&
            j > 0) {
            /* __sync_fetch_and_add(&x, k), __atomic_add_fetch(&x, ...): a counter */
            unsigned gb, ge;
            fe_extent(w->stack[j - 1], &gb, &ge);
            const char *g = c->toks[fe_tok_at(c, gb)].spell;
            if ((!strncmp(g, "__sync_", 7) || !strncmp(g, "__atomic_", 9)) &&
                (strstr(g, "add") || strstr(g, "sub"))) {
                cp->counted = 1;
                break;
            }
        }
        if (pk == CXCursor_CompoundAssignOperator || pk == CXCursor_UnaryOperator) {
            int nch;
            CXCursor *ch = fe_children(p, &nch);
            unsigned lb = pb, le = pe;
            if (nch > 0)
                fe_extent(ch[0], &lb, &le);
            free(ch);
            const char *op = pk == CXCursor_UnaryOperator ? c->toks[fe_tok_at(c, pb)].spell
                                                           : c->toks[fe_tok_at(c, le)].spell;
            if (pk == CXCursor_UnaryOperator && strcmp(op, "++") && strcmp(op, "--")) {
                int li = fe_tok_at(c, pe) - 1;
                op = c->toks[li < 0 ? 0 : li].spell;
            }
            if (!strcmp(op, "+=") || !strcmp(op, "-=") || !strcmp(op, "++") || !strcmp(op, "--"))
                cp->counted = 1;
            else if (pk == CXCursor_UnaryOperator && is(&c->toks[fe_tok_at(c, pb)], "&"))
                cp->addr_passed = 1; /* upd(w, k, &nupd): what the callee does is unseen */
            else
                cp->self_updated = 1;
            break;
        }
        if (pk == CXCursor_BinaryOperator) {
            int nch;
            CXCursor *ch = fe_children(p, &nch);
            if (nch == 2) {
                unsigned rb, re, lb, le;
                fe_extent(ch[1], &rb, &re);
                fe_extent(ch[0], &lb, &le);
                /* in a macro's expansion both sides have the invocation's
                 * text (ID(y = i) names y): the right side's own spelling */
                if (rb == lb && re == le && spelled_here(c, ch[1])) fe_spelling(ch[1], NULL, &rb, &re);
                for (int k = fe_tok_at(c, rb); k < c->ntoks && c->toks[k].off < re; k++)
                    if (!strcmp(c->toks[k].spell, cp->name))
                        cp->self_updated = 1;
            }
            free(ch);
            break;
        }
    }
    for (int j = w->depth - 2; j >= 0 && j >= w->depth - 4; j--)
        if (clang_getCursorKind(w->stack[j]) == CXCursor_ForStmt) {
            /* `for (j = 0; ...; j++)`: set or stepped by a for, not in its
             * body (a running minimum set under an if there is no counter) */
            int nch;
            CXCursor *ch = fe_children(w->stack[j], &nch);
            if (!(nch > 0 && clang_equalCursors(ch[nch - 1], w->stack[j + 1])))
                cp->is_counter = 1;
            free(ch);
            break;
        }
    fe_item *it = fe_item_named(s, cp->name);
    if (!helper && it && it->kind != FE_IT_COPYIN) {
        it->written = 1;
        return;
    }
    if (helper) {
        fe_error(c, off,
                 fe_fmt("each process would change its own copy of '%s': give the function a "
                        "pointer parameter instead, and pass it a variable of the loop's "
                        "enclosing function named in reduction(), accumulate() (a counter) or "
                        "private() (per-thread state such as an RNG)",
                        cp->name),
                 "function called from a parallel body writes global '%s'", cp->name);
        fe_note(c, s->prag_begin, "parallel loop is here");
    } else if (!cp->bad_write) {
        cp->bad_write = off + 1; /* decided after the walk: maybe private */
    }
}

/* Referenced in the enclosing function after the loop? */
/* Where the outermost loop of the function that encloses the parallel loop
 * starts (an epoch loop): its code before the parallel loop runs after an
 * earlier call, so a use there is a use after the loop too. */
typedef struct outer { unsigned b, e, first; } outer;

static enum CXChildVisitResult outer_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    outer *o = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) && b < o->b &&
        e >= o->e && b < o->first)
        o->first = b;
    return CXChildVisit_Recurse;
}

/* Where cp's address is taken outside the loop (double *alias = &tmp
 * before it, *alias read after it: a read after the loop may go through
 * that pointer), as the offset of the '&' plus 1; 0: nowhere. */
static unsigned addr_outside(fe_ctx *c, fe_site *s, fe_cap *cp)
{
    unsigned fb, fe;
    fe_extent(s->fn, &fb, &fe);
    for (int k = fe_tok_at(c, fb); k + 1 < c->ntoks && c->toks[k].off < fe; k++) {
        if (c->toks[k].off >= s->for_begin && c->toks[k].off < s->for_end)
            continue;
        int at = k + 1;
        while (at < c->ntoks && !strcmp(c->toks[at].spell, "("))
            at++;
        if (strcmp(c->toks[k].spell, "&") || at >= c->ntoks || c->toks[at].kind != CXToken_Identifier ||
            strcmp(c->toks[at].spell, cp->name))
            continue;
        CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, c->toks[at].off));
        if (clang_equalCursors(clang_getCursorReferenced(r), cp->decl))
            return c->toks[k].off + 1;
    }
    return 0;
}

static int used_after(fe_ctx *c, fe_site *s, fe_cap *cp)
{
    if (addr_outside(c, s, cp))
        return 1;
    outer o = {s->for_begin, s->for_end, s->for_begin};
    clang_visitChildren(s->fn, outer_visit, &o);
    /* a loop around it assigning first (for (d = 0; ...) s[d] = 0; before a
     * sync_for whose body counts d too) is no use */
    if (o.first < s->for_begin && fe_dead_around(c, s->fn, s->forc, cp->decl) == 1)
        o.first = s->for_begin;
    for (int k = fe_tok_at(c, o.first); k < c->ntoks && c->toks[k].off < s->for_begin; k++) {
        if (c->toks[k].kind != CXToken_Identifier || strcmp(c->toks[k].spell, cp->name))
            continue;
        CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file,
                                                                       c->toks[k].off));
        /* its declaration in an enclosing loop's body (`int j, i;` right
         * before the loop, Rodinia's habit) is no use */
        if (clang_getCursorKind(r) == CXCursor_VarDecl)
            continue;
        if (clang_equalCursors(clang_getCursorReferenced(r), cp->decl))
            return 1;
    }
    /* after the loop: a read counts, not a new value assigned first (a
     * one-function program's loss loop reusing l1 and the counter b) */
    int dead = fe_dead_after(c, s->fn, s->forc, cp->decl);
    if (dead >= 0)
        return !dead;
    for (int k = fe_tok_at(c, s->for_end); k < c->ntoks && c->toks[k].off < s->fn_end; k++) {
        if (c->toks[k].kind != CXToken_Identifier || strcmp(c->toks[k].spell, cp->name))
            continue;
        CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file,
                                                                       c->toks[k].off));
        if (clang_equalCursors(clang_getCursorReferenced(r), cp->decl))
            return 1;
    }
    return 0;
}

/*
 * The C89 habit: temporaries declared at the top of the function and
 * assigned in the body before any read. Such a captured local becomes a
 * private local of the outlined body instead of a refused write.
 */
static int is_integer(CXCursor decl)
{
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;
    return k >= CXType_Bool && k <= CXType_Int128;
}

static int is_arith(CXCursor decl)
{
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;
    return (k >= CXType_Bool && k <= CXType_LongDouble) || k == CXType_Enum;
}

/* A variable the body counts on and picks elements with (genann's
 * *w++, nn1's weights[k++]): its value at an iteration is what all the
 * iterations before it added. */
static char *carried_hint(const char *nm, CXCursor decl)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    char *ts = fe_cxstr(clang_getTypeSpelling(clang_getCursorType(decl)));
    char *start = t.kind == CXType_Pointer ? fe_fmt("%s %s = START + i * STEP;", ts, nm)
                                           : fe_fmt("%s %s = i * STEP;", ts, nm);
    char *h = fe_fmt("'%s' carries its value from one iteration to the next (the body counts it on "
                     "and picks elements with it): no clause gives a worker that value; if every "
                     "iteration adds the same, compute it from the loop variable at the top of the "
                     "body ('%s', STEP what one iteration adds) and declare it there; a "
                     "compaction (out[%s++] = ...) runs as the sequential loop, without a pragma "
                     "(a random generator's state that picks elements: stream(...))",
                     nm, start, t.kind == CXType_Pointer ? "n" : nm);
    free(ts);
    free(start);
    return h;
}

/* The same variable named in reduction(), private() or accumulate(): each
 * worker's copy starts from the value before the loop, so every iteration
 * after a worker's first picks the wrong elements (exit 0, another answer).
 * A copy the iteration sets before reading it (first_assign) is scratch. */
static void carried_items(walk *w)
{
    fe_site *s = w->s;
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        fe_item *it = fe_item_named(s, cp->name);
        if (!it || it->lo || it->kind == FE_IT_COPYIN || it->op == 's' || !cp->counted ||
            !cp->indexes || cp->first_assign)
            continue;
        fe_error(w->c, it->off, carried_hint(cp->name, cp->decl),
                 "'%s' in %s() is read by later iterations: each worker's copy starts from its "
                 "value before the loop", cp->name,
                 it->kind == FE_IT_REDUCTION ? "reduction" : it->kind == FE_IT_PRIVATE ? "private"
                                                                                  : "accumulate");
    }
}

static void decide_writes(walk *w)
{
    fe_ctx *c = w->c;
    fe_site *s = w->s;
    /* Report in file order: pick the earliest remaining bad write each time. */
    for (;;) {
        fe_cap *worst = NULL;
        for (int i = 0; i < s->ncaps; i++) {
            fe_cap *cp = &s->caps[i];
            if (!cp->bad_write)
                continue;
            if (cp->first_assign && !used_after(c, s, cp)) {
                cp->bad_write = 0;
                cp->auto_private = 1;
                continue;
            }
            if (!worst || cp->bad_write < worst->bad_write)
                worst = cp;
        }
        if (!worst)
            return;
        /* a counter of an inner loop (`for (j = 0; ...)` after a read of j)
         * is no sum: declare it in the body */
        const char *nm = worst->name;
        enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(worst->decl)).kind;
        int array = tk == CXType_ConstantArray || tk == CXType_IncompleteArray ||
                    tk == CXType_VariableArray;
        const char *minmax = NULL; /* a min or max reduction: `worst` may be its index */
        for (int i = 0; i < s->nitems && !minmax; i++)
            if (s->items[i].kind == FE_IT_REDUCTION && !s->items[i].lo &&
                (s->items[i].op == 'm' || s->items[i].op == 'M'))
                minmax = s->items[i].name;
        /* a fixed array's shape, for the hint: its scalar, its length,
         * and one row's dimensions ([D] of double d[N][D]) */
        CXType at = clang_getCanonicalType(clang_getCursorType(worst->decl));
        long long alen = at.kind == CXType_ConstantArray ? clang_getArraySize(at) : 0;
        CXType el = at;
        fe_buf rowdims = {0};
        for (int lvl = 0; el.kind == CXType_ConstantArray || el.kind == CXType_IncompleteArray ||
                          el.kind == CXType_VariableArray; lvl++) {
            if (lvl > 0 && el.kind == CXType_ConstantArray)
                fe_buf_printf(&rowdims, "[%lld]", clang_getArraySize(el));
            else if (lvl > 0)
                fe_buf_puts(&rowdims, "[m]");
            el = clang_getCanonicalType(clang_getArrayElementType(el));
        }
        char *els = fe_cxstr(clang_getTypeSpelling(el));
        /* a variable length: named n in the hint */
        char *len = alen > 0 ? fe_fmt("%lld", alen) : fe_strdup("n");
        char *dv = worst->decays ? fe_cxstr(clang_getCursorSpelling(worst->decay_var)) : NULL;
        char *hint =
            array && dv /* taken into a pointer: maybe only read through it */
                ? fe_fmt("pointer '%s' into '%s' could write it: if the body only reads through "
                         "it, make it a pointer to const ('const %s *%s'; a private copy "
                         "would start zero-filled, not with its values); if each iteration "
                         "fills '%s' before it reads it (scratch), add private(%s[0:%s]) or "
                         "declare it inside the loop body",
                         dv, nm, els, dv, nm, nm, len)
            : array && !rowdims.p /* one dimension: scratch, or a model vector */
                ? fe_fmt("if the body only reads it through a pointer, make that a pointer to "
                         "const ('const %s *p'; a private copy would start zero-filled, not "
                         "with its values); if each iteration fills '%s' before it reads it "
                         "(scratch), add private(%s[0:%s]) to the pragma or declare it inside "
                         "the loop body; if it is a model the iterations update, make it a "
                         "pointer allocated under '#pragma strads dvector' ('%s *%s = "
                         "malloc(%s * sizeof *%s)')",
                         els, nm, nm, len, els, nm, len, nm)
            : array /* a model in a fixed array: reduction() and private() take scalars */
                ? fe_fmt("an array the loop writes must be a dvector: make '%s' a pointer "
                         "allocated under '#pragma strads dvector' ('%s (*%s)%s = malloc(%s "
                         "* sizeof *%s)'), or declare it inside the loop body if it is scratch",
                         nm, els, nm, rowdims.p, len, nm)
            : minmax && !worst->counted
                ? fe_fmt("if '%s' is where '%s' was found (an argmax), no reduction gives it: "
                         "find it after the loop, e.g. the first i whose value equals '%s'; "
                         "otherwise add private(%s) or declare it inside the loop body",
                         nm, minmax, minmax, nm)
            : worst->is_counter
                ? fe_fmt("declare the loop counter inside the body: 'for (int %s = ...)', or add "
                         "private(%s) to the pragma", nm, nm)
            : worst->counted && worst->indexes
                ? carried_hint(nm, worst->decl)
            : worst->counted && worst->nreads
                ? fe_fmt("the body reads the counter it adds to: add accumulate(%s) (each thread "
                         "sees its own additions, all are summed at the end); reduction(+: %s) "
                         "would start every thread from 0", nm, nm)
            : worst->addr_passed && !worst->counted && !worst->self_updated && is_integer(worst->decl)
                ? fe_fmt("'%s' is handed to a function by its address: if the function counts "
                         "with it, add accumulate(%s) (each thread sees its own additions, all "
                         "are summed at the end); if it only adds to it, reduction(+: %s); if it "
                         "is a random generator's state, stream(%s)", nm, nm, nm, nm)
            : worst->self_updated && is_integer(worst->decl)
                ? fe_fmt("if '%s' is a random generator's state, add stream(%s) (each worker "
                         "draws its own stream); private(%s) gives every worker the same numbers",
                         nm, nm, nm)
            : !worst->counted && !is_arith(worst->decl) /* a struct: no min, max or + */
                ? fe_fmt("if each iteration sets '%s' before it uses it, declare it inside the "
                         "loop body or add private(%s) (nothing is copied back); if it holds "
                         "sums the loop adds up (a gradient), keep them in an array of numbers "
                         "and name its section in reduction(+: g[0:n]): a struct is no "
                         "reduction", nm, nm)
            : !worst->counted /* set, not added to: a running minimum, a scratch value */
                ? fe_fmt("if each iteration sets '%s' before it uses it, declare it inside the "
                         "loop body or add private(%s); if it is a result of the loop, add "
                         "reduction(min: %s), reduction(max: %s) or reduction(+: %s) as fits",
                         nm, nm, nm, nm, nm)
                : fe_fmt("add reduction(+: %s) or private(%s) to the pragma, or declare "
                         "'%s' inside the loop body", nm, nm, nm);
        fe_error(c, worst->bad_write - 1, hint,
                 "write to captured variable '%s' in a parallel body", worst->name);
        unsigned amp = worst->first_assign ? addr_outside(c, s, worst) : 0;
        if (amp)
            fe_note(c, amp - 1, "'%s' is not made private: its address is taken here, outside "
                                "the loop, and a read through it after the loop would see the "
                                "value from before the loop", worst->name);
        worst->bad_write = 0;
        free(hint);
        free(dv);
        free(els);
        free(len);
        free(rowdims.p);
    }
}

/*
 * copyin ships the bytes of a section: a struct element's pointer members
 * arrive as addresses of another process. That is fine (a shallow copy) as
 * long as the body never uses such a member: refuse `x[i].next` when x is
 * a copyin section.
 */
/* In a function the body calls, names differ: a pointer member of the
 * struct type some copyin section is made of is refused wherever it is
 * followed (a worker died by SIGSEGV on one followed in a helper). */
static void shallow_member_helper(walk *w, CXCursor mem)
{
    CXCursor field = clang_getCursorReferenced(mem);
    CXCursor rec = clang_getCursorSemanticParent(field);
    for (int i = 0; i < w->s->nitems; i++) {
        fe_item *it = &w->s->items[i];
        if (it->kind != FE_IT_COPYIN)
            continue;
        for (int k = 0; k < w->s->ncaps; k++) {
            if (strcmp(w->s->caps[k].name, it->name))
                continue;
            CXType t = clang_getCanonicalType(clang_getCursorType(w->s->caps[k].decl));
            if (t.kind != CXType_Pointer)
                continue;
            CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getPointeeType(t)));
            if (clang_Cursor_isNull(d) || !clang_equalCursors(clang_getCanonicalCursor(d),
                                                              clang_getCanonicalCursor(rec)))
                continue;
            char *fname = fe_cxstr(clang_getCursorSpelling(field));
            fe_error(w->c, fe_offset(clang_getCursorLocation(mem)),
                     "copyin copies the elements shallowly; keep what the pointer reaches in a "
                     "dvector and store an index instead",
                     "a function called from the parallel body follows pointer member '%s' "
                     "of the elements of copyin '%s'", fname, it->name);
            fe_note(w->c, w->s->prag_begin, "parallel loop is here");
            return;
        }
    }
}

/* A pointer, or an array of them (`struct M *m[2]`: its elements are
 * pointers all the same). */
static int holds_pointers(CXType t)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    return t.kind == CXType_Pointer;
}

/*
 * A captured pointer's elements are distributed-array elements (the runtime
 * checks it), whose bytes live on every node: a pointer stored in one of
 * them (`D[i].words[k]`, `c->docs[d].words[n]`, LDA-C's corpus) holds an
 * address of the driver's heap, and following it killed a worker by
 * SIGSEGV. Refuse a pointer member used in the body or a function it calls
 * when its struct is what a captured pointer points to (copyin sections
 * have their own message, shallow_member).
 */
static void table_member(walk *w, CXCursor mem)
{
    CXCursor field = clang_getCursorReferenced(mem);
    CXCursor rec = clang_getCanonicalCursor(clang_getCursorSemanticParent(field));
    fe_site *s = w->s;
    /* the capture the member is reached through (self->outputs beside
     * lprev->outputs: each names its own), else the first of its type (a
     * helper's parameter) */
    CXCursor base = mem;
    int through = 0; /* reached through another pointer member on the way */
    for (int guard = 0; guard < 64 && clang_getCursorKind(base) != CXCursor_DeclRefExpr; guard++) {
        int n;
        CXCursor *ch = fe_children(base, &n);
        base = n > 0 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(base))
            break;
        through |= clang_getCursorKind(base) == CXCursor_MemberRefExpr &&
                   holds_pointers(clang_getCursorType(clang_getCursorReferenced(base)));
    }
    int first = -1;
    for (int k = 0; !clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
                    k < s->ncaps;
         k++)
        if (clang_equalCursors(s->caps[k].decl, clang_getCursorReferenced(base)))
            first = k;
    /* `d->space->coords` from capture d: the error is space's, which names
     * d; coords is another struct's, which some other capture of its type
     * does not reach here (its name and hint would be wrong) */
    if (through && first >= 0)
        return;
    if (first < 0)
        first = 0;
    for (int j = 0; j < s->ncaps; j++) {
        int k = (first + j) % s->ncaps;
        CXType t = clang_getCanonicalType(clang_getCursorType(s->caps[k].decl));
        if (t.kind != CXType_Pointer)
            continue;
        fe_item *it = fe_item_named(s, s->caps[k].name);
        if (it && it->kind == FE_IT_COPYIN)
            continue;
        CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getPointeeType(t)));
        if (clang_Cursor_isNull(d) || !clang_equalCursors(clang_getCanonicalCursor(d), rec))
            continue;
        char *fname = fe_cxstr(clang_getCursorSpelling(field));
        s->caps[k].member_refused = 1;
        /* one struct reached as s->f (llama2.c's RunState *s): its members
         * taken into locals before the loop travel, as pointers into
         * dvectors do; a table s[i].f is another matter */
        CXType mt = clang_getCanonicalType(clang_getCursorType(field));
        int table = mt.kind != CXType_Pointer ||
                    clang_getCanonicalType(clang_getPointeeType(mt)).kind == CXType_Pointer;
        for (int t = fe_tok_at(w->c, s->body_begin); t + 1 < w->c->ntoks && w->c->toks[t].off < s->body_end; t++)
            table |= !strcmp(w->c->toks[t].spell, s->caps[k].name) && !strcmp(w->c->toks[t + 1].spell, "[");
        enum CXTypeKind pk = mt.kind == CXType_Pointer
                                 ? clang_getCanonicalType(clang_getPointeeType(mt)).kind
                                 : CXType_Invalid;
        int fn = pk == CXType_FunctionProto || pk == CXType_FunctionNoProto;
        fe_error(w->c, fe_offset(clang_getCursorLocation(mem)),
                 fn ? "call the function by name: a function's address differs between "
                      "processes (a member that picks one of several functions can be an int "
                      "or enum the body switches on)"
                 : table ? "tables of pointers are refused: flatten them into one array (index "
                         "arithmetic) or a dvector of rows, and store an index instead of a pointer"
                       : fe_fmt("take the member into a local of a new name before the loop "
                                "('%s *%s_%s = %s->%s;' outside it, '%s_%s' for '%s->%s' inside), "
                                "as for every member the body uses: a pointer into a '#pragma "
                                "strads dvector' allocation travels, the struct does not",
                                fe_cxstr(clang_getTypeSpelling(clang_getPointeeType(
                                    clang_getCursorType(field)))),
                                s->caps[k].name, fname, s->caps[k].name, fname, s->caps[k].name,
                                fname, s->caps[k].name, fname),
                 "the parallel body follows pointer member '%s' of the %s '%s' points "
                 "to; on another node it holds an address of the driver's memory",
                 fname, table ? "elements" : "struct", s->caps[k].name);
        return;
    }
}

static void shallow_member(walk *w, CXCursor mem, int helper)
{
    CXCursor field = clang_getCursorReferenced(mem);
    if (!holds_pointers(clang_getCursorType(field)))
        return;
    {
        int n;
        CXCursor *ch = fe_children(mem, &n);
        /* `tmp.p` on a struct variable of the body: its own memory */
        int direct = n > 0 && clang_getCursorKind(fe_strip(ch[0])) == CXCursor_DeclRefExpr &&
                     !is_ptr(fe_strip(ch[0]));
        free(ch);
        if (!direct) {
            w->dmem = fe_grow(w->dmem, sizeof *w->dmem, &w->capdmem, w->ndmem + 1);
            w->dmem[w->ndmem++] = mem;
        }
    }
    if (helper) { /* the copyin names are known once the body is walked */
        w->pmem = fe_grow(w->pmem, sizeof *w->pmem, &w->cappmem, w->npmem + 1);
        w->pmem[w->npmem++] = mem;
        return;
    }
    CXCursor base = mem;
    for (int guard = 0; guard < 64; guard++) {
        int n;
        CXCursor *ch = fe_children(base, &n);
        if (n == 0) {
            free(ch);
            return;
        }
        base = fe_strip(ch[0]);
        free(ch);
        enum CXCursorKind bk = clang_getCursorKind(base);
        if (bk == CXCursor_DeclRefExpr)
            break;
        if (bk != CXCursor_ArraySubscriptExpr && bk != CXCursor_MemberRefExpr &&
            bk != CXCursor_UnaryOperator)
            return;
    }
    char *name = fe_cxstr(clang_getCursorSpelling(base));
    fe_item *it = fe_item_named(w->s, name);
    if (!it || it->kind != FE_IT_COPYIN)
        return;
    char *fname = fe_cxstr(clang_getCursorSpelling(field));
    fe_error(w->c, fe_offset(clang_getCursorLocation(mem)),
             "copyin copies the elements shallowly; keep what the pointer reaches in a "
             "dvector and store an index instead",
             "the body follows pointer member '%s' of copyin '%s'", fname, name);
}

/*
 * A call, from the body or a helper, to a function defined outside this
 * file (another .c file, or a header of the program's own): stradsc cannot
 * give it a reconnaissance copy, so reconnaissance would run it for real,
 * changing the program's memory without recording what it touches (a
 * library's training step in another file trained twice and planned from
 * no accesses). The C library's functions (declared in system headers)
 * keep running as written.
 */
/* A pointer member of the struct type t is (or t points to): its name, or NULL. */
static enum CXVisitorResult ptr_field(CXCursor f, CXClientData d)
{
    if (clang_getCanonicalType(clang_getCursorType(f)).kind != CXType_Pointer)
        return CXVisit_Continue;
    *(CXCursor *)d = f;
    return CXVisit_Break;
}

static char *pointer_member(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_Record)
        return NULL;
    CXCursor f = clang_getNullCursor();
    clang_Type_visitFields(t, ptr_field, &f);
    return clang_Cursor_isNull(f) ? NULL : fe_cxstr(clang_getCursorSpelling(f));
}

/* The variable an argument is made from (`m`, `&m[i]`, `m + i`, `*m`),
 * when it comes from outside the loop: captured by the body, or a helper's
 * parameter or a global. NULL for the loop's or the helper's own locals. */
static char *outside_root(walk *w, CXCursor arg, int helper);

/* Calls of fn, each a CallExpr, in a subtree. */
typedef struct calls_of {
    CXCursor fn;
    CXCursor *v;
    int n;
} calls_of;

static enum CXChildVisitResult calls_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    calls_of *q = d;
    if (clang_getCursorKind(cur) == CXCursor_CallExpr &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(cur)), q->fn)) {
        q->v = realloc(q->v, (size_t)(q->n + 1) * sizeof *q->v);
        if (!q->v) abort();
        q->v[q->n++] = cur;
    }
    return CXChildVisit_Recurse;
}

/* A helper's parameter: its argument at every call. Outside unless each
 * call is the loop body's own and its argument is the body's (a struct
 * the body fills with its rows, `vec x = {&data[i * K], K}; step(&x)`,
 * as the body may hand it to the function directly); a helper called by
 * another helper is not followed. */
static char *outside_parm(walk *w, CXCursor parm)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int j = -1, n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm)) j = i;
    calls_of q = {clang_getCanonicalCursor(fn), NULL, 0};
    for (int h = 0; h < w->nh && j >= 0; h++) {
        clang_visitChildren(w->helpers[h], calls_visit, &q);
        if (q.n) j = -1; /* called by a helper */
    }
    int nch;
    CXCursor *ch = fe_children(w->s->forc, &nch);
    if (j >= 0 && nch > 0) clang_visitChildren(ch[nch - 1], calls_visit, &q);
    free(ch);
    int outside = j < 0 || q.n == 0;
    for (int k = 0; k < q.n && !outside; k++) {
        if (clang_Cursor_getNumArguments(q.v[k]) <= j) {
            outside = 1;
            break;
        }
        char *r = outside_root(w, clang_Cursor_getArgument(q.v[k], (unsigned)j), 0);
        outside = r != NULL;
        free(r);
    }
    free(q.v);
    return outside ? fe_cxstr(clang_getCursorSpelling(parm)) : NULL;
}

static char *outside_root(walk *w, CXCursor arg, int helper)
{
    for (int guard = 0; guard < 16; guard++) {
        arg = fe_strip(arg);
        enum CXCursorKind k = clang_getCursorKind(arg);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(arg);
            enum CXCursorKind rk = clang_getCursorKind(ref);
            if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
                return NULL;
            int global = clang_getCursorKind(clang_getCursorSemanticParent(ref)) ==
                         CXCursor_TranslationUnit;
            unsigned doff = fe_offset(clang_getCursorLocation(ref));
            if (helper && !global && rk == CXCursor_ParmDecl) return outside_parm(w, ref);
            int outside = helper ? global
                                 : global || !fe_in_main(w->c, clang_getCursorLocation(ref)) ||
                                       doff < w->s->for_begin || doff >= w->s->body_end;
            return outside ? fe_cxstr(clang_getCursorSpelling(ref)) : NULL;
        }
        if (k != CXCursor_UnaryOperator && k != CXCursor_ArraySubscriptExpr &&
            k != CXCursor_BinaryOperator && k != CXCursor_CStyleCastExpr)
            return NULL;
        int n;
        CXCursor *ch = fe_children(arg, &n);
        /* the pointer side of `m + i` / `i + m`; the array of `m[i]` */
        CXCursor next = n > 0 ? ch[n - 1] : clang_getNullCursor();
        for (int i = 0; i < n; i++)
            if (clang_getCanonicalType(clang_getCursorType(ch[i])).kind == CXType_Pointer) {
                next = ch[i];
                break;
            }
        free(ch);
        if (clang_Cursor_isNull(next))
            return NULL;
        arg = next;
    }
    return NULL;
}

/*
 * A function of a header of the program whose definition stradsc can see
 * but not copy (`static inline float sigmoid(float x)` in util.h): run as
 * written in reconnaissance it is harmless when it is a function of its
 * values only. That is: no pointer or array among its parameters and its
 * result, no global it can reach but const ones, no static local, and
 * calls only to the C library or to functions of the same kind.
 */
typedef struct pure_walk {
    int ok, depth;
} pure_walk;

static int value_type(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind != CXType_Pointer && t.kind != CXType_ConstantArray &&
           t.kind != CXType_IncompleteArray && t.kind != CXType_VariableArray &&
           t.kind != CXType_Record;
}

static int pure_fn(CXCursor def, int depth);

static enum CXChildVisitResult pure_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    pure_walk *p = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_VarDecl && clang_Cursor_getStorageClass(cur) == CX_SC_Static)
        p->ok = 0;
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(cur);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk == CXCursor_VarDecl &&
            clang_getCursorKind(clang_getCursorSemanticParent(ref)) == CXCursor_TranslationUnit &&
            !clang_isConstQualifiedType(clang_getCursorType(ref)))
            p->ok = 0;
        if (rk == CXCursor_FunctionDecl &&
            !clang_Location_isInSystemHeader(clang_getCursorLocation(ref))) {
            char *nm = fe_cxstr(clang_getCursorSpelling(ref));
            int builtin = !strncmp(nm, "__builtin", 9);
            free(nm);
            if (!builtin && !pure_fn(clang_getCursorDefinition(ref), p->depth + 1))
                p->ok = 0;
        }
    }
    return p->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static int pure_fn(CXCursor def, int depth)
{
    if (clang_Cursor_isNull(def) || depth > 8 || !value_type(clang_getCursorResultType(def)))
        return 0;
    int n = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < n; i++)
        if (!value_type(clang_getCursorType(clang_Cursor_getArgument(def, i))))
            return 0;
    pure_walk p = {1, depth};
    clang_visitChildren(def, pure_visit, &p);
    return p.ok;
}

static void outside_call(walk *w, CXCursor call, int helper)
{
    fe_site *s = w->s;
    CXCursor ref = clang_getCursorReferenced(call);
    if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
        return; /* through a pointer: refused where it is captured */
    /* never runs: NPB's `if (TIMERS_ENABLED) timer_start(3);` */
    if (w->dead) return;
    CXCursor def = clang_getCursorDefinition(ref);
    if (!clang_Cursor_isNull(def) && fe_in_main(w->c, clang_getCursorLocation(def)))
        return; /* a helper of this file */
    CXFile f;
    clang_getSpellingLocation(clang_getCursorLocation(ref), &f, NULL, NULL, NULL);
    if (!f || clang_Location_isInSystemHeader(clang_getCursorLocation(ref)))
        return; /* a builtin, the C library */
    char *name = fe_cxstr(clang_getCursorSpelling(ref));
    /* GCC's atomics are builtins the reconnaissance copy rewrites (recon_lib.c) */
    if (!strncmp(name, "strads_", 7) || !strncmp(name, "__builtin", 9) ||
        !strncmp(name, "__sync_", 7) || !strncmp(name, "__atomic_", 9)) {
        free(name);
        return;
    }
    /* Whatever the loop kind: data of the driver's handed to a function
     * stradsc cannot look into, holding pointers, which on another node are
     * addresses of the driver's memory (genann's network struct: a worker
     * died by SIGSEGV). */
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, i);
        char *mem = pointer_member(clang_getCursorType(arg)), *root = NULL;
        if (mem && (root = outside_root(w, arg, helper)))
            fe_error(w->c, fe_offset(clang_getCursorLocation(arg)),
                     "keep what the pointers reach in dvectors and pass those to the function "
                     "(or store indices into them in the struct); the function, moved into "
                     "this file, would still follow the struct's pointers",
                     "'%s' is passed to '%s', defined outside this file, and holds pointer "
                     "member '%s': on another node it is an address of the driver's memory",
                     root, name, mem);
        free(mem);
        free(root);
    }
    if (!s->recon_on || pure_fn(def, 0)) {
        if (!pure_fn(def, 0) && !s->calls_out)
            capture_shared_globals(w, fe_offset(clang_getCursorLocation(call)));
        s->calls_out |= !pure_fn(def, 0);
        free(name);
        return;
    }
    /* Called without a declaration: clang declares it implicitly where it
     * is called. Most often a macro whose #define (or a header) is missing,
     * which "defined in another file" would misname. */
    CXFile rf, cf;
    unsigned ro, co;
    clang_getSpellingLocation(clang_getCursorLocation(ref), &rf, NULL, NULL, &ro);
    clang_getSpellingLocation(clang_getCursorLocation(call), &cf, NULL, NULL, &co);
    if (rf && cf && clang_File_isEqual(rf, cf) && ro == co) {
        fe_error(w->c, fe_offset(clang_getCursorLocation(call)),
                 "define the macro, or include the header that declares the function",
                 "'%s' is not declared: is it a macro whose #define is missing, or a function "
                 "whose header is not included?", name);
        free(name);
        return;
    }
    /* (not a header: what a header defines is another file's text, which
     * stradsc does not copy; a new user moved it there and got this again) */
    char *hint = fe_fmt("move '%s' (and what it calls) into this file, where stradsc makes "
                        "its reconnaissance copy (when other files call it too: a static copy "
                        "of it in this file; a header's functions get no copy)%s",
                        name, s->kind == FE_SYNC_FOR ? ", or add recon(off)" : "");
    char *where = NULL;
    if (!clang_Cursor_isNull(def)) {
        CXFile df;
        clang_getSpellingLocation(clang_getCursorLocation(def), &df, NULL, NULL, NULL);
        where = df ? fe_cxstr(clang_getFileName(df)) : NULL;
    }
    fe_error(w->c, fe_offset(clang_getCursorLocation(call)), hint,
             "'%s' is %s%s%s: reconnaissance cannot record what it reads and writes, and "
             "would run it for real",
             name, where ? "defined in " : "not defined in this file", where ? where : "",
             where ? ", not in this file" : "");
    free(where);
    free(hint);
    free(name);
}

/* An if's condition: 1 or 0 when it is a constant (a macro's 0), else -1. */
static int const_cond(CXCursor cond)
{
    CXEvalResult r = clang_Cursor_Evaluate(cond);
    if (!r) return -1;
    int v = clang_EvalResult_getKind(r) == CXEval_Int ? clang_EvalResult_getAsLongLong(r) != 0 : -1;
    clang_EvalResult_dispose(r);
    return v;
}

static void visit(walk *w, CXCursor cur, int helper)
{
    if (w->depth >= 255)
        return;
    w->stack[w->depth++] = cur;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_DeclRefExpr) {
        declref(w, cur, helper); /* the DeclRef is stack[depth - 1] */
        w->depth--;
        return;
    }
    if (k == CXCursor_MemberRefExpr)
        shallow_member(w, cur, helper);
    if (k == CXCursor_MemberRefExpr && clang_Cursor_isBitField(clang_getCursorReferenced(cur)))
        /* reconnaissance records accesses by address; a bit-field has none
         * (gcc failed on the generated file) */
        fe_error(w->c, fe_offset(clang_getCursorLocation(cur)),
                 "make it a plain integer member (or read it into a local before the loop)",
                 "bit-field accessed in a parallel body");
    /* a static const table only read (`static const int lut[] = {...}`):
     * every copy of the body keeps its own, the same in every process */
    if (k == CXCursor_VarDecl && !helper && clang_Cursor_getStorageClass(cur) == CX_SC_Static &&
        !static_const(cur))
        fe_error(w->c, fe_offset(clang_getCursorLocation(cur)),
                 "declare it outside the loop and name it in private() or reduction()",
                 "static variable declared in a parallel body would be shared by all threads");
    if (k == CXCursor_CallExpr) {
        outside_call(w, cur, helper);
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        for (int i = 0; hidden_state[i]; i++)
            if (!strcmp(name, hidden_state[i]) && w->s->kind == FE_ASYNC_FOR && draw_picks(w, cur)) {
                fe_error(w->c, fe_offset(clang_getCursorLocation(cur)),
                         "draw the numbers before the loop into an array the body reads "
                         "(neg[i] = rand() % m: the same numbers as the sequential program), or "
                         "run the loop as 'sync_for sync(hybrid) recon(off)'",
                         "'%s' chooses the elements the body touches: reconnaissance cannot "
                         "foresee its numbers, and the run would draw others", name);
                break;
            } else if (!strcmp(name, hidden_state[i])) {
                unsigned off = fe_offset(clang_getCursorLocation(cur));
                char *hint = fe_fmt("keep a per-thread state with private(seed) and use "
                                    "rand_r(&seed) or your own generator");
                fe_warning(w->c, off, hint,
                           "'%s' uses hidden global state; in a parallel body its sequence "
                           "depends on the schedule", name);
            }
    }
    int n;
    CXCursor *ch = fe_children(cur, &n);
    /* the branch of an if a constant condition never takes: no call in it
     * to a function of another file is refused (its captures are still
     * the outlined body's) */
    int taken = k == CXCursor_IfStmt && n >= 2 ? const_cond(ch[0]) : -1;
    for (int i = 0; i < n; i++) {
        int dead = (taken == 0 && i == 1) || (taken == 1 && i == 2);
        w->dead += dead;
        visit(w, ch[i], helper);
        w->dead -= dead;
    }
    free(ch);
    w->depth--;
}

/* Two captured variables with one name (a local shadowing a global that a
 * helper reads) would need two env fields of that name. */
static void name_clash(walk *w)
{
    fe_site *s = w->s;
    for (int i = 0; i < s->ncaps; i++)
        for (int k = 0; k < i; k++)
            if (!strcmp(s->caps[i].name, s->caps[k].name)) {
                fe_error(w->c, w->first_ref[i], "rename one of them",
                         "the loop body and a function it calls use two variables named '%s'",
                         s->caps[i].name);
                return;
            }
}

/* The loop's first value as x + c (for (int i = k + 1; ...), i = k + 1)? */
static int start_of(fe_ctx *c, fe_site *s, CXCursor *x, long *off)
{
    int n, ok = 0;
    CXCursor *ch = fe_children(s->forc, &n);
    if (n < 1) {
        free(ch);
        return 0;
    }
    CXCursor init = ch[0];
    free(ch);
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        ch = fe_children(init, &n);
        init = n == 1 ? ch[0] : clang_getNullCursor();
        free(ch);
    }
    ch = clang_Cursor_isNull(init) ? NULL : fe_children(init, &n);
    enum CXCursorKind k = clang_Cursor_isNull(init) ? CXCursor_InvalidCode : clang_getCursorKind(init);
    if (ch && n >= 1 && k == CXCursor_VarDecl)
        ok = var_offset(c, ch[n - 1], x, off);
    else if (ch && n == 2 && k == CXCursor_BinaryOperator)
        ok = var_offset(c, ch[1], x, off);
    free(ch);
    return ok;
}

/*
 * An array whose every other use is one iteration's (p[i + b]) and that is
 * also read at rows p[x + c] (below_use): disjoint when the loop starts
 * above every such row, x + c < x + start + bmin, and the body cannot change
 * x (a local, not its own private copy). Else not.
 */
static void below_rows(fe_ctx *c, fe_site *s)
{
    CXCursor x;
    long start;
    int have = start_of(c, s, &x, &start);
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        /* a flat pivot row k * n + j: the loop starts at k + 1 or above */
        if (cp->flat_below && !cp->not_flat &&
            !(have && clang_equalCursors(cp->flat_x, x) && start >= 1 &&
              clang_getCursorKind(clang_getCursorSemanticParent(x)) != CXCursor_TranslationUnit))
            cp->not_flat = 1;
        for (int j = 0; cp->flat_below && !cp->not_flat && j < s->ncaps; j++)
            if (clang_equalCursors(s->caps[j].decl, cp->flat_x) &&
                (s->caps[j].auto_private || s->caps[j].is_item || s->caps[j].bad_write))
                cp->not_flat = 1;
        if (!cp->below_n || cp->not_disjoint)
            continue;
        int ok = have && cp->disj_a == 1 && cp->disj_lvl == 0 && clang_equalCursors(cp->below_x, x) &&
                 cp->below_cmax < start + cp->disj_bmin &&
                 clang_getCursorKind(clang_getCursorSemanticParent(x)) != CXCursor_TranslationUnit;
        for (int j = 0; ok && j < s->ncaps; j++)
            if (clang_equalCursors(s->caps[j].decl, x))
                ok = !s->caps[j].auto_private && !s->caps[j].is_item && !s->caps[j].bad_write;
        if (!ok)
            cp->not_disjoint = 1;
    }
}

void fe_capture(fe_ctx *c, fe_site *s)
{
    walk *w = fe_alloc(sizeof *w);
    w->c = c;
    w->s = s;
    int before = c->nerrors;
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    if (n > 0)
        visit(w, ch[n - 1], 0);
    for (int i = 0; i < w->npmem; i++)
        shallow_member_helper(w, w->pmem[i]);
    for (int i = 0; i < w->ndmem; i++)
        table_member(w, w->dmem[i]);
    for (int i = 0; n > 0 && i < s->ncaps; i++)
        if (s->caps[i].where == FE_V_LOCAL)
            s->caps[i].first_assign = fe_assigned_before_use(c, ch[n - 1], s->caps[i].decl);
    if (n > 0) fe_steer(c, s, ch[n - 1], w->helpers, w->nh);
    fe_reduction_reads(c, s);
    fe_reduction_forms(c, s);
    CXCursor body = n > 0 ? ch[n - 1] : clang_getNullCursor();
    free(ch);
    free(w->pmem);
    free(w->dmem);
    /* a flat row p[i * n + m] whose n only the index names, of a dvector
     * allocated here without row(n): its element is one number, so the
     * runtime's check of n would fail at every call; its slab proof holds
     * whatever the element */
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        if (!cp->not_flat && cp->flat_row && !cp->not_slab && cp->slab_sig &&
            fe_cursor_in(cp->decl, c->dvdecls, c->ndv) && !dv_row(c, cp->decl))
            cp->not_flat = 1;
    }
    name_clash(w);
    if (!clang_Cursor_isNull(body)) unwritten_sections(w, body);
    decide_writes(w);
    carried_items(w);
    below_rows(c, s);
    fe_check_captures(c, s, w->first_ref);
    fe_scope(c, s);
    fe_keyed(c, s);
    free(w->first_ref);
    free(w->helpers);
    free(w);
    if (c->nerrors != before)
        s->kind = 0;
}
