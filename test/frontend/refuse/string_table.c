/* A table of strings captured by a loop (a TF-IDF builder's
 * const char *terms[] = {"w7", ...}): its pointers are this process's
 * addresses. The hint spoke of a struct and its fields; it now says how to
 * keep the strings in the array itself. */
#include <string.h>

void count(const char *const *docs, int *hits, int n)
{
    const char *terms[] = {"w7", "w3", "w1"};
#pragma strads sync_for
    for (int i = 0; i < n; i++)
        hits[i] = strcmp(docs[i], terms[i % 3]) == 0;
}
// EXPECT: 12:26: error: captured 'docs' is a table of pointers
// EXPECT: 12:35: error: captured 'terms' holds pointers
// HINT: strings as 'char terms[N][LEN] = {"...", ...}'
