#line 1 "w2v.c"
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

#line 27 "<stdout>"
#include <strads.h>
#include <strads_generated.h>
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Warray-parameter"
#elif defined(__clang__) && defined(__has_warning)
#if __has_warning("-Warray-parameter")
#pragma clang diagnostic ignored "-Warray-parameter"
#endif
#endif
/* Reconnaissance records a read and keeps the value readable. */
#define STRADS__RD(...) (*(__typeof__(__VA_ARGS__) *)strads_recon_rdi(strads__rc, &(__VA_ARGS__), sizeof(__VA_ARGS__)))
/* Glue that runs once per site or per call compiles cheaply: at -O2 it cost
 * more than the user's file (bench/stradscc.sh).
 * Reconnaissance runs once per site but over every iteration: at -Os the
 * loops it records as ranges, left with nothing to do, are deleted. */
/* <math.h>'s functions as reconnaissance calls them (recon_lib.c): the
 * same symbols, declared const, so that a call whose value goes nowhere
 * is deleted (errno kept them, even under optimize("no-math-errno")). */
#define STRADS__M1(T, f) extern T strads__m_##f(T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));
#define STRADS__M2(T, f) extern T strads__m_##f(T, T) __asm__(#f) __attribute__((__const__, __nothrow__, __unused__));
#define STRADS__MF(n) STRADS__M1(double, n) STRADS__M1(float, n##f)
STRADS__MF(sqrt) STRADS__MF(exp) STRADS__MF(log) STRADS__MF(fabs) STRADS__MF(tanh) STRADS__MF(sin)
STRADS__MF(cos) STRADS__MF(exp2) STRADS__MF(log2) STRADS__MF(log1p) STRADS__MF(expm1) STRADS__MF(cbrt)
STRADS__M2(double, pow) STRADS__M2(float, powf) STRADS__M2(double, fmax) STRADS__M2(float, fmaxf)
STRADS__M2(double, fmin) STRADS__M2(float, fminf)
#if defined(__GNUC__) && !defined(__clang__)
#define STRADS__GLUE __attribute__((__cold__, __optimize__("O0")))
#define STRADS__RECON __attribute__((__cold__, __optimize__("Os", "no-math-errno")))
#else
#define STRADS__GLUE __attribute__((__cold__))
#define STRADS__RECON __attribute__((__cold__))
#endif
#line 25 "w2v.c"
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

  corpus = (int *)strads_dv_malloc(train_words * sizeof(int), sizeof *(corpus), "w2v.c:46");
  for (a = 0; a < train_words; a++) {
    next_random = next_random * (unsigned long long)25214903917 + 11;
    corpus[a] = table[(next_random >> 16) % table_size];
  }
}

