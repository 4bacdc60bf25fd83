/* A helper kept in a header as static inline (refuse/header_inline.c). */
static inline void upd(float *row, int k)
{
    row[k] += 1.0f;
}
