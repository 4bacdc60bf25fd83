/*
 * linked - a strads program (linked with libstrads) for the launcher tests
 * that need the runtime's side of the contract with strads-run.
 *
 *   linked hold PIDFILE   every rank appends "PID\n" to PIDFILE as it starts,
 *                         then the job stays up (the driver sleeps in main,
 *                         the workers serve it) until something ends it
 *   linked spin MS        a node function spins on the CPU for MS ms on every
 *                         rank (user work that never calls the runtime),
 *                         then the nodes meet in an all-reduce; the driver
 *                         prints "spin ok N". Run with a peer timeout much
 *                         shorter than MS: user code keeping the CPU busy
 *                         must not make a peer look lost.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "strads.h"

static long spin_ms;

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int node_spin(const void *arg, size_t len)
{
    (void)arg;
    (void)len;
    volatile uint64_t x = 0;
    uint64_t end = now_ms() + (uint64_t)spin_ms;
    while (now_ms() < end)
        for (int i = 0; i < 100000; i++) x += (uint64_t)i;
    int64_t one = 1;
    return strads_allreduce(&one, 1, STRADS_T_I64, STRADS_OP_SUM) ? 1 : (one == strads_size() ? 0 : 1);
}

static int prog_main(int argc, char **argv)
{
    if (strcmp(argv[1], "hold") == 0) {
        for (;;) pause();
    }
    int rc = strads_invoke_all(node_spin, NULL, 0);
    if (rc) {
        fprintf(stderr, "linked: spin failed: %s\n", strads_strerror(rc));
        return 1;
    }
    printf("spin ok %d\n", strads_size());
    (void)argc;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "hold") != 0 && strcmp(argv[1], "spin") != 0)) {
        fprintf(stderr, "usage: linked hold PIDFILE | linked spin MS\n");
        return 2;
    }
    if (strcmp(argv[1], "hold") == 0) {
        int fd = open(argv[2], O_WRONLY | O_APPEND | O_CREAT, 0644);
        char line[32];
        int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
        if (fd < 0 || write(fd, line, (size_t)n) != n) {
            perror("linked: pid file");
            return 2;
        }
        close(fd);
    } else {
        spin_ms = atol(argv[2]);
    }
    return strads_start(argc, argv, prog_main);
}
