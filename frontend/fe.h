/*
 * frontend/fe.h - the state shared by the passes of stradsc.
 *
 * stradsc is a pipeline over one translation unit: main.c parses it with
 * libclang, scan.c finds the `#pragma strads` lines in the main file's tokens,
 * clause.c parses their clauses, loop.c binds each pragma to its `for` loop or
 * allocation and checks the loop shape, capture.c finds what a body reads and
 * writes, recon.c writes the reconnaissance copy of a body, rewrite.c plans
 * the small in-place edits (dvector allocations, free, main), emit.c writes the
 * output, diag.c reports problems like clang does. Every pass reads and extends
 * one fe_ctx; nothing is global. The process is short-lived, so strings are
 * allocated with fe_strdup & co and never freed (an arena in all but name).
 */
#ifndef STRADS_FE_H
#define STRADS_FE_H

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* ---- growable text buffer (buf.c) ---- */
typedef struct fe_buf {
    char *p;
    size_t len, cap;
} fe_buf;

void fe_buf_put(fe_buf *b, const char *s, size_t n);
void fe_buf_puts(fe_buf *b, const char *s);
void fe_buf_printf(fe_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Number of '\n' in b (used to write #line directives for generated glue). */
unsigned fe_buf_lines(const fe_buf *b);

/* Allocation that never fails (exits on OOM: stradsc has nothing to save). */
void *fe_alloc(size_t n);
void *fe_grow(void *p, size_t elem, int *cap, int need);
char *fe_strdup(const char *s);
char *fe_strndup(const char *s, size_t n);
char *fe_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A copy of clang's string, disposing it. */
char *fe_cxstr(CXString s);

/* ---- one item of a list clause ---- */
enum { FE_IT_REDUCTION, FE_IT_COPYIN, FE_IT_PRIVATE, FE_IT_ACCUMULATE, FE_IT_AGGREGATE };

typedef struct fe_item {
    int kind;          /* FE_IT_* */
    char op;           /* reduction: '+', '*', 'm' (min), 'M' (max);
                        * aggregate: 'a' (avg), 's' (sum), 'f' (fn in lo) */
    char *name;
    char *lo, *len;    /* array section [lo:len], or NULL for a scalar */
    unsigned off;      /* file offset of the name, for diagnostics */
    /* filled by capture.c */
    char *type;        /* scalar: type spelling; section: element type */
    int cls;           /* FE_T_* of a scalar */
    int used;          /* referenced in the body */
    int written;       /* assigned in the body (a carried private state) */
    long long fixed_n; /* section of a fixed array: its length (checked at entry), else 0 */
} fe_item;

/* Does the item live in the per-thread tls (reduction, private, accumulate)? */
static inline int fe_tls_item(const fe_item *it)
{
    return it->used && (it->kind == FE_IT_REDUCTION || it->kind == FE_IT_PRIVATE ||
                        it->kind == FE_IT_ACCUMULATE);
}

/* ---- a captured variable ---- */
enum { FE_V_LOCAL, FE_V_GLOBAL, FE_V_STATIC };
/* How a value crosses the wire (pack/unpack in emit.c). */
enum { FE_T_INT, FE_T_UINT, FE_T_FLOAT, FE_T_DOUBLE, FE_T_PTR, FE_T_BLOB };

/* A value of a column block's index (capture.c's colb_use): a variable,
 * or where var is null the number num. */
typedef struct fe_colb_term {
    CXCursor var;
    long long num;
} fe_colb_term;
typedef struct fe_colb {
    fe_colb_term s, b, c; /* p[E * s + i * b + j + c], j counting 0 .. b - 1 */
    fe_colb_term s2;      /* has_s2: E of one value too, so s2 = E may be the stride */
    int has_j, has_s2;
} fe_colb;

typedef struct fe_cap {
    char *name;
    char *type;        /* spelling usable in __typeof__(type) at file scope */
    int where;         /* FE_V_* */
    int cls;           /* FE_T_* */
    int is_array;      /* copied with memcpy, not = */
    int ptr_check;     /* pointer of unknown extent: checked at loop entry */
    int is_copyin;
    int copyin_real;   /* ... of float or double elements: they pick no rows */
    int is_item;       /* named by reduction/private/accumulate: lives in tls */
    int ptr_written;   /* a pointer the body may write through (or let escape) */
    int ptr_stored;    /* ... and does: p[i] = x, p->f++ in the body itself */
    int ptr_through;   /* ... by a store or update through it, not only by escaping */
    int ptr_assigned;  /* ... other than by updates (p[i] += x, p[i]++): =, escapes */
    int helper_written; /* a global pointer a called function writes through */
    int member_refused; /* the body follows a pointer member of what it points to (refused) */
    int not_own;       /* some use is not p[i] of the loop variable i (elem_flags) */
    /* every use is p[a * i + b], one a != 0 for all and the b's within |a|
     * of each other, at subscript level disj_lvl (p[e][a * i + b]: 1):
     * iterations touch disjoint elements (elem_flags) */
    int not_disjoint, disj_lvl;
    /* ... or every use p[Y * N + m] of one slab index, Y i or another
     * such, m counting 0 .. N - 1 (slab_use): slab i of the lengths
     * slab_sig spells, one an iteration */
    int not_slab;
    char *slab_sig;
    /* ... or every use p[E * S + i] of one stride S the loop's range lies
     * under (col_flat_use): column i of rows of S, one an iteration */
    int not_col;
    char *col_s;
    /* ... or every use p[E * S + i * B + j + C] alike (colb_use): column
     * block i, apart while the call's columns lie in 0 .. S - 1 */
    int not_colb, colb_n;
    fe_colb colb;
    long disj_a, disj_bmin, disj_bmax;
    /* ... besides reads of rows p[below_x + c], c <= below_cmax, which no
     * iteration writes when the loop starts above them (below_rows) */
    int below_n;
    long below_cmax;
    CXCursor below_x;
    /* every use p[i * n + m] of a dvector row(n), m counting 0 .. n - 1 in
     * a for of the body: the iterations' own flat rows (flat_use) */
    int not_flat;
    const char *flat_row;
    CXCursor flat_rowv; /* the length's variable (null: a number) */
    /* ... and reads of the rows p[x * n + m] of a row the loop starts
     * above (LU's pivot row): disjoint, not own (below_rows) */
    int flat_below;
    CXCursor flat_x;
    int is_counter;    /* written in the header of a for of the body */
    int nreads, counted, self_updated; /* for hints: read, x += k / x++, x = f(x) */
    int indexes;       /* a use picks an element: w[k], w[k++], *wp++, *(w + k) */
    int addr_passed;   /* &x handed to a function */
    int body_refs;     /* references in the body itself, macros' expansions included */
    int decays;        /* an array taken into a pointer to non-const, decay_var */
    CXCursor decay_var;
    char *elem_type;   /* pointer: STRADS_T_* of its elements, or NULL */
    int elem_bytes;    /* ... elements that are not numbers (a struct of an int and a
                        * double, a bool), written only as the iterations' own */
    /* Automatic privatization (capture.c): a local that every iteration
     * assigns before reading and that nobody reads after the loop. */
    int first_assign, auto_private; /* first_assign: assigned before every use (assigned.c) */
    unsigned bad_write;
    int is_const_global; /* same value in every process: not shipped */
    int in_helper;     /* named by a function the body calls */
    int picks;         /* FE_PICKS_*: can its value choose what the body touches (keyed.c) */
    CXCursor decl;
} fe_cap;

/* A global array or struct the call's environment does not copy: its bytes
 * travel from the global itself and land in each worker's global
 * (strads_field.global), which is what the body names. The driver copied a
 * global table of megabytes into the environment at every call, run alone
 * or on one process too. */
static inline int fe_cap_global_bytes(const fe_cap *cp)
{
    return cp->where == FE_V_GLOBAL && cp->cls == FE_T_BLOB && !cp->is_const_global &&
           !cp->is_item && !cp->auto_private && !cp->is_copyin;
}
/* As STRADS_PICKS_* of strads_generated.h: the default by type, or known. */
enum { FE_PICKS_DEFAULT, FE_PICKS_NO, FE_PICKS_YES };

/* ---- one `#pragma strads` line and what it binds to ---- */
enum { FE_ASYNC_FOR = 1, FE_SYNC_FOR = 2, FE_DVECTOR = 3 };

typedef struct fe_site {
    int index;                 /* 1-based among loop sites (names the glue) */
    int kind;                  /* FE_* above; 0 when the pragma was refused */
    unsigned prag_begin, prag_end; /* '#' .. end of the logical line */
    unsigned line, col;        /* of the '#' */
    const char *where;         /* ... its file after #line directives, */
    unsigned wline;            /* ... and line: what messages name */
    unsigned kw_off;           /* offset of the directive word (async_for ...) */

    /* clauses */
    fe_item *items;
    int nitems, capitems;
    char *minibatch, *threads, *row;
    int sync_kind;             /* STRADS_SYNC_* value */
    char *sync_a, *sync_b, *sync_fn;
    int recon_on;
    int calls_out;     /* calls a function of another file that may write (recon(off)) */
    int values_steer;  /* async_for: line of a value the loop writes that picks elements or
                        * decides a branch (recon_values.c), or 0 */
    int values_others; /* ... line of one such value other iterations may write, or 0 */

    /* loop (loop.c) */
    CXCursor forc;
    unsigned for_begin, for_end;     /* the whole for statement */
    unsigned body_begin, body_end;   /* body statement */
    unsigned body_line;
    int body_compound;
    char *ivar, *itype, *lo, *hi;
    unsigned lo_b, lo_e, hi_b, hi_e; /* lo's and hi's extents in the file */
    int hi_incl, hi_ne, ivar_declared;
    CXCursor ivar_decl;
    CXCursor fn;                     /* enclosing function definition */
    unsigned fn_begin, fn_end;       /* fn_begin: start of its first line */

    /* captures (capture.c) */
    fe_cap *caps;
    int ncaps, capcaps;

    /* reconnaissance body text (recon.c) */
    char *recon_text;
    char *recon_exact; /* the same with no loop recorded as ranges */
    int *rh_called;            /* fe_ctx.rh indices the recon body calls */
    int nrh_called, caprh_called;
} fe_site;

/* A function of this file that reconnaissance reaches: recon.c writes a copy
 * of it, strads__rh<index>, that records its accesses and drops its writes. */
typedef struct fe_rhelper {
    CXCursor def;
    CXCursor body;         /* def's compound body (copyable() checked it) */
    char *text;            /* the copy's definition; NULL until rewritten */
    /* the value-free copy, strads__rhv<index> (recon_vfree.c): wanted by
     * an async_for's fast copy, and its definition */
    int vwant;
    char *vtext;
} fe_rhelper;

/* ---- an in-place edit of the main file ---- */
typedef struct fe_edit {
    unsigned begin, end;   /* replaced byte range [begin, end) */
    char *text;            /* newlines are added by emit.c to keep lines */
    int keep_lines;        /* pad with the newlines of the replaced text */
} fe_edit;

typedef struct fe_token {
    CXTokenKind kind;
    unsigned off, end, line, col;
    char *spell;
} fe_token;

typedef struct fe_ctx {
    const char *path;      /* as given; used in #line and diagnostics */
    const char *outname;   /* for the glue's #line, "<stdout>" if none */
    const char *src;       /* main file contents (owned by the TU) */
    size_t srclen;
    CXTranslationUnit tu;
    CXFile file;

    fe_token *toks;
    int ntoks;

    fe_site *sites;
    int nsites, capsites;
    int nloops;

    fe_edit *edits;
    int nedits, capedits;

    CXCursor *dvdecls;     /* variables initialized from a dvector allocation */
    char **dvrows;         /* ... their row(n) clause's n, or NULL */
    int ndv, capdv, caprows;
    CXCursor *heapdecls;   /* variables given plain malloc/calloc memory */
    int nheap, capheap;
    /* recon_vfree.c: per function of the file (its offset), which of its
     * parameters matter in its value-free copy (bit i: parameter i) */
    unsigned *pm_off;
    unsigned long long *pm_mask;
    int npm, cappm, cappmmask;
    CXCursor *allocdecls;  /* variables given malloc/calloc memory, dvector or not, */
    char **alloclen;       /* ... and the element count it names (NULL: unknown) */
    int nalloc, capalloc, capalloclen;

    fe_rhelper *rh;
    int nrh, caprh;

    int nranged;           /* loops recorded as ranges so far (recon.c names) */
    int has_main, main_params;
    int nerrors, nwarnings;
    int nprinted;          /* errors printed (a repeated one is counted, not printed) */
    uint64_t *said;        /* diagnostics printed: hashes of place and words (diag.c) */
    int nsaid, capsaid;
    /* function-like macros looked up by name (capture.c's macro_named) */
    struct { char name[64]; CXCursor found; } macros[16];
    unsigned nmacros;
} fe_ctx;

/* ---- passes ---- */
int fe_scan(fe_ctx *c);                           /* scan.c */
void fe_parse_clauses(fe_ctx *c, fe_site *s);     /* clause.c */
void fe_bind_loops(fe_ctx *c);                    /* loop.c */
void fe_rewrite(fe_ctx *c);                       /* rewrite.c */
void fe_capture(fe_ctx *c, fe_site *s);           /* capture.c */
fe_item *fe_item_named(fe_site *s, const char *name); /* capture.c */
void fe_check_captures(fe_ctx *c, fe_site *s, const unsigned *first_ref); /* types.c */
/* Is every use of the capture in the body an element's addition
 * (name[...] +=, -=, ++, --) in a statement of its own, spelled in the
 * body: an accumulator the body never reads? (types.c) */
int fe_only_added(fe_ctx *c, const fe_site *s, const fe_cap *cp);
void fe_keyed(fe_ctx *c, fe_site *s);             /* keyed.c */
void fe_scope(fe_ctx *c, fe_site *s);             /* scope.c */
void fe_recon(fe_ctx *c, fe_site *s);             /* recon.c */
int fe_assigned_before_use(fe_ctx *c, CXCursor body, CXCursor var); /* assigned.c */
/* assigned.c: after loop (a for statement of function fn) runs, is var
 * assigned before any read on every way to the function's end? 1 yes, 0 no,
 * -1 not followed (a goto, a do-while or switch around the loop) */
int fe_dead_after(fe_ctx *c, CXCursor fn, CXCursor loop, CXCursor var);
/* 1: every loop around loop in fn assigns var before any read on its way
 * from its test to loop (its earlier iterations' value of var goes nowhere);
 * 0: a read comes first; -1: not followed (a goto, a switch, var in a loop's
 * test). */
int fe_dead_around(fe_ctx *c, CXCursor fn, CXCursor loop, CXCursor var);
/* A counted loop of a reconnaissance body whose pointers' accesses p[k] are
 * recorded as one range before it (recon_loop.c says when). */
typedef struct fe_rl_base {
    CXCursor decl;              /* the pointer variable, or a null cursor when expr is set */
    CXCursor expr;              /* a row that is an expression (W[u] of W[u][k], x->v,
                                 * W[u].v): a null cursor for a pointer variable */
    char *key;                  /* expr's text: one base per spelling */
    CXCursor *acc;              /* its accesses p[k] (or p[E + k]) in the loop */
    int nacc, capacc;
    CXCursor off;               /* E of p[E + k]; a null cursor for p[k] */
    CXCursor off2;              /* F of p[E + k + F] (a null cursor but there): E + F */
    char *index;                /* the index's text, the same in every access */
    int read, written, spoiled; /* spoiled: some access or use rules it out */
    int stored;                 /* written by an assignment already finished */
    int late;                   /* read after it was stored, or written under a
                                 * condition: kept only in a loop whose values go
                                 * nowhere (recon_loop.c) */
    int sure;                   /* written outside any condition */
} fe_rl_base;
typedef struct fe_rloop {
    CXCursor var;   /* the induction variable's declaration */
    char *lo, *hi;  /* the range of k as source text: [lo, hi) */
    unsigned lo_b, lo_e; /* where lo is in the file (the initializer of k) */
    fe_rl_base *b;  /* the pointers recorded as ranges */
    int nb, capb;
    int only;       /* its values go nowhere: it calls nothing and assigns
                     * only its own locals and elements of its ranged rows */
    int drop;       /* something after it reads memory or calls: its written
                     * ranges are marked dropped (strads_recon_rwr), so that a
                     * read of them runs the iteration again, exactly */
    int calm;       /* it calls nothing and stores into no memory but its
                     * ranged rows (recorded before any read of it) */
    CXCursor *outv; /* when only is not set for these alone: the variables */
    int noutv;      /* declared outside it that it assigns (a norm's sum) */
    int only_but_outv;
    CXCursor loop;  /* the for statement */
    char **hoist;   /* reads recorded once before it (recon_hoist.c) */
    int nhoist, caphoist;
} fe_rloop;
/* A call of a function of the file whose body is `return E;`, E a pointer
 * parameter plus offsets or an element's address: the call's argument for
 * that parameter, else a null cursor (row_fn.c). */
CXCursor fe_row_fn_arg(fe_ctx *c, CXCursor call);
int fe_recon_loop(fe_ctx *c, CXCursor forstmt, fe_rloop *out); /* recon_loop.c */
int fe_rloop_covers(const fe_rloop *l, CXCursor access);
/* An async_for that finds its elements from values it writes: refused
 * (steer.c). helpers: the functions of this file the body calls. */
void fe_steer(fe_ctx *c, fe_site *s, CXCursor body, const CXCursor *helpers, int nh);
/* An async_for body that reads its own reduction scalar: refused (red_read.c). */
void fe_reduction_reads(fe_ctx *c, fe_site *s);
/* A reduction scalar updated in a form its operator does not fold (m = m +
 * e under max, s = s * 0.5 + e under +): refused (red_read.c). */
void fe_reduction_forms(fe_ctx *c, fe_site *s);
void fe_emit_recon_helpers(fe_ctx *c, fe_buf *o); /* recon.c */
/* Before (begin) and after reconnaissance code: its assert() (emit.c). */
void fe_emit_recon_assert(fe_buf *o, int begin);
void fe_emit_recon_helper_decl(fe_ctx *c, int k, fe_buf *o, unsigned site_at); /* recon.c */
int fe_emit(fe_ctx *c, fe_buf *out);              /* emit.c */
void fe_emit_pack(fe_site *s, fe_buf *o);         /* pack.c */
void fe_emit_tls_pack(fe_site *s, fe_buf *o);     /* pack.c */

/* ---- helpers over the main file (util.c) ---- */
unsigned fe_offset(CXSourceLocation loc);          /* expansion offset */
void fe_spelling(CXCursor cur, CXFile *file, unsigned *b, unsigned *e); /* spelling offsets */
int fe_in_main(fe_ctx *c, CXSourceLocation loc);
/* Expansion offsets; an end inside a macro's expansion is the invocation's
 * end (fe_extent_tokens gives the main file's tokens, scan.c). */
void fe_extent(CXCursor cur, unsigned *b, unsigned *e);
void fe_extent_tokens(const fe_ctx *c);
char *fe_text(fe_ctx *c, unsigned b, unsigned e);
/* The main file's text with its function definitions' array parameters
 * written as pointers (array_parms.c), or NULL when it has none. */
char *fe_array_parms(CXTranslationUnit tu, CXFile file, const char *src, size_t len, size_t *out_len);
/* index_macros.c: the main file's text with its plain function-like macros
 * expanded in the functions that hold a parallel loop, or NULL when none is */
char *fe_index_macros(CXTranslationUnit tu, CXFile file, const char *src, size_t len, size_t *out_len);
/* The body's statement of its loop variable's range, or NULL (range_hint.c). */
char *fe_range_hint(fe_ctx *c, const fe_site *s);
/* Does a token end an operand (an identifier, a literal, ')' or ']'), so
 * that a '&' or '*' after it is binary? */
int fe_operand_end(const fe_token *t);
/* Is token k (a variable's name) assigned, incremented or its address
 * taken there ('x =', 'x +=', '++x', 'x--', '&x'; k0: the first token of
 * the range looked at)? */
int fe_tok_written(const fe_ctx *c, int k, int k0);
int fe_tok_at(const fe_ctx *c, unsigned off);          /* first token at or after off */
const char *fe_op_after(const fe_ctx *c, CXCursor lhs); /* a binary node's operator, from its left side */
int fe_int_const(CXCursor e, long long *v); /* an integer constant expression: 1 and its value */
void fe_line_col(fe_ctx *c, unsigned off, unsigned *line, unsigned *col);
/* The file and line of off as the compiler names them, after the file's
 * #line directives (util.c); the column is off's own. */
const char *fe_where(fe_ctx *c, unsigned off, unsigned *line, unsigned *col);
unsigned fe_line_start(fe_ctx *c, unsigned off);
void fe_add_edit(fe_ctx *c, unsigned b, unsigned e, char *text, int keep_lines);
int fe_cursor_in(CXCursor cur, CXCursor *set, int n);
/* Adds x to the set unless it is there: 1 when added. */
int fe_cursor_add(CXCursor **set, int *n, int *cap, CXCursor x);
/* Visits the direct children of cur into a freshly allocated array. */
CXCursor *fe_children(CXCursor cur, int *n);
/* Skips UnexposedExpr and ParenExpr wrappers to the interesting node. */
CXCursor fe_strip(CXCursor cur);
/* Is the unary operator (spelled here) ++ or --, prefix or postfix? */
int fe_incdec(fe_ctx *c, CXCursor unary);
/* Is the text [b, e) the target of an assignment or of ++ / --? */
int fe_written_at(fe_ctx *c, unsigned b, unsigned e);
/* A parameter written as an array (double v[N]): a pointer in C, which
 * libclang types as written (d: the declaration or a reference to it). */
int fe_array_parm(CXCursor d);
/* Does cur start in a macro's expansion rather than where it is spelled? */
int fe_from_macro(CXCursor cur);
/* Is cur an assignment (`a = b`, `a += b`), or an increment, decrement or
 * address-of (`x++`, `&x`)? From the tree alone, for operators a macro's
 * text holds. (`!p && x` of an int pointer p is taken for a store: a
 * refusal at worst.) */
int fe_store_shaped(CXCursor cur);
/* A <math.h> function whose only effect is errno (sqrtf, expf, ...). */
int fe_pure_math(const char *name);
/* End of the logical line starting at off: the first newline not escaped. */
unsigned fe_logical_end(fe_ctx *c, unsigned off);
/* Is off in a range the preprocessor skipped (#if 0)? Its end, else 0. */
unsigned fe_skipped(CXSourceRangeList *sk, unsigned off);

/* ---- diagnostics (diag.c) ---- */
void fe_error(fe_ctx *c, unsigned off, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void fe_warning(fe_ctx *c, unsigned off, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void fe_note(fe_ctx *c, unsigned off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* STRADS_FE_H */
