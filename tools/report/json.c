/*
 * tools/report/json.c - recursive-descent JSON reader (RFC 8259) for
 * strads-report. Strict: a trailing comma, a bare word or an unterminated
 * string is an error at its line and column, so a truncated trace file (a
 * run that was killed while writing it) is reported, not half drawn.
 * Nesting is limited so a hostile file cannot exhaust the stack.
 */
#include "tools/report/json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256

typedef struct rd {
    const char *s;
    size_t len, pos;
    int line, col;
    char *err;
    size_t errlen;
    int failed;
} rd;

static int fail(rd *r, const char *what)
{
    if (!r->failed)
        snprintf(r->err, r->errlen, "%d:%d: %s%s", r->line, r->col, what,
                 r->pos >= r->len ? " (the file ends here: truncated?)" : "");
    r->failed = 1;
    return -1;
}

static int peek(const rd *r) { return r->pos < r->len ? (unsigned char)r->s[r->pos] : -1; }

static void adv(rd *r)
{
    if (r->s[r->pos] == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    r->pos++;
}

static void skip_ws(rd *r)
{
    for (int c = peek(r); c == ' ' || c == '\t' || c == '\n' || c == '\r'; c = peek(r)) adv(r);
}

static js_val *new_val(rd *r, js_type t)
{
    js_val *v = calloc(1, sizeof *v);
    if (!v) {
        fail(r, "out of memory");
        return NULL;
    }
    v->type = t;
    v->line = r->line;
    v->col = r->col;
    return v;
}

static int hex4(rd *r, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(r);
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return fail(r, "expected 4 hex digits after \\u");
        adv(r);
    }
    *out = v;
    return 0;
}

static size_t put_utf8(char *d, unsigned cp)
{
    if (cp < 0x80) return d[0] = (char)cp, 1;
    if (cp < 0x800) return d[0] = (char)(0xC0 | cp >> 6), d[1] = (char)(0x80 | (cp & 0x3F)), 2;
    if (cp < 0x10000)
        return d[0] = (char)(0xE0 | cp >> 12), d[1] = (char)(0x80 | (cp >> 6 & 0x3F)),
               d[2] = (char)(0x80 | (cp & 0x3F)), 3;
    return d[0] = (char)(0xF0 | cp >> 18), d[1] = (char)(0x80 | (cp >> 12 & 0x3F)),
           d[2] = (char)(0x80 | (cp >> 6 & 0x3F)), d[3] = (char)(0x80 | (cp & 0x3F)), 4;
}

/* string = '"' chars '"'; the decoded text is never longer than the source. */
static char *parse_str(rd *r)
{
    adv(r); /* the opening quote */
    size_t start = r->pos, n = 0;
    char *d = malloc(r->len - start + 1);
    if (!d) return fail(r, "out of memory"), NULL;
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            free(d);
            return fail(r, "unterminated string"), NULL;
        }
        if (c == '"') {
            adv(r);
            break;
        }
        if (c < 0x20) {
            free(d);
            return fail(r, "control character in a string"), NULL;
        }
        if (c != '\\') {
            d[n++] = (char)c;
            adv(r);
            continue;
        }
        adv(r);
        c = peek(r);
        const char *esc = strchr("\"\\/bfnrt", c < 0 ? 'x' : c);
        if (c >= 0 && esc) {
            static const char map[] = "\"\\/\b\f\n\r\t";
            d[n++] = map[esc - "\"\\/bfnrt"];
            adv(r);
        } else if (c == 'u') {
            adv(r);
            unsigned cp;
            if (hex4(r, &cp)) return free(d), NULL;
            if (cp >= 0xD800 && cp < 0xDC00 && peek(r) == '\\') {
                unsigned lo;
                adv(r);
                if (peek(r) != 'u') return free(d), fail(r, "expected a low surrogate"), NULL;
                adv(r);
                if (hex4(r, &lo)) return free(d), NULL;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            n += put_utf8(d + n, cp);
        } else {
            free(d);
            return fail(r, "bad escape in a string"), NULL;
        }
    }
    d[n] = 0;
    return d;
}

static js_val *parse_value(rd *r, int depth);

/* Appends v to an array or object being built (keys may be NULL). */
static int push(rd *r, js_val *a, js_val *v, char *key)
{
    if (a->n == 0 || (a->n >= 4 && (a->n & (a->n - 1)) == 0)) { /* capacity 4, 8, 16... */
        size_t cap = a->n ? a->n * 2 : 4;
        js_val **it = realloc(a->items, cap * sizeof *it);
        if (!it) return fail(r, "out of memory");
        a->items = it;
        if (a->type == JS_OBJ) {
            char **k = realloc(a->keys, cap * sizeof *k);
            if (!k) return fail(r, "out of memory");
            a->keys = k;
        }
    }
    if (a->type == JS_OBJ) a->keys[a->n] = key;
    a->items[a->n++] = v;
    return 0;
}

