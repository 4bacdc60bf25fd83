/*
 * launcher/replay.c - strads-run --replay DIR: the checks a cluster
 * replay needs before any process starts.
 *
 * A replay must run with the recorded node count and threads per node
 * (task dispatch and async_for plans are functions of both), so strads-run
 * reads them from the header of the driver's node log (DIR/node-0.log,
 * written by replay/event_log.c: magic "STRADSRL", then u32 version, rank, size,
 * threads in native byte order), takes them as defaults, and refuses a
 * different -n or --threads with a message saying what was recorded. The
 * runtime checks every node's log again in full; this only has to fail
 * early and clearly. strads-run does not link libstrads, hence the small
 * duplicate of the header layout. DIR/settings holds the NAME=VALUE
 * settings that change what loops compute (STRADS_SYNC, ...); they are set
 * for the replay as recorded, and the runtime refuses a run without them.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"

#define LOG_VERSION 2 /* REPLAY_RECORD_VERSION of replay/replay.h */

int launch_replay_setup(launch_opts *o)
{
    char path[4200];
    unsigned char h[24];
    uint32_t version, size, threads;
    FILE *f;

    snprintf(path, sizeof path, "%s/node-0.log", o->replay);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "strads-run: --replay %s: cannot open %s: %s (not a folder written by "
                "strads-run --record?)\n", o->replay, path, strerror(errno));
        return -1;
    }
    if (fread(h, sizeof h, 1, f) != 1 || memcmp(h, "STRADSRL", 8)) {
        fclose(f);
        fprintf(stderr, "strads-run: --replay %s: %s is not a strads node log (or is "
                "truncated)\n", o->replay, path);
        return -1;
    }
    fclose(f);
    memcpy(&version, h + 8, 4);
    memcpy(&size, h + 16, 4);
    memcpy(&threads, h + 20, 4);
    if (version != LOG_VERSION) {
        fprintf(stderr, "strads-run: --replay %s: %s has format version %u, this strads-run "
                "replays version %d\n", o->replay, path, version, LOG_VERSION);
        return -1;
    }
    if (size < 1 || size > LAUNCH_MAX_RANKS || threads < 1 || threads > LAUNCH_MAX_THREADS) {
        fprintf(stderr, "strads-run: --replay %s: %s has a corrupt header\n", o->replay, path);
        return -1;
    }
    if (o->n && (uint32_t)o->n != size) {
        fprintf(stderr, "strads-run: --replay %s: the run was recorded with %u processes but "
                "-n %d was asked for; a cluster replay needs the recorded count (leave -n out, "
                "or use strads-replay for one process)\n", o->replay, size, o->n);
        return -1;
    }
    if (o->threads && (uint32_t)o->threads != threads) {
        fprintf(stderr, "strads-run: --replay %s: the run was recorded with %u threads per "
                "process but --threads %d was asked for; leave --threads out\n", o->replay,
                threads, o->threads);
        return -1;
    }
    snprintf(path, sizeof path, "%s/settings", o->replay);
    if ((f = fopen(path, "r"))) {
        char line[1024];
        while (fgets(line, sizeof line, f)) {
            char *eq = strchr(line, '=');
            line[strcspn(line, "\n")] = 0;
            if (!eq || strncmp(line, "STRADS_", 7))
                continue;
            *eq = 0;
            if (eq[1] ? setenv(line, eq + 1, 1) : unsetenv(line)) {
                fclose(f);
                fprintf(stderr, "strads-run: cannot set %s\n", line);
                return -1;
            }
        }
        fclose(f);
    }
    o->n = (int)size;
    o->threads = (int)threads;
    if (setenv("STRADS_REPLAY", o->replay, 1)) {
        fprintf(stderr, "strads-run: cannot set STRADS_REPLAY\n");
        return -1;
    }
    return 0;
}
