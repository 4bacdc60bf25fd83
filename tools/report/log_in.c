/*
 * tools/report/log_in.c - convergence curves from a program's output.
 *
 * Programs print their metric however they like ("epoch 3 test_rmse
 * 0.912", "iter=10 loss: 1.5e-3"); what they share is the metric's name
 * followed by its number. So a curve is "the number after NAME on every line
 * that has NAME as a word followed by a number", optionally against "the
 * number after XNAME on the same line". Lines that mention NAME without a
 * number (a header, a message) are not points.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/report/report.h"

static int word_char(int c) { return isalnum(c) || c == '_'; }

/* The number after the word `name` in line (separators: blanks, '=' and
 * ':'); 1 and *out when found, else 0. */
static int number_after(const char *line, const char *name, double *out)
{
    size_t n = strlen(name);
    for (const char *p = strstr(line, name); p; p = strstr(p + 1, name)) {
        if (p > line && word_char((unsigned char)p[-1])) continue;
        const char *q = p + n;
        if (word_char((unsigned char)*q)) continue; /* "rmse2" is not "rmse" */
        while (*q == ' ' || *q == '\t' || *q == '=' || *q == ':') q++;
        char *end;
        errno = 0;
        double v = strtod(q, &end);
        if (end == q || errno == ERANGE) continue;
        *out = v;
        return 1;
    }
    return 0;
}

static int push(rp_curve *c, double x, double y)
{
    if ((c->n & (c->n - 1)) == 0) { /* capacity: the next power of two */
        size_t cap = c->n ? c->n * 2 : 1;
        double *nx = realloc(c->x, cap * sizeof *nx);
        if (!nx) return -1;
        c->x = nx;
        double *ny = realloc(c->y, cap * sizeof *ny);
        if (!ny) return -1;
        c->y = ny;
    }
    c->x[c->n] = x;
    c->y[c->n++] = y;
    return 0;
}

int rp_log_read(const char *path, rp_curve *c, size_t nc, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = 0;
    while (!rc && getline(&line, &cap, f) >= 0) {
        lineno++;
        for (size_t k = 0; k < nc && !rc; k++) {
            double y, x = (double)(c[k].n + 1);
            if (!number_after(line, c[k].name, &y)) continue;
            if (c[k].xname && !number_after(line, c[k].xname, &x)) {
                snprintf(err, errlen, "%s:%ld: has %s but no number after %s", path, lineno,
                         c[k].name, c[k].xname);
                rc = -1;
            } else if (push(&c[k], x, y)) {
                snprintf(err, errlen, "%s: out of memory", path);
                rc = -1;
            }
        }
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s:%ld: read error", path, lineno);
        rc = -1;
    }
    free(line);
    fclose(f);
    for (size_t k = 0; k < nc && !rc; k++)
        if (c[k].n == 0) {
            snprintf(err, errlen, "%s: no line has %s followed by a number (%ld lines read)", path,
                     c[k].name, lineno);
            rc = -1;
        }
    return rc;
}
