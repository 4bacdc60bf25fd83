/*
 * frontend/recon_int.h - what the files of pass 6 (the reconnaissance copy:
 * recon.c, recon_lib.c) share: the rewrite's state and its entry points.
 */
#ifndef STRADS_FRONTEND_RECON_INT_H
#define STRADS_FRONTEND_RECON_INT_H

#include <string.h>

#include "fe.h"

enum { RV, LV };

#define MAX_RANGED 16 /* nested counted loops recorded as ranges */

#define MAX_PAIRED 32 /* rows of a loop recorded by an earlier one (recon_pair.c) */
typedef struct fe_pair { CXCursor loop; char *key; } fe_pair; /* the later loop, the row's key */
typedef struct rc {
    fe_ctx *c;
    fe_site *s;      /* the loop being rewritten; NULL in a helper's copy */
    unsigned rb, re; /* the text being rewritten: the loop body or a helper's body */
    fe_rloop *ranged[MAX_RANGED]; /* the enclosing loops recorded as ranges */
    int nranged;
    int exact; /* writing a ranged loop's element-by-element form */
    CXCursor fresh_var; /* recon.c fresh_heap: the last pointer asked about, and the answer */
    int fresh_ok, fresh_have;
    CXCursor body; /* the loop body (a null cursor in a helper's copy) */
    fe_pair paired[MAX_PAIRED]; /* rows recorded by an earlier loop */
    int npaired;
    int errno_seen; /* 0: not looked for yet, 1: the text does not name errno, 2: it does */
    /* recon_slice.c: the fast copy of an async_for body */
    int sliced;           /* rel and wide below hold */
    CXCursor *rel;        /* the variables whose values matter */
    int nrel, caprel;
    CXCursor *wide;       /* the if statements taken both ways */
    int nwide, capwide;
    int widen;            /* rewriting a branch of a wide if */
    /* recon_vfree.c: writing a helper's value-free copy; the calls of the
     * copy being written whose values go nowhere (their extents) */
    int vfree;
    unsigned *vcalls;
    int nvcalls, capvcalls;
    unsigned *novfree; /* calls (extents) that must get the ordinary copy */
    int nnovfree, capnovfree;
} rc;

static inline int is(const fe_token *t, const char *s) { return strcmp(t->spell, s) == 0; }
static inline fe_token *tok(rc *r, unsigned off) { return &r->c->toks[fe_tok_at(r->c, off)]; }

/* recon.c: the rewrite of cur (mode RV or LV; stmt: its value is unused),
 * and its tests of an access (recon.c's comments say what they return) */
char *fe_recon_rw(rc *r, CXCursor cur, int mode, int stmt);
/* recon_hoist.c: a read E (cur rewritten) the innermost loop recorded as
 * ranges does not move: recorded once before the loop; 1 if so */
int fe_recon_hoist(rc *r, CXCursor cur, const char *E);
/* recon_hoist.c: is var assigned, stepped or its address taken under within */
int fe_recon_sets(fe_ctx *c, CXCursor within, CXCursor var);
int fe_recon_access_kind(rc *r, CXCursor cur);
/* a call the copy drops (stdio, exit, abort): its name */
int fe_recon_stdio(const char *name);
int fe_recon_local_root(rc *r, CXCursor cur, int copyin);
/* cur is `L = R` or `L op= R` (compound set) */
int fe_recon_is_assign(rc *r, CXCursor cur, int *compound, CXCursor *lhs, CXCursor *rhs);
int fe_recon_plain_callee(rc *r, CXCursor call, CXCursor callee, const char *name);
/* recon_later.c: may what a call (l NULL: any later read or call counts)
 * or the ranged loop l writes be read later in the iteration? self_ok: an
 * enclosing loop running it again is no read back (its values go nowhere) */
int fe_recon_read_later(rc *r, CXCursor loop, const fe_rloop *l, int self_ok);
int fe_recon_loop_quiet(rc *r, const fe_rloop *l);
/* recon_later.c: may a later read of the iteration reach the bytes of the
 * dropped store `store` to target (through any name)? */
