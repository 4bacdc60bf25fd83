/* No pragma here: compiled as is, its free() still reaches strads_free. */
#include <stdlib.h>
void release(float *p) { free(p); }
