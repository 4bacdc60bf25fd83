/*
 * frontend/main.c - the stradsc command: parse one C file with libclang and
 * run the passes of fe.h over it.
 *
 *   stradsc [options] input.c [-o output.c] [--glue-name name] [-- compiler flags...]
 *
 * -I, -D, -U, -include, -isystem, -std=... and anything after `--` go to
 * libclang so the file is parsed as the real compiler will see it. Exit status:
 * 0 translated, 1 the program was refused (diagnostics on stderr), 2 usage or
 * I/O trouble. Nothing is written when the program is refused, so a build
 * never picks up a half-translated file.
 */
#include "fe.h"
#include "serve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* stradsc allocates and never frees (a process that lives for one file:
 * fe.h's arena in all but name). Under -fsanitize=address, tell
 * LeakSanitizer so that sanitizer test runs judge the runtime, not this. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }

static void usage(void)
{
    fprintf(stderr, "usage: stradsc [-I dir] [-D name[=val]] [-std=...] input.c [-o output.c] "
                    "[-- clang flags]\n");
    exit(2);
}

static int print_clang_errors(fe_ctx *c)
{
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(c->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(c->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        /* A GCC header clang reads differently (GCC 12's omp.h: an
         * attribute clang 16 does not take) is the compiler's business,
         * which reads it right: only the user's code must parse. A
         * declaration it lost shows up as an error there. */
        if (sev >= CXDiagnostic_Error && clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d))) {
            clang_disposeDiagnostic(d);
            continue;
        }
        if (sev >= CXDiagnostic_Error) {
            CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
            fprintf(stderr, "%s\n", clang_getCString(s));
            clang_disposeString(s);
            errors++;
        }
        clang_disposeDiagnostic(d);
    }
    return errors;
}

/* Parses the file (from its edited text when uf is set) into c->tu and
 * c->file; 0, or the exit status after saying why. */
static int parse(fe_ctx *c, CXIndex idx, const char *in, const char *const *args, int nargs,
                 struct CXUnsavedFile *uf)
{
    enum CXErrorCode ec = clang_parseTranslationUnit2(
        idx, in, args, nargs, uf, uf ? 1 : 0,
        /* The detailed preprocessing record keeps the ranges #if skipped
         * (clang_getSkippedRanges is empty without it): a pragma under a
         * false #ifdef is ignored, as the compiler ignores it (scan.c). */
        CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord, &c->tu);
    if (ec != CXError_Success || !c->tu) {
        fprintf(stderr, "stradsc: cannot parse %s (libclang error %d)\n", in, (int)ec);
        return 2;
    }
    if (print_clang_errors(c))
        return 1;
    c->file = clang_getFile(c->tu, in);
    return 0;
}

/* The whole of a direct run: parse, check, translate, write. Also what a
 * compile server's worker runs for each request (serve.c). */
static int translate(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *glue = NULL;
    const char **args = fe_alloc(sizeof *args * (size_t)(argc + 16));
    int nargs = 0;
    args[nargs++] = "-xc";
    args[nargs++] = "-std=gnu11";
    /* Parse what the compiler will see, but without the user's -Werror games. */
    args[nargs++] = "-Wno-unknown-pragmas";
    /* What gcc 12 (the cc stradscc runs) only warns about, clang 16 calls an
     * error: a call to an undeclared function (time() without <time.h>), an
     * implicit int, an int made a pointer. A drop-in for cc accepts what cc
     * accepts; gcc still warns when it compiles the output. */
    args[nargs++] = "-Wno-error=implicit-function-declaration";
    args[nargs++] = "-Wno-error=implicit-int";
    args[nargs++] = "-Wno-error=int-conversion";
    args[nargs++] = "-Wno-error=incompatible-function-pointer-types";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            for (i++; i < argc; i++)
                args[nargs++] = argv[i];
            break;
        }
        if (!strcmp(a, "-o")) {
            if (++i >= argc)
                usage();
            out = strcmp(argv[i], "-") ? argv[i] : NULL; /* -o -: stdout, as cc's -E */
        } else if (!strcmp(a, "--glue-name")) {
            /* The file name the generated glue's #line directives use
             * (default: the output's). stradscc gives one whose base name
             * differs from the user's, so `break file.c:N` in gdb cannot
             * land in glue that happens to sit on line N. */
            if (++i >= argc)
                usage();
            glue = argv[i];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
        } else if (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
                   !strcmp(a, "-include") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote") ||
                   !strcmp(a, "-idirafter") || !strcmp(a, "-imacros")) {
            if (i + 1 >= argc)
                usage();
            args[nargs++] = a;
            args[nargs++] = argv[++i];
        } else if (a[0] == '-') {
            args[nargs++] = a;
        } else if (!in) {
            in = a;
        } else {
            usage();
        }
    }
    if (!in)
        usage();
