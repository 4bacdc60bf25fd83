/*
 * frontend/types.c - pass 5b: what the type of each captured variable
 * means for its trip to another node.
 *
 * Scalars travel natively, pointer-free structs and fixed arrays as blobs,
 * pointers by value only when they point into a distributed array (the same
 * address on every node). Refused, with a hint: function pointers, tables of
 * pointers, structs holding pointers, VLAs, types declared inside the
 * function, pointers to plain heap memory allocated in this file. Pointers
 * the compiler cannot place are checked at loop entry (ptr_check). Also
 * settles the clause items (their types, sections, aggregate() targets) and
 * the element type sync_for's array table needs.
 */
#include "fe.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ptrs {
    int found;
} ptrs;

/* `const T *` for a pointer to t; a pointer to a row is `const T (*)[N]`. */
static char *const_ptr_spelling(CXType t)
{
    t = clang_getCanonicalType(t);
    if (t.kind != CXType_ConstantArray)
        return fe_fmt("const %s *", fe_cxstr(clang_getTypeSpelling(t)));
    char dims[128] = "";
    CXType e = t;
    while (e.kind == CXType_ConstantArray && strlen(dims) < 100) {
        snprintf(dims + strlen(dims), sizeof dims - strlen(dims), "[%lld]", clang_getArraySize(e));
        e = clang_getCanonicalType(clang_getArrayElementType(e));
    }
    return fe_fmt("const %s (*)%s", fe_cxstr(clang_getTypeSpelling(e)), dims);
}

static int has_pointer(CXType t, int depth);

static enum CXVisitorResult field_visit(CXCursor f, CXClientData d)
{
    ptrs *p = d;
    if (has_pointer(clang_getCursorType(f), 1))
        p->found = 1;
    return p->found ? CXVisit_Break : CXVisit_Continue;
}

static int has_pointer(CXType t, int depth)
{
    t = clang_getCanonicalType(t);
    if (depth > 8)
        return 0;
    if (t.kind == CXType_Pointer || t.kind == CXType_BlockPointer)
        return 1;
    if (t.kind == CXType_ConstantArray)
        return has_pointer(clang_getArrayElementType(t), depth + 1);
    if (t.kind == CXType_Record) {
        ptrs p = {0};
        clang_Type_visitFields(t, field_visit, &p);
        return p.found;
    }
    return 0;
}

/* For a hint on a struct the body uses whole (passed to a function):
 * its first pointer field as a local, 'float *w = net.w;'. */
typedef struct first_ptr { char *decl; const char *var; } first_ptr;

static enum CXVisitorResult first_ptr_visit(CXCursor f, CXClientData d)
{
    first_ptr *x = d;
    CXType t = clang_getCursorType(f);
    if (clang_getCanonicalType(t).kind != CXType_Pointer)
        return CXVisit_Continue;
    char *ts = fe_cxstr(clang_getTypeSpelling(t)), *fn = fe_cxstr(clang_getCursorSpelling(f));
    x->decl = fe_fmt("'%s%s%s = %s.%s;' for each pointer field the body uses, its array under "
                     "'#pragma strads dvector', scalars as they are; a function the body calls "
                     "takes those locals as parameters instead of the struct",
                     ts, ts[strlen(ts) - 1] == '*' ? "" : " ", fn, x->var, fn);
    free(ts);
    free(fn);
    return CXVisit_Break;
}

static char *first_ptr_field(CXType rec, const char *var)
{
    first_ptr x = {NULL, var};
    if (rec.kind == CXType_Record)
        clang_Type_visitFields(rec, first_ptr_visit, &x);
    return x.decl ? x.decl
                  : fe_fmt("'float *w = %s.w;' for each pointer field, the array under '#pragma "
                           "strads dvector'; scalars as they are", var);
}

/* How the loop body uses a captured struct that holds pointers: only as
 * d.f of fields without pointers (shipped whole, its pointers never read
 * on another process) or otherwise; and the fields it names, for the hint. */
typedef struct field_uses {
    CXCursor decl;
    const char *name;
    int whole;          /* d itself, or a field holding pointers */
    int passed;         /* d itself (handed to a function) */
    char names[256];    /* the fields named, as declarations for the hint */
} field_uses;

static enum CXChildVisitResult uses_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    field_uses *u = d;
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr ||
        !clang_equalCursors(clang_getCursorReferenced(cur), u->decl))
        return CXChildVisit_Recurse;
    if (clang_getCursorKind(parent) != CXCursor_MemberRefExpr) {
        u->whole = u->passed = 1;
        return CXChildVisit_Continue;
    }
    CXType ft = clang_getCursorType(parent);
    int ptr = has_pointer(ft, 0);
    u->whole |= ptr;
    char *f = fe_cxstr(clang_getCursorSpelling(parent)), *ts = fe_cxstr(clang_getTypeSpelling(ft));
    /* a field of an array type has no declaration of this form (float
     * *[2] rows): flat, as a table of pointers is refused anyway */
    int array = clang_getCanonicalType(ft).kind == CXType_ConstantArray;
    /* a table of row pointers (tinn's float **in): refused as a local too */
    CXType cft = clang_getCanonicalType(ft);
    int table = cft.kind == CXType_Pointer &&
                clang_getCanonicalType(clang_getPointeeType(cft)).kind == CXType_Pointer;
    char *one = array ? fe_fmt("'%s' (an array of pointers: one flat dvector instead)", f)
                : table ? fe_fmt("'%s' (a table of row pointers: one flat dvector of the rows "
                                 "instead, indexed %s[r * cols + c])", f, f)
                : fe_fmt(ptr ? "'%s%s%s = %s.%s;' (its array under '#pragma strads dvector')"
                             : "'%s%s%s = %s.%s;'",
                         ts, ts[strlen(ts) - 1] == '*' ? "" : " ", f, u->name, f);
    if (!strstr(u->names, one) && strlen(u->names) + strlen(one) + 3 < sizeof u->names)
        snprintf(u->names + strlen(u->names), sizeof u->names - strlen(u->names), "%s%s",
                 u->names[0] ? ", " : "", one);
    free(f);
    free(ts);
    free(one);
    return CXChildVisit_Continue;
}

/* Does the loop (its body and the functions of this file it calls, a few
 * calls deep) name a member holding pointers of the struct rec, through
 * whatever base (loc.w of a copy `loc = *m`, m->w, m[i].w)? */
typedef struct ptr_members {
    fe_ctx *c;
    CXType rec;
    int found, depth;
    char *field, *type; /* the first such member, for the hint */
    int fn;             /* ... a function's address */
} ptr_members;

