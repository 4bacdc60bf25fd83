/* C library calls writing through a pointer into distributed memory for a
 * length stradsc cannot know: a string (sscanf's %s), erand48's three
 * words, fread's buffer, in the body and in a helper's copy. Run for real
 * in reconnaissance they wrote the program's memory and recorded nothing;
 * a local buffer, &local and NULL are fine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double draw(unsigned short *s) { return erand48(s); }

void run(int n, const char (*lines)[32])
{
#pragma strads dvector row(32)
    char *names = malloc(32 * n);
#pragma strads dvector
    unsigned short *seeds = malloc(3 * n * sizeof *seeds);
#pragma strads dvector
    double *v = malloc(n * sizeof *v);
#pragma strads async_for copyin(lines[0:n])
    for (int i = 0; i < n; i++) {
        char buf[32], *save = NULL;
        int e;
        strcpy(buf, lines[i]);
        char *tok = strtok_r(buf, " ", &save);
        sscanf(lines[i], "%s", &names[32 * i]);
        v[i] = erand48(seeds + 3 * i) + frexp(1.5, &e) + (tok ? 1 : 0) + time(NULL);
        v[i] += draw(&seeds[3 * i]);
        fread(names + 32 * i, 1, 32, stdin);
    }
}
// EXPECT: 28:32: error: reconnaissance cannot tell what 'sscanf' writes through argument 3
// EXPECT: 29:24: error: reconnaissance cannot tell what 'erand48' writes through argument 1
// EXPECT: 12:56: error: reconnaissance cannot tell what 'erand48' writes through argument 1
// EXPECT: 31:15: error: reconnaissance cannot tell what 'fread' writes through argument 1
// HINT: pass the address of a local
