/* Pointer members of one struct type reached through two captures: each
 * error names the capture it is reached through (the second named the
 * first's, and its hint the wrong array; a third, bogus error followed). */
typedef struct Layer {
    struct Layer *lprev;
    int n;
    double *outputs;
} Layer;

void forward(Layer *self)
{
    Layer *lprev = self->lprev;
#pragma strads sync_for
    for (int i = 0; i < self->n; i++) {
        double x = 0;
        for (int j = 0; j < lprev->n; j++) x += lprev->outputs[j];
        self->outputs[i] = x * i;
    }
}
// EXPECT: 16:56: error: the parallel body follows pointer member 'outputs' of the struct 'lprev' points to; on another node it holds an address of the driver's memory
// EXPECT: 17:15: error: the parallel body follows pointer member 'outputs' of the struct 'self' points to; on another node it holds an address of the driver's memory
// HINT: ('double *self_outputs = self->outputs;' outside it, 'self_outputs' for 'self->outputs' inside)
