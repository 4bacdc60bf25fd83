/*
 * engine/session.c - strads_start: the process lifecycle of core/start.c
 * with the hooks of the layers above it (the sync policies' table, and
 * replay's background checkpoint writer, which must finish before the
 * process exits).
 */
#include <stdio.h>

#include "core/rt.h"
#include "engine/loop.h"
#include "replay/replay.h"
#include "scheduler/policy.h"

/* The configuration's rows whose grammar is the engine's: STRADS_SYNC's
 * models and STRADS_SLOW's stragglers, checked when the process starts. */
static int check_config(const rt_config *cfg, char *err, size_t errlen)
{
    if (cfg->sync && rt_sync_check(cfg->sync, err, errlen)) return STRADS_ECONFIG;
    if (cfg->slow) {
        char why[200];
        sched_slow *s = NULL;
        if (sched_slow_parse(cfg->slow, cfg->size, &s, why, sizeof why)) {
            snprintf(err, errlen, "STRADS_SLOW=%s: %s", cfg->slow, why);
            return STRADS_ECONFIG;
        }
        sched_slow_free(s);
    }
    return 0;
}

int strads_start(int argc, char **argv, strads_main_fn user_main)
{
    static const rt_upper hooks = {
        .install = rt_sync_policy_install,
        .drain = replay_drain,
        .shutdown = replay_shutdown,
        .check_config = check_config,
    };
    rt_body_guard_install();
    return rt_start(argc, argv, user_main, &hooks);
}
