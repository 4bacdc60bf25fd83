/*
 * frontend/clause.c - pass 2: the clauses of one `#pragma strads` line.
 *
 * The grammar (OpenMP words where OpenMP has one, docs/design.md §2):
 *
 *   clauses   := { clause [','] }
 *   clause    := reduction '(' op ':' item {',' item} ')'   op: + * min max
 *              | copyin '(' items ')' | private '(' items ')'
 *              | accumulate '(' name {',' name} ')'
 *              | minibatch '(' expr ')' | threads '(' expr ')'
 *              | sync '(' model ')' | recon '(' on | off ')'
 *              | aggregate '(' name ':' avg | sum | fn ')'    (a written dvector)
 *              | row '(' expr ')'                            (dvector only)
 *   item      := name [ '[' expr ':' expr ']' ]
 *   model     := bsp | ssp '(' e ')' | hybrid | asp | absp '(' e [',' e] ')'
 *              | elastic '(' e ')' | flexpara | custom '(' name ')'
 *
 * Expressions are kept as source text and evaluated by the C compiler at the
 * loop entry. The parser works on the raw pragma text (a backslash-newline is
 * blank), so offsets in diagnostics are offsets in the file.
 */
#include "fe.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct cp {
    fe_ctx *c;
    fe_site *s;
    unsigned p, end;
    int bad;
} cp;

static void blank(cp *x)
{
    const char *t = x->c->src;
    while (x->p < x->end) {
        if (t[x->p] == '\\' && x->p + 1 < x->end &&
            (t[x->p + 1] == '\n' || t[x->p + 1] == '\r'))
            x->p++;
        else if (isspace((unsigned char)t[x->p]))
            x->p++;
        else if (t[x->p] == '/' && x->p + 1 < x->end && t[x->p + 1] == '/')
            x->p = x->end; /* a // comment ends the pragma */
        else if (t[x->p] == '/' && x->p + 1 < x->end && t[x->p + 1] == '*') {
            unsigned q = x->p + 2;
            while (q + 1 < x->end && !(t[q] == '*' && t[q + 1] == '/'))
                q++;
            x->p = q + 2 < x->end ? q + 2 : x->end;
        } else
            break;
    }
}

static int peek(cp *x)
{
    blank(x);
    return x->p < x->end ? x->c->src[x->p] : 0;
}

static void err(cp *x, unsigned off, const char *hint, const char *msg, const char *arg)
{
    if (!x->bad)
        fe_error(x->c, off, hint, msg, arg);
    x->bad = 1;
}

static int expect(cp *x, char ch)
{
    if (peek(x) != ch) {
        char s[2] = {ch, 0};
        err(x, x->p, NULL, "expected '%s' in strads pragma", s);
        return 0;
    }
    x->p++;
    return 1;
}

static char *ident(cp *x)
{
    blank(x);
    unsigned b = x->p;
    const char *t = x->c->src;
    while (x->p < x->end && (isalnum((unsigned char)t[x->p]) || t[x->p] == '_'))
        x->p++;
    if (b == x->p) {
        err(x, b, NULL, "expected a name in strads pragma%s", "");
        return NULL;
    }
    return fe_strndup(t + b, x->p - b);
}

/* An expression up to one of stops at bracket depth 0 (the stop is not eaten). */
static char *expr(cp *x, const char *stops)
{
    blank(x);
    unsigned b = x->p;
    int depth = 0;
    const char *t = x->c->src;
    while (x->p < x->end) {
        char ch = t[x->p];
        if (depth == 0 && strchr(stops, ch))
            break;
        if (ch == '(' || ch == '[')
            depth++;
        else if (ch == ')' || ch == ']')
            depth--;
        x->p++;
    }
    unsigned e = x->p;
    while (e > b && isspace((unsigned char)t[e - 1]))
        e--;
    if (e == b || x->p >= x->end) {
        err(x, x->p, NULL, "expected an expression in strads pragma%s", "");
        return NULL;
    }
    /* Continuations inside an expression become spaces. */
    char *r = fe_strndup(t + b, e - b);
    for (char *q = r; *q; q++)
        if (*q == '\\' && (q[1] == '\n' || q[1] == '\r'))
            *q = ' ';
    return r;
}

static void item_list(cp *x, int kind, char op, int sections)
{
    do {
        blank(x);
        unsigned off = x->p;
        char *name = ident(x);
        if (!name)
            return;
        fe_item it = {kind, op, name, NULL, NULL, off, NULL, 0, 0, 0, 0};
        if (peek(x) == '[') {
            if (!sections) {
                err(x, x->p, "accumulate takes scalar names", "unexpected array section%s", "");
                return;
            }
            x->p++;
            it.lo = expr(x, ":");
            if (!it.lo || !expect(x, ':'))
                return;
            it.len = expr(x, "]");
            if (!it.len || !expect(x, ']'))
                return;
        }
        fe_site *s = x->s;
        s->items = fe_grow(s->items, sizeof *s->items, &s->capitems, s->nitems + 1);
        s->items[s->nitems++] = it;
    } while (peek(x) == ',' && ++x->p);
    expect(x, ')');
}

