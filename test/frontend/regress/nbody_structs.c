/*
 * nbody_structs.c - an n-body step as C programs write it: bodies in an
 * array of structs (a global), a function of this file that computes one
 * body's next state from all the others, called as next_state(&bodies[i],
 * &next[i]) with non-const pointers, then the driver copies next back.
 * stradsc follows the pointer into the function: it only reads through
 * it, so bodies is an input (fetched whole, not replicated per task; its
 * planning took 4 s at 2 processes for 10,000 bodies); the inner loop over
 * bodies[k].x, .y, .z (and .mass under a condition) is one range, and
 * me->x, read at every pass, is recorded once before it. Each body's next
 * state is its own element, so every build prints the plain build's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 700

typedef struct body {
    double x, y, z, vx, vy, vz, mass;
} body;

static body *bodies, *next;

static void next_state(body *me, body *nx)
{
    double ax = 0, ay = 0, az = 0;
    for (int k = 0; k < N; k++) {
        double dx = me->x - bodies[k].x, dy = me->y - bodies[k].y, dz = me->z - bodies[k].z;
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > 0) {
            double f = bodies[k].mass / (d2 * sqrt(d2) + 1e-3);
            ax -= f * dx;
            ay -= f * dy;
            az -= f * dz;
        }
    }
    nx->vx = me->vx + 1e-3 * ax;
    nx->vy = me->vy + 1e-3 * ay;
    nx->vz = me->vz + 1e-3 * az;
    nx->x = me->x + 1e-3 * me->vx;
    nx->y = me->y + 1e-3 * me->vy;
    nx->z = me->z + 1e-3 * me->vz;
    nx->mass = me->mass;
}

int main(void)
{
#pragma strads dvector
    bodies = malloc(N * sizeof *bodies);
#pragma strads dvector
    next = malloc(N * sizeof *next);
    if (!bodies || !next)
        return 1;
    for (int i = 0; i < N; i++)
        bodies[i] = (body){(i * 37) % 101, (i * 53) % 97, (i * 71) % 89, 0, 0, 0, 1 + i % 3};
    for (int step = 0; step < 3; step++) {
#pragma strads sync_for
        for (int i = 0; i < N; i++)
            next_state(&bodies[i], &next[i]);
        for (int i = 0; i < N; i++)
            memcpy(&bodies[i], &next[i], sizeof(body));
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += (bodies[i].x + 2 * bodies[i].vy) * (double)(i % 7 + 1);
    printf("%.9f\n", s);
    free(bodies);
    free(next);
    return 0;
}
