/*
 * dds_prog.h - what the two files of dds_prog share: the job size, a temp
 * folder, helpers to count vectors and run a node function as an operator,
 * and the small user functions both use.
 */
#ifndef DDS_PROG_H
#define DDS_PROG_H

#include <stdint.h>

#include "dds/dds.h"
#include "strads.h"

extern int N;
extern char tmpdir[256];

int count_vecs(void);
void run_op(strads_node_fn fn, const void *arg, size_t len);
int init_i(void *e, int64_t i, uint64_t seed); /* 3i + seed */
void fold_i64(void *acc, const void *e, int64_t i);
void comb_i64(void *acc, const void *o);
long keyed_checks(void);

void mode_dmap(void);
void mode_image(void);
void mode_random(void);
void mode_bigload(const char *mib_arg);
void mode_foreign(void);

#endif