/*
 * A clause value written as a number is checked here, where the user wrote
 * it (a staleness of -1 hung both ranks at run time). Other expressions are
 * checked by the runtime at loop entry. lo_open: the bound itself is out.
 */
static void check_value(cp *x, unsigned off, const char *e, const char *what, double lo,
                        int lo_open, double hi, const char *hint)
{
    if (!e)
        return;
    char *end;
    double v = strtod(e, &end);
    if (end == e)
        return; /* not a number: a name (`F`, `L` look like suffixes) or an expression */
    while (*end == 'f' || *end == 'F' || *end == 'l' || *end == 'L' || *end == 'u' || *end == 'U' ||
           isspace((unsigned char)*end))
        end++;
    if (end == e || *end)
        return; /* not a plain number */
    if (v < lo || (lo_open && v == lo) || v > hi)
        err(x, off, hint, "%s", fe_fmt("invalid %s '%s'", what, e));
}

static void sync_clause(cp *x)
{
    blank(x);
    unsigned off = x->p;
    char *m = ident(x);
    if (!m)
        return;
    static const struct { const char *name; int kind, nargs; } models[] = {
        {"bsp", 1, 0}, {"ssp", 2, 1}, {"hybrid", 3, 0}, {"asp", 4, 0}, {"absp", 5, 2},
        {"elastic", 6, 1}, {"flexpara", 7, 0}, {"custom", 8, 1},
    };
    int k = -1;
    for (size_t i = 0; i < sizeof models / sizeof *models; i++)
        if (strcmp(models[i].name, m) == 0)
            k = (int)i;
    if (k < 0) {
        err(x, off, "use bsp, ssp(s), hybrid, asp, absp(ratio[,threshold]), elastic(R), "
                    "flexpara or custom(fn)",
            "unknown sync model '%s'", m);
        return;
    }
    x->s->sync_kind = models[k].kind;
    if (models[k].nargs) {
        if (!expect(x, '('))
            return;
        if (models[k].kind == 8) {
            x->s->sync_fn = ident(x);
        } else {
            unsigned aoff = x->p;
            x->s->sync_a = expr(x, ",)");
            if (models[k].kind == 2)
                check_value(x, aoff, x->s->sync_a, "staleness", 0, 0, 1e9,
                            "ssp(s) takes a staleness s >= 0 (clocks a node may run ahead)");
            else if (models[k].kind == 5)
                check_value(x, aoff, x->s->sync_a, "A-BSP ratio", 0, 1, 1,
                            "absp(ratio) takes 0 < ratio <= 1 (the share of a clock's items)");
            else if (models[k].kind == 6)
                check_value(x, aoff, x->s->sync_a, "Elastic BSP bound", 1, 0, 1e9,
                            "elastic(R) takes R >= 1 (clocks between barriers)");
            if (models[k].nargs == 2 && peek(x) == ',') {
                x->p++;
                /* any threshold is valid: 0 swaps at any difference, < 0 never */
                x->s->sync_b = expr(x, ")");
            }
        }
        if (!expect(x, ')'))
            return;
    }
    expect(x, ')');
}

