//  [strads-annotated copy of w2v_seq.c]
//  A skip-gram word2vec with negative sampling, written the way the original
//  word2vec.c is: globals for the model and its sizes, flat `real *` arrays,
//  C89 temporaries at the top of the training function, a scratch buffer
//  allocated once, and helper functions that read globals. The corpus is
//  generated from a Zipf-like unigram table so the test needs no data files.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXP 6
#define EXP_TABLE_SIZE 1000

typedef float real;

long long vocab_size = 400, layer1_size = 24, train_words = 40000, iter = 2;
long long word_count_actual = 0;
int window = 3, negative = 4;
const int table_size = 100000;
real alpha = 0.025, starting_alpha;
real *syn0, *syn1neg, *expTable;
int *table, *corpus;

void InitUnigramTable() {
  long long a;
  int i;
  double train_words_pow = 0, d1, power = 0.75;
  table = (int *)malloc(table_size * sizeof(int));
  for (a = 0; a < vocab_size; a++) train_words_pow += pow(1.0 / (a + 1), power);
  i = 0;
  d1 = pow(1.0 / (i + 1), power) / train_words_pow;
  for (a = 0; a < table_size; a++) {
    table[a] = i;
    if (a / (double)table_size > d1) {
      i++;
      d1 += pow(1.0 / (i + 1), power) / train_words_pow;
    }
    if (i >= vocab_size) i = vocab_size - 1;
  }
}

void MakeCorpus() {
  long long a;
  unsigned long long next_random = 12345;
#pragma strads dvector
  corpus = (int *)malloc(train_words * sizeof(int));
  for (a = 0; a < train_words; a++) {
    next_random = next_random * (unsigned long long)25214903917 + 11;
    corpus[a] = table[(next_random >> 16) % table_size];
  }
}

void InitNet() {
  long long a, b;
  unsigned long long next_random = 1;
#pragma strads dvector row(layer1_size)
  if (posix_memalign((void **)&syn0, 128, (long long)vocab_size * layer1_size * sizeof(real))) exit(1);
#pragma strads dvector row(layer1_size)
  if (posix_memalign((void **)&syn1neg, 128, (long long)vocab_size * layer1_size * sizeof(real))) exit(1);
  for (a = 0; a < vocab_size; a++) for (b = 0; b < layer1_size; b++)
    syn1neg[a * layer1_size + b] = 0;
  for (a = 0; a < vocab_size; a++) for (b = 0; b < layer1_size; b++) {
    next_random = next_random * (unsigned long long)25214903917 + 11;
    syn0[a * layer1_size + b] = (((next_random & 0xFFFF) / (real)65536) - 0.5) / layer1_size;
  }
}

static real Sigmoid(real f) {
  if (f > MAX_EXP) return 1;
  if (f < -MAX_EXP) return 0;
  return expTable[(int)((f + MAX_EXP) * (EXP_TABLE_SIZE / MAX_EXP / 2))];
}

void TrainModel() {
  long long a, b, c, d, word, last_word, l1, l2, target, label, local_iter;
  unsigned long long next_random;
  real f, g;
  real *neu1e = (real *)calloc(layer1_size, sizeof(real));
  for (local_iter = 0; local_iter < iter; local_iter++) {
    next_random = 7 + local_iter;
#pragma strads sync_for sync(hybrid) recon(off) private(neu1e[0:layer1_size], next_random, alpha) accumulate(word_count_actual) copyin(table[0:table_size], expTable[0:EXP_TABLE_SIZE + 1])
    for (long long pos = 0; pos < train_words; pos++) {
      word = corpus[pos];
      word_count_actual++;
      if (pos % 10000 == 0) {
        alpha = starting_alpha * (1 - word_count_actual / (real)(iter * train_words + 1));
        if (alpha < starting_alpha * 0.0001) alpha = starting_alpha * 0.0001;
      }
      next_random = next_random * (unsigned long long)25214903917 + 11;
      b = next_random % window;
      for (a = b; a < window * 2 + 1 - b; a++) if (a != window) {
        c = pos - window + a;
        if (c < 0) continue;
        if (c >= train_words) continue;
        last_word = corpus[c];
        l1 = last_word * layer1_size;
        for (c = 0; c < layer1_size; c++) neu1e[c] = 0;
        for (d = 0; d < negative + 1; d++) {
          if (d == 0) {
            target = word;
            label = 1;
          } else {
            next_random = next_random * (unsigned long long)25214903917 + 11;
            target = table[(next_random >> 16) % table_size];
            if (target == word) continue;
            label = 0;
          }
          l2 = target * layer1_size;
          f = 0;
          for (c = 0; c < layer1_size; c++) f += syn0[c + l1] * syn1neg[c + l2];
          g = (label - Sigmoid(f)) * alpha;
          for (c = 0; c < layer1_size; c++) neu1e[c] += g * syn1neg[c + l2];
          for (c = 0; c < layer1_size; c++) syn1neg[c + l2] += g * syn0[c + l1];
        }
        for (c = 0; c < layer1_size; c++) syn0[c + l1] += neu1e[c];
      }
    }
  }
  free(neu1e);
}

int main(int argc, char **argv) {
  long long a, b;
  double sum = 0, best = -1;
  if (argc > 1) train_words = atoll(argv[1]);
  starting_alpha = alpha;
  expTable = (real *)malloc((EXP_TABLE_SIZE + 1) * sizeof(real));
  for (a = 0; a < EXP_TABLE_SIZE; a++) {
    expTable[a] = exp((a / (real)EXP_TABLE_SIZE * 2 - 1) * MAX_EXP);
    expTable[a] = expTable[a] / (expTable[a] + 1);
  }
  InitUnigramTable();
  MakeCorpus();
  InitNet();
  TrainModel();
  for (a = 0; a < vocab_size * layer1_size; a++) sum += syn0[a] * syn0[a];
  for (a = 1; a < 20; a++) {
    double dot = 0;
    for (b = 0; b < layer1_size; b++) dot += syn0[b] * syn0[a * layer1_size + b];
    if (dot > best) best = dot;
  }
  printf("words %lld norm2 %.6f best %.6f\n", word_count_actual, sum, best);
  free(syn0);
  free(syn1neg);
  free(expTable);
  free(table);
  free(corpus);
  return 0;
}
