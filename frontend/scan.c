/*
 * frontend/scan.c - pass 1: find the `#pragma strads` lines of the main file.
 *
 * The main file is tokenized once (libclang lexes the raw file, directives and
 * #if'd-out text included); every later pass looks tokens up in c->toks.
 * A pragma is the tokens `# pragma strads` starting a line, up to the end of
 * the logical line (backslash continuations join lines). Pragmas inside a
 * range the preprocessor skipped (#if 0, #ifdef NOPE) are ignored, as the
 * compiler ignores them. A pragma spelled with _Pragma("strads ...") can only
 * come from a macro, where its position cannot be tied to one loop in the
 * source, so it is refused. So is a pragma in a file the main file includes
 * (`#include "kernels.c"`): stradsc rewrites only the file it compiles, and
 * the compiler would ignore the pragma, running the loop sequentially.
 */
#include "fe.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void tokenize(fe_ctx *c)
{
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(c->tu, c->file, 0),
                                       clang_getLocationForOffset(c->tu, c->file,
                                                                  (unsigned)c->srclen));
    CXToken *t;
    unsigned n;
    clang_tokenize(c->tu, all, &t, &n);
    c->toks = fe_alloc(sizeof *c->toks * (n + 1));
    for (unsigned i = 0; i < n; i++) {
        fe_token *k = &c->toks[i];
        CXSourceRange r = clang_getTokenExtent(c->tu, t[i]);
        k->kind = clang_getTokenKind(t[i]);
        clang_getExpansionLocation(clang_getRangeStart(r), NULL, &k->line, &k->col, &k->off);
        k->end = fe_offset(clang_getRangeEnd(r));
        k->spell = fe_cxstr(clang_getTokenSpelling(c->tu, t[i]));
    }
    c->ntoks = (int)n;
    /* A sentinel so that lookahead past the last token needs no bounds check. */
    c->toks[n] = (fe_token){CXToken_Punctuation, (unsigned)c->srclen, (unsigned)c->srclen,
                            0, 0, ""};
    clang_disposeTokens(c->tu, t, n);
    fe_extent_tokens(c);
}

static int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }

/* The line of the first `# pragma strads` of file f that starts a line
 * and is not in a range the preprocessor skipped, or 0. Its tokens, not
 * its text: a comment or a string that spells one is not one. */
static unsigned first_pragma(CXTranslationUnit tu, CXFile f, size_t len)
{
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, f, 0),
                                       clang_getLocationForOffset(tu, f, (unsigned)len));
    CXSourceRangeList *sk = clang_getSkippedRanges(tu, f);
    CXToken *t = NULL;
    unsigned n = 0, found = 0, prev_line = 0;
    clang_tokenize(tu, all, &t, &n);
    for (unsigned i = 0; i + 2 < n && !found; i++) {
        unsigned line, off;
        clang_getSpellingLocation(clang_getTokenLocation(tu, t[i]), NULL, &line, NULL, &off);
        int starts = i == 0 || line != prev_line;
        prev_line = line;
        if (!starts || fe_skipped(sk, off))
            continue;
        char *w[3];
        for (int k = 0; k < 3; k++) w[k] = fe_cxstr(clang_getTokenSpelling(tu, t[i + k]));
        unsigned l2;
        clang_getSpellingLocation(clang_getTokenLocation(tu, t[i + 2]), NULL, &l2, NULL, NULL);
        if (!strcmp(w[0], "#") && !strcmp(w[1], "pragma") && !strcmp(w[2], "strads") && l2 == line)
            found = line;
        for (int k = 0; k < 3; k++) free(w[k]);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
    if (sk)
        clang_disposeSourceRangeList(sk);
    return found;
}

typedef struct incl {
    fe_ctx *c;
    CXFile *seen;
    int nseen, capseen;
} incl;

static void included(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
    incl *in = d;
    fe_ctx *c = in->c;
    if (depth == 0 || clang_File_isEqual(f, c->file))
        return;
    CXSourceLocation at = clang_getLocationForOffset(c->tu, f, 0);
    if (clang_Location_isInSystemHeader(at))
        return;
    for (int i = 0; i < in->nseen; i++)
        if (clang_File_isEqual(in->seen[i], f))
            return;
    in->seen = fe_grow(in->seen, sizeof *in->seen, &in->capseen, in->nseen + 1);
    in->seen[in->nseen++] = f;
    size_t len = 0;
    unsigned line = clang_getFileContents(c->tu, f, &len) ? first_pragma(c->tu, f, len) : 0;
    if (!line)
        return;
    /* said at the main file's #include that brings it in */
    CXFile mf;
    unsigned off = 0;
    clang_getExpansionLocation(stack[depth - 1], &mf, NULL, NULL, &off);
    char *name = fe_cxstr(clang_getFileName(f));
    fe_error(c, off,
             fe_fmt("build '%s' with stradscc as a file of its own (a translation unit linked "
                    "with this one), or move the loop into this file",
                    name),
             "'%s' has '#pragma strads' at line %u: stradsc translates the file it compiles, not "
             "the files it includes (the compiler would run the loop sequentially)",
             name, line);
}

/*
 * Returns the number of pragmas found; errors (macro pragmas, unknown
 * directives, pragmas in included files) are counted in c->nerrors.
 */
int fe_scan(fe_ctx *c)
{
    incl in = {c, NULL, 0, 0};
    clang_getInclusions(c->tu, included, &in);
    free(in.seen);
    tokenize(c);
    CXSourceRangeList *sk = clang_getSkippedRanges(c->tu, c->file);
    for (int i = 0; i < c->ntoks; i++) {
        fe_token *t = &c->toks[i];
        if (t->kind == CXToken_Identifier && is(t, "_Pragma") && is(&t[1], "(") &&
            t[2].kind == CXToken_Literal && strncmp(t[2].spell, "\"strads", 7) == 0 &&
            !fe_skipped(sk, t->off)) {
            fe_error(c, t->off, "write `#pragma strads ...` on its own line right before the loop",
                     "a strads pragma produced by a macro (_Pragma) is not supported");
            continue;
        }
        if (!is(t, "#") || (i > 0 && t[-1].line == t->line))
            continue;
        if (!is(&t[1], "pragma") || !is(&t[2], "strads") || t[2].line != t->line)
            continue;
        if (fe_skipped(sk, t->off))
            continue;
        c->sites = fe_grow(c->sites, sizeof *c->sites, &c->capsites, c->nsites + 1);
        fe_site *s = &c->sites[c->nsites++];
        s->prag_begin = t->off;
        s->prag_end = fe_logical_end(c, t->off);
        s->line = t->line;
        s->col = t->col;
        s->where = fe_where(c, t->off, &s->wline, &(unsigned){0});
        s->recon_on = 1;
        fe_token *w = &t[3];
        if (w->off >= s->prag_end) {
            fe_error(c, t[2].end, "use async_for, sync_for or dvector",
                     "expected a directive after '#pragma strads'");
            continue;
        }
        s->kw_off = w->off;
        if (is(w, "async_for"))
            s->kind = FE_ASYNC_FOR;
        else if (is(w, "sync_for"))
            s->kind = FE_SYNC_FOR;
        else if (is(w, "dvector"))
            s->kind = FE_DVECTOR;
        else {
            fe_error(c, w->off, "use async_for, sync_for or dvector",
                     "unknown strads directive '%s'", w->spell);
            continue;
        }
        fe_parse_clauses(c, s);
    }
    clang_disposeSourceRangeList(sk);
    return c->nsites;
}