int fe_recon_store_seen_later(rc *r, CXCursor store, CXCursor target);
/* recon_later.c: the variable an access or pointer expression starts from
 * (W of W[u].v[k], p of *(p + 1)), or a null cursor */
CXCursor fe_recon_root_of(CXCursor e);
/* May the loop write what the access reaches (a captured pointer it
 * writes through, a pointer of the body's own)? (recon_maywrite.c) */
int fe_recon_written_root(rc *r, CXCursor access);
/* recon.c: the loop's rows recorded as ranges (those whose accesses the
 * copy records), or NULL when it is not recorded so */
fe_rloop *fe_recon_ranged(rc *r, CXCursor forstmt);

/* recon_pair.c: a row's range as text (row, offset, bounds); whether a
 * later loop of the block reads (1) or updates (2) the row of key that the
 * ranged loop a reads: a records it for both, read, or read and written,
 * and fe_recon_paired says so for the later loop */
char *fe_recon_pair_key(const char *row, const char *off, const fe_rloop *l);
int fe_recon_pair(rc *r, CXCursor a, const fe_rloop *la, const fe_rl_base *row, const char *key);
int fe_recon_paired(rc *r, CXCursor loop, const char *key);

/* recon_maywrite.c: an async_for's if whose test reads what the loop writes,
 * with the writes of each branch recorded on the other path; NULL: as written */
char *fe_recon_maywrite_if(rc *r, CXCursor ifs);
/* ... and whether every statement of its branches is such a write, its
 * value computed from the test's reads: then which way it goes changes no
 * record, whatever the values when it runs */
int fe_recon_maywrite_covers(rc *r, CXCursor ifs);

/* recon_vfree.c: does parameter i of the file's function def matter in
 * its value-free copy (a floating one may not: see there); the calls of
 * expr whose values only feed expr's, into r->vcalls; whether call
 * (in r's copy) is to go to the value-free copy */
int fe_recon_param_matters(rc *r, CXCursor def, CXCursor body, int i);
void fe_recon_value_calls(rc *r, CXCursor expr);
int fe_recon_use_vfree(rc *r, CXCursor call);
/* ... and whether it may (its pointer arguments into the loop's arrays, not
 * in a loop that waits on memory) */
int fe_recon_vfree_ok(rc *r, CXCursor call);
/* recon.c: does the body have a label */
int fe_recon_has_label(CXCursor body);
/* recon.c: def is a function of this file whose copy can be written
 * (*body its body) */
int fe_recon_copyable(fe_ctx *c, CXCursor def, CXCursor *body);

/* recon_slice.c: what the fast copy of an async_for body need not compute
 * (its header says): fe_recon_slice finds it, before the copy is written;
 * fe_recon_wide says how an if is taken (0 as written, 1 both branches
 * run, 2 it goes); fe_recon_irrelevant whether an assignment's target is
 * a local whose value does not matter; fe_recon_names_irrelevant whether
 * an expression names one. All 0 in the exact copy and in helpers' copies. */
void fe_recon_slice(rc *r);
int fe_recon_wide(rc *r, CXCursor ifs);
/* ... whether the test of a wide if reads memory (an array the loop writes),
 * which the copy then reads to record it */
int fe_recon_wide_reads(rc *r, CXCursor ifs);
/* recon_values.c: marks r->s when values the loop writes pick its elements */
void fe_recon_values_steer(rc *r);
int fe_recon_irrelevant(rc *r, CXCursor target);
int fe_recon_names_irrelevant(rc *r, CXCursor expr);
/* ... and whether a floating local variable (its VarDecl) does not matter */
int fe_recon_irrelevant_var(rc *r, CXCursor var);

/* recon_lib.c: the rewrite of a call to a C library function that writes
 * memory or reads strings, or NULL to rewrite it as any call. */
char *fe_recon_lib_call(rc *r, CXCursor call, const char *name);
/* recon_lib.c: the rewrite of a GCC atomic builtin (__atomic_fetch_add,
 * __sync_add_and_fetch, ...) on memory the copy does not own, or NULL. */
char *fe_recon_atomic(rc *r, CXCursor cur);

#endif
