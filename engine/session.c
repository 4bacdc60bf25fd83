/*
 * engine/session.c - strads_start: the process lifecycle of core/start.c
 * with the hooks of the layers above it (the sync policies' table, and
 * replay's background checkpoint writer, which must finish before the
 * process exits).
 */
#include "core/rt.h"
#include "engine/loop.h"
#include "replay/replay.h"

int strads_start(int argc, char **argv, strads_main_fn user_main)
{
    static const rt_upper hooks = {
        .install = rt_sync_policy_install,
        .drain = replay_drain,
        .shutdown = replay_shutdown,
    };
    return rt_start(argc, argv, user_main, &hooks);
}
