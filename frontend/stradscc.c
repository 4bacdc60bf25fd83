/*
 * frontend/stradscc.c - a drop-in `cc` for strads programs, like mpicc.
 *
 *   stradscc [cc arguments...]
 *
 * Each C source that contains `#pragma strads` (or defines main) is first
 * translated by the stradsc next to this executable into a temporary directory (keeping its
 * base name, so `cc -c x.c` still writes x.o here); other sources and all
 * other arguments reach the compiler untouched. The compiler is $STRADS_CC,
 * else `cc`. Every step gets -I<prefix>/include; a step that links also gets
 * -L<prefix>/lib -lstrads, an rpath to it and libstrads' own dependencies, so
 * `make CC=stradscc` builds a multi-file program with no other change.
 * <prefix> is the directory above this executable's bin/, which is the build
 * tree or the install prefix alike. `-v` or STRADSCC_VERBOSE=1 prints the
 * commands run; STRADSCC_KEEP=1 keeps the translated files. stradsc runs
 * in its compile server (serve.h) unless STRADSCC_SERVER=0.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve.h"

static int verbose;

/* Short-lived like cc: argument copies are left to the exit (see main.c). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }

static void die(const char *what)
{
    fprintf(stderr, "stradscc: %s: %s\n", what, strerror(errno));
    exit(2);
}

static char *xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p)
        die("strdup");
    return p;
}

static char *cat(const char *a, const char *b)
{
    char *p = malloc(strlen(a) + strlen(b) + 1);
    if (!p)
        die("malloc");
    strcpy(p, a);
    strcat(p, b);
    return p;
}

/* -v: the command about to run, on stderr. */
static void show(char **argv)
{
    if (!verbose)
        return;
    for (int i = 0; argv[i]; i++)
        fprintf(stderr, "%s%s", i ? " " : "", argv[i]);
    fputc('\n', stderr);
}

/* Runs argv (NULL-terminated) and returns its exit status (128+sig if killed). */
/* A signal that asked stradscc to stop (0: none): it is passed on to the
 * running step, the temporary sources are removed, and stradscc then dies
 * of it as cc would. Without this a Ctrl-C in make, or a reader closing the
 * pipe of -v output (SIGPIPE), left /tmp/stradscc.* behind. */
static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    caught = sig;
}

static void catch_signals(void)
{
    struct sigaction sa = {.sa_handler = on_signal}; /* no SA_RESTART: waitpid returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* a write to a closed pipe fails with EPIPE here instead of killing */
    signal(SIGPIPE, SIG_IGN);
}