static enum CXChildVisitResult ptr_member_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    ptr_members *u = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_MemberRefExpr) {
        CXCursor f = clang_getCursorReferenced(cur);
        CXType owner = clang_getCanonicalType(clang_getCursorType(clang_getCursorSemanticParent(f)));
        /* m->w itself, or a helper's parameter's p->w: capture.c refuses
         * those where they are; here the copies (loc = *m; loc.w) */
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor base = n > 0 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        int pointer_base = clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
                           clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer;
        if (!pointer_base && clang_equalTypes(owner, u->rec) && has_pointer(clang_getCursorType(f), 0)) {
            u->found = 1;
            u->field = fe_cxstr(clang_getCursorSpelling(f));
            u->type = fe_cxstr(clang_getTypeSpelling(clang_getCursorType(f)));
            CXType ft = clang_getCanonicalType(clang_getCursorType(f));
            enum CXTypeKind pk = ft.kind == CXType_Pointer
                                     ? clang_getCanonicalType(clang_getPointeeType(ft)).kind
                                     : CXType_Invalid;
            u->fn = pk == CXType_FunctionProto || pk == CXType_FunctionNoProto;
        }
    } else if (k == CXCursor_CallExpr && u->depth < 4) {
        CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(cur));
        if (!clang_Cursor_isNull(def) && fe_in_main(u->c, clang_getCursorLocation(def))) {
            u->depth++;
            clang_visitChildren(def, ptr_member_visit, u);
            u->depth--;
        }
    }
    return u->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A copyin section of structs holding pointers that the loop follows (or
 * hands to a function of another file, which may). */
static const char *copyin_pointers(fe_ctx *c, const fe_site *s, CXType ct, const char *name)
{
    CXType pt = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(ct)));
    if (pt.kind != CXType_Record || !has_pointer(pt, 0))
        return NULL;
    ptr_members u = {c, pt, 0, 0, NULL, NULL, 0};
    clang_visitChildren(s->forc, ptr_member_visit, &u);
    if (!u.found && !s->calls_out)
        return NULL;
    const char *hint =
        u.fn ? fe_fmt("a function reached through member '%s' is called by name instead: its "
                      "address differs between processes; a member that picks one of several "
                      "can be an int the body switches on", u.field)
        : u.field ? fe_fmt("'%s%s%s_%s = %s->%s;', its array under '#pragma strads dvector'", u.type,
                         u.type[strlen(u.type) - 1] == '*' ? "" : " ", name, u.field, name, u.field)
                : "its arrays under '#pragma strads dvector'";
    free(u.field);
    free(u.type);
    return hint;
}

static int cls_of(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort:
    case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
        return FE_T_UINT;
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
    case CXType_Long: case CXType_LongLong: case CXType_Enum: case CXType_WChar:
        return FE_T_INT;
    case CXType_Float:
        return FE_T_FLOAT;
    case CXType_Double:
        return FE_T_DOUBLE;
    case CXType_Pointer:
        return FE_T_PTR;
    default:
        return FE_T_BLOB;
    }
}

/* A spelling of the declared type without top-level const, usable at file scope. */
/* The type without its top-level qualifiers: the copy's own variable (an
 * env member, a local) is assigned. `float *const p` spelled "float *const",
 * which no " const" suffix test caught: gcc refused the generated file. */
static char *spelling(CXType t)
{
    char *s = fe_cxstr(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    if (strstr(s, "(unnamed") || strstr(s, "(anonymous"))
        return NULL;
    return s;
}

/* Does the initializer of decl mention a distributed array (p = W + off)? */
static enum CXChildVisitResult dv_ref(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    void **a = d;
    fe_ctx *c = a[0];
    if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
        fe_cursor_in(clang_getCursorReferenced(cur), c->dvdecls, c->ndv)) {
        a[1] = c; /* found */
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static int is_dvector(fe_ctx *c, CXCursor decl)
{
    if (fe_cursor_in(decl, c->dvdecls, c->ndv))
        return 1;
    void *a[2] = {c, NULL};
    clang_visitChildren(decl, dv_ref, a);
    return a[1] != NULL;
}

/* The element count of decl's malloc or calloc as written, or a
 * placeholder that does not compile: a hint's `a[0:n]`, copied as it
 * stood, compiled wherever the program had an n (a row length), and a
 * section shorter than what the body touches corrupted the heap. */
/* Is v a local variable of a function (not static, not global)? */
static int local_var(CXCursor v)
{
    enum CXCursorKind k = clang_getCursorKind(v);
    return (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) &&
           clang_getCursorKind(clang_getCursorSemanticParent(v)) != CXCursor_TranslationUnit &&
           clang_Cursor_getStorageClass(v) != CX_SC_Static;
}

/* The local variable a captured pointer was set to point at when declared
 * (double *ps = &s) and never set again in the function, or a null
 * cursor; the '&' into *at. */
static CXCursor points_at_local(fe_ctx *c, const fe_site *s, const fe_cap *cp, unsigned *at)
{
    CXCursor none = clang_getNullCursor(), d = cp->decl;
    if (clang_getCursorKind(d) != CXCursor_VarDecl || !local_var(d))
        return none;
    CXCursor init = clang_Cursor_getVarDeclInitializer(d);
    if (clang_Cursor_isNull(init))
        return none;
    init = fe_strip(init);

    unsigned b, e;
    fe_extent(init, &b, &e);
    int n;
    if (clang_getCursorKind(init) != CXCursor_UnaryOperator || strcmp(c->toks[fe_tok_at(c, b)].spell, "&"))
        return none;
    CXCursor *ch = fe_children(init, &n);
    CXCursor x = n == 1 ? fe_strip(ch[0]) : none;
    free(ch);
    if (clang_Cursor_isNull(x) || clang_getCursorKind(x) != CXCursor_DeclRefExpr)
        return none;
    CXCursor v = clang_getCursorReferenced(x);
    if (!local_var(v))
        return none;
    unsigned db, de;
    fe_extent(d, &db, &de);
    for (int k = fe_tok_at(c, de); k < c->ntoks && c->toks[k].off < s->fn_end; k++) {
        if (c->toks[k].kind != CXToken_Identifier || strcmp(c->toks[k].spell, cp->name))
            continue;
        CXCursor r = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, c->toks[k].off));
        /* (*ps += v writes what it points at, not ps) */
        if (!clang_equalCursors(clang_getCursorReferenced(r), d) || !fe_tok_written(c, k, fe_tok_at(c, de)))
            continue;
        CXCursor star = k > 0 && !strcmp(c->toks[k - 1].spell, "*")
                            ? clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, c->toks[k - 1].off))
                            : none;
        if (clang_getCursorKind(star) != CXCursor_UnaryOperator)
            return none;
    }
    *at = b;
    return v;
}

