#ifndef MODEL_H
#define MODEL_H
double *model_new(long n);
double model_step(double *w, long n, double lr);
#endif
