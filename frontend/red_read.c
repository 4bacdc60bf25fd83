/*
 * frontend/red_read.c - an async_for body that reads its own reduction
 * variable.
 *
 * Each thread (and node) adds into a private copy of a reduction scalar,
 * folded after the loop. A body that reads it (`s += w[i]; if (s > cap)
 * w[i] = -1;`) sees its thread's partial sum, which no serial order of the
 * loop gives: the answer depended on the split (exit 0). An async_for
 * promises a serial order, so such a read is refused. Allowed: the
 * variable as the target of its update (`s += e`, `s++`, `s = s + e`),
 * its address given to a function (a helper that adds through it), and
 * any use of a min or max reduction (`if (v < mn) mn = v;`: a partial
 * minimum compared and replaced gives the serial one). A sync_for's
 * workers hold private copies by its models' definition (docs/sync-models.md).
 */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

static int is(const fe_token *t, const char *s) { return !strcmp(t->spell, s); }

static int update_op(const fe_token *t)
{
    static const char *const ops[] = {"+=", "-=", "*=", "&=", "|=", "^=", "++", "--", NULL};
    for (int o = 0; ops[o]; o++)
        if (is(t, ops[o])) return 1;
    return 0;
}

static int binary_op(const fe_token *t)
{
    static const char *const ops[] = {"+", "-", "*", "&", "|", "^", NULL};
    for (int o = 0; ops[o]; o++)
        if (is(t, ops[o])) return 1;
    return 0;
}

/* Does the token at k name the variable declared at decl (not a member, not
 * a local of the body that shadows it)? */
static int names(fe_ctx *c, const fe_site *s, int k)
{
    const fe_token *T = c->toks;
    if (k > 0 && (is(&T[k - 1], ".") || is(&T[k - 1], "->"))) return 0;
    CXCursor at = clang_getCursor(c->tu, clang_getLocationForOffset(c->tu, c->file, T[k].off));
    CXCursor d = clang_getCursorReferenced(at);
    if (clang_Cursor_isNull(d) || clang_getCursorKind(d) != CXCursor_VarDecl) return 0;
    unsigned db, de;
    fe_extent(d, &db, &de);
    return !(db >= s->body_begin && db < s->body_end);
}

void fe_reduction_reads(fe_ctx *c, fe_site *s)
{
    if (s->kind != FE_ASYNC_FOR) return;
    const fe_token *T = c->toks;
    int k0 = fe_tok_at(c, s->body_begin);
    for (int i = 0; i < s->nitems; i++) {
        const fe_item *it = &s->items[i];
        if (it->kind != FE_IT_REDUCTION || it->lo || it->op == 'm' || it->op == 'M') continue;
        int skip = -1; /* the second s of `s = s + e` */
        for (int k = k0; k < c->ntoks && T[k].off < s->body_end; k++) {
            if (T[k].kind != CXToken_Identifier || !is(&T[k], it->name) || k == skip) continue;
            if (!names(c, s, k)) continue;
            if (k + 1 < c->ntoks && update_op(&T[k + 1])) continue;
            if (k > k0 && (is(&T[k - 1], "++") || is(&T[k - 1], "--") || is(&T[k - 1], "&"))) continue;
            if (k + 3 < c->ntoks && is(&T[k + 1], "=") && is(&T[k + 2], it->name) &&
                binary_op(&T[k + 3])) {
                skip = k + 2;
                continue;
            }
            fe_error(c, T[k].off,
                     fe_fmt("each thread adds into its own copy of '%s', folded after the loop, so "
                            "no serial order gives what the body reads; test it after the loop, or "
                            "keep the running value in a distributed array the loop writes",
                            it->name),
                     "async_for: the body reads its reduction variable '%s'", it->name);
            break;
        }
    }
}

/* The end of the expression an assignment's right side starts at k: the
 * first ';' or ',' outside brackets, or the ')' that closes one around it. */
static int rhs_end(const fe_ctx *c, const fe_site *s, int k)
{
    const fe_token *T = c->toks;
    int depth = 0;
    for (; k < c->ntoks && T[k].off < s->body_end; k++) {
        if (is(&T[k], "(") || is(&T[k], "[") || is(&T[k], "{")) depth++;
        else if (is(&T[k], ")") || is(&T[k], "]") || is(&T[k], "}")) {
            if (--depth < 0) return k;
        } else if (depth == 0 && (is(&T[k], ";") || is(&T[k], ","))) return k;
    }
    return k;
}

