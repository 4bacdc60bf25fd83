/*
 * core/progress.c - the progress line of long operators on the driver's
 * terminal: steps done of the total, rate, ETA, redrawn in place four times
 * a second, erased when the operator ends.
 *
 * The engines report what the driver already knows without asking anyone:
 * async_for the rounds completed (every node meets the driver at the barrier
 * ending a round), sync_for the clocks the driver completed. A ticker thread
 * draws, so the line moves even while one step is long; it is started the
 * first time an operator begins with the line enabled, and sleeps while no
 * operator runs. The line appears only after an operator has run for
 * SHOW_AFTER_MS, so a program made of many short loops prints nothing, and
 * only when stderr is a terminal (STRADS_PROGRESS=auto) so that logs and
 * tests see no control characters.
 *
 * Threads: begin, total, step and end are called by the driver's
 * node-function thread; the ticker reads under the same mutex.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/trace.h"

#define SHOW_AFTER_MS 1000
#define REDRAW_MS 250

static struct {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    bool ticker;      /* the ticker thread exists */
    /* An operator is running. Atomic because workers test it without the
     * mutex, to return at once when there is no line to update. */
    atomic_bool active;
    bool drawn;       /* the line is on the screen */
    char what[160];   /* "async_for sgdmf.c:57" */
    const char *unit; /* NULL until the engine knows its steps */
    int64_t total, done;
    uint64_t start_ms;  /* the operator began */
    uint64_t steps_ms;  /* its steps began (after reconnaissance and planning) */
} P = {.mu = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static bool enabled(void)
{
    const rt_config *c = rt_cfg();
    if (c->rank != 0 || c->progress == 0) return false;
    return c->progress == 1 || isatty(STDERR_FILENO);
}

/* "1:02:03", "2:03", or "--" when unknown. */
static void fmt_time(char *s, size_t n, double sec)
{
    if (!(sec >= 0) || sec > 360000) {
        snprintf(s, n, "--");
        return;
    }
    long t = (long)(sec + 0.5);
    if (t >= 3600)
        snprintf(s, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(s, n, "%ld:%02ld", t / 60, t % 60);
}

/* Draws the line; P.mu held. */
static void draw(void)
{
    char elapsed[32], eta[32], line[256];
    fmt_time(elapsed, sizeof elapsed, (double)(rt_now_ms() - P.start_ms) / 1000.0);
    if (!P.unit) { /* steps not known yet */
        snprintf(line, sizeof line, "starting (reconnaissance, planning), elapsed %s", elapsed);
    } else {
        /* the rate of the steps alone: planning is over and does not come back */
        double st = (double)(rt_now_ms() - P.steps_ms) / 1000.0;
        double rate = st > 0 ? (double)P.done / st : 0;
        fmt_time(eta, sizeof eta, rate > 0 ? (double)(P.total - P.done) / rate : -1);
        if (P.total > 0)
            snprintf(line, sizeof line, "%lld/%lld %s (%d%%), %.1f %s/s, elapsed %s, ETA %s",
                     (long long)P.done, (long long)P.total, P.unit, (int)(100 * P.done / P.total),
                     rate, P.unit, elapsed, eta);
        else /* a model that runs until it is told to stop: no total, no ETA */
            snprintf(line, sizeof line, "%lld %s, %.1f %s/s, elapsed %s", (long long)P.done, P.unit,
                     rate, P.unit, elapsed);
    }
    /* \r and erase-line: the line is rewritten in place, never scrolls */
    fprintf(stderr, "\r\033[Kstrads: %s: %s", P.what, line);
    fflush(stderr);
    P.drawn = true;
}

static void erase(void)
{
    if (!P.drawn) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    P.drawn = false;
}

static void *ticker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&P.mu);
    for (;;) {
        while (!P.active) pthread_cond_wait(&P.wake, &P.mu);
        if (rt_now_ms() - P.start_ms >= SHOW_AFTER_MS) draw();
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += REDRAW_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&P.wake, &P.mu, &ts);
    }
    return NULL;
}

void rt_progress_begin(const strads_loop_site *site)
{
    if (!enabled()) return;
    pthread_mutex_lock(&P.mu);
    if (!P.ticker) {
        pthread_t th;
        pthread_attr_t a;
        pthread_attr_init(&a);
        pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
        P.ticker = pthread_create(&th, &a, ticker, NULL) == 0;
        pthread_attr_destroy(&a);
    }
    const char *file = strrchr(site->file, '/');
    snprintf(P.what, sizeof P.what, "%s %s:%u",
             site->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for", file ? file + 1 : site->file,
             site->line);
    P.unit = NULL;
    P.total = P.done = 0;
    P.start_ms = rt_now_ms();
    P.active = true;
    pthread_cond_signal(&P.wake);
    pthread_mutex_unlock(&P.mu);
}

void rt_progress_total(int64_t total, const char *unit)
{
    if (!atomic_load_explicit(&P.active, memory_order_relaxed)) return; /* workers, disabled */
    pthread_mutex_lock(&P.mu);
    P.total = total;
    P.unit = unit;
    P.done = 0;
    P.steps_ms = rt_now_ms();
    pthread_mutex_unlock(&P.mu);
}

void rt_progress_step(void)
{
    if (!atomic_load_explicit(&P.active, memory_order_relaxed)) return; /* workers, disabled */
    pthread_mutex_lock(&P.mu);
    P.done++;
    pthread_mutex_unlock(&P.mu);
}

void rt_progress_end(void)
{
    if (!atomic_load_explicit(&P.active, memory_order_relaxed)) return;
    pthread_mutex_lock(&P.mu);
    P.active = false;
    erase();
    pthread_mutex_unlock(&P.mu);
}
