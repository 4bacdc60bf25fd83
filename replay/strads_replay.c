/*
 * strads-replay - runs a program as one process that replays a recorded run:
 *
 *   strads-replay DIR [--] program args...
 *
 * DIR is what `strads-run --record DIR` (or STRADS_RECORD=DIR) wrote. The
 * program runs alone (no launcher, no network), and every async_for call
 * executes in the order the recorded parallel run was equivalent to, on one
 * thread; every sync_for call runs in one process and is then completed from
 * the recorded outcome (replay/outcome.c); so its output and final arrays
 * are those of the recorded run. It
 * only sets STRADS_REPLAY and runs the program, so it works under a
 * debugger either way: `gdb --args strads-replay DIR -- prog args` (gdb
 * follows the exec) or `STRADS_REPLAY=DIR gdb --args prog args`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
                          "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "PMI_RANK", "PMI_SIZE",
                          "SLURM_PROCID", "SLURM_NTASKS", "STRADS_RECORD"};
    for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) unsetenv(drop[i]);
    if (setenv("STRADS_REPLAY", dir, 1)) {
        perror("strads-replay: setenv");
        return 2;
    }
    execvp(argv[p], argv + p);
    fprintf(stderr, "strads-replay: cannot run '%s': %s\n", argv[p], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
