/* A captured struct holding pointers: the hint names a table of row
 * pointers as one to flatten (it said to take it into a local, which is
 * refused as a table), and a struct passed whole to a function by its own
 * first pointer field (it said 'float *w = s.w;' of no such struct). */
typedef struct { float **in; int rows, cols; } Data;
typedef struct { float *weights; float *hidden; int n; } Net;

static float fire(Net net, int i) { return net.weights[i] * net.hidden[i]; }

double sums(Data data, Net net)
{
    double sum = 0;
#pragma strads sync_for reduction(+: sum)
    for (int j = 0; j < data.rows; j++) sum += data.in[j][0];
#pragma strads sync_for reduction(+: sum)
    for (int j = 0; j < net.n; j++) sum += fire(net, j);
    return sum;
}
// EXPECT: 14:48: error: captured 'data' holds pointers
// HINT: 'in' (a table of row pointers: one flat dvector of the rows instead, indexed in[r * cols + c])
// EXPECT: 16:49: error: captured 'net' holds pointers
// HINT: 'float *weights = net.weights;' for each pointer field the body uses
