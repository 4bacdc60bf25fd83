/*
 * range_hint.c - tells gcc the range of the loop variable in the body's
 * function.
 *
 * In the sequential loop `for (int i = 0; i < n; i++)` gcc knows 0 <= i < n
 * and uses it (a band's `if (j >= 0 && j < n)` test, the sign of i in
 * `(long)i * w`); in the outlined body i comes from an int64_t or an order,
 * and the same inner loop ran slower. The body states the range
 * with the loop's own bound expressions,
 *     if (i < (lo) || i >= (hi)) __builtin_unreachable();
 * which holds for every iteration the runtime hands it. It is only written
 * when the expressions mean in the body what they meant at the call:
 * constants (a macro's), or literals, operators and captured integer
 * locals the body does not assign (the body's copy of a local keeps the
 * value it had at the call).
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

static int is(const fe_token *t, const char *s)
{
    return !strcmp(t->spell, s);
}

/* Whether the body assigns name or takes its address (then its copy may
 * change under the hint). */
static int body_writes(const fe_ctx *c, const fe_site *s, const char *name)
{
    int k0 = fe_tok_at(c, s->body_begin);
    for (int k = k0; k < c->ntoks && c->toks[k].off < s->body_end; k++)
        if (is(&c->toks[k], name) && fe_tok_written(c, k, k0))
            return 1;
    return 0;
}

static int literal_op(const fe_token *t)
{
    static const char *const ops[] = {"+", "-", "*", "/", "%", "(", ")", "<<", ">>", NULL};
    if (t->kind == CXToken_Literal)
        return t->spell[0] >= '0' && t->spell[0] <= '9';
    if (t->kind != CXToken_Punctuation)
        return 0;
    for (int o = 0; ops[o]; o++)
        if (is(t, ops[o]))
            return 1;
    return 0;
}

/* The last child of cur (an initializer's value, a comparison's right
 * side), or a null cursor. */
static CXCursor last_child(CXCursor cur)
{
    int n = 0;
    CXCursor *k = fe_children(cur, &n), r = clang_getNullCursor();
    if (n > 0)
        r = k[n - 1];
    free(k);
    return r;
}

/* cls: the class (FE_T_INT, FE_T_UINT) of the loop variable, which a
 * captured variable must share: mixed, C's comparison converts where the
 * runtime's int64_t range does not. */
static int safe_name(fe_ctx *c, const fe_site *s, const fe_token *t, int cls)
{
    for (int i = 0; i < s->ncaps; i++) {
        const fe_cap *cp = &s->caps[i];
        if (strcmp(cp->name, t->spell))
            continue;
        return cp->cls == cls && !cp->is_array &&
               !cp->is_item && !cp->auto_private && !cp->is_counter &&
               (cp->is_const_global || cp->where != FE_V_GLOBAL) && !body_writes(c, s, cp->name);
    }
    return 0;
}

/* The bound's text for the body: a constant (a macro's, an enum's, a const
 * local's the body does not capture) as its value; else the source text
 * when made of literals, operators and safe captured names; else NULL. */
static char *bound_text(fe_ctx *c, const fe_site *s, CXCursor expr, const char *text, unsigned b,
                        unsigned e, int cls)
{
    long long v;
    if (!clang_Cursor_isNull(expr) && fe_int_const(expr, &v))
        return fe_fmt("%lldLL", v);
    int k = fe_tok_at(c, b), any = 0;
    for (; k < c->ntoks && c->toks[k].off < e; k++, any = 1) {
        const fe_token *t = &c->toks[k];
        if (t->kind == CXToken_Identifier ? !safe_name(c, s, t, cls) : !literal_op(t))
            return NULL;
    }
    return any ? fe_strdup(text) : NULL;
}

char *fe_range_hint(fe_ctx *c, const fe_site *s)
{
    CXType ty = clang_getCanonicalType(clang_getCursorType(s->ivar_decl));
    int cls = ty.kind == CXType_Bool || ty.kind == CXType_Char_U || ty.kind == CXType_UChar ||
                      ty.kind == CXType_UShort || ty.kind == CXType_UInt ||
                      ty.kind == CXType_ULong || ty.kind == CXType_ULongLong
                  ? FE_T_UINT
                  : FE_T_INT;
    /* for's children: init (i = lo, or a declaration whose value is lo),
     * condition (i < hi), increment, body */
    int nk = 0;
    CXCursor *k = fe_children(s->forc, &nk);
    CXCursor lo = clang_getNullCursor(), hi = clang_getNullCursor();
    if (nk == 4) {
        lo = k[0];
        if (clang_getCursorKind(lo) == CXCursor_DeclStmt)
            lo = last_child(lo);
        lo = last_child(lo);
        hi = last_child(k[1]);
    }
    free(k);
    /* an empty range of constants: no iteration to state it for, and
     * clang's -Wall calls the test tautological */
    long long lv, hv;
    if (!clang_Cursor_isNull(lo) && !clang_Cursor_isNull(hi) && fe_int_const(lo, &lv) &&
        fe_int_const(hi, &hv) && (s->hi_incl ? lv > hv : lv >= hv))
        return NULL;
    char *lt = s->lo ? bound_text(c, s, lo, s->lo, s->lo_b, s->lo_e, cls) : NULL;
    char *ht = lt && s->hi ? bound_text(c, s, hi, s->hi, s->hi_b, s->hi_e, cls) : NULL;
    if (!ht) {
        free(lt);
        return NULL;
    }
    /* The user's own comparisons, so the warnings (sign, type limits)
     * would be theirs; the hint is ours, and says nothing. */
    char *r = fe_fmt("_Pragma(\"GCC diagnostic push\") "
                  "_Pragma(\"GCC diagnostic ignored \\\"-Wtype-limits\\\"\") "
                  "_Pragma(\"GCC diagnostic ignored \\\"-Wsign-compare\\\"\") "
                  "if (%s < (%s) || %s %s (%s)) __builtin_unreachable(); "
                  "_Pragma(\"GCC diagnostic pop\")",
                  s->ivar, lt, s->ivar, s->hi_incl ? ">" : ">=", ht);
    free(lt);
    free(ht);
    return r;
}
