/*
 * strads-replay - runs a program as one process that replays a recorded run:
 *
 *   strads-replay DIR [--] program args...
 *
 * DIR is what `strads-run --record DIR` (or STRADS_RECORD=DIR) wrote. The
 * program runs alone (no launcher, no network), and every async_for call
 * executes in the order the recorded parallel run was equivalent to, on one
 * thread; every sync_for call runs in one process under the recorded sync
 * model (the settings in DIR/settings, as strads-run --replay sets them),
 * so its body really executes, a breakpoint in it stops there, and is then
 * completed from the recorded outcome (replay/outcome.c): one process
 * cannot fold like N nodes did. So its output and final arrays are those
 * of the recorded run. It only sets the environment and runs the program,
 * so it works under a debugger either way: `gdb --args strads-replay DIR -- prog args` (gdb
 * follows the exec) or `STRADS_REPLAY=DIR gdb --args prog args`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Sets the recorded NAME=VALUE settings of DIR/settings (an empty value
 * unsets; a record without the file has none). 0, or -1 after a message. */
static int recorded_settings(const char *dir)
{
    char path[4200], line[1024];
    snprintf(path, sizeof path, "%s/settings", dir);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *eq = strchr(line, '=');
        if (!eq || strncmp(line, "STRADS_", 7)) continue;
        *eq = 0;
        if (eq[1] ? setenv(line, eq + 1, 1) : unsetenv(line)) {
            fprintf(stderr, "strads-replay: cannot set %s (from %s)\n", line, path);
            rc = -1;
        }
    }
    fclose(f);
    return rc;
}

static int usage(void)
{
    fprintf(stderr, "usage: strads-replay DIR [--] program [args...]\n"
                    "  replays, in one process, a run recorded with strads-run --record DIR\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) return usage();
    const char *dir = argv[1];
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "strads-replay: %s is not a directory of a recorded run\n", dir);
        return 2;
    }
    int p = 2;
    if (strcmp(argv[p], "--") == 0) p++;
    if (p >= argc) return usage();
    /* One process: whatever launcher variables are around must not make
     * the program wait for peers that will never come. */
    const char *drop[] = {"STRADS_RANK", "STRADS_SIZE", "STRADS_COORDINATOR", "STRADS_LISTEN_FD",
                          "STRADS_LAUNCHER_FD",
                          "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "PMI_RANK", "PMI_SIZE",
                          "SLURM_PROCID", "SLURM_NTASKS", "STRADS_RECORD"};
    for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) unsetenv(drop[i]);
    if (recorded_settings(dir)) return 2;
    if (setenv("STRADS_REPLAY", dir, 1)) {
        perror("strads-replay: setenv");
        return 2;
    }
    execvp(argv[p], argv + p);
    fprintf(stderr, "strads-replay: cannot run '%s': %s\n", argv[p], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
