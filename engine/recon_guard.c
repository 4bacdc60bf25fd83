/*
 * engine/recon_guard.c - a reconnaissance pass that faults, aborts or
 * never ends says so, naming the loop and the iteration.
 *
 * Reconnaissance runs the user's body (and copies of its helpers) before
 * the loop is planned. When the body faults there (a pointer member of
 * copyin data, an assert on a value only the real run has), the signal
 * would name a generated file and function, or nothing at all; when it
 * never finishes an iteration, the job would hang silently. rt_recon_run
 * marks the thread as in reconnaissance of a site; strads_recon_iter
 * (recon.c) keeps the iteration; a fatal signal then prints what happened
 * and the fix before dying as it would have, and every 2^24 recorded
 * accesses the iteration's age is checked against STRADS_RECON_BUDGET
 * seconds (default 300).
 */
#define _GNU_SOURCE /* sigaction's SA_* */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/loop.h"
#include "core/rt.h"

#define TLS __thread __attribute__((tls_model("initial-exec")))

static TLS const strads_loop_site *cur_site;
TLS int64_t rt_recon_cur_iter;
TLS unsigned rt_recon_calls;
static TLS int64_t check_iter = -1;
static TLS double check_since;
static double budget_s;
static pthread_once_t budget_once = PTHREAD_ONCE_INIT;

static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static struct sigaction old[sizeof sigs / sizeof sigs[0]];
/* Every worker thread may run reconnaissance first: pthread_once makes one
 * of them install the handlers and the others wait until old[] is filled. */
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static const char *FIX = "reconnaissance runs the body before the loop is planned, writing "
                         "only a private shadow; on a sync_for use recon(off), on an async_for "
                         "make the body valid on the data as it is before the loop "
                         "(or run it as 'sync_for sync(hybrid) recon(off)')";

/* Async-signal-safe: snprintf of integers and strings only, then write. */
static void on_signal(int sig, siginfo_t *si, void *uc)
{
    const strads_loop_site *s = cur_site;
    if (s) {
        char msg[1024];
        int n = snprintf(msg, sizeof msg,
                         "strads[%d]: fatal: reconnaissance of %s %s:%u, iteration %lld: %s%s; %s\n",
                         strads_rank(), s->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for",
                         s->file ? s->file : "?", s->line, (long long)rt_recon_cur_iter,
                         strsignal(sig), sig == SIGABRT ? " (an assert or abort() in the body)" : "",
                         FIX);
        if (n > 0) (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
        cur_site = NULL;
    }
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        if (sigs[i] == sig) {
            if (old[i].sa_flags & SA_SIGINFO && old[i].sa_sigaction) {
                old[i].sa_sigaction(sig, si, uc);
                return;
            }
            if (old[i].sa_handler != SIG_DFL && old[i].sa_handler != SIG_IGN) {
                old[i].sa_handler(sig);
                return;
            }
        }
    signal(sig, SIG_DFL); /* dies as it would have (a fault repeats on return) */
    if (sig == SIGABRT) raise(sig);
}

static void install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, &old[i]);
}

/* STRADS_RECON_BUDGET: seconds one reconnaissance iteration may take; 0
 * turns the check off. A malformed value stops the program naming it. */
static void recon_budget(void)
{
    const char *v = getenv("STRADS_RECON_BUDGET");
    budget_s = 300;
    if (!v || !*v) return;
    char *end;
    double b = strtod(v, &end);
    if (*end || b < 0 || b != b) {
        char what[256];
        snprintf(what, sizeof what, "STRADS_RECON_BUDGET=%s: expected seconds >= 0", v);
        strads_fatal(STRADS_EINVAL, what);
    }
    budget_s = b;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void rt_recon_budget_check(void)
{
    pthread_once(&budget_once, recon_budget); /* read once, by whichever thread is first */
    double t = now_s();
    if (check_iter != rt_recon_cur_iter) {
        check_iter = rt_recon_cur_iter;
        check_since = t;
        return;
    }
    if (budget_s > 0 && t - check_since > budget_s && cur_site) {
        char what[1024];
        snprintf(what, sizeof what,
                 "reconnaissance of %s %s:%u: iteration %lld ran past STRADS_RECON_BUDGET "
                 "(%.0f s) without finishing; %s",
                 cur_site->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for", cur_site->file,
                 cur_site->line, (long long)rt_recon_cur_iter, budget_s, FIX);
        strads_fatal(STRADS_ESTATE, what);
    }
}

void rt_recon_run(const strads_loop_site *site, const void *env, strads_recon *rc,
                  const int64_t *idx, int64_t lo, int64_t hi)
{
    pthread_once(&install_once, install);
    const strads_loop_site *outer = cur_site;
    cur_site = site;
    check_iter = -1; /* a new pass: no iteration's age carries over */
    site->recon(env, rc, idx, lo, hi);
    cur_site = outer;
}