static const char *heap_count(fe_ctx *c, CXCursor decl)
{
    for (int i = c->nalloc - 1; i >= 0; i--)
        if (clang_equalCursors(c->allocdecls[i], decl) && c->alloclen[i])
            return c->alloclen[i];
    char *name = fe_cxstr(clang_getCursorSpelling(decl));
    const char *count = fe_fmt("<number of elements of %s>", name);
    free(name);
    return count;
}

/* A sync_for that only adds into an array of integers (cnt[c]++,
 * hist[b] += 1) and leaves it to the default aggregate, the average of
 * the workers' changes: counts came out halved at two workers, exit 0. */
/* Does an expression statement start at token k: after `;`, `{`, `}`,
 * `else`, `do`, or the `)` of an if, for, while or switch? */
static int stmt_begins(fe_ctx *c, int k)
{
    if (k <= 0) return 0;
    const char *p = c->toks[k - 1].spell;
    if (!strcmp(p, ";") || !strcmp(p, "{") || !strcmp(p, "}") || !strcmp(p, "else") || !strcmp(p, "do"))
        return 1;
    if (strcmp(p, ")")) return 0;
    int j = k - 1, depth = 0;
    for (; j >= 0; j--) {
        if (!strcmp(c->toks[j].spell, ")")) depth++;
        else if (!strcmp(c->toks[j].spell, "(") && --depth == 0) break;
    }
    if (j <= 0) return 0;
    const char *kw = c->toks[j - 1].spell;
    return !strcmp(kw, "if") || !strcmp(kw, "for") || !strcmp(kw, "while") || !strcmp(kw, "switch");
}

/* Does the expression statement whose operand ends before token k end
 * there, `;` at its own depth, its value unused? */
static int stmt_ends(fe_ctx *c, int k)
{
    for (int depth = 0; k < c->ntoks; k++) {
        const char *t = c->toks[k].spell;
        if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{")) depth++;
        else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
            if (--depth < 0) return 0;
        } else if (depth == 0 && !strcmp(t, ",")) return 0;
        else if (depth == 0 && !strcmp(t, ";")) return 1;
    }
    return 0;
}

int fe_only_added(fe_ctx *c, const fe_site *s, const fe_cap *cp)
{
    int k0 = fe_tok_at(c, s->body_begin), spelled = 0;
    for (int k = k0; k < c->ntoks && c->toks[k].off < s->body_end; k++) {
        if (strcmp(c->toks[k].spell, cp->name))
            continue;
        spelled++;
        int pre = k > k0 && (!strcmp(c->toks[k - 1].spell, "++") || !strcmp(c->toks[k - 1].spell, "--"));
        int j = k + 1, depth = 0;
        if (j >= c->ntoks || strcmp(c->toks[j].spell, "["))
            return 0;
        for (; j < c->ntoks; j++) {
            const char *t = c->toks[j].spell;
            if (!strcmp(t, "["))
                depth++;
            else if (!strcmp(t, "]") && --depth == 0)
                break;
        }
        const char *op = j + 1 < c->ntoks ? c->toks[j + 1].spell : "";
        /* a statement of its own, its value unused (pos[i] = cnt[k]++
         * reads the count) */
        int ok = pre ? stmt_begins(c, k - 1) && stmt_ends(c, j + 1)
                     : stmt_begins(c, k) &&
                           (((!strcmp(op, "++") || !strcmp(op, "--")) && stmt_ends(c, j + 2)) ||
                            ((!strcmp(op, "+=") || !strcmp(op, "-=")) && stmt_ends(c, j + 2)));
        if (!ok)
            return 0;
    }
    /* every use spelled in the body: none inside a macro's own text
     * (#define RD(k) acc[k] reads it unseen) */
    return spelled > 0 && spelled == cp->body_refs;
}

/* A sync_for whose body adds into a dvector under the default aggregate,
 * which averages: the integers' counts, or floating sums the body never
 * reads (PageRank's prnew[row] += v * pr[col]); a model the body reads
 * and updates is what averaging is for. */
static void warn_averaged_counts(fe_ctx *c, fe_site *s, fe_cap *cp, unsigned off)
{
    if (s->kind != FE_SYNC_FOR || !cp->ptr_stored || cp->ptr_assigned || cp->helper_written ||
        !cp->elem_type)
        return;
    int ints = !strcmp(cp->elem_type, "STRADS_T_I32") || !strcmp(cp->elem_type, "STRADS_T_I64") ||
               !strcmp(cp->elem_type, "STRADS_T_U32") || !strcmp(cp->elem_type, "STRADS_T_U64");
    int reals = !strcmp(cp->elem_type, "STRADS_T_F32") || !strcmp(cp->elem_type, "STRADS_T_F64");
    if (!ints && !(reals && !cp->in_helper && fe_only_added(c, s, cp)))
        return;
    /* each iteration its own elements, or its own flat row (a[i * n + j]
     * of a dvector row(n)) */
    if (!cp->not_own || (!cp->not_disjoint && cp->disj_a) ||
        (cp->flat_row && !cp->not_flat && !cp->flat_below) || (!cp->not_slab && cp->slab_sig) ||
        (!cp->not_col && cp->col_s))
        return;
    for (int k = 0; k < s->nitems; k++)
        if (s->items[k].kind == FE_IT_AGGREGATE && !strcmp(s->items[k].name, cp->name)) return;
    /* A histogram the body never reads (cnt[key[i]]++) is what a
     * reduction is for: each worker adds into a plain copy of its own,
     * where aggregate(sum) tracks what every task touched (NPB IS's key
     * counts: 10-100x the plain loop). A count the body reads (LDA's
     * topic counts) must see the others' changes: aggregate. */
    const char *n = heap_count(c, cp->decl);
    /* a section of rows (int (*nw)[K]) is no reduction: the aggregate only */
    CXType pt = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(cp->decl))));
    int rows = pt.kind == CXType_ConstantArray || pt.kind == CXType_Record;
    fe_warning(c, off,
               rows ? fe_fmt("add aggregate(%s: sum) to add the workers' changes up (a reduction "
                             "takes a flat array of numbers: %s[i * K + k], named whole)",
                             cp->name, cp->name)
               : !cp->in_helper && fe_only_added(c, s, cp)
                   ? fe_fmt("add reduction(+: %s[0:%s]) to give each worker its own copy, summed at "
                            "the end (the fast way: the body only adds into it), or aggregate(%s: "
                            "sum) to add the workers' changes up",
                            cp->name, n, cp->name)
                   : fe_fmt("add aggregate(%s: sum) to add the workers' changes up, or reduction(+: "
                            "%s[0:%s]) to give each worker its own copy",
                            cp->name, cp->name, n),
               ints ? "sync_for adds into the integers of '%s' under the default aggregate, which "
                      "averages the changes of the workers that changed an element: a count that "
                      "several workers add to comes out divided by them"
                    : "sync_for only adds into '%s' under the default aggregate, which averages "
                      "the changes of the workers that changed an element: a sum that several "
                      "workers add to comes out divided by them",
               cp->name);
}


