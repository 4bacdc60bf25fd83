/* an index macro of a header (regress/macro_header_read.c) */
#define IDX(i, j) a[(i) * size + (j)]
#define SET_LAST(v) last = (v)
