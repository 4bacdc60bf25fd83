/*
 * frontend/diag.c - diagnostics in clang's shape, so editors and people read
 * them the same way:
 *
 *   file.c:12:5: error: what is wrong
 *       the source line
 *       ^
 *   hint: what to change
 *
 * Positions are byte offsets in the main file; columns count bytes from 1
 * like clang's. Output goes to stderr in the order the passes find problems,
 * which is file order within each pass, so it is deterministic.
 */
#include "fe.h"

#include <stdio.h>

/* Said before at this place, word for word? A helper two loops call is
 * walked for each, and its diagnostics were printed twice. */
static int said(fe_ctx *c, unsigned off, const char *level, const char *msg)
{
    uint64_t h = 1469598103934665603ull ^ off;
    for (const char *p = level; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (const char *p = msg; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (int i = 0; i < c->nsaid; i++)
        if (c->said[i] == h)
            return 1;
    c->said = fe_grow(c->said, sizeof *c->said, &c->capsaid, c->nsaid + 1);
    c->said[c->nsaid++] = h;
    return 0;
}

static int report(fe_ctx *c, unsigned off, const char *level, const char *hint,
                  const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (said(c, off, level, msg))
        return 0;
    unsigned line, col;
    const char *at = fe_where(c, off, &line, &col);
    fprintf(stderr, "%s:%u:%u: %s: %s\n", at, line, col, level, msg);
    unsigned b = fe_line_start(c, off), e = b;
    while (e < c->srclen && c->src[e] != '\n')
        e++;
    fprintf(stderr, "%.*s\n", (int)(e - b), c->src + b);
    /* Keep tabs so the caret lines up under tab-indented code. */
    for (unsigned i = b; i < off && i < e; i++)
        fputc(c->src[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
    if (hint)
        fprintf(stderr, "hint: %s\n", hint);
    return 1;
}

void fe_error(fe_ctx *c, unsigned off, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    c->nprinted += report(c, off, "error", hint, fmt, ap);
    va_end(ap);
    c->nerrors++;
}

void fe_warning(fe_ctx *c, unsigned off, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, off, "warning", hint, fmt, ap);
    va_end(ap);
    c->nwarnings++;
}

void fe_note(fe_ctx *c, unsigned off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, off, "note", NULL, fmt, ap);
    va_end(ap);
}
