/*
 * test_config_walk PROG: every row of the configuration table refuses its
 * malformed values in a real program. The rows come from the table itself
 * (rt_config_vars), so a variable added to it is tried here too: an integer
 * gets text, a trailing letter and one past each end of its range; a 0-or-1
 * one gets 7 and text; a number text, infinity and one below its bound;
 * a row of its own syntax the malformed values it lists (it must list
 * some). Each run of PROG (config_prog, with nothing but that variable set
 * among STRADS_*) must exit non-zero with a message naming the variable.
 * Flags (on when set) and free text take any value.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "core/rt.h"

extern char **environ;

/* Every STRADS_* and launcher variable out of the environment. */
static void clean_env(void)
{
    static const char *const launchers[] = {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                                            "PMI_RANK", "PMI_SIZE", "SLURM_PROCID",
                                            "SLURM_NTASKS"};
    for (size_t i = 0; i < sizeof launchers / sizeof launchers[0]; i++) unsetenv(launchers[i]);
    for (;;) {
        char name[256] = "";
        for (char **e = environ; *e; e++)
            if (strncmp(*e, "STRADS_", 7) == 0) {
                size_t n = strcspn(*e, "=");
                snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), *e);
                break;
            }
        if (!name[0]) return;
        unsetenv(name);
    }
}

/* Runs prog with name=value: its exit status (-1 when killed), its stderr
 * in err. */
static int run(const char *prog, const char *name, const char *value, char *err, size_t errlen)
{
    int p[2];
    if (pipe(p)) return -2;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (name) setenv(name, value, 1);
        dup2(p[1], 2);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, 1);
        close(p[0]);
        execl(prog, prog, (char *)NULL);
        _exit(127);
    }
    close(p[1]);
    size_t n = 0;
    ssize_t r;
    while ((r = read(p[0], err + n, errlen - 1 - n)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0) n += (size_t)r;
    err[n] = 0;
    close(p[0]);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int tried, failed;

/* Every value is tried, each failure printed, before the verdict. */
static void expect_refused(const char *prog, const char *name, const char *value)
{
    char err[4096];
    int rc = run(prog, name, value, err, sizeof err);
    tried++;
    check_count++;
    if (rc == 0 || !strstr(err, name)) {
        fprintf(stderr, "%s=%s: exit %d, stderr: %s\n", name, value, rc, err);
        failed++;
    }
}

int main(int argc, char **argv)
{
    CHECK(argc > 1);
    const char *prog = argv[1];
    clean_env();
    char err[4096];
    CHECK_EQ(run(prog, NULL, NULL, err, sizeof err), 0); /* the baseline starts */

    size_t n;
    const rt_config_var *v = rt_config_vars(&n);
    CHECK(n > 40);
    for (size_t i = 0; i < n; i++) {
        char a[64], b[64];
        const char *name = v[i].name;
        switch (v[i].kind) {
        case RT_CFG_INT:
            expect_refused(prog, name, "abc");
            expect_refused(prog, name, "5x");
            if (v[i].lo > LLONG_MIN) {
                snprintf(a, sizeof a, "%lld", v[i].lo - 1);
                expect_refused(prog, name, a);
            }
            if (v[i].hi < LLONG_MAX) {
                snprintf(b, sizeof b, "%lld", v[i].hi + 1);
                expect_refused(prog, name, b);
            }
            break;
        case RT_CFG_BOOL:
            expect_refused(prog, name, "7");
            expect_refused(prog, name, "abc");
            break;
        case RT_CFG_REAL:
            expect_refused(prog, name, "abc");
            expect_refused(prog, name, "inf");
            snprintf(a, sizeof a, "%lld", v[i].lo_open ? v[i].lo : v[i].lo - 1);
            expect_refused(prog, name, a);
            break;
        case RT_CFG_CUSTOM:
            if (!v[i].bad[0]) CHECK_FAIL("%s: a row of its own syntax lists no malformed value", name);
            for (int k = 0; k < 4 && v[i].bad[k]; k++) expect_refused(prog, name, v[i].bad[k]);
            break;
        case RT_CFG_FLAG:
        case RT_CFG_TEXT:
            break; /* any value */
        }
    }
    printf("%d malformed values tried, %d accepted or unnamed\n", tried, failed);
    CHECK_EQ(failed, 0);
    CHECK_DONE();
    return 0;
}