static int spawn_wait(char **argv)
{
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL); /* caught ones reset on exec, ignored ones do not */
        execvp(argv[0], argv);
        fprintf(stderr, "stradscc: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st;
    int passed = 0;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            die("waitpid");
        if (caught && !passed) { /* the step stops too (a terminal's ^C reached it already) */
            kill(pid, caught);
            passed = 1;
        }
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int run(char **argv)
{
    show(argv);
    return spawn_wait(argv);
}

/* What `cc args...` prints on its standard output (at most n - 1 bytes,
 * NUL-terminated), or -1 when it cannot run or fails. */
static int cc_says(const char *cc, const char *const *args, char *buf, size_t n)
{
    int fd[2];
    if (pipe(fd) < 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        const char *argv[8] = {cc};
        for (int i = 0; args[i] && i < 6; i++)
            argv[i + 1] = args[i];
        execvp(cc, (char *const *)argv);
        _exit(127);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t r;
    while (got < n - 1 && ((r = read(fd[0], buf + got, n - 1 - got)) > 0 || (r < 0 && errno == EINTR)))
        if (r > 0)
            got += (size_t)r;
    buf[got] = 0;
    /* the rest, unread, must not block the child */
    char sink[512];
    while ((r = read(fd[0], sink, sizeof sink)) > 0 || (r < 0 && errno == EINTR))
        ;
    close(fd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/*
 * Whether cc is GCC (not clang, which rejects GCC's cost-model flag): its
 * predefined macros, read from `cc -dM -E`. One short step per command
 * that translates something.
 */
static int is_gcc(const char *cc)
{
    static const char *const args[] = {"-dM", "-E", "-x", "c", "/dev/null", NULL};
    static char buf[1 << 16];
    static int known = -1; /* one cc a command */
    if (known < 0)
        known = !cc_says(cc, args, buf, sizeof buf) &&
                (!strncmp(buf, "#define __GNUC__ ", 17) || strstr(buf, "\n#define __GNUC__ ")) &&
                !strstr(buf, "#define __clang__ ");
    return known;
}

/*
 * GCC's own header directory (`cc -print-file-name=include`: omp.h,
 * quadmath.h...), or NULL: a program the plain build compiles may include
 * one of them without -fopenmp (for omp_get_wtime's declaration), and
 * libclang, which has its own, would not find it. Given to stradsc after
 * every other directory (-idirafter), so clang's own headers still win.
 */
static char *gcc_include_dir(const char *cc)
{
    static const char *const args[] = {"-print-file-name=include", NULL};
    char buf[4096];
    if (cc_says(cc, args, buf, sizeof buf))
        return NULL;
    size_t n = strlen(buf);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
        buf[--n] = 0;
    struct stat sb;
    if (buf[0] != '/' || stat(buf, &sb) || !S_ISDIR(sb.st_mode))
        return NULL;
    return xstrdup(buf);
}

/* Runs stradsc (argv[0]) through its compile server when it can (serve.h),
 * else directly. */
static int translate(char **argv)
{
    show(argv);
    int status = scs_translate(argv[0], argv);
    return status >= 0 ? status : spawn_wait(argv);
}

/*
 * Does the file need stradsc? Yes when it has a strads pragma, and also when
 * it defines main(): main must be renamed so that the runtime decides which
 * process runs the program, and its free() calls must know distributed
 * arrays. A cheap look: a `#pragma strads` line or `_Pragma("strads`, or
 * the name main followed by `(` in the code, outside comments and literals,
 * however it is laid out (`int\nmain (void)`, K&R's `main()`); a file sent
 * without need costs a parse (and one clang cannot parse, a GCC extension,
 * fails), one missed runs the user's main on every rank. stradsc itself
 * decides exactly.
 */
static int needs_stradsc(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0; /* let the compiler report it */
    int found = 0, bol = 1, main_seen = 0;
    enum { CODE, BLOCK, LINE, STR, CHR } st = CODE;
    char id[8];
    size_t nid = 0;
    int ch, prev = 0;
    while (!found && (ch = getc(f)) != EOF) {
        if (st == CODE && bol && (ch == ' ' || ch == '\t'))
            continue;
        if (st == CODE && bol && ch == '#') { /* a directive: #pragma strads? */
            char line[256];
            if (!fgets(line, sizeof line, f))
                break;
            char *p = line;
            while (*p == ' ' || *p == '\t')
                p++;
            if (!strncmp(p, "pragma", 6)) {
                p += 6;
                while (*p == ' ' || *p == '\t')
                    p++;
                found = !strncmp(p, "strads", 6);
            }
            bol = strchr(line, '\n') != NULL;
            prev = 0;
            continue;
        }
        bol = ch == '\n';
        switch (st) {
        case BLOCK:
            if (prev == '*' && ch == '/')
                st = CODE, ch = 0;
            break;
        case LINE:
            if (ch == '\n')
                st = CODE;
            break;
        case STR:
        case CHR:
            if (prev == '\\')
                ch = 0; /* an escaped character */
            else if (ch == (st == STR ? '"' : '\''))
                st = CODE;
            break;
        case CODE:
            if (isalnum(ch) || ch == '_') {
                if (nid < sizeof id - 1)
                    id[nid] = (char)ch;
                nid++;
                break;
            }
            if (nid) { /* an identifier ended */
                main_seen = nid == 4 && !memcmp(id, "main", 4);
                if (nid == 7 && !memcmp(id, "_Pragma", 7)) {
                    char tail[10] = "";
                    long at = ftell(f);
                    if (fgets(tail, sizeof tail, f) && strstr(tail, "(\"strads"))
                        found = 1;
                    fseek(f, at, SEEK_SET);
                }
                nid = 0;
            }
            if (ch == '(' && main_seen)
                found = 1;
            if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
                main_seen = 0;
            if (prev == '/' && ch == '*')
                st = BLOCK, ch = 0;
            else if (prev == '/' && ch == '/')
                st = LINE;
            else if (ch == '"')
                st = STR;
            else if (ch == '\'')
                st = CHR;
            break;
        }
        prev = ch;
    }
    fclose(f);
    return found;
}

static int is_source(const char *a)
{
    size_t n = strlen(a);
    return a[0] != '-' && n > 2 && !strcmp(a + n - 2, ".c");
}

/* Options whose value is the next argument. */
static int takes_value(const char *a)
{
    static const char *const v[] = {"-o", "-I", "-D", "-U", "-include", "-isystem", "-iquote",
                                    "-idirafter", "-imacros", "-x", "-MF", "-MT", "-MQ", "-L",
                                    "-Xlinker", "-Xpreprocessor", "-Xassembler", "-T", "-u",
                                    "-z", "-e", "-l", NULL};
    for (int i = 0; v[i]; i++)
        if (!strcmp(a, v[i]))
            return 1;
    return 0;
}

/* Flags that change how the file is parsed, forwarded to stradsc. */
static int parse_flag(const char *a)
{
    return !strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) ||
           !strncmp(a, "-std=", 5) || !strcmp(a, "-include") || !strcmp(a, "-isystem") ||
           !strcmp(a, "-iquote") || !strcmp(a, "-idirafter") || !strcmp(a, "-imacros");
}

/* Replaces every occurrence of from by to in the file at path. */
static void replace_in_file(const char *path, const char *from, const char *to)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char *text = NULL;
    size_t cap = 0, len = 0, n;
    char chunk[65536];
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            char *t = realloc(text, cap);
            if (!t)
                die("realloc");
            text = t;
        }
        memcpy(text + len, chunk, n);
        len += n;
    }
    fclose(f);
    if (!text || !strstr((text[len] = 0, text), from)) {
        free(text);
        return;
    }
    f = fopen(path, "w");
    if (!f)
        die(path);
    size_t fl = strlen(from);
    for (char *p = text, *q; *p; p = q + fl) {
        q = strstr(p, from);
        if (!q) {
            fputs(p, f);
            break;
        }
        fwrite(p, 1, (size_t)(q - p), f);
        fputs(to, f);
    }
    fclose(f);
    free(text);
}

