/*
 * core/pool.c - the worker threads of a node (STRADS_THREADS of them,
 * counting the calling thread).
 *
 * One job at a time: rt_pool_run publishes (fn, arg, ntasks) under a
 * generation number, the caller works along with the pool, and tasks are
 * handed out in increasing order from an atomic counter so that small tasks
 * balance without a queue.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/rt.h"
#include "core/trace.h"

static struct {
    pthread_mutex_t mu;
    pthread_cond_t start, finish;
    pthread_t *threads;
    int nthreads;          /* pool threads, excluding the caller */
    uint64_t generation;
    bool stop;
    rt_task_fn fn;
    void *arg;
    int64_t ntasks;
    atomic_int_fast64_t next;
    int running;           /* pool threads still inside the current job */
    pthread_mutex_t run_mu; /* one rt_pool_run at a time */
} P = {.mu = PTHREAD_MUTEX_INITIALIZER,
       .start = PTHREAD_COND_INITIALIZER,
       .finish = PTHREAD_COND_INITIALIZER,
       .run_mu = PTHREAD_MUTEX_INITIALIZER};

static void work(int thread)
{
    for (;;) {
        int64_t t = atomic_fetch_add(&P.next, 1);
        if (t >= P.ntasks) return;
        P.fn(P.arg, t, thread);
    }
}

static void *pool_main(void *arg)
{
    int id = (int)(intptr_t)arg;
    rt_trace_name_thread("worker", id);
    uint64_t seen = 0;
    pthread_mutex_lock(&P.mu);
    for (;;) {
        while (!P.stop && P.generation == seen) pthread_cond_wait(&P.start, &P.mu);
        if (P.stop) break;
        seen = P.generation;
        pthread_mutex_unlock(&P.mu);
        work(id);
        pthread_mutex_lock(&P.mu);
        if (--P.running == 0) pthread_cond_signal(&P.finish);
    }
    pthread_mutex_unlock(&P.mu);
    return NULL;
}

int rt_pool_init(int threads)
{
    P.nthreads = threads > 1 ? threads - 1 : 0;
    if (!P.nthreads) return 0;
    P.threads = calloc((size_t)P.nthreads, sizeof *P.threads);
    if (!P.threads) return STRADS_ENOMEM;
    for (int i = 0; i < P.nthreads; i++)
        if (pthread_create(&P.threads[i], NULL, pool_main, (void *)(intptr_t)(i + 1))) {
            P.nthreads = i;
            return STRADS_ENOMEM;
        }
    return 0;
}

void rt_pool_stop(void)
{
    pthread_mutex_lock(&P.mu);
    P.stop = true;
    pthread_cond_broadcast(&P.start);
    pthread_mutex_unlock(&P.mu);
    for (int i = 0; i < P.nthreads; i++) pthread_join(P.threads[i], NULL);
    free(P.threads);
    P.threads = NULL;
    P.nthreads = 0;
    P.stop = false;
}

int rt_pool_run(int64_t ntasks, rt_task_fn fn, void *arg)
{
    if (!fn || ntasks < 0) return STRADS_EINVAL;
    pthread_mutex_lock(&P.run_mu);
    P.fn = fn;
    P.arg = arg;
    P.ntasks = ntasks;
    atomic_store(&P.next, 0);
    pthread_mutex_lock(&P.mu);
    P.running = P.nthreads;
    P.generation++;
    pthread_cond_broadcast(&P.start);
    pthread_mutex_unlock(&P.mu);
    work(0);
    pthread_mutex_lock(&P.mu);
    while (P.running > 0) pthread_cond_wait(&P.finish, &P.mu);
    pthread_mutex_unlock(&P.mu);
    pthread_mutex_unlock(&P.run_mu);
    return 0;
}

