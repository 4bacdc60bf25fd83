/*
 * tools/report/page.c - the report page: the template page.html (compiled
 * into the program, so strads-report is one file that needs nothing next to
 * it) with the run's data inserted as JSON at its marker.
 *
 * The data goes inside a <script> element, so every '<' in it is written as
 * \u003c: a process or file name containing "</script>" cannot end it early.
 */
#include <math.h>
#include <string.h>

#include "tools/report/report.h"

/* The template, linked in by the assembler (REPORT_PAGE is its path). */
__asm__(".section .rodata\n"
        ".global rp_page_tmpl\n"
        "rp_page_tmpl:\n"
        ".incbin \"" REPORT_PAGE "\"\n"
        ".byte 0\n"
        ".previous\n");
extern const char rp_page_tmpl[];

#define MARKER "/*STRADS_REPORT_DATA*/"

static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* JSON has no NaN or infinity: those points become null and are skipped. */
static void put_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    else
        fputs("null", f);
}

static void put_curves(FILE *f, const rp_curve *c, size_t nc)
{
    fputs("\"curves\":[", f);
    for (size_t k = 0; k < nc; k++) {
        fputs(k ? ",{\"name\":" : "{\"name\":", f);
        put_str(f, c[k].name);
        fputs(",\"xname\":", f);
        if (c[k].xname)
            put_str(f, c[k].xname);
        else
            fputs("null", f);
        for (int axis = 0; axis < 2; axis++) {
            fputs(axis ? ",\"y\":[" : ",\"x\":[", f);
            for (size_t i = 0; i < c[k].n; i++) {
                if (i) fputc(',', f);
                put_num(f, axis ? c[k].y[i] : c[k].x[i]);
            }
            fputc(']', f);
        }
        fputc('}', f);
    }
    fputc(']', f);
}

static void put_timeline(FILE *f, const rp_timeline *tl)
{
    fprintf(f, ",\"events\":%zu,\"omitted\":%zu,\"strs\":[", tl->events, tl->omitted);
    for (size_t i = 0; i < tl->nstrs; i++) {
        if (i) fputc(',', f);
        put_str(f, tl->strs[i]);
    }
    fputs("],\"procs\":[", f);
    for (size_t i = 0; i < tl->npid; i++)
        fprintf(f, "%s{\"pid\":%ld,\"name\":%d,\"sort\":%d}", i ? "," : "", tl->pids[i],
                tl->pid_name[i], tl->pid_sort[i]);
    fputs("],\"threads\":[", f);
    for (size_t i = 0; i < tl->nth; i++) {
        const rp_thread *t = &tl->th[i];
        fprintf(f, "%s\n{\"pid\":%ld,\"tid\":%ld,\"name\":%d,\"sort\":%d,\"ev\":[", i ? "," : "",
                t->pid, t->tid, t->name, t->sort);
        for (size_t j = 0; j < t->nev; j++) {
            const rp_event *e = &t->ev[j];
            fprintf(f, "%s%.3f,%.3f,%d,%d,", j ? "," : "", e->ts, e->dur, e->name, e->cat);
            put_str(f, e->args ? e->args : "");
        }
        fputs("]}", f);
    }
    fputc(']', f);
}

int rp_page_write(FILE *f, const char *title, const rp_curve *c, size_t nc,
                  const rp_timeline *tl)
{
    const char *m = strstr(rp_page_tmpl, MARKER);
    if (!m) return -1; /* a broken build: the template lost its marker */
    fwrite(rp_page_tmpl, 1, (size_t)(m - rp_page_tmpl), f);
    fputs("{\"title\":", f);
    put_str(f, title);
    fputc(',', f);
    put_curves(f, c, nc);
    if (tl) put_timeline(f, tl);
    fputs("}", f);
    fputs(m + strlen(MARKER), f);
    return ferror(f) ? -1 : 0;
}