/*
 * With -MD/-MMD the compiler names the translated temporary as a
 * prerequisite; point the dependency file back at the user's source, or the
 * next `make` would look for a file that no longer exists. The file is -MF's
 * value, else the output with .d for its suffix, else the source's base name.
 */
static void fix_depfiles(int argc, char **argv, char **made, char **orig, int nmade)
{
    const char *mf = NULL, *o = NULL;
    int md = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-MD") || !strcmp(argv[i], "-MMD"))
            md = 1;
        else if (!strcmp(argv[i], "-MF") && i + 1 < argc)
            mf = argv[++i];
        else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            o = argv[++i];
        else if (takes_value(argv[i]))
            i++;
    }
    if (!md)
        return;
    for (int k = 0; k < nmade; k++) {
        char *dep;
        if (mf) {
            dep = xstrdup(mf);
        } else {
            char *b = xstrdup(o ? o : orig[k]);
            if (!o)
                b = basename(b);
            char *dot = strrchr(b, '.');
            char *slash = strrchr(b, '/');
            if (dot && (!slash || dot > slash))
                *dot = 0;
            dep = cat(b, ".d");
        }
        replace_in_file(dep, made[k], orig[k]);
        free(dep);
    }
}

/* stradscc's own variables (docs/config.md, "Build tools"), checked before
 * anything runs: a malformed one stops it naming the variable, as the
 * library's table does for programs. */
