/*
 * hello.c - the smallest strads program written against <strads.h>: the
 * runtime owns main() (STRADS_MAIN), the driver runs hello_main, workers
 * serve it and leave when it returns.
 */
#include <stdio.h>
#include <strads.h>

static int hello_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("hello from the driver: rank %d of %d\n", strads_rank(), strads_size());
    return 0;
}

STRADS_MAIN(hello_main)
