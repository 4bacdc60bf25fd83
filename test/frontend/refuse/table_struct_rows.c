/* LDA-C's corpus: documents whose words are heap rows of their own. The
 * struct array is a distributed array, but the rows its elements point to
 * are the driver's memory: a worker following one died by SIGSEGV. */
#include <stdlib.h>

typedef struct { int length; int *words; } document;

void count(int ndocs, int nterms)
{
#pragma strads dvector
    document *docs = malloc((size_t)ndocs * sizeof *docs);
    for (int d = 0; d < ndocs; d++) {
        docs[d].length = 4;
        docs[d].words = calloc(4, sizeof(int));
    }
#pragma strads dvector
    long *tally = calloc((size_t)nterms, sizeof *tally);
#pragma strads async_for
    for (int d = 0; d < ndocs; d++)
        for (int n = 0; n < docs[d].length; n++)
            tally[docs[d].words[n] % nterms] += 1;
    free(tally);
    free(docs);
}
// EXPECT: 21:27: error: the parallel body follows pointer member 'words' of the elements 'docs' points to
// HINT: tables of pointers are refused: flatten them into one array (index arithmetic) or a dvector of rows