void InitNet() {
  long long a, b;
  unsigned long long next_random = 1;

  if (strads_dv_posix_memalign((void **)((void **)&syn0), 128, (long long)vocab_size * layer1_size * sizeof(real), (size_t)(layer1_size) * sizeof *(syn0), "w2v.c:57")) exit(1);

  if (strads_dv_posix_memalign((void **)((void **)&syn1neg), 128, (long long)vocab_size * layer1_size * sizeof(real), (size_t)(layer1_size) * sizeof *(syn1neg), "w2v.c:59")) exit(1);
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

#line 111 "<stdout>"
/* w2v.c:82: sync_for */
struct strads__env1 {
    strads_loop_dyn strads__dyn;
    __typeof__(int *) corpus;
    __typeof__(real) starting_alpha;
    __typeof__(long long) iter;
    __typeof__(long long) train_words;
    __typeof__(int) window;
    __typeof__(long long) layer1_size;
    __typeof__(int) negative;
    __typeof__(int *) table;
    int64_t strads__lo_table, strads__n_table;
    __typeof__(real *) syn0;
    __typeof__(real *) syn1neg;
    __typeof__(real *) expTable;
    int64_t strads__lo_expTable, strads__n_expTable;
    __typeof__(real) *strads__p_neu1e;
    int64_t strads__lo_neu1e, strads__n_neu1e;
    __typeof__(unsigned long long) next_random, *strads__p_next_random;
    __typeof__(real) alpha, *strads__p_alpha;
    __typeof__(long long) word_count_actual, *strads__p_word_count_actual;
};
struct strads__tls1 {
    char strads__none;
    __typeof__(real) *neu1e;
    int64_t strads__lo_neu1e, strads__n_neu1e;
    __typeof__(unsigned long long) next_random;
    __typeof__(real) alpha;
    __typeof__(long long) word_count_actual, strads__base_word_count_actual;
};
static const strads_loop_site strads__site1;
#line 75 "w2v.c"
void TrainModel() {
  long long a, b, c, d, word, last_word, l1, l2, target, label, local_iter;
  unsigned long long next_random;
  real f, g;
  real *neu1e = (real *)calloc(layer1_size, sizeof(real));
  for (local_iter = 0; local_iter < iter; local_iter++) {
    next_random = 7 + local_iter;

    { char strads__s1[sizeof(struct strads__env1) > STRADS__ENV_STACK_MAX ? 1 : sizeof(struct strads__env1)] __attribute__((__aligned__(__alignof__(struct strads__env1)))); struct strads__env1 *strads__e1 = (struct strads__env1 *)strads__env_new(strads__s1, sizeof(struct strads__env1)); strads__e1->strads__dyn.sync.kind = STRADS_SYNC_HYBRID; (void)word; strads__e1->corpus = corpus; strads__e1->starting_alpha = starting_alpha; strads__e1->iter = iter; strads__e1->train_words = train_words; (void)b; strads__e1->window = window; (void)a; (void)c; (void)last_word; (void)l1; strads__e1->layer1_size = layer1_size; (void)d; strads__e1->negative = negative; (void)target; (void)label; strads__e1->table = table; strads__e1->strads__lo_table = (int64_t)(0); strads__e1->strads__n_table = (int64_t)(table_size); (void)l2; (void)f; strads__e1->syn0 = syn0; strads__e1->syn1neg = syn1neg; (void)g; strads__e1->expTable = expTable; strads__e1->strads__lo_expTable = (int64_t)(0); strads__e1->strads__n_expTable = (int64_t)(EXP_TABLE_SIZE + 1); strads__e1->strads__p_neu1e = &(neu1e)[0]; strads__e1->strads__lo_neu1e = (int64_t)(0); strads__e1->strads__n_neu1e = (int64_t)(layer1_size); strads__e1->next_random = next_random; strads__e1->strads__p_next_random = &next_random; strads__e1->alpha = alpha; strads__e1->strads__p_alpha = &alpha; strads__e1->word_count_actual = word_count_actual; strads__e1->strads__p_word_count_actual = &word_count_actual; { _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wtype-limits\"") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") _Pragma("GCC diagnostic ignored \"-Wfloat-equal\"") long long strads__l1 = (0); __auto_type strads__h1 = (train_words); int64_t strads__l64_1 = (int64_t)strads__l1, strads__r1 = (int64_t)strads__h1, strads__h64_1 = strads__r1 + ((__typeof__(strads__h1))strads__r1 < strads__h1); if ((strads__l1 > 0) != (strads__l64_1 > 0) || (strads__r1 != 0 && (strads__h1 > 0) != (strads__r1 > 0)) || (strads__l1 < strads__h1) != (strads__l64_1 < strads__h64_1)) strads_fatal(STRADS_EINVAL, "w2v.c:83:26: the loop's bounds as C compares them (pos < train_words, in the type of both) are not a range of 64-bit integers from the start up: the counter would wrap or the comparison is unsigned; cast the bound, or count from 0 up to the number of iterations"); _Pragma("GCC diagnostic pop") strads_sync_for(&strads__site1, strads__l64_1, strads__h64_1, strads__e1); strads__env_free(strads__e1, sizeof *strads__e1); } }



































  }
  strads_free(neu1e);
}
#line 191 "<stdout>"
static void strads__body1(void *strads__ve, void *strads__vt, const int64_t *strads__idx, int64_t strads__lo, int64_t strads__hi)
{
    struct strads__env1 *strads__e = strads__ve;
    struct strads__tls1 *strads__t = strads__vt;
    (void)strads__e;
    (void)strads__t;
    __typeof__(long long) word; /* assigned before use */
    (void)word;
    __typeof__(int *) corpus = strads__e->corpus;
    (void)corpus;
    __typeof__(long long) b; /* assigned before use */
    (void)b;
    __typeof__(long long) a; /* assigned before use */
    (void)a;
    __typeof__(long long) c; /* assigned before use */
    (void)c;
    __typeof__(long long) last_word; /* assigned before use */
    (void)last_word;
    __typeof__(long long) l1; /* assigned before use */
    (void)l1;
    __typeof__(long long) d; /* assigned before use */
    (void)d;
    __typeof__(long long) target; /* assigned before use */
    (void)target;
    __typeof__(long long) label; /* assigned before use */
    (void)label;
    __typeof__(int *) table = strads__e->table;
    (void)table;
    __typeof__(long long) l2; /* assigned before use */
    (void)l2;
    __typeof__(real) f; /* assigned before use */
    (void)f;
    __typeof__(real *) syn0 = strads__e->syn0;
    (void)syn0;
    __typeof__(real *) syn1neg = strads__e->syn1neg;
    (void)syn1neg;
    __typeof__(real) g; /* assigned before use */
    (void)g;
    __typeof__(real *) expTable = strads__e->expTable;
    (void)expTable;
    __typeof__(strads__t->neu1e) neu1e = strads__t->neu1e - strads__t->strads__lo_neu1e;
    __typeof__(strads__t->next_random) next_random = strads__t->next_random;
    __typeof__(strads__t->alpha) alpha = strads__t->alpha;
    __typeof__(strads__t->word_count_actual) word_count_actual = strads__t->word_count_actual;
    for (int64_t strads__k = strads__lo; strads__k < strads__hi; strads__k++) {
        long long pos = (long long)(strads__idx ? strads__idx[strads__k] : strads__k);
        (void)pos;
#line 83 "w2v.c"
                                                      {
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
#line 276 "<stdout>"
    }
    strads__t->next_random = next_random;
    strads__t->alpha = alpha;
    strads__t->word_count_actual = word_count_actual;
}
STRADS__GLUE static void strads__tls_init1(void *strads__vt, const void *strads__ve)
{
    struct strads__tls1 *t = strads__vt;
    const struct strads__env1 *e = strads__ve;
    t->strads__lo_neu1e = e->strads__lo_neu1e;
    t->strads__n_neu1e = e->strads__n_neu1e;
    t->neu1e = __builtin_calloc(t->strads__n_neu1e > 0 ? (size_t)t->strads__n_neu1e : 1, sizeof *t->neu1e);
    if (!t->neu1e) strads_fatal(STRADS_ENOMEM, "w2v.c");
    t->next_random = e->next_random;
    t->alpha = e->alpha;
    t->word_count_actual = t->strads__base_word_count_actual = e->word_count_actual;
    (void)t;
    (void)e;
}
STRADS__GLUE static void strads__tls_fold1(void *strads__va, const void *strads__vt)
{
    struct strads__tls1 *a = strads__va;
    const struct strads__tls1 *t = strads__vt;
    a->word_count_actual += t->word_count_actual - t->strads__base_word_count_actual;
    (void)a;
    (void)t;
}
STRADS__GLUE static void strads__publish1(void *strads__ve, const void *strads__va)
{
    struct strads__env1 *e = strads__ve;
    const struct strads__tls1 *a = strads__va;
    *e->strads__p_word_count_actual = a->word_count_actual;
    (void)a;
    (void)e;
}
STRADS__GLUE static void strads__tls_free1(void *strads__vt)
{
    struct strads__tls1 *t = strads__vt;
    __builtin_free(t->neu1e);
    t->neu1e = NULL;
    (void)t;
}
static const strads_field strads__tfd1[] = {
    {STRADS_FIELD(struct strads__tls1, next_random), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, alpha), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, word_count_actual), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__tls1, strads__base_word_count_actual), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
