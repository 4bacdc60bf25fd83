/*
 * row_columns.c - sync_for iterations that write different columns of the
 * same rows (an MLP's weights[i][j] updated per hidden unit j): the
 * distributed array's element is a row, and the default mean is per scalar,
 * so every column keeps its update whole, as it would in a flat array.
 * Per element, two workers' columns of one row got half of each (a new
 * user's MLP trained at half its step, exit 0). Three shapes: a 2-D double
 * array (records), a float 2-D array under recon(off), and rows of a struct
 * of floats, several calls each.
 */
#include <stdio.h>
#include <stdlib.h>

#define IN 5
#define HID 300

struct pair {
    float a, b;
};

int main(void)
{
#pragma strads dvector
    double (*W)[HID] = malloc(IN * sizeof *W);
#pragma strads dvector
    float (*V)[HID] = malloc(IN * sizeof *V);
#pragma strads dvector
    struct pair *P = malloc(4 * sizeof *P);
    if (!W || !V || !P)
        return 1;
    for (int i = 0; i < IN; i++)
        for (int j = 0; j < HID; j++) {
            W[i][j] = 0.01 * (i + 1);
            V[i][j] = 0.5f;
        }
    for (int k = 0; k < 4; k++)
        P[k].a = P[k].b = 1;
    for (int epoch = 0; epoch < 3; epoch++) {
#pragma strads sync_for
        for (int j = 0; j < HID; j++)
            for (int i = 0; i < IN; i++)
                W[i][j] -= 0.25 * (double)((i + j) % 7 + 1);
#pragma strads sync_for recon(off)
        for (int j = 0; j < HID; j++)
            for (int i = 0; i < IN; i++)
                V[i][j] += (float)(j % 3);
        /* iteration k writes member a of row k / 2 if k is even, b if odd */
#pragma strads sync_for
        for (int k = 0; k < 8; k++) {
            if (k % 2 == 0)
                P[k / 2].a += (float)(k + 1);
            else
                P[k / 2].b *= 2;
        }
    }
    double s = 0;
    for (int i = 0; i < IN; i++)
        for (int j = 0; j < HID; j++)
            s += (W[i][j] + V[i][j]) * (double)((i * HID + j) % 11 + 1);
    for (int k = 0; k < 4; k++)
        s += P[k].a * 3 + P[k].b;
    printf("%.4f\n", s);
    free(W);
    free(V);
    free(P);
    return 0;
}
