/*
 * config_prog - the smallest strads program: starts, prints "ok" and its
 * size, returns 0. The configuration tests run it with malformed STRADS_*
 * values, which must stop it at start (non-zero, the variable named).
 *
 *   config_prog malloc   also allocates 1 MB and prints how many bytes
 *                        malloc holds in mmapped blocks: glibc maps a block
 *                        that large by itself, unless the library raised
 *                        its mmap threshold (STRADS_MALLOC_TUNE=1)
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strads.h"

static int prog_main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "malloc") == 0) {
        char *p = malloc(1 << 20);
        if (!p) return 1;
        memset(p, 1, 1 << 20);
        printf("mmapped=%zu\n", mallinfo2().hblkhd);
        free(p);
    }
    printf("ok size=%d\n", strads_size());
    return 0;
}

STRADS_MAIN(prog_main)
