/* A k-means whose clusters keep their sums and their count in one
 * struct: sync_for combines each node's changes to an element as numbers
 * of one type, and a struct of float and int has none. The hint says how
 * to keep the loop a sync_for. (Points that keep their own cluster, as
 * pts[i].cluster = best, are the iterations' own: regress/own_struct_members.c.) */
typedef struct point { float x, y; int cluster; } point;
typedef struct acc { float sx, sy; int count; } acc;
void assign(point *pts, acc *sums, const float *cx, const float *cy, int n, int k)
{
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int best = 0;
        float bd = 1e30f;
        for (int c = 0; c < k; c++) {
            float dx = pts[i].x - cx[c], dy = pts[i].y - cy[c];
            if (dx * dx + dy * dy < bd) bd = dx * dx + dy * dy, best = c;
        }
        pts[i].cluster = best;
        sums[best].count += 1;
    }
}
// EXPECT: 19:9: error: sync_for cannot combine writes to 'sums'
// HINT: keep the members the loop writes in arrays of their own
