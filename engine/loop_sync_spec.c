/*
 * engine/loop_sync_spec.c - which sync model a sync_for site runs under.
 *
 * The pragma's sync(...) clause is the default; STRADS_SYNC (set directly or
 * by `strads-run --sync SPEC`) overrides it at launch so that users can
 * compare models without recompiling:
 *
 *   spec   := entry { ',' entry }          commas inside (...) do not split
 *   entry  := [ file ':' line '=' ] model  file matches the site's base name
 *   model  := bsp | ssp(s) | hybrid | asp | absp(r[,t]) | elastic(R)
 *           | flexpara [ '(' bsp | absp(r[,t]) ')' ] | custom(name)
 *
 * FlexPara is a partitioning layer: it decides which node runs which split,
 * and the model in its parentheses (default bsp) how the nodes synchronize
 * over that placement. flexpara(absp(r,t)) keeps r (a) and t (b); its swaps
 * are off, since FlexPara places the splits.
 *
 * An entry naming a site wins over one without. The variable is parsed once,
 * on the driver (the only process that resolves models: the choice travels
 * in the loop call), and a malformed one is an error naming the bad part,
 * never a silent default.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loop.h"

typedef struct sync_rule {
    char file[128]; /* "" for every site */
    unsigned line;
    strads_sync_spec spec;
    char custom[64];
} sync_rule;

#define MAX_RULES 64
static sync_rule rules[MAX_RULES];
static int nrules = -1; /* -1: STRADS_SYNC not parsed yet */

static const char *const names[] = {
    [STRADS_SYNC_DEFAULT] = "bsp", [STRADS_SYNC_BSP] = "bsp",
    [STRADS_SYNC_SSP] = "ssp",     [STRADS_SYNC_HYBRID] = "hybrid",
    [STRADS_SYNC_ASP] = "asp",     [STRADS_SYNC_ABSP] = "absp",
    [STRADS_SYNC_ELASTIC] = "elastic", [STRADS_SYNC_FLEXPARA] = "flexpara",
    [STRADS_SYNC_CUSTOM] = "custom",
};

const char *rt_sync_name(strads_sync_kind kind)
{
    if ((unsigned)kind < sizeof names / sizeof names[0]) return names[kind];
    return "?";
}

/* Number in [lo,hi) of text, the whole of it; -1 if not. */
static int parse_num(const char *s, size_t len, double *out)
{
    char buf[64], *end;
    if (len == 0 || len >= sizeof buf) return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    *out = strtod(buf, &end);
    return *end || end == buf ? -1 : 0;
}

int rt_sync_parse_one(const char *s, size_t len, strads_sync_spec *out, char *err, size_t errlen)
{
    while (len && isspace((unsigned char)*s)) s++, len--;
    while (len && isspace((unsigned char)s[len - 1])) len--;
    size_t w = 0;
    while (w < len && (isalpha((unsigned char)s[w]))) w++;
    const char *args = NULL;
    size_t alen = 0;
    if (w < len) {
        if (s[w] != '(' || s[len - 1] != ')') goto bad;
        args = s + w + 1;
        alen = len - w - 2;
    }
    memset(out, 0, sizeof *out);
    int kind = -1;
    for (int k = STRADS_SYNC_BSP; k <= STRADS_SYNC_CUSTOM; k++)
        if (strlen(names[k]) == w && strncmp(s, names[k], w) == 0) kind = k;
    if (kind < 0) goto bad;
    out->kind = (strads_sync_kind)kind;
    /* arguments: none, one number, or two numbers */
    int want_min = 0, want_max = 0;
    switch (out->kind) {
    case STRADS_SYNC_SSP: case STRADS_SYNC_ELASTIC: want_min = want_max = 1; break;
    case STRADS_SYNC_ABSP: want_min = 1, want_max = 2; break;
    case STRADS_SYNC_CUSTOM: want_min = want_max = -1; break;
    default: break;
    }
    if (want_min == -1) {
        if (!args || !alen) goto bad;
        return 0; /* the caller keeps the name */
    }
    if (!args) {
        if (want_min) goto bad;
        return 0;
    }
    if (out->kind == STRADS_SYNC_FLEXPARA) {
        strads_sync_spec in = {STRADS_SYNC_BSP, 0, 0, 0, NULL};
        if (args && rt_sync_parse_one(args, alen, &in, err, errlen)) goto bad;
        if (in.kind != STRADS_SYNC_BSP && in.kind != STRADS_SYNC_ABSP) {
            snprintf(err, errlen,
                     "bad sync model '%.*s': flexpara combines with bsp or absp(R[,T]) only "
                     "(flexpara(%s) is not available)",
                     (int)len, s, names[in.kind]);
            return STRADS_ECONFIG;
        }
        out->a = in.kind == STRADS_SYNC_ABSP ? in.a : 1;
        out->b = in.b;
        out->has_b = in.has_b;
        return 0;
    }
    if (!want_max) goto bad;
    const char *comma = memchr(args, ',', alen);
    if (comma && want_max < 2) goto bad;
    size_t l1 = comma ? (size_t)(comma - args) : alen;
    if (parse_num(args, l1, &out->a)) goto bad;
    if (comma && parse_num(comma + 1, alen - l1 - 1, &out->b)) goto bad;
    out->has_b = comma != NULL; /* absp(R,0): threshold 0, not the default */
    if (out->kind == STRADS_SYNC_SSP && (out->a < 0 || out->a != (double)(long)out->a)) goto bad;
    if (out->kind == STRADS_SYNC_ABSP && (out->a <= 0 || out->a > 1)) goto bad;
    if (out->kind == STRADS_SYNC_ELASTIC && out->a < 1) goto bad;
    return 0;
bad:
    snprintf(err, errlen,
             "bad sync model '%.*s': expected bsp, ssp(S) with S >= 0, hybrid, asp, "
             "absp(R[,T]) with 0 < R <= 1, elastic(R), flexpara[(bsp|absp(R[,T]))] or "
             "custom(NAME)",
             (int)len, s);
    return STRADS_ECONFIG;
}