void fe_parse_clauses(fe_ctx *c, fe_site *s)
{
    cp x = {c, s, s->kw_off, s->prag_end, 0};
    while (x.p < x.end && (isalnum((unsigned char)c->src[x.p]) || c->src[x.p] == '_'))
        x.p++; /* the directive word */
    int loop = s->kind != FE_DVECTOR;
    while (!x.bad && peek(&x)) {
        if (peek(&x) == ',') {
            x.p++;
            continue;
        }
        unsigned off = x.p;
        char *w = ident(&x);
        if (!w)
            break;
        if (peek(&x) != '(') {
            err(&x, x.p, NULL, "expected '(' after '%s'", w);
            break;
        }
        x.p++;
        if (loop && strcmp(w, "reduction") == 0) {
            blank(&x);
            unsigned ooff = x.p;
            char op = 0;
            int ch = peek(&x);
            if (ch == '+' || ch == '*') {
                op = c->src[x.p++];
            } else if (ch == '-') {
                /* OpenMP's '-' sums the private copies: the same as '+' */
                err(&x, ooff, "write reduction(+: x): each thread's x -= t are summed the same way",
                    "reduction operator '-' is not supported%s", "");
                break;
            } else if (!(ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))) {
                err(&x, ooff, "use +, *, min or max (bitwise and logical reductions: reduce into an "
                              "int with + or max, e.g. reduction(max: any) with any = 1)",
                    "unsupported reduction operator '%s'", (char[]){(char)ch, 0});
                break;
            } else {
                char *o = ident(&x);
                if (o && strcmp(o, "min") == 0)
                    op = 'm';
                else if (o && strcmp(o, "max") == 0)
                    op = 'M';
            }
            if (!op) {
                err(&x, ooff, "use +, *, min or max", "unknown reduction operator%s", "");
                break;
            }
            if (!expect(&x, ':'))
                break;
            item_list(&x, FE_IT_REDUCTION, op, 1);
        } else if (loop && strcmp(w, "copyin") == 0) {
            item_list(&x, FE_IT_COPYIN, 0, 1);
        } else if (loop && strcmp(w, "private") == 0) {
            item_list(&x, FE_IT_PRIVATE, 0, 1);
        } else if (loop && strcmp(w, "stream") == 0) {
            /* private, each worker's copy seeded apart (an RNG state) */
            item_list(&x, FE_IT_PRIVATE, 's', 0);
        } else if (loop && strcmp(w, "accumulate") == 0) {
            item_list(&x, FE_IT_ACCUMULATE, 0, 0);
        } else if (loop && s->kind == FE_ASYNC_FOR &&
                   (strcmp(w, "minibatch") == 0 || strcmp(w, "recon") == 0)) {
            /* Accepting and ignoring them would let a user believe they
             * tuned something: async_for always runs reconnaissance and
             * cuts its own conflict-free tasks. */
            err(&x, off, "async_for always runs reconnaissance and plans its own tasks; "
                         "use sync_for for minibatch() or recon()",
                "'%s' is only valid on sync_for", w);
            break;
        } else if (loop && strcmp(w, "minibatch") == 0) {
            unsigned voff = x.p;
            s->minibatch = expr(&x, ")");
            check_value(&x, voff, s->minibatch, "minibatch size", 1, 0, 1e18,
                        "minibatch(n) takes n >= 1 iterations per task");
            expect(&x, ')');
        } else if (loop && strcmp(w, "threads") == 0) {
            unsigned voff = x.p;
            s->threads = expr(&x, ")");
            check_value(&x, voff, s->threads, "thread count", 1, 0, 4096,
                        "threads(n) takes 1 <= n <= 4096");
            expect(&x, ')');
        } else if (loop && strcmp(w, "sync") == 0) {
            if (s->kind != FE_SYNC_FOR) {
                err(&x, off, "async_for finds its own schedule; use sync_for for a sync model",
                    "'sync' is only valid on sync_for%s", "");
                break;
            }
            sync_clause(&x);
        } else if (loop && strcmp(w, "recon") == 0) {
            blank(&x);
            unsigned voff = x.p;
            char *v = ident(&x);
            if (v && strcmp(v, "on") == 0)
                s->recon_on = 1;
            else if (v && strcmp(v, "off") == 0)
                s->recon_on = 0;
            else if (v)
                err(&x, voff, "write recon(on) or recon(off)", "bad recon value '%s'", v);
            expect(&x, ')');
        } else if (loop && strcmp(w, "aggregate") == 0) {
            /* How writes to one distributed array combine across workers
             * (sync_for): stored as an item the capture pass checks. */
            blank(&x);
            unsigned noff = x.p;
            char *name = ident(&x);
            if (!name || !expect(&x, ':'))
                break;
            char *how = ident(&x);
            if (!how || !expect(&x, ')'))
                break;
            fe_item it = {FE_IT_AGGREGATE, 'f', name, how, NULL, noff, NULL, 0, 0, 0, 0};
            if (!strcmp(how, "avg"))
                it.op = 'a';
            else if (!strcmp(how, "sum"))
                it.op = 's';
            s->items = fe_grow(s->items, sizeof *s->items, &s->capitems, s->nitems + 1);
            s->items[s->nitems++] = it;
        } else if (!loop && strcmp(w, "row") == 0) {
            unsigned voff = x.p;
            s->row = expr(&x, ")");
            check_value(&x, voff, s->row, "row length", 1, 0, 1e18,
                        "row(n) takes n >= 1 elements per row");
            expect(&x, ')');
        } else {
            err(&x, off,
                loop ? "clauses are reduction, copyin, private, stream, accumulate, minibatch, "
                       "sync, recon, aggregate and threads"
                     : "dvector takes only row(n)",
                "unknown clause '%s'", w);
        }
    }
    if (x.bad)
        s->kind = 0;
}
