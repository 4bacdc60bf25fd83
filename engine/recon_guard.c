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
 *
 * The handler runs on an alternate signal stack that rt_recon_run gives
 * each reconnaissance thread (once, freed when the thread ends): a body that
 * overflows its stack faults with no room left to run a handler on it.
 */
#define _GNU_SOURCE /* sigaction's SA_* */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dds/dds.h"
#include "engine/loop.h"
#include "core/rt.h"

#define TLS __thread __attribute__((tls_model("initial-exec")))

static TLS const strads_loop_site *cur_site;
TLS int64_t rt_recon_cur_iter;
TLS unsigned rt_recon_calls;
TLS unsigned rt_recon_check_mask = 0xFFFFFF;
static TLS int64_t check_iter = -1;
static TLS double check_since;
static TLS size_t check_nacc; /* the records' length at the iteration's last check */
static TLS unsigned check_count; /* checks in the iteration so far */
static TLS unsigned check_quiet; /* checks in a row that found nothing new recorded */

static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static struct sigaction old[sizeof sigs / sizeof sigs[0]];
/* Every worker thread may run reconnaissance first: pthread_once makes one
 * of them install the handlers and the others wait until old[] is filled. */
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static const char *FIX = "reconnaissance runs the body before the loop is planned, writing "
                         "only a private shadow; on a sync_for use recon(off), on an async_for "
                         "make the body valid on the data as it is before the loop "
                         "(or run it as 'sync_for sync(hybrid) recon(off)')";

/*
 * A worker's reconnaissance reads elements other nodes own as zeros until
 * it fetches them (recon_records.c), and an index made of those zeros may
 * point anywhere: a CSR row walked through a permutation, start[i] read as
 * 0 and start[i + 1] as its value, ran over elements never fetched, whose
 * column 0 made w[-1] (libsvm's 1-based indices), and faulted. While a
 * pass allows it (rt_recon_skip_faults), a fault of the body (SIGSEGV,
 * SIGBUS, SIGFPE) leaves its iteration where it stopped: rt_recon_run
 * goes on from the next one, and rt_recon_fetch_reads runs the iteration
 * again once what it read is fetched, then once more with faults fatal,
 * so that a body that faults on the real data still says so.
 */
static atomic_bool skip_on;
static TLS sigjmp_buf *skip_to;
/* The records of a worker's pass that skips faults (NULL otherwise). */
static TLS const sched_records *skip_rec;
static pthread_mutex_t faults_mu = PTHREAD_MUTEX_INITIALIZER;
static int64_t *faults;
static size_t nfaults, capfaults;

void rt_recon_skip_faults(bool on)
{
    atomic_store(&skip_on, on && strads_size() > 1 && strads_rank() != 0);
}

