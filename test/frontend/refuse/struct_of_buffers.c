/* llama2.c's RunState: one struct of pointers to the run's buffers, reached
 * as s->q in the body. The hint says what works (take the member into a
 * local before the loop, of a new name: llama2.c's body already has a
 * `float *q = s->q + off`, and 'q' taken literally read itself), not how
 * to flatten a table; and the write through the member's buffer is not
 * also refused as a write to 's'. */
#include <stdlib.h>

typedef struct {
    float *q, *att;
} run_state;

void heads(run_state *s, int nh, int hs)
{
#pragma strads sync_for
    for (int h = 0; h < nh; h++) {
        float *q = s->q + h * hs;
        for (int i = 0; i < hs; i++)
            q[i] *= 2.0f;
    }
}
// EXPECT: 17:23: error: the parallel body follows pointer member 'q' of the struct 's' points to
// HINT: take the member into a local of a new name before the loop ('float *s_q = s->q;' outside it, 's_q' for 's->q' inside)