#define STRADS__NTFD1 ((int)(sizeof strads__tfd1 / sizeof *strads__tfd1))
STRADS__GLUE static int strads__tls_pack1(struct msgpack_packer *pk, const void *t)
{
    return strads_fields_pack(pk, t, strads__tfd1, STRADS__NTFD1);
}
STRADS__GLUE static int strads__tls_unpack1(const struct msgpack_object *o, void *t)
{
    return strads_fields_unpack(o, t, strads__tfd1, STRADS__NTFD1);
}
static const strads_field strads__efd1[] = {
    {STRADS_FIELD(struct strads__env1, strads__dyn.minibatch), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.threads), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.kind), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.a), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.b), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__dyn.sync.has_b), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, corpus), STRADS_F_PTR, (void *)&corpus, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, starting_alpha), STRADS_F_FLT, (void *)&starting_alpha, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, iter), STRADS_F_INT, (void *)&iter, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, train_words), STRADS_F_INT, (void *)&train_words, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, window), STRADS_F_INT, (void *)&window, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, layer1_size), STRADS_F_INT, (void *)&layer1_size, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, negative), STRADS_F_INT, (void *)&negative, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, table), STRADS_F_COPYIN, (void *)&table, __builtin_offsetof(struct strads__env1, strads__lo_table),
     __builtin_offsetof(struct strads__env1, strads__n_table), sizeof *((struct strads__env1 *)0)->table, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, syn0), STRADS_F_PTR, (void *)&syn0, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, syn1neg), STRADS_F_PTR, (void *)&syn1neg, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, expTable), STRADS_F_COPYIN_REAL, (void *)&expTable, __builtin_offsetof(struct strads__env1, strads__lo_expTable),
     __builtin_offsetof(struct strads__env1, strads__n_expTable), sizeof *((struct strads__env1 *)0)->expTable, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__lo_neu1e), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, strads__n_neu1e), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, next_random), STRADS_F_UINT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, alpha), STRADS_F_FLT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
    {STRADS_FIELD(struct strads__env1, word_count_actual), STRADS_F_INT, NULL, 0, 0, 0, STRADS_PICKS_DEFAULT},
};
static const strads_loop_array strads__arr1[] = {
    {__builtin_offsetof(struct strads__env1, corpus), STRADS_T_I32, STRADS_AGG_AVG, NULL, STRADS_ARRAY_READONLY, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, syn0), STRADS_T_F32, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
    {__builtin_offsetof(struct strads__env1, syn1neg), STRADS_T_F32, STRADS_AGG_AVG, NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL},
};
static const strads_loop_site strads__site1 = {
    .abi = STRADS_ABI_VERSION,
    .kind = STRADS_SYNC_FOR,
    .file = "w2v.c",
    .line = 82,
    .col = 1,
    .id = UINT64_C(0x3ffddbbed7e4605c), /* FNV-1a of "w2v.c:82:1" */
    .env_size = sizeof(struct strads__env1),
    .tls_size = sizeof(struct strads__tls1),
    .body = strads__body1,
    .tls_init = strads__tls_init1,
    .tls_fold = strads__tls_fold1,
    .publish = strads__publish1,
    .tls_pack = strads__tls_pack1,
    .tls_unpack = strads__tls_unpack1,
    .tls_free = strads__tls_free1,
    .env_fields = strads__efd1,
    .nenv_fields = (int)(sizeof strads__efd1 / sizeof *strads__efd1),
    .recon_on = 0,
    .calls_out = 0,
    .values_steer = 0,
    .arrays = strads__arr1,
    .narrays = 3,
};
static const strads_loop_site *const strads__reg1
    __attribute__((__used__, __section__("strads_loops"))) = &strads__site1;
#line 122 "w2v.c"

int strads_user_main(int argc, char **argv) {
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
  strads_free(syn0);
  strads_free(syn1neg);
  strads_free(expTable);
  strads_free(table);
  strads_free(corpus);
  return 0;
}
#line 421 "<stdout>"
static int strads__main(int argc, char **argv)
{
    return strads_user_main(argc, (void *)argv);
}
STRADS_MAIN(strads__main)
