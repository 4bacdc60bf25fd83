/*
 * core/logging.c - every line the library writes on stderr: leveled
 * diagnostics selected by STRADS_LOG, fatal errors, and the STRADS_STATS
 * reports (a sentence for people, a key=value line for programs).
 *
 * Every line names the process ("strads[2]: ", "strads: " for a lone
 * process) and says what it is ("error: ", "fatal: ", "stats: "...) because
 * the launcher merges the output of all ranks; one fputs per line keeps
 * lines from interleaving. The statistics line's format is documented in
 * docs/observability.md; test/stats.sh reads it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/rt.h"

static int log_level = RT_LOG_WARN;
/* "strads" or "strads[R]": written whole before any thread starts, read by
 * signal handlers (rt_log_name) */
static char log_name[32] = "strads";
static int log_rank; /* the statistics line's rank=, 0 for a lone process */

static const char *const level_names[] = {"error", "warn", "info", "debug", "trace"};

static void set_name(int rank)
{
    log_rank = rank >= 0 ? rank : 0;
    if (rank >= 0)
        snprintf(log_name, sizeof log_name, "strads[%d]", rank);
    else
        snprintf(log_name, sizeof log_name, "strads");
}

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
    set_name(rank);
}

int rt_log_enabled(int level) { return level <= log_level; }

const char *rt_log_name(void) { return log_name; }

/* One line: "NAME: TAG: " + the formatted text (cut to fit) + newline. */
static void emit(const char *tag, const char *head, const char *fmt, va_list ap)
{
    char line[1024];
    int n = snprintf(line, sizeof line, "%s: %s: %s", log_name, tag, head ? head : "");
    if (n < 0 || (size_t)n >= sizeof line - 1) n = (int)sizeof line - 2;
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    size_t len = strlen(line);
    line[len++] = '\n';
    line[len] = 0;
    fputs(line, stderr);
}

void rt_log(int level, const char *fmt, ...)
{
    if (level > log_level) return;
    va_list ap;
    va_start(ap, fmt);
    emit(level_names[level], NULL, fmt, ap);
    va_end(ap);
}

void rt_log_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit("fatal", NULL, fmt, ap);
    va_end(ap);
}

/* ---- STRADS_STATS ---- */

/* STRADS_STATS, as the configuration table read it at start (start.c). */
static bool stats_on;
void rt_stats_enable(bool on) { stats_on = on; }
bool rt_stats_on(void) { return stats_on; }

void rt_stats_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit("note", NULL, fmt, ap);
    va_end(ap);
}

/* A file name as one value: the bytes that would end the value or the pair
 * (blanks, '=', control characters) and '%' itself as %XX. */
static void put_word(char *out, size_t cap, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t k = 0;
    for (; s && *s && k + 4 < cap; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch <= ' ' || ch == '=' || ch == '%' || ch == 0x7f) {
            out[k++] = '%';
            out[k++] = hex[ch >> 4];
            out[k++] = hex[ch & 15];
        } else {
            out[k++] = (char)ch;
        }
    }
    out[k] = 0;
}

void rt_stats(const char *ev, const char *file, unsigned line, const char *fmt, ...)
{
    char head[384];
    if (file) {
        char w[300];
        put_word(w, sizeof w, file);
        snprintf(head, sizeof head, "ev=%s rank=%d site=%s:%u ", ev, log_rank, w, line);
    } else {
        snprintf(head, sizeof head, "ev=%s rank=%d ", ev, log_rank);
    }
    va_list ap;
    va_start(ap, fmt);
    emit("stats", head, fmt, ap);
    va_end(ap);
}
