/*
 * tools/report/json.h - a small JSON reader for strads-report: the whole
 * text becomes a tree of values, each remembering its line and column, so
 * that a complaint about the trace can point at the place in the file.
 */
#ifndef REPORT_JSON_H
#define REPORT_JSON_H

#include <stddef.h>

typedef enum { JS_NULL, JS_BOOL, JS_NUM, JS_STR, JS_ARR, JS_OBJ } js_type;

typedef struct js_val {
    js_type type;
    int line, col;         /* where the value starts, 1-based */
    double num;            /* JS_NUM, JS_BOOL (0/1) */
    char *str;             /* JS_STR: the decoded text, NUL-terminated */
    size_t n;              /* JS_ARR, JS_OBJ: number of items */
    struct js_val **items; /* JS_ARR items; JS_OBJ values */
    char **keys;           /* JS_OBJ keys */
} js_val;

/* Parses text[0..len) into *out (free with js_free). On a syntax error
 * returns -1 with "line:col: what" in err. */
int js_parse(const char *text, size_t len, js_val **out, char *err, size_t errlen);
void js_free(js_val *v);

/* The value of key in object o, or NULL (also when o is not an object). */
const js_val *js_get(const js_val *o, const char *key);

#endif