static int parse_env(const char *v, char *err, size_t errlen)
{
    nrules = 0;
    if (!v) return 0;
    const char *p = v;
    while (*p) {
        int depth = 0;
        const char *q = p;
        while (*q && !(depth == 0 && *q == ',')) {
            if (*q == '(') depth++;
            if (*q == ')') depth--;
            q++;
        }
        size_t len = (size_t)(q - p);
        if (nrules == MAX_RULES) {
            snprintf(err, errlen, "STRADS_SYNC: more than %d entries", MAX_RULES);
            return STRADS_ECONFIG;
        }
        sync_rule *r = &rules[nrules];
        memset(r, 0, sizeof *r);
        const char *eq = memchr(p, '=', len), *m = p;
        size_t mlen = len;
        if (eq) {
            const char *colon = NULL;
            for (const char *c = p; c < eq; c++)
                if (*c == ':') colon = c;
            char *end;
            unsigned long line = colon ? strtoul(colon + 1, &end, 10) : 0;
            if (!colon || colon == p || end != eq || !line ||
                (size_t)(colon - p) >= sizeof r->file) {
                snprintf(err, errlen, "STRADS_SYNC: bad entry '%.*s': expected FILE:LINE=MODEL or MODEL",
                         (int)len, p);
                return STRADS_ECONFIG;
            }
            memcpy(r->file, p, (size_t)(colon - p));
            r->line = (unsigned)line;
            m = eq + 1;
            mlen = len - (size_t)(m - p);
        }
        char why[256];
        if (rt_sync_parse_one(m, mlen, &r->spec, why, sizeof why)) {
            snprintf(err, errlen, "STRADS_SYNC=%s: %s", v, why);
            return STRADS_ECONFIG;
        }
        if (r->spec.kind == STRADS_SYNC_CUSTOM) {
            const char *o = memchr(m, '(', mlen);
            size_t nl = mlen - (size_t)(o - m) - 2;
            snprintf(r->custom, sizeof r->custom, "%.*s", (int)nl, o + 1);
        }
        nrules++;
        p = *q ? q + 1 : q;
        if (*p == 0 && *q == ',') {
            snprintf(err, errlen, "STRADS_SYNC=%s: empty entry at the end", v);
            return STRADS_ECONFIG;
        }
    }
    return 0;
}

int rt_sync_check(const char *v, char *err, size_t errlen)
{
    int rc = parse_env(v, err, errlen);
    nrules = -1; /* parsed again from the configuration at the first sync_for */
    return rc;
}

static const char *base_name(const char *f)
{
    const char *s = f ? strrchr(f, '/') : NULL;
    return s ? s + 1 : f ? f : "";
}

int rt_sync_resolve(const strads_loop_site *site, const strads_sync_spec *clause,
                    strads_sync_spec *out)
{
    if (nrules < 0) {
        char err[512];
        int rc = parse_env(rt_cfg()->sync, err, sizeof err);
        if (rc) {
            rt_error("%s", err);
            nrules = -1;
            return rc;
        }
    }
    const sync_rule *any = NULL, *mine = NULL;
    for (int i = 0; i < nrules; i++) {
        const sync_rule *r = &rules[i];
        if (!r->file[0])
            any = r;
        else if (r->line == site->line && strcmp(base_name(r->file), base_name(site->file)) == 0)
            mine = r;
    }
    const sync_rule *r = mine ? mine : any;
    if (r) {
        *out = r->spec;
        if (out->kind == STRADS_SYNC_CUSTOM) out->custom_fn = r->custom;
    } else if (clause && clause->kind != STRADS_SYNC_DEFAULT) {
        *out = *clause;
    } else {
        memset(out, 0, sizeof *out);
        out->kind = STRADS_SYNC_BSP;
    }
    return 0;
}
