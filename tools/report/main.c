/*
 * tools/report/main.c - strads-report: one self-contained HTML page from a
 * run's STRADS_TRACE file and its output (docs/observability.md).
 *
 *   strads-report [--trace run.json] [--log out.txt --metric NAME [--x XNAME]]...
 *                 [--title TEXT] [--max-events N] -o report.html
 *
 * Exit status: 0 written, 1 bad input (the message names the file and the
 * line and column), 2 bad usage.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/report/report.h"

#define MAX_CURVES 16

static void usage(FILE *f)
{
    fputs("usage: strads-report [--trace FILE] [--log FILE --metric NAME [--metric NAME]...]\n"
          "                     [--x NAME] [--title TEXT] [--max-events N] -o OUT.html\n"
          "  --trace FILE      Chrome trace-event file written by STRADS_TRACE=FILE\n"
          "  --log FILE        the program's output; each --metric NAME is a curve of the\n"
          "                    number after NAME on every line that has one\n"
          "  --x NAME          x of each point: the number after NAME on the same line\n"
          "                    (e.g. --x epoch); default: the point's count\n"
          "  --title TEXT      page title (default: the input file names)\n"
          "  --max-events N    draw at most N trace events, the longest (default 40000)\n"
          "  -o FILE           the HTML page to write\n",
          f);
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"trace", required_argument, NULL, 't'}, {"log", required_argument, NULL, 'l'},
        {"metric", required_argument, NULL, 'm'}, {"x", required_argument, NULL, 'x'},
        {"title", required_argument, NULL, 'T'}, {"max-events", required_argument, NULL, 'M'},
        {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *trace = NULL, *log = NULL, *xname = NULL, *title = NULL, *outp = NULL;
    rp_curve curves[MAX_CURVES];
    size_t nc = 0;
    long max_events = 40000;
    memset(curves, 0, sizeof curves);
    for (int c; (c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1;) {
        switch (c) {
        case 't': trace = optarg; break;
        case 'l': log = optarg; break;
        case 'x': xname = optarg; break;
        case 'T': title = optarg; break;
        case 'o': outp = optarg; break;
        case 'm':
            if (nc == MAX_CURVES || !*optarg) {
                fprintf(stderr, "strads-report: --metric: %s\n",
                        *optarg ? "at most 16 metrics" : "empty name");
                return 2;
            }
            curves[nc++].name = optarg;
            break;
        case 'M': {
            char *end;
            errno = 0;
            max_events = strtol(optarg, &end, 10);
            if (errno || *end || max_events < 1) {
                fprintf(stderr, "strads-report: --max-events %s: expected a positive integer\n", optarg);
                return 2;
            }
            break;
        }
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    const char *why = optind < argc          ? "unexpected argument"
                      : !outp                ? "-o OUT.html is required"
                      : !trace && !log       ? "give --trace, --log or both"
                      : log && !nc           ? "--log needs at least one --metric NAME"
                      : nc && !log           ? "--metric needs --log FILE"
                      : xname && !log        ? "--x needs --log FILE"
                                             : NULL;
    if (why) {
        fprintf(stderr, "strads-report: %s%s%s\n", why, optind < argc ? ": " : "",
                optind < argc ? argv[optind] : "");
        usage(stderr);
        return 2;
    }
    for (size_t k = 0; k < nc; k++) curves[k].xname = xname;

    char err[512], deftitle[512];
    int rc = 0;
    rp_timeline tl;
    if (log && rp_log_read(log, curves, nc, err, sizeof err)) rc = 1;
    if (!rc && trace) {
        if (rp_trace_read(trace, &tl, err, sizeof err)) {
            rp_trace_free(&tl);
            rc = 1;
        } else {
            rp_trace_limit(&tl, (size_t)max_events);
        }
    }
    if (!rc) {
        snprintf(deftitle, sizeof deftitle, "strads run: %s%s%s", trace ? trace : "",
                 trace && log ? ", " : "", log ? log : "");
        FILE *f = fopen(outp, "w");
        if (!f) {
            snprintf(err, sizeof err, "%s: cannot create: %s", outp, strerror(errno));
            rc = 1;
        } else {
            int w = rp_page_write(f, title ? title : deftitle, curves, nc, trace ? &tl : NULL);
            if (fclose(f) || w) {
                snprintf(err, sizeof err, "%s: write error", outp);
                rc = 1;
            }
        }
        if (trace) rp_trace_free(&tl);
    }
    for (size_t k = 0; k < nc; k++) {
        free(curves[k].x);
        free(curves[k].y);
    }
    if (rc) fprintf(stderr, "strads-report: %s\n", err);
    return rc;
}