typedef struct scal {
    const char *t;
    int mixed, depth;
} scal;

static const char *scalar_of(CXType t, int depth);

/* Field visitor for scalar_of: every field must be made of one type. */
static enum CXVisitorResult same_scalar(CXCursor f, CXClientData d)
{
    scal *a = d;
    const char *t = scalar_of(clang_getCursorType(f), a->depth + 1);
    if (!t || (a->t && strcmp(a->t, t))) {
        a->mixed = 1;
        return CXVisit_Break;
    }
    a->t = t;
    return CXVisit_Continue;
}

/* The STRADS_T_* that an element of type t is made of, or NULL when it is
 * not one scalar type repeated (a struct mixing int and float). */
static const char *scalar_of(CXType t, int depth)
{
    t = clang_getCanonicalType(t);
    if (depth > 8)
        return NULL;
    switch (t.kind) {
    case CXType_Float: return "STRADS_T_F32";
    case CXType_Double: return "STRADS_T_F64";
    case CXType_Int: case CXType_UInt: return "STRADS_T_I32";
    case CXType_Long: case CXType_LongLong:
        return clang_Type_getSizeOf(t) == 8 ? "STRADS_T_I64" : "STRADS_T_I32";
    case CXType_ULong: case CXType_ULongLong:
        return clang_Type_getSizeOf(t) == 8 ? "STRADS_T_U64" : "STRADS_T_I32";
    case CXType_ConstantArray:
        return scalar_of(clang_getArrayElementType(t), depth + 1);
    case CXType_Record: {
        scal a = {NULL, 0, depth};
        clang_Type_visitFields(t, same_scalar, &a);
        return a.mixed ? NULL : a.t;
    }
    default: return NULL;
    }
}

/* A pointer to rows of a variable length (double (*g)[nx], or [n][m]):
 * its type names a local, which the generated struct at file scope cannot
 * (gcc failed on it). The hint spells the rows' scalar, once per level. */
