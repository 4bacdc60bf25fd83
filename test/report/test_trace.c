/*
 * test/report/test_trace.c - the trace recorder alone, in one process:
 * events nest and carry their site and argument, tiny repeated tasks are
 * merged (counted, iterations summed) while long ones stay separate, an end
 * without a begin is ignored, threads are named, a path that cannot be
 * created is refused naming STRADS_TRACE, and the file is valid JSON (read
 * back with strads-report's reader).
 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "core/trace.h"
#include "tools/report/json.h"

static const strads_loop_site site = {.abi = STRADS_ABI_VERSION, .kind = STRADS_SYNC_FOR,
                                      .file = "some/dir/t.c", .line = 12};

static void sleep_us(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

static void *worker(void *arg)
{
    (void)arg;
    rt_trace_name_thread("worker", 2);
    rt_trace_begin(RT_TR_ROUND, NULL, 4);
    rt_trace_begin(RT_TR_TASK, NULL, 1);
    sleep_us(100);
    rt_trace_end();
    rt_trace_end();
    return NULL;
}

static double num(const js_val *o, const char *k)
{
    const js_val *v = js_get(o, k);
    CHECK(v && v->type == JS_NUM);
    return v->num;
}

static const char *str(const js_val *o, const char *k)
{
    const js_val *v = js_get(o, k);
    CHECK(v && v->type == JS_STR);
    return v->str;
}

int main(void)
{
    char err[256];
    rt_config bad = {.rank = 0, .size = 1, .trace_path = "/nonexistent/dir/t.json"};
    CHECK_EQ(rt_trace_init(&bad, err, sizeof err), STRADS_ECONFIG);
    CHECK(strstr(err, "STRADS_TRACE=/nonexistent/dir/t.json: cannot create") != NULL);

    char path[] = "/tmp/test_trace_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    rt_config cfg = {.rank = 0, .size = 1, .trace_path = path};
    CHECK_OK(rt_trace_init(&cfg, err, sizeof err));

    rt_trace_begin(RT_TR_OPERATOR, &site, 0);
    for (int i = 0; i < 1000; i++) { /* tiny: merged */
        rt_trace_begin(RT_TR_TASK, NULL, 3);
        rt_trace_end();
    }
    rt_trace_begin(RT_TR_BARRIER, NULL, 0);
    sleep_us(200);
    rt_trace_end();
    for (int i = 0; i < 5; i++) { /* long: kept one by one */
        rt_trace_begin(RT_TR_TASK, NULL, 7);
        sleep_us(100);
        rt_trace_end();
    }
    rt_trace_end();
    rt_trace_end(); /* without a begin: ignored */
    pthread_t th;
    CHECK_EQ(pthread_create(&th, NULL, worker, NULL), 0);
    pthread_join(th, NULL);
    rt_trace_finish();

    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    unlink(path);
    js_val *root;
    if (js_parse(text, len, &root, err, sizeof err)) CHECK_FAIL("trace is not JSON: %s", err);
    const js_val *evs = js_get(root, "traceEvents");
    CHECK(evs && evs->type == JS_ARR);

    long main_tid = -1, worker_tid = -1;
    for (size_t i = 0; i < evs->n; i++) {
        const js_val *e = evs->items[i];
        if (strcmp(str(e, "ph"), "M") || strcmp(str(e, "name"), "thread_name")) continue;
        const char *n = str(js_get(e, "args"), "name");
        if (!strcmp(n, "driver (main)")) main_tid = (long)num(e, "tid");
        if (!strcmp(n, "worker 2")) worker_tid = (long)num(e, "tid");
    }
    CHECK(main_tid > 0 && worker_tid > 0 && main_tid != worker_tid);

    double op_ts = -1, op_end = -1;
    long tiny_events = 0, tiny_count = 0, tiny_iters = 0, long_tasks = 0, barriers = 0, rounds = 0;
    for (size_t i = 0; i < evs->n; i++) {
        const js_val *e = evs->items[i];
        if (strcmp(str(e, "ph"), "X")) continue;
        CHECK_EQ((long)num(e, "pid"), 0);
        CHECK(num(e, "dur") >= 0);
        const char *n = str(e, "name");
        const js_val *args = js_get(e, "args");
        if (!strcmp(n, "operator t.c:12")) {
            CHECK_STR(str(args, "site"), "some/dir/t.c:12");
            op_ts = num(e, "ts");
            op_end = op_ts + num(e, "dur");
        } else if (!strcmp(n, "task") && (long)num(e, "tid") == main_tid) {
            long it = (long)num(args, "iterations");
            const js_val *m = js_get(args, "merged");
            long cnt = m ? (long)m->num : 1;
            if (it % 3 == 0 && it / 3 == cnt) {
                tiny_events++, tiny_count += cnt, tiny_iters += it;
            } else {
                CHECK_EQ(it, 7);
                CHECK(m == NULL);
                long_tasks++;
            }
        } else if (!strcmp(n, "barrier")) {
            barriers++;
            CHECK(num(e, "dur") >= 200);
        } else if (!strcmp(n, "round")) {
            CHECK_EQ((long)num(e, "tid"), worker_tid);
            CHECK_EQ((long)num(args, "round"), 4);
            rounds++;
        }
    }
    CHECK(op_ts >= 0);
    CHECK_EQ(tiny_count, 1000);
    CHECK_EQ(tiny_iters, 3000);
    /* merged: a preemption may split the run, never into hundreds */
    CHECK_INT(tiny_events, <=, 20);
    CHECK_EQ(long_tasks, 5);
    CHECK_EQ(barriers, 1);
    CHECK_EQ(rounds, 1);
    /* everything the main thread did lies inside its operator */
    for (size_t i = 0; i < evs->n; i++) {
        const js_val *e = evs->items[i];
        if (strcmp(str(e, "ph"), "X") || (long)num(e, "tid") != main_tid) continue;
        CHECK(num(e, "ts") >= op_ts && num(e, "ts") + num(e, "dur") <= op_end + 1e-3);
    }
    js_free(root);
    CHECK_DONE();
    return 0;
}