#ifdef STRADSC_GCC_INCLUDE
    /* The build compiler's own headers (omp.h, quadmath.h), last, as
     * stradscc gives its compiler's: stradsc run by hand on a program that
     * includes <omp.h> found none. */
    struct stat gcc_inc;
    if (!stat(STRADSC_GCC_INCLUDE, &gcc_inc) && S_ISDIR(gcc_inc.st_mode)) {
        args[nargs++] = "-idirafter";
        args[nargs++] = STRADSC_GCC_INCLUDE;
    }
#endif

    /* libclang says only "error 1" of a file it cannot read */
    FILE *probe = fopen(in, "r");
    if (!probe) {
        fprintf(stderr, "stradsc: cannot open %s: %s\n", in, strerror(errno));
        return 2;
    }
    fclose(probe);
    fe_ctx *c = fe_alloc(sizeof *c);
    c->path = in;
    c->outname = glue ? glue : out ? out : "<stdout>";
    CXIndex idx = clang_createIndex(0, 0);
    int prc = parse(c, idx, in, args, nargs, NULL);
    if (prc)
        return prc;
    size_t len = 0;
    c->src = clang_getFileContents(c->tu, c->file, &len);
    /* index macros expanded where the parallel loops' functions use them,
     * and parameters declared as arrays, as the pointers they are: parsed
     * again after each (index_macros.c, array_parms.c) */
    size_t nlen = 0;
    char *expanded = c->src ? fe_index_macros(c->tu, c->file, c->src, len, &nlen) : NULL;
    if (expanded) {
        struct CXUnsavedFile uf = {in, expanded, (unsigned long)nlen};
        clang_disposeTranslationUnit(c->tu);
        if ((prc = parse(c, idx, in, args, nargs, &uf)))
            return prc;
        c->src = clang_getFileContents(c->tu, c->file, &len);
    }
    char *edited = c->src ? fe_array_parms(c->tu, c->file, c->src, len, &nlen) : NULL;
    if (edited) {
        struct CXUnsavedFile uf = {in, edited, (unsigned long)nlen};
        clang_disposeTranslationUnit(c->tu);
        if ((prc = parse(c, idx, in, args, nargs, &uf)))
            return prc;
        c->src = clang_getFileContents(c->tu, c->file, &len);
    }
    c->srclen = len;
    if (!c->src) {
        fprintf(stderr, "stradsc: cannot read %s\n", in);
        return 2;
    }

    fe_scan(c);
    fe_bind_loops(c);
    fe_rewrite(c);
    for (int i = 0; i < c->nsites; i++) {
        fe_site *s = &c->sites[i];
        if (s->kind == FE_ASYNC_FOR || s->kind == FE_SYNC_FOR)
            fe_capture(c, s);
    }
    if (c->nerrors) {
        fprintf(stderr, "%d error%s generated.\n", c->nprinted, c->nprinted == 1 ? "" : "s");
        return 1;
    }
    for (int i = 0; i < c->nsites; i++) {
        fe_site *s = &c->sites[i];
        if (s->kind == FE_ASYNC_FOR || s->kind == FE_SYNC_FOR)
            fe_recon(c, s);
    }
    if (c->nerrors) { /* what a reconnaissance copy cannot translate (recon_lib.c) */
        fprintf(stderr, "%d error%s generated.\n", c->nprinted, c->nprinted == 1 ? "" : "s");
        return 1;
    }
    fe_buf o = {0};
    fe_emit(c, &o);
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        perror(out);
        return 2;
    }
    if (fwrite(o.p, 1, o.len, f) != o.len || (out ? fclose(f) : fflush(f)) != 0) {
        perror(out ? out : "stdout");
        return 2;
    }
    clang_disposeTranslationUnit(c->tu);
    clang_disposeIndex(idx);
    return 0;
}

/* A compile server's worker, before its first request: a parse of the
 * headers programs include most, so that the code of the parser and those
 * headers' pages are mapped in this process when the request comes. */
static void warm_up(void)
{
    static const char src[] = "#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n"
                              "#include <stdlib.h>\n#include <string.h>\n"
                              "int strads__warm(int n) { double s = 0; for (int i = 0; i < n; i++)"
                              " s += sqrt((double)i); return (int)s; }\n";
    struct CXUnsavedFile f = {"strads-warm-up.c", src, sizeof src - 1};
    const char *args[] = {"-xc", "-std=gnu11"};
    CXIndex idx = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    if (clang_parseTranslationUnit2(idx, f.Filename, args, 2, &f, 1, CXTranslationUnit_KeepGoing,
                                    &tu) == CXError_Success && tu) {
        CXToken *toks = NULL;
        unsigned ntoks = 0;
        CXFile file = clang_getFile(tu, f.Filename);
        CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                           clang_getLocationForOffset(tu, file, sizeof src - 1));
        clang_tokenize(tu, all, &toks, &ntoks);
        clang_disposeTokens(tu, toks, ntoks);
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(idx);
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "--serve")) {
        scs_hooks h = {translate, warm_up};
        return fe_serve(argv[2], argc > 3 ? atoi(argv[3]) : -1, &h);
    }
    return translate(argc, argv);
}