/* array = '[' [value (',' value)*] ']';  object = '{' [str ':' value (',' ...)*] '}' */
static js_val *parse_container(rd *r, int depth)
{
    int obj = peek(r) == '{';
    js_val *a = new_val(r, obj ? JS_OBJ : JS_ARR);
    if (!a) return NULL;
    adv(r);
    skip_ws(r);
    if (peek(r) == (obj ? '}' : ']')) {
        adv(r);
        return a;
    }
    for (;;) {
        skip_ws(r);
        char *key = NULL;
        if (obj) {
            if (peek(r) != '"') return fail(r, "expected a string key"), js_free(a), NULL;
            if (!(key = parse_str(r))) return js_free(a), NULL;
            skip_ws(r);
            if (peek(r) != ':') return free(key), fail(r, "expected ':'"), js_free(a), NULL;
            adv(r);
        }
        js_val *v = parse_value(r, depth + 1);
        if (!v || push(r, a, v, key)) return free(key), js_free(v), js_free(a), NULL;
        skip_ws(r);
        int c = peek(r);
        if (c == ',') {
            adv(r);
            continue;
        }
        if (c == (obj ? '}' : ']')) {
            adv(r);
            return a;
        }
        fail(r, obj ? "expected ',' or '}'" : "expected ',' or ']'");
        js_free(a);
        return NULL;
    }
}

static js_val *parse_number(rd *r)
{
    const char *p = r->s + r->pos;
    size_t i = 0, n = r->len - r->pos;
    /* number = ['-'] int [frac] [exp], checked before strtod sees it */
    if (i < n && p[i] == '-') i++;
    if (i < n && p[i] == '0') i++;
    else if (i < n && p[i] >= '1' && p[i] <= '9') while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    else return fail(r, "expected a value"), NULL;
    if (i < n && p[i] == '.') {
        i++;
        if (i >= n || p[i] < '0' || p[i] > '9') return fail(r, "expected digits after '.'"), NULL;
        while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-')) i++;
        if (i >= n || p[i] < '0' || p[i] > '9') return fail(r, "expected an exponent"), NULL;
        while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    }
    js_val *v = new_val(r, JS_NUM);
    if (!v) return NULL;
    char buf[64];
    size_t k = i < sizeof buf - 1 ? i : sizeof buf - 1;
    memcpy(buf, p, k);
    buf[k] = 0;
    v->num = strtod(buf, NULL);
    while (i--) adv(r);
    return v;
}

static js_val *parse_word(rd *r, const char *w, js_type t, double num)
{
    size_t n = strlen(w);
    if (r->len - r->pos < n || memcmp(r->s + r->pos, w, n) != 0) return fail(r, "expected a value"), NULL;
    js_val *v = new_val(r, t);
    if (!v) return NULL;
    v->num = num;
    while (n--) adv(r);
    return v;
}

static js_val *parse_value(rd *r, int depth)
{
    if (depth > MAX_DEPTH) return fail(r, "nested too deeply"), NULL;
    skip_ws(r);
    int c = peek(r);
    if (c < 0) return fail(r, "unexpected end of file"), NULL;
    if (c == '{' || c == '[') return parse_container(r, depth);
    if (c == '"') {
        js_val *v = new_val(r, JS_STR);
        if (v && !(v->str = parse_str(r))) return js_free(v), NULL;
        return v;
    }
    if (c == 't') return parse_word(r, "true", JS_BOOL, 1);
    if (c == 'f') return parse_word(r, "false", JS_BOOL, 0);
    if (c == 'n') return parse_word(r, "null", JS_NULL, 0);
    return parse_number(r);
}

int js_parse(const char *text, size_t len, js_val **out, char *err, size_t errlen)
{
    rd r = {text, len, 0, 1, 1, err, errlen, 0};
    js_val *v = parse_value(&r, 0);
    if (v) {
        skip_ws(&r);
        if (r.pos != r.len) {
            fail(&r, "unexpected text after the end of the document");
            js_free(v);
            v = NULL;
        }
    }
    *out = v;
    return v ? 0 : -1;
}

void js_free(js_val *v)
{
    if (!v) return;
    for (size_t i = 0; i < v->n; i++) {
        js_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

const js_val *js_get(const js_val *o, const char *key)
{
    if (!o || o->type != JS_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0) return o->items[i];
    return NULL;
}
