/*
 * core/logging.c - leveled logging to stderr, selected by STRADS_LOG.
 *
 * Every line names the process ("strads[2]") because the launcher merges the
 * output of all ranks; one fprintf per line keeps lines from interleaving.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/rt.h"

static int log_level = RT_LOG_WARN;
static int log_rank = -1;

static const char *const level_names[] = {"error", "warn", "info", "debug", "trace"};

int rt_log_parse_level(const char *s)
{
    for (int i = 0; i <= RT_LOG_TRACE; i++)
        if (strcasecmp(s, level_names[i]) == 0) return i;
    if (s[0] >= '0' && s[0] <= '4' && s[1] == 0) return s[0] - '0';
    return -1;
}

void rt_log_set(int level, int rank)
{
    log_level = level;
    log_rank = rank;
}

int rt_log_enabled(int level) { return level <= log_level; }

void rt_log(int level, const char *fmt, ...)
{
    if (level > log_level) return;
    char line[1024];
    int n;
    if (log_rank >= 0)
        n = snprintf(line, sizeof line, "strads[%d]: %s: ", log_rank, level_names[level]);
    else
        n = snprintf(line, sizeof line, "strads: %s: ", level_names[level]);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    line[len++] = '\n';
    line[len] = 0;
    fputs(line, stderr);
}