static int arith(const fe_token *t)
{
    return is(t, "+") || is(t, "-") || is(t, "*") || is(t, "/") || is(t, "%");
}

/* Is `x = RHS` (RHS the tokens b .. e - 1) an update of reduction op?
 * +: x + E, x - E, E + x (one x); *: x * E, E * x (one x, no + or -
 * outside brackets); min and max: x anywhere but as an operand of
 * arithmetic (fmax(x, v), v > x ? v : x, or not at all). */
static int rhs_fits(fe_ctx *c, const fe_site *s, const fe_item *it, int b, int e)
{
    const fe_token *T = c->toks;
    int n = 0, at = -1, depth = 0, sum = 0;
    for (int k = b; k < e; k++) {
        if (is(&T[k], "(") || is(&T[k], "[")) depth++;
        else if (is(&T[k], ")") || is(&T[k], "]")) depth--;
        else if (depth == 0 && k > b && (is(&T[k], "+") || is(&T[k], "-"))) sum = 1;
        if (T[k].kind != CXToken_Identifier || !is(&T[k], it->name) || !names(c, s, k)) continue;
        n++, at = k;
        if ((it->op == 'm' || it->op == 'M') &&
            ((k > b && arith(&T[k - 1])) || (k + 1 < e && arith(&T[k + 1]))))
            return 0;
    }
    if (it->op == 'm' || it->op == 'M') return 1;
    if (n != 1) return 0;
    const char *op = it->op == '+' ? "+" : "*";
    int first = at == b && at + 1 < e && (is(&T[at + 1], op) || (it->op == '+' && is(&T[at + 1], "-")));
    int last = at == e - 1 && at > b && is(&T[at - 1], op);
    return (first || last) && (it->op == '+' || !sum);
}

void fe_reduction_forms(fe_ctx *c, fe_site *s)
{
    const fe_token *T = c->toks;
    int k0 = fe_tok_at(c, s->body_begin);
    for (int i = 0; i < s->nitems; i++) {
        const fe_item *it = &s->items[i];
        if (it->kind != FE_IT_REDUCTION || it->lo) continue;
        const char *how = it->op == '+'   ? "'%s += e', '%s -= e', '%s++' or '%s = %s + e'"
                          : it->op == '*' ? "'%s *= e' or '%s = %s * e'"
                                          : "'if (v %s %s) %s = v' or '%s = %s(%s, v)'";
        const char *opname = it->op == '+' ? "+" : it->op == '*' ? "*" : it->op == 'm' ? "min" : "max";
        for (int k = k0; k < c->ntoks && T[k].off < s->body_end; k++) {
            if (T[k].kind != CXToken_Identifier || !is(&T[k], it->name) || !names(c, s, k)) continue;
            const fe_token *nx = k + 1 < c->ntoks ? &T[k + 1] : NULL;
            const fe_token *pv = k > k0 ? &T[k - 1] : NULL;
            int bad = 0;
            if (nx && is(nx, "=")) {
                int e = rhs_end(c, s, k + 2);
                bad = !rhs_fits(c, s, it, k + 2, e);
            } else if (nx && (update_op(nx) || is(nx, "/=") || is(nx, "%=") || is(nx, "<<=") ||
                              is(nx, ">>="))) {
                bad = it->op == '+'   ? !(is(nx, "+=") || is(nx, "-=") || is(nx, "++") || is(nx, "--"))
                      : it->op == '*' ? !is(nx, "*=")
                                      : 1;
            } else if (pv && (is(pv, "++") || is(pv, "--"))) {
                bad = it->op != '+';
            }
            if (!bad) continue;
            const char *n = it->name;
            char *hint = it->op == '+' || it->op == '*'
                             ? fe_fmt(how, n, n, n, n, n)
                             : fe_fmt(how, it->op == 'm' ? "<" : ">", n, n, n,
                                      it->op == 'm' ? "fmin" : "fmax", n);
            fe_error(c, T[k].off,
                     fe_fmt("each worker updates its own copy of '%s', and the copies are folded "
                            "with %s after the loop: an update of another form makes the answer "
                            "depend on how the iterations are split; update it as %s, or drop it "
                            "from reduction() and compute it after the loop",
                            n, opname, hint),
                     "'%s' is a reduction(%s) variable but the body updates it in another form", n,
                     opname);
            free(hint);
            break;
        }
    }
}
