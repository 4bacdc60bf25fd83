// Iterations that follow links stored in a distributed array: a walk to
// the root of a tree kept as parent indices, and a descent of a binary tree
// of struct nodes. On a worker, links another node owns read as zero in
// the first reconnaissance pass, and parent[0] read as 0 made the walk go
// round forever (a hang on 2 processes, sync_for and async_for alike).
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int left, right; /* -1: a leaf */
    float cut, value;
};

int main(void)
{
    int n = 3000, leaves = 512, m = 2 * leaves - 1;
#pragma strads dvector
    int *parent = malloc(n * sizeof *parent);
#pragma strads dvector
    int *depth = malloc(n * sizeof *depth);
#pragma strads dvector
    struct tnode *tree = malloc(m * sizeof *tree);
#pragma strads dvector
    float *score = malloc(n * sizeof *score);
    parent[0] = -1;
    for (int i = 1; i < n; i++) parent[i] = (i - 1) / 3;
    /* a complete binary tree in heap order over [0, 1) */
    for (int k = 0; k < m; k++) {
        int l = 2 * k + 1;
        tree[k].left = l < m ? l : -1;
        tree[k].right = l < m ? l + 1 : -1;
        int lvl = 0;
        for (int j = k + 1; j > 1; j /= 2) lvl++;
        int pos = k + 1 - (1 << lvl);
        tree[k].cut = (2.0f * (float)pos + 1.0f) / (float)(2 << lvl);
        tree[k].value = (float)(k % 17);
    }
#pragma strads sync_for
    for (int i = 0; i < n; i++) {
        int d = 0;
        for (int j = i; parent[j] >= 0; j = parent[j]) d++;
        depth[i] = d;
    }
#pragma strads async_for
    for (int i = 0; i < n; i++) {
        float x = (float)((i * 7919) % n) / (float)n;
        int at = 0;
        while (tree[at].left >= 0) at = x < tree[at].cut ? tree[at].left : tree[at].right;
        score[i] = tree[at].value + (float)depth[i];
    }
    long s = 0;
    double f = 0;
    for (int i = 0; i < n; i++) {
        s += (long)depth[i] * (i % 5 + 1);
        f += score[i] * (i % 3 + 1);
    }
    printf("%ld %.1f\n", s, f);
    free(parent);
    free(depth);
    free(tree);
    free(score);
    return 0;
}
