/* Compound literals whose braces hold commas, read in a sync_for and an
 * async_for body (`(int[]){1, 2, 3, 4}[i % 4]`, a struct's, one in an
 * index): the copy's read macro took them as several arguments, a gcc
 * error in the generated file. */
#include <stdio.h>
#include <stdlib.h>
#define N 60000
struct pt { double x, y; };
int main(void){
#pragma strads dvector
  double *w = malloc(N*sizeof *w);
#pragma strads dvector
  double *u = malloc(N*sizeof *u);
  for (long i=0;i<N;i++) w[i]=i%13, u[i]=i%7;
#pragma strads sync_for
  for (long i=0;i<N;i++)
    w[i] += (int[]){1, 2, 3, 4}[i % 4];
  for (int ep = 0; ep < 2; ep++) {
#pragma strads async_for
  for (long i=0;i<N;i++) {
    u[i] += (struct pt){1, w[i]}.y * 0.5;
    w[(long[]){i, i}[1]] += 1.0;
  }
  }
  double sum=0; for (long i=0;i<N;i++) sum+=w[i]*(i%7+1) + u[i];
  printf("%.17g\n", sum);
  return 0;
}
