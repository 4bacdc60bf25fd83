/*
 * sum.c - a sequential C program with one parallel loop. Built with plain cc
 * the pragma is ignored; through strads_add_executable() stradsc turns the
 * loop into a data-parallel one whose reduction gives the same answer.
 */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    double total = 0;

#pragma strads sync_for reduction(+: total)
    for (int64_t i = 0; i < 1000; i++)
        total += (double)i;

    printf("sum %.0f\n", total);
    return 0;
}
