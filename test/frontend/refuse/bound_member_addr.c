/* A bound read through a struct pointer (dataset->size) and a body that
 * passes the address of an element a pointer member of that struct points
 * to (&dataset->images[i]): the call may write the element, not the
 * struct, so the body does not change the bound; what it is refused for is
 * the member the body follows (it was "the body changes 'dataset'"). The
 * address of the bound's own member is a change of it. */
typedef struct { unsigned char px[4]; } image_t;
typedef struct { int size; } header_t;
typedef struct { image_t *images; int size; header_t *hdr; } dataset_t;

int score(image_t *im);
void bump(int *n);

long f(dataset_t *dataset)
{
    long total = 0;
#pragma strads sync_for reduction(+: total)
    for (int i = 0; i < dataset->size; i++)
        total += score(&dataset->images[i]);
#pragma strads sync_for
    for (int i = 0; i < dataset->size; i++)
        bump(&dataset->size);
#pragma strads sync_for
    for (int i = 0; i < dataset->hdr->size; i++)
        bump(&dataset->hdr->size);
    return total;
}
// EXPECT: 19:34: error: the parallel body follows pointer member 'images' of the struct 'dataset' points to
// EXPECT: 22:15: error: the body changes 'dataset', which the loop's condition reads
// EXPECT: 25:15: error: the body changes 'dataset', which the loop's condition reads
