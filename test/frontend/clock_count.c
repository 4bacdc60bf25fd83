/* LD_PRELOAD shim for frontend.alone.clock_reads: counts the main
 * thread's clock_gettime calls by clock (the runtime's other threads wait
 * with timeouts, as many as the run is long) and prints them at exit to
 * the file $CLOCK_COUNT_OUT. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long reads[16];

int clock_gettime(clockid_t id, struct timespec *ts)
{
    static int (*next)(clockid_t, struct timespec *);
    if (!next) next = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    if (id >= 0 && id < 16 && gettid() == getpid()) __atomic_fetch_add(&reads[id], 1, __ATOMIC_RELAXED);
    return next(id, ts);
}

__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("CLOCK_COUNT_OUT");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) return;
    fprintf(f, "monotonic %ld thread_cpu %ld\n", reads[CLOCK_MONOTONIC], reads[CLOCK_THREAD_CPUTIME_ID]);
    fclose(f);
}
