/*
 * launcher/lazy.c - whether the program links the strads runtime, so that
 * its workers may start only when the driver first needs them.
 *
 * A job whose calls all run alone on the driver (engine/loop_alone.c) never
 * needs its workers, and a program of 20-80 ms paid their start (exec,
 * libraries, handshake: about 10 ms of a core each) and their stop, more
 * than a tenth of its time. strads-run then starts the driver alone and the
 * others when the driver's runtime asks, on the pipe it finds at
 * LAUNCH_SPAWN_FD (core/start.c). Only a program known to hold the
 * runtime is started so: any other (a shell script, a program that runs a
 * strads program) gets every rank at once, as ranks that never ask would
 * otherwise never run. Known: an ELF file that names libstrads.so among
 * its libraries, or holds the runtime's marker (linked statically).
 */
#define _GNU_SOURCE /* memmem */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch.h"

#define CHUNK (1 << 20)
#define MAX_SCAN ((size_t)512 << 20)

/* The program's file as execvp finds it, in buf; false when none. */
static bool find_program(const char *file, char *buf, size_t len)
{
    if (strchr(file, '/'))
        return snprintf(buf, len, "%s", file) < (int)len;
    const char *dirs = getenv("PATH");
    for (const char *d = dirs ? dirs : "/bin:/usr/bin"; d; d = strchr(d, ':')) {
        if (*d == ':')
            d++;
        size_t dl = strcspn(d, ":");
        int w = snprintf(buf, len, "%.*s%s%s", (int)dl, d, dl ? "/" : "", file);
        if (w > 0 && (size_t)w < len && access(buf, X_OK) == 0)
            return true;
    }
    return false;
}

bool launch_links_runtime(const char *file)
{
    static const char *const marks[] = { "libstrads.so", LAUNCH_RUNTIME_MARK };
    char path[4096];
    const char *lazy = getenv("STRADS_LAZY_WORKERS");
    if ((lazy && strcmp(lazy, "1") != 0) || !find_program(file, path, sizeof path))
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char *buf = malloc(CHUNK + 64);
    bool found = false, elf = false;
    size_t keep = 0, total = 0;
    ssize_t n;
    while (buf && !found && total < MAX_SCAN && (n = read(fd, buf + keep, CHUNK)) > 0) {
        if (total == 0)
            elf = n >= 4 && !memcmp(buf, "\177ELF", 4);
        if (!elf)
            break;
        total += (size_t)n;
        size_t have = keep + (size_t)n;
        for (size_t m = 0; m < 2 && !found; m++)
            found = memmem(buf, have, marks[m], strlen(marks[m])) != NULL;
        /* a mark cut by the chunk's end is whole in the next */
        keep = have < 63 ? have : 63;
        memmove(buf, buf + have - keep, keep);
    }
    free(buf);
    close(fd);
    return found;
}