static void note_fault(int64_t i)
{
    pthread_mutex_lock(&faults_mu);
    if (nfaults == capfaults) {
        size_t cap = capfaults ? 2 * capfaults : 64;
        int64_t *f = realloc(faults, cap * sizeof *f);
        if (f) faults = f, capfaults = cap;
    }
    /* without room the iteration is not run again: its fault, fatal then,
     * is said at the next pass that meets it */
    if (nfaults < capfaults) faults[nfaults++] = i;
    pthread_mutex_unlock(&faults_mu);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

size_t rt_recon_take_faults(int64_t **out)
{
    pthread_mutex_lock(&faults_mu);
    int64_t *f = faults;
    size_t n = nfaults;
    faults = NULL;
    nfaults = capfaults = 0;
    pthread_mutex_unlock(&faults_mu);
    if (n > 1) qsort(f, n, sizeof *f, cmp_i64);
    size_t u = 0;
    for (size_t k = 0; k < n; k++)
        if (!u || f[u - 1] != f[k]) f[u++] = f[k];
    *out = f;
    return u;
}

size_t rt_recon_faults_end(void)
{
    rt_recon_skip_faults(false);
    int64_t *f;
    size_t n = rt_recon_take_faults(&f);
    free(f);
    return n;
}

/* Async-signal-safe: snprintf of integers and strings only, then write. */
static void on_signal(int sig, siginfo_t *si, void *uc)
{
    if (skip_to && sig != SIGABRT && sig != SIGILL) {
        sigjmp_buf *to = skip_to;
        skip_to = NULL;
        siglongjmp(*to, 1);
    }
    const strads_loop_site *s = cur_site;
    if (s) {
        char msg[1024];
        int n = snprintf(msg, sizeof msg,
                         "%s: fatal: reconnaissance of %s %s:%u, iteration %lld: %s%s; %s\n",
                         rt_log_name(), s->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for",
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
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, &old[i]);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Are element e's bytes in this node's copy all zero? */
static bool zero_elem(const dds_vec *dv, int64_t e)
{
    const unsigned char *p = (const unsigned char *)dv->base + (size_t)e * dv->elem;
    for (size_t k = 0; k < dv->elem; k++)
        if (p[k]) return false;
    return true;
}

/*
 * Has the iteration being recorded in rec read an element another node
 * owns of an array the loop does not write? 2: one this node holds as
 * zeros; 1: only ones it holds; 0: none. In a worker's first pass such an
 * element reads as zero, and a walk along links stored in it (`for (j = i;
 * parent[j] >= 0; j = parent[j])` meeting parent[0] read as 0) never ends:
 * the budget check then leaves the iteration as a fault would be, to be
 * recorded again once what it read is fetched. An element held already
 * (not zero) read again is mostly an iteration's real work: a covariance's
 * column of every row, whose iterations were cut from the pilot too, which
 * then recorded the node's whole share (1.3 G accesses); only a long quiet
 * stretch on such elements (an old copy's links going round) is cut.
 */
static int reads_elsewhere(const sched_records *rec)
{
    int me = strads_rank(), held = 0;
    for (size_t j = rec->cur_start; j < rec->nacc; j++) {
        sched_acc a = rec->acc[j];
        if (SCHED_ACC_WRITE(a)) continue;
        uint32_t id = SCHED_ACC_DV(a);
        int q = rec->array_of[id];
        if (q == 0 || rec->arrays[q - 1].written) continue;
        dds_vec *dv = dds_vec_by_id(id);
        int64_t e = SCHED_ACC_ELEM(a);
        if (!dv || e < 0 || e >= dv->n || dds_owner(dv, e) == me) continue;
        if (zero_elem(dv, e)) return 2;
        held = 1;
    }
    return held;
}

void rt_recon_budget_check(void)
{
    /* STRADS_RECON_BUDGET (seconds; 0: no limit), read at start */
    double budget_s = rt_cfg()->recon_budget_s, t = now_s();
    if (check_iter != rt_recon_cur_iter) {
        check_iter = rt_recon_cur_iter;
        check_since = t;
        check_nacc = skip_rec ? skip_rec->nacc : 0;
        check_count = check_quiet = 0;
        return;
    }
    /* In a pass that skips faults, an iteration reading zeros held for
     * other nodes' elements: 2^12 accesses that recorded nothing new (a
     * walk going round), or 2^20 accesses; reading any of their elements:
     * 2^20 accesses in a row that recorded nothing new (reads_elsewhere) */
    bool quiet = skip_rec && skip_rec->nacc == check_nacc;
    check_quiet = quiet ? check_quiet + 1 : 0;
    bool stuck = skip_rec && (quiet || ++check_count >= 256);
    check_nacc = skip_rec ? skip_rec->nacc : 0;
    int elsewhere = stuck && skip_to ? reads_elsewhere(skip_rec) : 0;
    if (elsewhere == 2 || (elsewhere == 1 && check_quiet >= 256)) {
        sigjmp_buf *to = skip_to;
        skip_to = NULL;
        siglongjmp(*to, 1);
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

/* The alternate signal stack of a reconnaissance thread. A thread that has
 * one already (the program's own) keeps it. 64 KiB: the handler's message
 * buffer, strsignal and a chained handler. */
#define ALT_STACK (64 * 1024)
static TLS int alt_tried;
static pthread_key_t alt_key;
static pthread_once_t alt_once = PTHREAD_ONCE_INIT;

static void alt_release(void *p)
{
    stack_t off;
    memset(&off, 0, sizeof off);
    off.ss_flags = SS_DISABLE;
    (void)sigaltstack(&off, NULL);
    munmap(p, ALT_STACK);
}

static void alt_make_key(void) { (void)pthread_key_create(&alt_key, alt_release); }

static void alt_stack(void)
{
    alt_tried = 1;
    stack_t cur;
    if (sigaltstack(NULL, &cur) == 0 && !(cur.ss_flags & SS_DISABLE)) return;
    void *p = mmap(NULL, ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                   -1, 0);
    if (p == MAP_FAILED) return; /* the handler then runs on the thread's stack, as without */
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = p;
    ss.ss_size = ALT_STACK;
    if (sigaltstack(&ss, NULL)) {
        munmap(p, ALT_STACK);
        return;
    }
    pthread_once(&alt_once, alt_make_key);
    (void)pthread_setspecific(alt_key, p);
}

TLS const strads_loop_site *rt_in_body;

void rt_nested_check(const strads_loop_site *site)
{
    const strads_loop_site *o = rt_in_body ? rt_in_body : cur_site;
    if (!o) return;
    char what[512];
    snprintf(what, sizeof what,
             "%s %s:%u: nested parallel loop: entered from the %sbody of the %s at %s:%u (a "
             "function it calls runs a parallel loop); only the outermost loop runs in parallel: "
             "remove one of the two pragmas, or call a copy of the function without it",
             site->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for", site->file ? site->file : "?",
             site->line, rt_in_body ? "" : "reconnaissance of the ",
             o->kind == STRADS_SYNC_FOR ? "sync_for" : "async_for", o->file ? o->file : "?", o->line);
    strads_fatal(STRADS_EINVAL, what);
}

/* Do the env's pointer words reach distinct distributed arrays? (The env
 * is zeroed before it is filled: every aligned word is a field or zero.) */
bool rt_recon_env_apart(const strads_loop_site *site, const void *env)
{
    enum { MAX = 64 };
    uint32_t seen[MAX];
    int n = 0;
    size_t words = env ? site->env_size / sizeof(uintptr_t) : 0;
    for (size_t w = 0; w < words; w++) {
        uintptr_t a;
        dds_vec *dv;
        memcpy(&a, (const char *)env + w * sizeof a, sizeof a);
        if (!a || dds_lookup((const void *)a, &dv, NULL) != 0) continue;
        for (int k = 0; k < n; k++)
            if (seen[k] == dv->id) return false;
        if (n == MAX) return false;
        seen[n++] = dv->id;
    }
    return true;
}

void rt_recon_run(const strads_loop_site *site, const void *env, strads_recon *rc,
                  const int64_t *idx, int64_t lo, int64_t hi)
{
    pthread_once(&install_once, install);
    if (!alt_tried) alt_stack();
    const strads_loop_site *outer = cur_site;
    cur_site = site;
    check_iter = -1; /* a new pass: no iteration's age carries over */
    rc->site = site;
    rc->env = env;
    rc->env_apart = 0;
    /* a worker's span pass (one node's share, its input its own) falls
     * back to records at a miss, which a fault is too */
    bool spans = rc->spans && strads_size() > 1 && strads_rank() != 0;
    if (outer || idx || !(spans || atomic_load(&skip_on))) {
        site->recon(env, rc, idx, lo, hi);
        cur_site = outer;
        return;
    }
    sigjmp_buf jb;
    volatile int64_t from = lo;
    if (!spans) { /* records to look at: an endless walk is cut (reads_elsewhere) */
        skip_rec = &rc->rec;
        rt_recon_check_mask = 0xFFF;
    }
    while (from < hi) {
        if (sigsetjmp(jb, 1)) {
            int64_t at = rt_recon_cur_iter;
            check_iter = -1;
            if (at < from || at >= hi) { /* not in an iteration: it faults again, fatal */
                site->recon(env, rc, NULL, from, hi);
                break;
            }
            if (spans) {
                rc->spans->miss = true;
                break;
            }
            note_fault(at);
            from = at + 1;
            continue;
        }
        skip_to = &jb;
        site->recon(env, rc, NULL, from, hi);
        skip_to = NULL;
        break;
    }
    skip_to = NULL;
    skip_rec = NULL;
    rt_recon_check_mask = 0xFFFFFF;
    cur_site = outer;
}
