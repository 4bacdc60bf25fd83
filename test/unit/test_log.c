/*
 * test/unit/test_log.c - the lines core/logging.c writes: every kind carries
 * the process's prefix, STRADS_LOG's level filters diagnostics but not fatal
 * errors or statistics, and the STRADS_STATS machine line is "ev=EV rank=R
 * site=FILE:LINE key=value..." with a file name that cannot split a value.
 */
#include <unistd.h>

#include "check.h"
#include "core/rt.h"

/* stderr into a temporary file; returns what the calls between wrote */
static FILE *cap;
static int saved = -1;

static void begin(void)
{
    fflush(stderr);
    cap = tmpfile();
    if (!cap) CHECK_FAIL("tmpfile");
    saved = dup(2);
    dup2(fileno(cap), 2);
}

static char *end(void)
{
    static char buf[8192];
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(cap);
    size_t n = fread(buf, 1, sizeof buf - 1, cap);
    buf[n] = 0;
    fclose(cap);
    return buf;
}

int main(void)
{
    rt_log_set(RT_LOG_WARN, 2);
    CHECK_STR(rt_log_name(), "strads[2]");
    begin();
    rt_info("hidden %d", 1);
    rt_warn("shown %d", 2);
    rt_error("bad %s", "x");
    rt_log_fatal("gone: %s", "why");
    rt_stats_note("sync_for a.c:3: bsp, %d nodes", 2);
    rt_stats("sync_for", "my dir/a=b%.c", 3, "model=%s clocks=%d", "bsp", 8);
    rt_stats("checkpoints", NULL, 0, "written=%d", 4);
    CHECK_STR(end(), "strads[2]: warn: shown 2\n"
                     "strads[2]: error: bad x\n"
                     "strads[2]: fatal: gone: why\n"
                     "strads[2]: note: sync_for a.c:3: bsp, 2 nodes\n"
                     "strads[2]: stats: ev=sync_for rank=2 site=my%20dir/a%3Db%25.c:3 model=bsp clocks=8\n"
                     "strads[2]: stats: ev=checkpoints rank=2 written=4\n");

    /* a lone process: no rank in the prefix, rank=0 in the line */
    rt_log_set(RT_LOG_ERROR, -1);
    CHECK_STR(rt_log_name(), "strads");
    begin();
    rt_warn("hidden");
    rt_stats("ssp", "s.c", 1, "max_staleness=%d", 1);
    CHECK_STR(end(), "strads: stats: ev=ssp rank=0 site=s.c:1 max_staleness=1\n");

    /* a line too long is cut, still one line */
    char big[2000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    begin();
    rt_error("%s", big);
    char *out = end();
    CHECK(strchr(out, '\n') == out + strlen(out) - 1);
    CHECK(strncmp(out, "strads: error: xxx", 18) == 0);
    CHECK_DONE();
    return 0;
}
