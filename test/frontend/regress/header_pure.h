/* header_pure.c's helpers: functions of their values only. */
#include <math.h>
static const double half = 0.5;
static inline double squash(double x) { return 1.0 / (1.0 + exp(-x)); }
static inline double centred(double x) { return squash(x) - half; }
