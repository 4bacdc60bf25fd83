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
