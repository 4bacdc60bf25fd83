/* An LDA-C-style model: a struct holding a double ** table, reached through
 * a captured pointer and followed in a helper. */
typedef struct { int num_topics; double **log_prob_w; } lda_model;

static double word_prob(const lda_model *m, int k, int w)
{
    return m->log_prob_w[k][w];
}

double f(const lda_model *model, const int *words, int n)
{
    double s = 0;
#pragma strads sync_for copyin(words[0:n]) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += word_prob(model, i % model->num_topics, words[i]);
    return s;
}
// EXPECT: 7:15: error: the parallel body follows pointer member 'log_prob_w' of the elements 'model' points to
// HINT: tables of pointers are refused