static void check_env(void)
{
    static const char *const flags[] = {"STRADSCC_VERBOSE", "STRADSCC_KEEP", "STRADSCC_SERVER"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        const char *v = getenv(flags[i]);
        if (v && *v && strcmp(v, "0") && strcmp(v, "1")) {
            fprintf(stderr, "stradscc: %s=%s: expected 0 or 1\n", flags[i], v);
            exit(2);
        }
    }
    const char *v = getenv("STRADSCC_SERVER_IDLE");
    if (v && *v) {
        char *end;
        errno = 0;
        long s = strtol(v, &end, 10);
        if (errno || end == v || *end || s < 1 || s > 86399) {
            fprintf(stderr, "stradscc: STRADSCC_SERVER_IDLE=%s: expected seconds from 1 to 86399\n", v);
            exit(2);
        }
    }
}

int main(int argc, char **argv)
{
    catch_signals();
    check_env();
    const char *v = getenv("STRADSCC_VERBOSE");
    verbose = v && *v && strcmp(v, "0") != 0;
    const char *cc = getenv("STRADS_CC");
    if (!cc || !*cc)
        cc = "cc";

    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0)
        die("readlink /proc/self/exe");
    exe[n] = 0;
    char *bindir = xstrdup(dirname(exe));
    char *prefix = xstrdup(bindir);
    prefix = xstrdup(dirname(prefix));
    char *stradsc = cat(bindir, "/stradsc");
    char *incdir = cat(prefix, "/include");
    char *libdir = cat(prefix, "/lib");

    int link = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-v"))
            verbose = 1;
        if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E") || !strcmp(a, "-M") ||
            !strcmp(a, "-MM"))
            link = 0;
        if (takes_value(a))
            i++;
    }
    if (argc == 1)
        link = 0;

    /* stradsc gets the parse-affecting flags, in order. */
    char **sflags = calloc((size_t)argc * 2 + 8, sizeof *sflags);
    int nsf = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (parse_flag(a)) {
            sflags[nsf++] = argv[i];
            if (takes_value(a) && i + 1 < argc)
                sflags[nsf++] = argv[++i];
        } else if (takes_value(a)) {
            i++;
        }
    }

    char **cmd = calloc((size_t)argc * 2 + 32, sizeof *cmd);
    char **made = calloc((size_t)argc + 1, sizeof *made);
    char **orig = calloc((size_t)argc + 1, sizeof *orig);
    int nc = 0, nmade = 0, status = 0;
    const char *tmp = getenv("TMPDIR"); /* as cc's own temporaries */
    char *tmpl = cat(tmp && *tmp ? tmp : "/tmp", "/stradscc.XXXXXX");
    char *tmpdir = NULL;
    cmd[nc++] = (char *)cc;
    cmd[nc++] = cat("-I", incdir);
    for (int i = 1; i < argc && status == 0 && !caught; i++) {
        char *a = argv[i];
        if (takes_value(a) && i + 1 < argc) {
            cmd[nc++] = a;
            cmd[nc++] = argv[++i];
            continue;
        }
        if (!is_source(a) || !needs_stradsc(a)) {
            cmd[nc++] = a;
            continue;
        }
        if (!tmpdir && !(tmpdir = mkdtemp(tmpl)))
            die("mkdtemp");
        char sub[64];
        snprintf(sub, sizeof sub, "%s/%d", tmpdir, nmade);
        if (mkdir(sub, 0700) < 0)
            die(sub);
        char *copy = xstrdup(a);
        char *out = cat(cat(sub, "/"), basename(copy));
        char **sc = calloc((size_t)nsf + 12, sizeof *sc);
        int k = 0;
        sc[k++] = stradsc;
        sc[k++] = a;
        sc[k++] = "-o";
        sc[k++] = out;
        static int asked;
        static char *gccinc;
        if (!asked++ && is_gcc(cc))
            gccinc = gcc_include_dir(cc);
        if (gccinc) {
            sc[k++] = "-idirafter";
            sc[k++] = gccinc;
        }
        /* Glue lines must not share the user's base name (gdb breakpoints). */
        char *stem = xstrdup(basename(xstrdup(a)));
        stem[strlen(stem) - 2] = 0;
        sc[k++] = "--glue-name";
        sc[k++] = cat(cat(sub, "/"), cat(stem, ".strads-glue.c"));
        for (int j = 0; j < nsf; j++)
            sc[k++] = sflags[j];
        status = translate(sc);
        free(sc);
        if (nmade == 0 && is_gcc(cc)) {
            /* Outlined, a loop body reads its arrays' pointers from a
             * struct, where GCC no longer sees that they came from distinct
             * malloc() calls: at -O2 its default cost model (very-cheap)
             * refuses the run-time alias checks that vectorizing then
             * needs, and a body ran at half the plain build's speed (the
             * mlr sample's epoch). Put first, so the user's own choice of
             * cost model or -fno-tree-vectorize still wins; it vectorizes
             * nothing that -O2 does not (the flag is only the cost model),
             * and it never reorders floating-point arithmetic. */
            memmove(cmd + 3, cmd + 2, (size_t)(nc - 2) * sizeof *cmd);
            cmd[2] = "-fvect-cost-model=dynamic";
            nc++;
        }
        orig[nmade] = a;
        made[nmade++] = xstrdup(out);
        /* Quoted includes are looked up next to the original source. */
        char *dcopy = xstrdup(a);
        cmd[nc++] = "-iquote";
        cmd[nc++] = xstrdup(dirname(dcopy));
        cmd[nc++] = made[nmade - 1];
    }
    if (status == 0) {
        if (link) {
            cmd[nc++] = cat("-L", libdir);
            cmd[nc++] = "-lstrads";
            cmd[nc++] = cat("-Wl,-rpath,", libdir);
            /* free() of a distributed array from any file of the program,
             * translated or not, goes to strads_free (dds/registry.c);
             * read(2), fread and the like into a dvector open its
             * write-protected pages first (dds/io_wrap.c): the kernel's
             * write would fail with EFAULT and leave the old values. */
            cmd[nc++] = STRADS_WRAP_FLAGS;
            /* sync(custom(fn)) finds the program's policy function by name. */
            cmd[nc++] = "-Wl,--export-dynamic";
#ifdef STRADSCC_SANITIZE
            cmd[nc++] = STRADSCC_SANITIZE; /* libstrads was built sanitized */
#endif
            cmd[nc++] = "-lmsgpackc";
            cmd[nc++] = "-luv";
            cmd[nc++] = "-lsodium";
            cmd[nc++] = "-lpthread";
            cmd[nc++] = "-ldl";
            cmd[nc++] = "-lm";
        }
        cmd[nc] = NULL;
        status = run(cmd);
        if (status == 0)
            fix_depfiles(argc, argv, made, orig, nmade);
    }
    const char *keep = getenv("STRADSCC_KEEP");
    if (tmpdir && !(keep && *keep && strcmp(keep, "0"))) {
        for (int k = 0; k < nmade; k++) {
            unlink(made[k]);
            char sub[64];
            snprintf(sub, sizeof sub, "%s/%d", tmpdir, k);
            rmdir(sub);
        }
        rmdir(tmpdir);
    } else if (tmpdir) {
        fprintf(stderr, "stradscc: kept translated sources in %s\n", tmpdir);
    }
    if (caught) { /* cleaned up: now die of the signal, as the step did */
        signal(caught, SIG_DFL);
        raise(caught);
    }
    return status;
}