static void refuse_vla_rows(fe_ctx *c, unsigned off, const char *name, CXType rows, int copyin)
{
    CXType t = rows;
    fe_buf dims = {0}; /* a constant level as it is, a variable one [64] */
    while (t.kind == CXType_VariableArray || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray) {
        if (t.kind == CXType_ConstantArray)
            fe_buf_printf(&dims, "[%lld]", clang_getArraySize(t));
        else
            fe_buf_puts(&dims, "[64]");
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    char *es = fe_cxstr(clang_getTypeSpelling(t));
    fe_error(c, off,
             fe_fmt("declare it with constant row lengths ('%s (*%s)%s', the lengths macros "
                    "or enums), or flat ('%s *%s', indexed %s[i * nx + j], %s)",
                    es, name, dims.p, es, name, name,
                    copyin ? fe_fmt("in copyin(%s[0:n * nx])", name)
                           : "under '#pragma strads dvector row(nx)'"),
             "'%s' points to rows of a variable length, which a parallel body cannot capture",
             name);
    free(dims.p);
    free(es);
}

/* The first `sizeof x` (or `sizeof(x)`, or a macro's) of the variable var
 * in the loop, or 0. */
typedef struct sz_find {
    fe_ctx *c;
    CXCursor var;
    unsigned at;
} sz_find;

static enum CXChildVisitResult sz_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    sz_find *f = d;
    if (f->at) return CXChildVisit_Break;
    if (clang_getCursorKind(cur) == CXCursor_UnaryExpr) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        int k = fe_tok_at(f->c, b);
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor op = n == 1 ? fe_strip(ch[0]) : clang_getNullCursor(); /* the operand, past parentheses */
        free(ch);
        /* sizeof or an alignof, spelled here or in a macro's expansion */
        const char *w = k < f->c->ntoks ? f->c->toks[k].spell : "";
        if (!strstr(w, "alignof") && !strstr(w, "Alignof") && !clang_Cursor_isNull(op) &&
            clang_getCursorKind(op) == CXCursor_DeclRefExpr &&
            clang_equalCursors(clang_getCursorReferenced(op), f->var)) {
            f->at = b;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

void fe_check_captures(fe_ctx *c, fe_site *s, const unsigned *first_ref)
{
    for (int i = 0; i < s->ncaps; i++) {
        fe_cap *cp = &s->caps[i];
        unsigned amp = 0;
        CXCursor local;
        unsigned off = first_ref[i];
        CXType t = clang_getCursorType(cp->decl);
        CXType ct = clang_getCanonicalType(t);
        fe_item *it = fe_item_named(s, cp->name);
        /* A parameter written as an array (PolyBench's double v[N]) is a
         * pointer in C, but libclang gives its type as written: captured
         * as an array it was copied by value from the pointer's bytes
         * (every element 0 at two processes, exit 0) */
        if (fe_array_parm(cp->decl)) {
            CXType e = clang_getCanonicalType(clang_getArrayElementType(ct));
            int rows = e.kind == CXType_ConstantArray, vla = e.kind == CXType_VariableArray;
            char *et = spelling(rows || vla ? clang_getArrayElementType(e) : e);
            /* rows of a variable length cannot be captured: flat, as the
             * refusal of such a pointer says ('double[n] *M' was no C) */
            /* the row's length as the source spells it (w[N][M]: M), or, for
             * a declaration a macro makes (PolyBench's POLYBENCH_2D(A, N, M,
             * n, m)), its value in this build */
            unsigned db, de;
            fe_extent(cp->decl, &db, &de);
            char *dt = fe_text(c, db, de), *lb = strrchr(dt, '['), *rb = lb ? strchr(lb, ']') : NULL;
            char *len = lb && rb && rows ? fe_fmt("%.*s", (int)(rb - lb - 1), lb + 1)
                                         : fe_fmt("%lld", rows ? clang_getArraySize(e) : 0LL);
            int spelled = lb && rb;
            free(dt);
            char *as = rows ? fe_fmt("%s (*%s)[%s]", et ? et : "T", cp->name, len)
                       : vla ? fe_fmt("%s *%s", et ? et : "T", cp->name)
                             : fe_fmt("%s *%s", et ? et : "T", cp->name);
            fe_error(c, off,
                     vla ? fe_fmt("declare it flat, '%s', and index it %s[i * n + j] (rows of a "
                                  "variable length cannot be captured)",
                                  as, cp->name)
                         : fe_fmt("declare the parameter as the pointer it is: '%s'%s", as,
                                  rows && !spelled ? " (the row's length in this build: write the "
                                                     "macro or variable that gives it)"
                                                   : ""),
                     "parameter '%s' is declared as an array: reconnaissance and the loop's "
                     "environment need it written as a pointer",
                     cp->name);
            free(et);
            free(as);
            free(len);
            cp->type = spelling(t);
            continue;
        }
        cp->type = spelling(t);
        cp->cls = cls_of(t);
        cp->is_array = ct.kind == CXType_ConstantArray;
        /* A const array has const elements; libclang drops the qualifier
         * from array element types, so read it from the spelling. */
        if (cp->where == FE_V_GLOBAL &&
            (clang_isConstQualifiedType(t) ||
             (ct.kind == CXType_ConstantArray && cp->type && !strncmp(cp->type, "const ", 6))))
            cp->is_const_global = 1;
        /* what the call's environment holds by value (not a const global,
         * which every process has, nor a private or reduction section) */
        long long bytes = cp->is_array && !cp->is_const_global && !(it && it->lo)
                              ? clang_Type_getSizeOf(ct) : 0;
        if (bytes > (1LL << 20))
            fe_warning(c, off,
                       fe_fmt("allocate it with malloc under '#pragma strads dvector' (it is then "
                              "shipped once and kept by its owners), or, read-only, name it through "
                              "a pointer taken before the loop and add copyin(p[0:%lld]) (shipped "
                              "when it changed)",
                              clang_getArraySize(ct)),
                       cp->where == FE_V_GLOBAL
                           ? "captured global array '%s' (%.1f MB) is sent to the other processes "
                             "at every call of the loop"
                           : "captured array '%s' (%.1f MB) is copied into every call of the loop",
                       cp->name, (double)bytes / (1 << 20));
        if (!cp->type && cp->where != FE_V_GLOBAL)
            fe_error(c, off, "give the type a tag or a typedef name",
                     "captured variable '%s' has an unnamed type", cp->name);
        /* The outlined body lives at file scope: it cannot name a type that
         * is declared inside the enclosing function. */
        CXType bt = ct;
        while (bt.kind == CXType_Pointer || bt.kind == CXType_ConstantArray)
            bt = clang_getCanonicalType(bt.kind == CXType_Pointer ? clang_getPointeeType(bt)
                                                                  : clang_getArrayElementType(bt));
        CXCursor td = clang_getTypeDeclaration(bt);
        if (!clang_Cursor_isNull(td) && clang_getCursorKind(td) != CXCursor_NoDeclFound &&
            clang_getCursorKind(clang_getCursorSemanticParent(td)) == CXCursor_FunctionDecl)
            fe_error(c, off, "move the type's declaration to file scope",
                     "captured '%s' has a type declared inside a function", cp->name);
        if (it && it->kind != FE_IT_COPYIN) {
            cp->is_item = 1;
            it->used = 1;
            it->cls = cp->cls;
            if (it->kind == FE_IT_PRIVATE && it->op == 's' && cp->cls != FE_T_INT &&
                cp->cls != FE_T_UINT)
                fe_error(c, it->off, "keep the generator's state in an integer (uint64_t)",
                         "stream(%s) needs an integer scalar", it->name);
            /* OpenMP's whole array, reduction(+: count) of an int
             * count[4]: the section of all its numbers */
            if (!it->lo && it->kind == FE_IT_REDUCTION && ct.kind == CXType_ConstantArray &&
                it->op != 'm' && it->op != 'M') {
                enum CXTypeKind ek = clang_getCanonicalType(clang_getArrayElementType(ct)).kind;
                if (ek >= CXType_Bool && ek <= CXType_LongDouble) {
                    it->lo = fe_strdup("0");
                    it->len = fe_fmt("%lld", clang_getArraySize(ct));
                }
            }
            /* ... and private(x) of a fixed array (NPB EP's double x[2 * NK]):
             * each worker's own zero-filled copy of all of it; of rows, a
             * gcc error in the generated copy before */
            if (!it->lo && it->kind == FE_IT_PRIVATE && it->op != 's' && ct.kind == CXType_ConstantArray) {
                enum CXTypeKind ek = clang_getCanonicalType(clang_getArrayElementType(ct)).kind;
                if (ek >= CXType_Bool && ek <= CXType_LongDouble) {
                    it->lo = fe_strdup("0");
                    it->len = fe_fmt("%lld", clang_getArraySize(ct));
                } else
                    fe_error(c, it->off,
                             fe_fmt("declare '%s' flat, with one index (%s[i * M + j]), and name all "
                                    "of it, private(%s[0:N*M]); or declare it inside the loop body",
                                    it->name, it->name, it->name),
                             "private '%s' is an array of rows or structs", it->name);
            }
            if (it->lo) {
                CXType e = ct.kind == CXType_Pointer ? clang_getPointeeType(ct)
                                                     : clang_getArrayElementType(ct);
                it->type = fe_cxstr(clang_getTypeSpelling(
                    ct.kind == CXType_Pointer ? clang_getPointeeType(t) : e));
                if (ct.kind != CXType_Pointer && ct.kind != CXType_ConstantArray &&
                    ct.kind != CXType_VariableArray)
                    fe_error(c, it->off, NULL, "'%s' is not an array or pointer", it->name);
                /* a reduction adds elements: a section of rows (cm[0:L] of
                 * int cm[L][L]) was a gcc error in the generated fold */
                enum CXTypeKind ek = clang_getCanonicalType(e).kind;
                if (it->kind == FE_IT_REDUCTION && (ek < CXType_Bool || ek > CXType_LongDouble))
                    fe_error(c, it->off,
                             fe_fmt("reduce a flat array of numbers: declare '%s' with one "
                                    "index (%s[i * M + j]) and name all of it, %s[0:N*M]",
                                    it->name, it->name, it->name),
                             "reduction section '%s' has elements that are not numbers (rows of "
                             "an array, structs)",
                             it->name);
                /* a section written with numbers past a fixed array's end
                 * (a[0:1000] of int a[10]) wrote past it at run time */
                if (ct.kind == CXType_ConstantArray) it->fixed_n = clang_getArraySize(ct);
                /* A section (private, reduction, accumulate, copyin of a fixed
                 * array) reaches the body as a pointer to its elements: there
                 * `sizeof buf` is a pointer's size, and memset(buf, 0, sizeof buf)
                 * cleared one element (exit 0). */
                if (ct.kind == CXType_ConstantArray) {
                    sz_find f = {c, cp->decl, 0};
                    clang_visitChildren(s->forc, sz_visit, &f);
                    if (f.at) {
                        long long bytes = clang_Type_getSizeOf(ct);
                        char *et = spelling(clang_getArrayElementType(ct));
                        fe_error(c, f.at,
                                 fe_fmt("write the size itself, sizeof(%s[%lld]) (%lld bytes here), or count "
                                        "the elements",
                                        et ? et : "T", clang_getArraySize(ct), bytes),
                                 "sizeof of '%s', which the loop's %s clause gives the body as a pointer to "
                                 "its section: there it is a pointer's size",
                                 cp->name,
                                 it->kind == FE_IT_PRIVATE ? "private" : it->kind == FE_IT_REDUCTION ? "reduction"
                                 : it->kind == FE_IT_ACCUMULATE ? "accumulate" : "copyin");
                        free(et);
                    }
                }
                char *ep1 = NULL, *ep2 = NULL;
                long long l0 = it->lo ? strtoll(it->lo, &ep1, 10) : 0,
                          n0 = it->len ? strtoll(it->len, &ep2, 10) : 0;
                if (ct.kind == CXType_ConstantArray && ep1 && !*ep1 && ep2 && !*ep2 && it->lo[0] &&
                    it->len[0] && (l0 < 0 || n0 < 0 || l0 + n0 > clang_getArraySize(ct)))
                    fe_error(c, it->off, NULL, "section %s[%s:%s] is past the end of '%s' (%lld elements)",
                             it->name, it->lo, it->len, it->name, clang_getArraySize(ct));
                if (it->kind == FE_IT_REDUCTION && (it->op == 'm' || it->op == 'M'))
                    fe_error(c, it->off, "use + or * for an array section, or a scalar",
                             "min/max reduction of an array section is not supported");
            } else {
                it->type = cp->type;
                if (cp->cls == FE_T_PTR || cp->cls == FE_T_BLOB) {
                    if (it->kind == FE_IT_PRIVATE && cp->cls == FE_T_PTR)
                        fe_error(c, it->off,
                                 fe_fmt("if each iteration sets '%s' before using it (OpenMP's "
                                        "private(%s)), leave it out of the clause: such a "
                                        "variable is each worker's own already; "
                                        "private(%s[0:n]) gives each worker a zero-filled "
                                        "buffer of n elements to point to",
                                        it->name, it->name, it->name),
                                 "private pointer '%s' needs a section", it->name);
                    else if (it->kind != FE_IT_PRIVATE)
                        fe_error(c, it->off,
                                 ct.kind == CXType_LongDouble
                                     ? fe_fmt("the runtime combines float, double and integer "
                                              "types: keep the total in a double declared "
                                              "before the loop, name that in the clause, and "
                                              "add it to '%s' after the loop", it->name)
                                 : it->kind == FE_IT_REDUCTION && ct.kind == CXType_ConstantArray &&
                                         (it->op == 'm' || it->op == 'M')
                                     ? fe_fmt("min and max reductions take scalars: for an "
                                              "array of running minima or maxima run the loop "
                                              "as async_for, or keep each in a scalar of its own")
                                 : it->kind == FE_IT_REDUCTION && ct.kind == CXType_ConstantArray
                                     ? fe_fmt("reduce a flat array of numbers: declare '%s' with "
                                              "one index (%s[i * M + j]) and name it whole",
                                              it->name, it->name)
                                 : it->kind == FE_IT_REDUCTION && cp->cls == FE_T_PTR
                                     ? fe_fmt("name the section of numbers it points to: "
                                              "reduction(+: %s[0:<number of elements>])",
                                              it->name)
                                 : it->kind == FE_IT_REDUCTION
                                     ? fe_fmt("a struct is no reduction: keep the sums it holds "
                                              "in an array of numbers and name its section "
                                              "(reduction(+: g[0:n])); a struct of floats only "
                                              "may be reached so through a pointer, 'float *g = "
                                              "(float *)&%s;' before the loop",
                                              it->name)
                                     : NULL,
                                 ct.kind == CXType_LongDouble
                                     ? "'%s' is a long double, which this clause does not take"
                                     : "'%s' is not an arithmetic scalar", it->name);
                }
            }
            continue;
        }
        if (it && it->kind == FE_IT_COPYIN) {
            const char *ptr_hint = NULL;
            it->used = 1;
            if (ct.kind == CXType_ConstantArray && it->lo)
                /* copyin(sandbox[0:490]) of a fixed array: what the clause is
                 * for, the loop does already */
                fe_error(c, it->off,
                         fe_fmt("drop the clause: the loop takes '%s' with its other captured "
                                "values at every call (a large one: name it through a pointer "
                                "taken before the loop, 'p', and write copyin(p[0:n]))",
                                it->name),
                         "copyin takes a pointer, and '%s' is an array", it->name);
            else if (ct.kind != CXType_Pointer || !it->lo)
                fe_error(c, it->off, fe_fmt("write copyin(%s[0:n])", it->name),
                         "copyin needs a pointer and a section");
            else if (clang_getCanonicalType(clang_getPointeeType(ct)).kind == CXType_Pointer)
                /* the section's bytes are the driver's addresses */
                fe_error(c, it->off,
                         "tables of pointers are refused: flatten them into one array (index "
                         "arithmetic), copyin(p[0:n*d]), or a dvector of rows",
                         "copyin '%s' is a table of pointers", it->name);
            else if ((ptr_hint = copyin_pointers(c, s, ct, it->name)))
                /* the section's structs hold the driver's addresses: writes
                 * through them on a worker went to its own copy of a
                 * dvector and were lost (genann's `net = *ann;
                 * net.weight[k] -= ...`), reads found garbage */
                fe_error(c, it->off,
                         fe_fmt("before the loop, take the members the body uses into local "
                                "variables (%s; scalars as they are) and use those in the body",
                                ptr_hint),
                         "copyin '%s' holds pointers the loop follows: on another process they "
                         "are addresses of this one", it->name);
            else if (cp->ptr_stored)
                /* each process writes its own copy, and the writes are lost */
                fe_error(c, it->off,
                         fe_fmt("copyin is read-only input; mark the allocation of what '%s' "
                                "points to '#pragma strads dvector' so that writes are kept",
                                it->name),
                         "the loop writes through copyin pointer '%s'", it->name);
            if (ct.kind == CXType_Pointer &&
                clang_getCanonicalType(clang_getPointeeType(ct)).kind == CXType_VariableArray) {
                refuse_vla_rows(c, it->off, cp->name, clang_getCanonicalType(clang_getPointeeType(ct)), 1);
                continue;
            }
            cp->is_copyin = 1;
            if (ct.kind == CXType_Pointer) {
                /* floats, rows of them or structs of them (k-means'
                 * centroids as float (*C)[D]: new reconnaissance at every
                 * call where they moved) */
                const char *st = scalar_of(clang_getPointeeType(ct), 0);
                cp->copyin_real = st && (!strcmp(st, "STRADS_T_F32") || !strcmp(st, "STRADS_T_F64"));
            }
            continue;
        }
        switch (ct.kind) {
        case CXType_Pointer: {
            CXType pt = clang_getCanonicalType(clang_getPointeeType(ct));
            if (pt.kind == CXType_VariableArray) {
                refuse_vla_rows(c, off, cp->name, pt, 0);
                break;
            }
            /* For sync_for's array table: read-only input may be any
             * element (its type is not used: it is fetched, not combined;
             * an unlisted char or short array was never fetched, and other
             * nodes read zeros, exit 0), a written model must be one
             * scalar. */
            cp->elem_type = (char *)scalar_of(pt, 0);
            if (!cp->elem_type && !cp->ptr_written && clang_Type_getSizeOf(pt) > 0)
                cp->elem_type = "STRADS_T_I32";
            /* Elements that are not numbers, written only as the
             * iterations' own (d[j].distance = ... of a kNN's struct of a
             * label and a distance; a bool flag per item): written in
             * place, never combined, so their type does not matter. The
             * engine stops if at run time they are not the own (a pointer
             * into the middle of the array, a row of several elements). */
            if (!cp->elem_type && s->kind == FE_SYNC_FOR && cp->ptr_written && !cp->helper_written &&
                !cp->not_own && !cp->member_refused && clang_Type_getSizeOf(pt) > 0 &&
                (pt.kind == CXType_Record || pt.kind == CXType_ConstantArray ||
                 (pt.kind >= CXType_FirstBuiltin && pt.kind <= CXType_LastBuiltin &&
                  pt.kind != CXType_Void)) &&
                !has_pointer(pt, 0)) {
                cp->elem_type = "STRADS_T_I32";
                cp->elem_bytes = 1;
            }
            /* sync_for combines each node's changes as numbers: short,
             * char, _Bool and long double elements have no such type (on 2
             * nodes the loop stopped with a misleading message, or with
             * recon(off) lost updates) */
            if (s->kind == FE_SYNC_FOR && cp->ptr_written && !cp->elem_type && !cp->member_refused &&
                clang_Type_getSizeOf(pt) > 0 && pt.kind != CXType_FunctionProto &&
                pt.kind != CXType_FunctionNoProto && pt.kind != CXType_Pointer &&
                pt.kind != CXType_Void)
                fe_error(c, off,
                         !cp->ptr_through
                             ? fe_fmt("if the loop only reads it, hold it in pointers to const: "
                                      "declare the member or variable it is stored in, or the "
                                      "parameter it is passed to, '%s'. %s",
                                      const_ptr_spelling(pt),
                                      pt.kind == CXType_Record ? "Where the loop adds to its members (sums, counts: p->total += v, also in a function it calls), add into local variables named in reduction(+: ...) and add those to the members after the loop; else keep the members the loop writes in arrays of their own, or use async_for"
                                                               : "Else store the array as int, long, float or double (or use async_for)")
                         : pt.kind == CXType_Record
                             ? "where the loop adds to its members (sums, counts: p->total += v), add "
                               "into local variables named in reduction(+: ...) and add those to the "
                               "members after the loop; else keep the members the loop writes in "
                               "arrays of their own (float "
                               "*x and int *label beside each other, indexed alike), or give "
                               "the struct members all int, long, float or double of one type (or use async_for)"
                             : "store the array as int, long, float or double, or as structs "
                               "of one of them (or use async_for)",
                         !cp->ptr_through
                             ? "sync_for cannot combine writes to '%s': the body stores or passes "
                               "the pointer where stradsc cannot follow it, so the loop may write its "
                               "elements, which are not int, long, float or double, nor structs "
                               "made of one of them"
                             : "sync_for cannot combine writes to '%s': its elements are not int, "
                               "long, float or double, nor structs made of one of them", cp->name);
            char *pn = fe_cxstr(clang_getTypeSpelling(pt));
            int stream = !strcmp(pn, "FILE") || !strcmp(pn, "struct _IO_FILE");
            free(pn);
            if (stream)
                /* the driver's stream: another process has none, and reading
                 * it in turn would be the sequential order anyway */
                fe_error(c, off, "read the data before the loop, e.g. into a '#pragma strads "
                                 "dvector' array the body indexes",
                         "FILE stream '%s' used in a parallel body", cp->name);
            else if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto)
                fe_error(c, off, "call the function by name: function addresses differ "
                                 "between processes",
                         "function pointer '%s' captured by a parallel body", cp->name);
            else if (pt.kind == CXType_Pointer)
                fe_error(c, off, "tables of pointers are refused: flatten them into one array "
                                 "marked '#pragma strads dvector row(n)' and index it "
                                 "p[i*n + k]",
                         "captured '%s' is a table of pointers", cp->name);
            else if (is_dvector(c, cp->decl))
                warn_averaged_counts(c, s, cp, off);
            else if (fe_cursor_in(cp->decl, c->heapdecls, c->nheap) && cp->ptr_written) {
                /* copyin's copies of an array the loop writes are thrown
                 * away: offering it would hint at a wrong answer; and a
                 * sync_for's dvector averages what the workers add
                 * (cnt[c]++: counts halved at two workers) */
                const char *n = heap_count(c, cp->decl);
                fe_error(c, off,
                         s->kind == FE_SYNC_FOR && cp->ptr_stored && !cp->ptr_assigned
                             ? fe_fmt("the loop adds into it: add reduction(+: %s[0:%s]) (each worker "
                                      "adds into its own copy, summed at the end), or mark its "
                                      "allocation '#pragma strads dvector' and add aggregate(%s: sum)",
                                      cp->name, n, cp->name)
                         : s->kind == FE_SYNC_FOR
                             ? fe_fmt("the loop writes through it: mark its allocation '#pragma "
                                      "strads dvector' (the workers' changes are averaged; "
                                      "aggregate(%s: sum) adds them), or add private(%s[0:%s]) if "
                                      "each worker's writes are its own scratch",
                                      cp->name, cp->name, n)
                             : fe_fmt("the loop writes through it: mark its allocation '#pragma "
                                      "strads dvector', or add private(%s[0:%s]) if each "
                                      "iteration's writes are its own scratch",
                                      cp->name, n),
                         "captured pointer '%s' of unknown extent", cp->name);
            } else if (fe_cursor_in(cp->decl, c->heapdecls, c->nheap)) {
                const char *n = heap_count(c, cp->decl);
                fe_error(c, off,
                         fe_fmt("mark its allocation '#pragma strads dvector', or add "
                                "copyin(%s[0:%s]) or private(%s[0:%s])",
                                cp->name, n, cp->name, n),
                         "captured pointer '%s' of unknown extent", cp->name);
            }
            else if (!clang_Cursor_isNull(local = points_at_local(c, s, cp, &amp))) {
                char *v = fe_cxstr(clang_getCursorSpelling(local));
                fe_error(c, off,
                         cp->ptr_written
                             ? fe_fmt("each process has its own copy of '%s': a worker's writes "
                                      "through '%s' reach no other, and another process cannot read "
                                      "it; for a sum, add reduction(+: %s) and write '%s += ...' in "
                                      "the body; for a value each iteration sets and uses, declare "
                                      "it in the body", v, cp->name, v, v)
                             : fe_fmt("addresses differ between processes: use '%s' itself in the "
                                      "body (its value is shipped to every worker)", v),
                         "captured pointer '%s' points to the local variable '%s'", cp->name, v);
                fe_note(c, amp, "'%s' is set to point at '%s' here", cp->name, v);
                free(v);
            } else {
                cp->ptr_check = 1;
            }
            break;
        }
        case CXType_Record:
        case CXType_ConstantArray: {
            /* a struct whose pointers the body never reads (tinn.nb of a
             * network that also holds its weights) travels whole: its
             * pointers are addresses of this process, unused elsewhere */
            field_uses u = {cp->decl, cp->name, cp->in_helper || ct.kind != CXType_Record, 0, ""};
            if (has_pointer(ct, 0))
                clang_visitChildren(s->forc, uses_visit, &u);
            /* fields named, and for a struct handed whole to a function its
             * pointer fields too */
            char *ex = u.names[0] && u.passed ? fe_fmt("%s, %s", u.names, first_ptr_field(ct, cp->name))
                       : u.names[0]           ? fe_strdup(u.names)
                                              : first_ptr_field(ct, cp->name);
            if (has_pointer(ct, 0) && u.whole)
                fe_error(c, off,
                         ct.kind == CXType_ConstantArray
                             /* a table of strings (const char *terms[] = {"w7", ...}) */
                             ? fe_fmt("its pointers reach another process as addresses of this "
                                      "one: keep what they point to in the array itself (strings "
                                      "as 'char %s[N][LEN] = {\"...\", ...}'), or in a "
                                      "'#pragma strads dvector' array the body indexes", cp->name)
                             : fe_fmt("a pointer copied in a struct reaches another process as an "
                                      "address of this one: before the loop, take the fields the body "
                                      "uses into local variables (%s) and use those in the body",
                                      ex),
                         "captured '%s' holds pointers", cp->name);
            break;
        }
        case CXType_VariableArray:
        case CXType_IncompleteArray:
        case CXType_DependentSizedArray:
            fe_error(c, off,
                     fe_fmt("allocate it with malloc under '#pragma strads dvector'; if the loop "
                            "only reads it, take a pointer to it before the loop ('%s *%s_p = "
                            "%s;') and use that, with copyin(%s_p[0:n]); if each iteration fills "
                            "it first, declare it inside the loop body",
                            fe_cxstr(clang_getTypeSpelling(clang_getArrayElementType(ct))),
                            cp->name, cp->name, cp->name),
                     "variable-length array '%s' captured by a parallel body", cp->name);
            break;
        default:
            break;
        }
    }
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        if (it->kind != FE_IT_AGGREGATE)
            continue;
        for (int k = 0; k < s->ncaps; k++)
            if (!strcmp(s->caps[k].name, it->name) && s->caps[k].cls == FE_T_PTR)
                it->used = 1;
        if (!it->used)
            fe_error(c, it->off, "aggregate() names a pointer to a distributed array that "
                                 "the body writes",
                     "'%s' is not a distributed array used by this loop", it->name);
        else if (s->kind != FE_SYNC_FOR)
            fe_warning(c, it->off, NULL, "aggregate() only matters for sync_for");
    }
    /* A private scalar the body updates is state carried from iteration to
     * iteration (an RNG): which rows an iteration touches then depends on
     * the order, which reconnaissance cannot know in advance. */
    for (int i = 0; i < s->nitems; i++) {
        fe_item *it = &s->items[i];
        /* not when each iteration assigns it before reading it (a C89
         * temporary): nothing is carried */
        fe_cap *cp = NULL;
        for (int k = 0; k < s->ncaps; k++)
            if (!strcmp(s->caps[k].name, it->name))
                cp = &s->caps[k];
        int temp = cp && cp->first_assign;
        if (s->kind == FE_ASYNC_FOR && s->recon_on && it->kind == FE_IT_PRIVATE && !it->lo &&
            it->written && !temp)
            fe_warning(c, it->off, "if it picks the rows an iteration touches, use "
                                   "'sync_for sync(hybrid) recon(off)'",
                       "async_for plans from reconnaissance, but private '%s' carries state "
                       "between iterations", it->name);
    }
    for (int i = 0; i < s->nitems; i++)
        /* private(i) of the loop's own variable, as OpenMP code writes it:
         * each iteration has its own i anyway */
        if (!s->items[i].used && s->items[i].kind != FE_IT_AGGREGATE &&
            !(s->items[i].kind == FE_IT_PRIVATE && s->ivar && !strcmp(s->items[i].name, s->ivar)))
            fe_warning(c, s->items[i].off, NULL, "'%s' is not used in the loop body",
                       s->items[i].name);
}

