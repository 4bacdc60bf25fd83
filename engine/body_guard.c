/*
 * engine/body_guard.c - a loop body that faults names its loop.
 *
 * A worker process has only what a loop's call gives it: the captured
 * values, the distributed arrays, the copyin sections and this file's
 * globals of numbers. A function of another file that reaches memory
 * through a global pointer the driver set (a table loaded in main, a
 * static of that file) reads a null or stale pointer there, and the worker
 * died with a bare SIGSEGV that named nothing. The handler is installed
 * when the process starts, before any of the runtime's own (the page
 * tracker, the write tracker, the copyin guard, reconnaissance's), so it
 * is the bottom of their chain: it sees only faults none of them took.
 * It prints the loop and the fix, then hands the fault on to whatever
 * handler was there before (a sanitizer's), or dies as it would have.
 */
#define _GNU_SOURCE /* sigaction's SA_* */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/loop.h"
#include "core/rt.h"

static const int sigs[] = {SIGSEGV, SIGBUS};
static struct sigaction old[sizeof sigs / sizeof sigs[0]];

/* Async-signal-safe but for snprintf of integers, strings and a pointer. */
static void on_fault(int sig, siginfo_t *si, void *uc)
{
    const strads_loop_site *s = rt_in_body;
    if (s) {
        rt_in_body = NULL; /* said once, should the chained handler fault */
        char msg[1024];
        int n = snprintf(
            msg, sizeof msg, "%s: fatal: %s %s:%u: the body faulted (%s at address %p)%s\n",
            rt_log_name(), s->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for",
            s->file ? s->file : "?", s->line, strsignal(sig), si ? si->si_addr : NULL,
            strads_rank() > 0
                ? " on a worker, which has only what the loop's call gives it: its captured "
                  "values, distributed arrays, copyin sections and this file's globals of "
                  "numbers; memory a function of another file reaches through a global "
                  "pointer or a static the driver set up is not there: pass it to the body "
                  "(a dvector, or a copyin section of a captured pointer)"
                : "");
        if (n > 0) (void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
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
    signal(sig, SIG_DFL); /* the fault repeats on return and kills with a core */
}

void rt_body_guard_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, &old[i]);
}
