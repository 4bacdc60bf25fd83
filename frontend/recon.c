/*
 * frontend/recon.c - pass 6: the reconnaissance copy of a parallel body.
 *
 * Reconnaissance runs an iteration without changing anything, to learn which
 * distributed-array elements it reads and writes. Its text is the body's text
 * with these rewrites (everything else, including writes to the body's own
 * scalars and local arrays, is kept):
 *
 *   ... E ...        (E = a[i], p->f, *p used as a value)
 *                    -> ... STRADS__RD(E) ...         records a read, yields E
 *   L = R, L op= R   -> (strads_recon_rw(rc, &(L), sizeof(L), op), (void)(R))
 *   L++, --L         -> strads_recon_rw(rc, &(L), sizeof(L), 1)
 *   r[E] op= R;      -> ((void)(E), (void)(R));        (r a reduction item the
 *   r op= R; r++;    -> ((void)(R)); ((void)0);         body only updates: its
 *                                                       value picks nothing)
 *   printf(...);     -> ((void)0);                     (stdio runs only for real)
 *   f(args)          -> strads__rhN(args)   (f defined in this file)
 *
 * The write itself is dropped: to DDS elements, private buffers, anything
 * through a pointer. strads__rhN is a copy of the helper f rewritten by the
 * same rules (written after the user's code, fe_emit_recon_helpers), so the
 * rows a body touches only through helpers - word2vec's style - are recorded
 * too, and a helper's writes never run in reconnaissance. The copies find the
 * recorder in a thread-local the recon function sets, so their signatures
 * stay the user's. The rewrite walks libclang's tree and rebuilds each
 * node's source text from its children's rewritten text; where the children
 * do not tile the node's text (macro expansions), the node is kept verbatim,
 * which can only miss records, never change memory the body did not own.
 */
#include "recon_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const stdio_fns[] = {
    "printf", "fprintf", "puts", "fputs", "fputc", "putc", "putchar", "fwrite", "fflush",
    "perror", "vprintf", "vfprintf", "fclose", "fopen", "exit", "abort", NULL};

typedef struct pure_walk { rc *r; int impure; } pure_walk;

static enum CXChildVisitResult pure_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    pure_walk *v = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_CallExpr) {
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        if (!fe_pure_math(name)) v->impure = 1;
        free(name);
    } else if (k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr) {
        v->impure = 1;
    } else if (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator) {
        unsigned b, e;
        fe_extent(cur, &b, &e);
        fe_ctx *c = v->r->c;
        for (int i = fe_tok_at(c, b); i >= 0 && i < c->ntoks && c->toks[i].off < e && !v->impure; i++) {
            const char *t = c->toks[i].spell;
            v->impure = !strcmp(t, "=") || !strcmp(t, "++") || !strcmp(t, "--");
        }
    }
    return v->impure ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does evaluating cur do nothing but compute an arithmetic value (no call
 * but of fe_pure_math's, no assignment, no ++/--)? Its rewrite R must also
 * record nothing: then `(void)(R)` may become `(void)sizeof(+(R))`, which
 * evaluates nothing and still uses R's variables (-Wunused-variable). */
static int pure_value(rc *r, CXCursor cur, const char *R)
{
    enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(cur)).kind;
    if (!((t >= CXType_Bool && t <= CXType_LongDouble) || t == CXType_Enum)) return 0;
    if (strstr(R, "strads_") || strstr(R, "STRADS__")) return 0;
    pure_walk v = {r, 0};
    if (clang_getCursorKind(cur) == CXCursor_CallExpr) pure_visit(cur, clang_getNullCursor(), &v);
    if (!v.impure) clang_visitChildren(cur, pure_visit, &v);
    return !v.impure;
}

/* Is the struct that `base.f` names a value, not memory: what a call, a
 * statement expression, a conditional, an assignment or a comma gives
 * (cmul(a, b).re)? There is no address to record (nor to take). */
static int struct_value(CXCursor base)
{
    for (int guard = 0; guard < 64; guard++) {
        base = fe_strip(base);
        enum CXCursorKind k = clang_getCursorKind(base);
        if (k == CXCursor_CallExpr || k == CXCursor_StmtExpr || k == CXCursor_ConditionalOperator ||
            k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
            return 1;
        if (k != CXCursor_MemberRefExpr)
            return 0;
        int n;
        CXCursor *ch = fe_children(base, &n);
        CXCursor next = n > 0 ? ch[0] : clang_getNullCursor();
        free(ch);
        /* s.a.b walks on to s; p->a.b is memory */
        if (n == 0 || clang_getCanonicalType(clang_getCursorType(fe_strip(next))).kind == CXType_Pointer)
            return 0;
        base = next;
    }
    return 0;
}

/* 1 subscript, 2 p->f, 3 s.f, 4 *p, 0 not an access. */
static int access_kind(rc *r, CXCursor cur)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (k == CXCursor_ArraySubscriptExpr)
        return 1;
    if (k == CXCursor_MemberRefExpr) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        int kind = 3;
        if (n > 0) {
            unsigned cb, ce;
            fe_extent(ch[0], &cb, &ce);
            kind = is(tok(r, ce), "->") ? 2 : struct_value(ch[0]) ? 0 : 3;
        } else {
            kind = 0; /* implicit member of an anonymous struct: leave alone */
        }
        free(ch);
        return kind;
    }
    if (k == CXCursor_UnaryOperator && is(tok(r, b), "*"))
        return 4;
    return 0;
}

/* Does the DeclRefExpr ref name a private or reduction section of the loop
 * (or, with copyin, a copyin section: read-only, never a distributed array)? */
static int tls_section(rc *r, CXCursor ref, int copyin)
{
    if (!r->s)
        return 0;
    char *name = fe_cxstr(clang_getCursorSpelling(clang_getCursorReferenced(ref)));
    fe_item *it = fe_item_named(r->s, name);
    free(name);
    return it && it->lo &&
           (it->kind == FE_IT_PRIVATE || it->kind == FE_IT_REDUCTION ||
            (copyin && it->kind == FE_IT_COPYIN));
}

/* A scalar named by a clause of the loop (reduction, accumulate, private,
 * stream): the copy declares its own local of it (emit.c), so `&processed`
 * handed to an atomic is the copy's own even when processed is a global. */
static int clause_scalar(rc *r, CXCursor ref)
{
    if (!r->s)
        return 0;
    char *name = fe_cxstr(clang_getCursorSpelling(clang_getCursorReferenced(ref)));
    fe_item *it = fe_item_named(r->s, name);
    free(name);
    return it && !it->lo && it->kind != FE_IT_COPYIN;
}

/* A local pointer given only fresh memory (double *buf = malloc(...), as
 * a helper's scratch matrix): every value it takes comes from malloc,
 * calloc, realloc or aligned_alloc in its own function, and every use of
 * it reaches only that memory's bytes: buf[k], *buf, *(buf + k), buf += k,
 * a test, free(buf) or realloc(buf, n). A copy (q = buf, a walking
 * pointer, a member, a return), its address or another call would write
 * the memory through a name the shadow keeps, which plain reads of buf
 * would miss. What it points to is no distributed array and no other
 * iteration's: reconnaissance reads and writes it as the body does, not
 * through the shadow, whose hash per scalar made such bodies many times
 * slower there than the loop. */
typedef struct fresh {
    fe_ctx *c;
    CXCursor var;
    int ok;
    CXCursor stack[128];
    int depth;
} fresh;

static int alloc_call(CXCursor e)
{
    for (int guard = 0; guard < 8; guard++) {
        e = fe_strip(e);
        if (clang_getCursorKind(e) != CXCursor_CStyleCastExpr) break;
        int n;
        CXCursor *ch = fe_children(e, &n);
        CXCursor in = n > 0 ? ch[n - 1] : clang_getNullCursor();
        free(ch);
        if (clang_Cursor_isNull(in)) return 0;
        e = in;
    }
    if (clang_getCursorKind(e) != CXCursor_CallExpr) return 0;
    char *f = fe_cxstr(clang_getCursorSpelling(e));
    int yes = !strcmp(f, "malloc") || !strcmp(f, "calloc") || !strcmp(f, "realloc") ||
              !strcmp(f, "aligned_alloc");
    free(f);
    return yes;
}

/* Is the use of f->var at stack[d] one that reaches only its memory? */
static int fresh_use(fresh *f, int d)
{
    fe_ctx *c = f->c;
    CXCursor node = f->stack[d];
    int arith = 0; /* under buf + k: only a dereference or a subscript of it may follow */
    for (int k = d - 1; k >= 0; node = f->stack[k--]) {
        CXCursor p = f->stack[k];
        enum CXCursorKind pk = clang_getCursorKind(p);
        int n;
        CXCursor *ch = fe_children(p, &n);
        int first = n > 0 && clang_equalCursors(ch[0], node);
        CXCursor lhs = n > 0 ? ch[0] : clang_getNullCursor(), other = n == 2 ? ch[first ? 1 : 0] : lhs;
        free(ch);
        unsigned b, e;
        fe_extent(p, &b, &e);
        switch (pk) {
        case CXCursor_ParenExpr:
        case CXCursor_UnexposedExpr:
            continue;
        case CXCursor_ArraySubscriptExpr:
            return first; /* buf[k]: an element; not buf as an index */
        case CXCursor_UnaryOperator: {
            const char *op = c->toks[fe_tok_at(c, b)].spell;
            return !strcmp(op, "*") || (!arith && !strcmp(op, "!"));
        }
        case CXCursor_BinaryOperator: {
            const char *op = fe_op_after(c, lhs);
            if (!strcmp(op, "=")) /* buf = alloc(...); not x = buf */
                return first && !arith && alloc_call(other);
            if (!strcmp(op, "+") || !strcmp(op, "-")) {
                if (clang_getCanonicalType(clang_getCursorType(p)).kind != CXType_Pointer) return 0;
                arith = 1;
                continue;
            }
            static const char *const tests[] = {"==", "!=", "<", ">", "<=", ">=", "&&", "||", NULL};
            for (int t = 0; tests[t]; t++)
                if (!strcmp(op, tests[t])) return !arith;
            return 0;
        }
        case CXCursor_CompoundAssignOperator: {
            const char *op = fe_op_after(c, lhs);
            return first && !arith && (!strcmp(op, "+=") || !strcmp(op, "-="));
        }
        case CXCursor_CallExpr: {
            char *fn = fe_cxstr(clang_getCursorSpelling(p));
            int ok = !arith && (!strcmp(fn, "free") || !strcmp(fn, "realloc"));
            free(fn);
            return ok;
        }
        default:
            return !arith && clang_isStatement(pk); /* if (buf), a statement of its own */
        }
    }
    return 0;
}

static void fresh_walk(fresh *f, CXCursor cur)
{
    if (!f->ok || f->depth >= 128) {
        f->ok = 0;
        return;
    }
    f->stack[f->depth++] = cur;
    enum CXCursorKind k = clang_getCursorKind(cur);
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (k == CXCursor_VarDecl && clang_equalCursors(cur, f->var)) {
        /* its initializer (the last child) an allocation, which names no buf */
        f->ok &= n > 0 && alloc_call(ch[n - 1]);
    } else if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(cur), f->var)) {
        f->ok &= fresh_use(f, f->depth - 1);
    } else {
        for (int i = 0; i < n && f->ok; i++) fresh_walk(f, ch[i]);
    }
    free(ch);
    f->depth--;
}

static int fresh_heap(rc *r, CXCursor var)
{
    fe_ctx *c = r->c;
    if (clang_getCanonicalType(clang_getCursorType(var)).kind != CXType_Pointer ||
        clang_getCursorKind(var) != CXCursor_VarDecl || clang_Cursor_getStorageClass(var) == CX_SC_Static ||
        clang_Cursor_getStorageClass(var) == CX_SC_Extern ||
        !fe_cursor_in(var, c->heapdecls, c->nheap) || fe_cursor_in(var, c->dvdecls, c->ndv))
        return 0;
    CXCursor fn = clang_getCursorSemanticParent(var);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl) return 0;
    /* asked once per access: the last answer is kept */
    if (r->fresh_have && clang_equalCursors(r->fresh_var, var)) return r->fresh_ok;
    fresh f = {.c = c, .var = var, .ok = 1};
    fresh_walk(&f, fn);
    r->fresh_var = var;
    r->fresh_ok = f.ok;
    r->fresh_have = 1;
    return f.ok;
}

/*
 * Is the access chain rooted in memory that cannot belong to a distributed
 * array, so that it needs no record and its writes may run? A local array or
 * struct object (declared in the body or a helper, or a captured copy:
 * distributed arrays are only reached through pointers), or a private or reduction
 * section (reconnaissance has its own zeroed buffer). Skipping them keeps the
 * reconnaissance code small, which is most of its compile time. With copyin
 * set, a copyin section counts too: for reads only, since the driver's
 * body reads the program's own memory there and a write must not run.
 */
static int local_root(rc *r, CXCursor cur, int copyin)
{
    for (int guard = 0; guard < 64; guard++) {
        cur = fe_strip(cur);
        enum CXCursorKind k = clang_getCursorKind(cur);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor d = clang_getCursorReferenced(cur);
            CXType t = clang_getCanonicalType(clang_getCursorType(d));
            /* Not a global or static: writing one in reconnaissance would
             * change the program's state (a local is the copy's own). */
            int automatic = clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
                                CXCursor_TranslationUnit &&
                            clang_Cursor_getStorageClass(d) != CX_SC_Static &&
                            clang_Cursor_getStorageClass(d) != CX_SC_Extern;
            /* a helper's parameter written as an array (double a[N]) is a
             * pointer to the caller's memory (libclang types it as written) */
            if (fe_array_parm(d))
                return 0;
            return (t.kind != CXType_Pointer && automatic) || tls_section(r, cur, copyin) ||
                   clause_scalar(r, cur);
        }
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
            return 0;
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n == 0) {
            free(ch);
            return 0;
        }
        CXCursor base = fe_strip(ch[0]);
        free(ch);
        /* Through a pointer: only a section named by a clause, or fresh
         * memory, is known. */
        if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
            return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
                   (tls_section(r, base, copyin) || fresh_heap(r, clang_getCursorReferenced(base)));
        cur = base;
    }
    return 0;
}

static char *rw(rc *r, CXCursor cur, int mode, int stmt);
static int access_kind(rc *r, CXCursor cur);

static int update_op(const fe_token *t)
{
    return is(t, "+=") || is(t, "-=") || is(t, "*=") || is(t, "++") || is(t, "--");
}

/*
 * The reduction item an update statement of the loop body writes, when the
 * body uses that item only as the target of whole update statements:
 *
 *   sum[best * d + j] += p[j];   count[best]++;   inertia += bestd;
 *
 * Its value is then never read in the iteration, so it can pick no element
 * of a distributed array, and reconnaissance need not run the update: the
 * statement becomes its operands' evaluation, for their records, and the
 * computation that only fed it (k-means' distances: the whole body but
 * its reads) is dead code the compiler deletes. Any other use of the name
 * in the body (a read, a plain `=`, an update whose value is used) keeps
 * every update. lhs: the statement's left side, stripped.
 */
static fe_item *update_only_item(rc *r, CXCursor lhs)
{
    if (!r->s)
        return NULL;
    CXCursor root = lhs;
    int section = clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr;
    if (section) {
        int n;
        CXCursor *ch = fe_children(lhs, &n);
        if (n != 2) {
            free(ch);
            return NULL;
        }
        root = fe_strip(ch[0]);
        free(ch);
    }
    if (clang_getCursorKind(root) != CXCursor_DeclRefExpr)
        return NULL;
    char *name = fe_cxstr(clang_getCursorSpelling(clang_getCursorReferenced(root)));
    fe_item *it = fe_item_named(r->s, name);
    free(name);
    if (!it || it->kind != FE_IT_REDUCTION || !it->lo != !section)
        return NULL;
    fe_ctx *c = r->c;
    int t0 = fe_tok_at(c, r->rb);
    for (int t = t0; t < c->ntoks && c->toks[t].off < r->re; t++) {
        if (c->toks[t].kind != CXToken_Identifier || strcmp(c->toks[t].spell, it->name))
            continue;
        if (t > t0 && (is(&c->toks[t - 1], ".") || is(&c->toks[t - 1], "->")))
            continue; /* a member of that name */
        int b = t; /* the statement's first token */
        if (b > t0 && (is(&c->toks[b - 1], "++") || is(&c->toks[b - 1], "--")))
            b--;
        int u = t + 1; /* the update operator */
        if (section) {
            if (u >= c->ntoks || !is(&c->toks[u], "["))
                return NULL;
            for (int depth = 0; u < c->ntoks; u++) {
                depth += is(&c->toks[u], "[") - is(&c->toks[u], "]");
                if (!depth)
                    break;
            }
            u++;
        }
        if (b == t) {
            if (u >= c->ntoks || !update_op(&c->toks[u]))
                return NULL;
        } else if (u < c->ntoks && update_op(&c->toks[u])) {
            return NULL; /* ++x++ */
        } else {
            u--;
        }
        /* a whole statement: after a statement's end or a control header... */
        const fe_token *p = b > t0 ? &c->toks[b - 1] : NULL;
        if (p && !is(p, ";") && !is(p, "{") && !is(p, "}") && !is(p, ")") && !is(p, "else") &&
            !is(p, "do"))
            return NULL;
        /* ...up to its own `;` */
        int depth = 0, v = u + 1;
        for (; v < c->ntoks && c->toks[v].off < r->re; v++) {
            const fe_token *x = &c->toks[v];
            depth += is(x, "(") + is(x, "[") + is(x, "{") - is(x, ")") - is(x, "]") - is(x, "}");
            if (depth < 0 || (!depth && (is(x, ";") || is(x, ","))))
                break;
        }
        if (v >= c->ntoks || !is(&c->toks[v], ";") || depth)
            return NULL;
    }
    return it;
}

/* The rewritten subscript of a section's element (its reads recorded). */
static char *index_of(rc *r, CXCursor lhs)
{
    int n;
    CXCursor *ch = fe_children(lhs, &n);
    char *t = n == 2 ? rw(r, ch[1], RV, 0) : fe_strdup("0");
    free(ch);
    return t;
}
static int is_assign(rc *r, CXCursor cur, int *compound, CXCursor *lhs, CXCursor *rhs);
static int local_root(rc *r, CXCursor cur, int copyin);


/*
 * May the fast copy drop the store `cur` (to L) instead of shadowing its
 * value? When it runs once an iteration (in no loop of the body) and L's
 * own text is not read after it: dropped bytes that a later read does hit
 * (through another name) make the iteration run again in the exact copy,
 * which is cheap once in a while and expensive every iteration; a store in
 * a loop could also drop more ranges than the shadow keeps.
 */
typedef struct inloop { unsigned b, e; int hit; } inloop;

static enum CXChildVisitResult inloop_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    inloop *v = d;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    if (e <= v->b || b >= v->e)
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
        v->hit = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Is cur inside a loop of the body (or is there no body in view)? */
static int in_body_loop(rc *r, CXCursor cur)
{
    if (clang_Cursor_isNull(r->body))
        return 1;
    unsigned b, e;
    fe_extent(cur, &b, &e);
    inloop v = {b, e, 0};
    clang_visitChildren(r->body, inloop_visit, &v);
    return v.hit;
}

static int drop_store(rc *r, CXCursor cur, CXCursor l)
{
    if (!r->s || clang_Cursor_isNull(r->body))
        return 0; /* a helper's copy: its caller's reads are not in view */
    unsigned b, e, lb, le, bb, be;
    fe_extent(cur, &b, &e);
    fe_extent(l, &lb, &le);
    fe_extent(r->body, &bb, &be);
    if (in_body_loop(r, cur))
        return 0;
    fe_ctx *c = r->c;
    int l0 = fe_tok_at(c, lb), l1 = fe_tok_at(c, le), len = l1 - l0;
    if (len <= 0)
        return 0;
    for (int i = fe_tok_at(c, e); i + len <= c->ntoks && c->toks[i + len - 1].off < be; i++) {
        int same = 1;
        for (int k = 0; k < len && same; k++)
            same = !strcmp(c->toks[i + k].spell, c->toks[l0 + k].spell);
        if (same)
            return 0;
    }
    return 1;
}

/* The recorder of a dropped store cur to l: strads_recon_rwr shadows its
 * bytes, so that a later read of them runs the iteration again exactly;
 * strads_recon_rwd shadows them only where another of the env's pointers
 * reaches the array, when no later text of the iteration can name it. */
static const char *dropped_recorder(rc *r, CXCursor cur, CXCursor l)
{
    return !r->s || in_body_loop(r, cur) || fe_recon_store_seen_later(r, cur, l) ? "strads_recon_rwr"
                                                                                 : "strads_recon_rwd";
}

/* The target l of a store a macro makes: a distributed array's element,
 * or what a pointer reaches (`*(p + k)`: a unary operator that is the
 * target of a store can only be a dereference, whose `*` in a macro's
 * expansion has no token of this file for access_kind to see). */
static int macro_target(rc *r, CXCursor l)
{
    return (access_kind(r, l) || clang_getCursorKind(l) == CXCursor_UnaryOperator) && !local_root(r, l, 0);
}

static char *text_of(rc *r, CXCursor cur)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    return fe_text(r->c, b, e);
}
static char *recon_call(rc *r, CXCursor call);

/*
 *   assert(!isnan(row[k]))  ->  assert(!isnan(STRADS__RD(row[k])))
 *
 * A macro's expansion does not tile its text, but its arguments are text of
 * this file: each access spelled inside [b, e) is wrapped where it is
 * spelled (once, however often the macro expands it), nested accesses too,
 * so the reads are recorded and see the iteration's own writes. A write in
 * a macro is refused (capture.c), and so is anything else these cannot say.
 */
typedef struct span { unsigned b, e; } span;
typedef struct spans {
    rc *r;
    unsigned b, e;
    span *v, *x; /* accesses to wrap; the macro expansions' other expressions */
    int n, cap, nx, capx;
    int refused; /* said once per expression */
} spans;

/* A text the cursor shares with an expression met before it: both are in
 * one macro's own text (libclang spells a token of a #define at the macro's
 * name), so wrapping that text would read the macro's value as the access,
 * `STRADS__RD(get(i))` for `#define get(i) (a[i] + 1)` (gcc: lvalue
 * required), or miss the inner access of `a[b[i]]`. */
static int shared_text(const spans *m, unsigned sb, unsigned se)
{
    for (int i = 0; i < m->nx; i++)
        if (m->x[i].b == sb && m->x[i].e == se) return 1;
    return 0;
}

/* Does src[sb, se) spell the member access cur whole, `... . f` or
 * `... -> f`? (A '.' or '>' anywhere in it was taken for one: SETX(r[k],
 * 1.0), whose (A.x) = (v) spans "r[k], 1.0", was wrapped as one argument,
 * a gcc error in the generated file.) */
static int member_spelled(rc *r, CXCursor cur, unsigned sb, unsigned se)
{
    const char *src = r->c->src;
    char *f = fe_cxstr(clang_getCursorSpelling(cur));
    size_t fl = strlen(f);
    int ok = fl > 0 && se - sb > fl && !memcmp(src + se - fl, f, fl);
    free(f);
    if (!ok)
        return 0;
    unsigned q = se - (unsigned)fl;
    while (q > sb && (src[q - 1] == ' ' || src[q - 1] == '\t' || src[q - 1] == '\n'))
        q--;
    return q > sb && (src[q - 1] == '.' || (src[q - 1] == '>' && q - 1 > sb && src[q - 2] == '-'));
}

static enum CXChildVisitResult macro_access(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    spans *m = d;
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_UnaryExpr) /* sizeof: not evaluated */
        return CXChildVisit_Continue;
    /* a store in a macro's expansion (`#define SWAP(a, b) do { ... a = b;
     * ... } while (0)`): wrapped, its target's record would say a read */
    if (fe_store_shaped(cur)) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor l = n >= 1 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        unsigned cb, ce, lb, le;
        CXFile cf;
        fe_spelling(cur, &cf, &cb, &ce);
        fe_spelling(l, NULL, &lb, &le);
        /* an operator of this file before its operand: `&W[k]` in an
         * argument is an address (below), `++` a store */
        const char *src = m->r->c->src;
        /* (in the invocation's own text: a #define before it is not) */
        int mine = k == CXCursor_UnaryOperator && cf && clang_File_isEqual(cf, m->r->c->file) &&
                   m->b <= cb && cb < lb && lb <= m->e && lb <= m->r->c->srclen &&
                   (src[cb] == '&' || src[cb] == '+' || src[cb] == '-');
        int addr = mine && src[cb] == '&';
        /* or its ++/-- after it (`c ?: a[k]++`) */
        unsigned pe = le;
        while (pe < ce && pe < m->r->c->srclen && (src[pe] == ' ' || src[pe] == '\t')) pe++;
        int post = k == CXCursor_UnaryOperator && cf && clang_File_isEqual(cf, m->r->c->file) &&
                   m->b <= lb && lb < le && pe < ce && ce <= m->e && ce <= m->r->c->srclen &&
                   (src[pe] == '+' || src[pe] == '-');
        /* or an assignment of this file after it (a GNU `c ?: (a[k] += 1)`,
         * whose shared condition makes its text not tile) */
        int spelled = mine || post || (k != CXCursor_UnaryOperator && !fe_from_macro(cur) && le < ce &&
                               le <= m->r->c->srclen && le > lb && m->b <= lb && le <= m->e &&
                               tok(m->r, le)->spell[0] && strchr(tok(m->r, le)->spell, '='));
        if (!addr && !clang_Cursor_isNull(l) && macro_target(m->r, l)) {
            int sync = m->r->s && m->r->s->kind == FE_SYNC_FOR;
            if (!m->r->exact && !m->refused++)
                fe_error(m->r->c, lb < m->b || lb >= m->e ? m->b : lb,
                         spelled ? (sync ? "write the store as a statement of its own, or add recon(off)"
                                         : "write the store as a statement of its own")
                         : sync ? "write the store in the loop, or the macro as a function (it is "
                                  "then copied for reconnaissance), or add recon(off)"
                                : "write the store in the loop, or the macro as a function (it is "
                                  "then copied for reconnaissance)",
                         spelled ? "a store to a distributed array inside a macro's argument or a "
                                   "GNU `?:`: reconnaissance copies that expression as written and "
                                   "would record it as a read"
                                 : "a macro writes a distributed array here (or takes an element's "
                                   "address): reconnaissance records only stores spelled in this file");
            return CXChildVisit_Continue;
        }
    }
    int ak = access_kind(m->r, cur);
    CXType t = clang_getCanonicalType(clang_getCursorType(cur));
    CXFile f;
    unsigned sb, se;
    fe_spelling(cur, &f, &sb, &se);
    /* A member the macro names of an element the argument spells whole
     * (lavaMD's DOT(A, B) as A.x * B.x or (A).x * (B).x, DOT(rA[i],
     * rB[j])): of an array the loop never writes, the element's read is
     * recorded at its subscript, below, which covers the member; of one
     * it may write (SETX(r[k], v) as A.x = v), the write would go
     * unrecorded. */
    if (k == CXCursor_MemberRefExpr && !(sb < se && se <= m->r->c->srclen && member_spelled(m->r, cur, sb, se))) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor base = n == 1 ? fe_strip(ch[0]) : clang_getNullCursor();
        free(ch);
        unsigned bb = 0, be = 0;
        if (!clang_Cursor_isNull(base))
            fe_spelling(base, NULL, &bb, &be);
        if (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr &&
            clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Record && bb < be &&
            be <= m->r->c->srclen && m->r->c->src[be - 1] == ']' &&
            bb != fe_offset(clang_getRangeStart(clang_getCursorExtent(base))) &&
            !local_root(m->r, base, 1)) {
            if (!fe_recon_written_root(m->r, base))
                return CXChildVisit_Recurse;
            if (!m->r->exact && !m->refused++)
                fe_error(m->r->c, bb,
                         "write the macro as a function (it is then copied for "
                         "reconnaissance), or spell the member in the argument (SETX(r[k].x, v))",
                         "a macro builds an access to a member of a distributed array's element "
                         "from its arguments here, and the loop may write the array: "
                         "reconnaissance records only accesses spelled in this file");
            return CXChildVisit_Continue;
        }
    }
    /* spelled at the macro's name: in the #define, not in an argument
     * (an argument a macro uses twice is one text, wrapped once) */
    int in_define = sb == fe_offset(clang_getRangeStart(clang_getCursorExtent(cur)));
    /* Is [sb, se) the access's own text? An access a macro builds from its
     * arguments (`#define cell(x, j) sqrt(x[j])`, cell(s, j)) spells "s, j",
     * and one in the macro's own text (`#define set(i, c) v[i] = c`) the
     * whole invocation: wrapped they were `STRADS__RD(s, j)` and
     * `STRADS__RD(set(i, c))`, gcc errors in the generated file. */
    const char *src = m->r->c->src;
    int whole = !ak || sb >= se || se > m->r->c->srclen ||
                (k == CXCursor_ArraySubscriptExpr ? src[se - 1] == ']'
                 : ak == 4                         ? src[sb] == '*'
                 /* p->f or s.f: access_kind reads the operator at the
                  * child's end, which in a macro's argument is the macro's
                  * name (assert(hdr->n == 4) was refused as built) */
                                                   : k == CXCursor_MemberRefExpr && member_spelled(m->r, cur, sb, se));
    int counted = ak && !local_root(m->r, cur, 1) && t.kind != CXType_ConstantArray &&
                  t.kind != CXType_FunctionProto;
    if (counted && in_define && (shared_text(m, sb, se) || !whole)) {
        /* an access in the macro's own text: reconnaissance cannot record it */
        if (!m->r->exact && !m->refused++)
            fe_error(m->r->c, sb,
                     m->r->s && m->r->s->kind == FE_SYNC_FOR
                         ? "write the macro as a function (it is then copied for "
                           "reconnaissance), spell the access in the loop or in the macro's "
                           "argument, or add recon(off)"
                         : "write the macro as a function (it is then copied for "
                           "reconnaissance), or spell the access in the loop or in the "
                           "macro's argument",
                     "a macro's own text reads or writes a distributed array here: "
                     "reconnaissance records only accesses spelled in this file");
        return CXChildVisit_Continue;
    }
    if (counted && !whole) {
        if (!m->r->exact && !m->refused++)
            fe_error(m->r->c, sb,
                     m->r->s && m->r->s->kind == FE_SYNC_FOR
                         ? "write the macro as a function (it is then copied for "
                           "reconnaissance), pass the element itself (cell(s[j])), or add recon(off)"
                         : "write the macro as a function (it is then copied for "
                           "reconnaissance), or pass the element itself (cell(s[j]))",
                     "a macro builds an access to a distributed array from its arguments here: "
                     "reconnaissance records only accesses spelled in this file");
        return CXChildVisit_Continue;
    }
    /* parentheses and implicit conversions share their operand's text */
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && sb < se) {
        m->x = fe_grow(m->x, sizeof *m->x, &m->capx, m->nx + 1);
        m->x[m->nx++] = (span){sb, se};
    }
    if (ak && !local_root(m->r, cur, 1) && t.kind != CXType_ConstantArray &&
        t.kind != CXType_FunctionProto) {
        int seen = 0;
        for (int i = 0; i < m->n; i++)
            seen |= m->v[i].b == sb && m->v[i].e == se;
        /* &W[k] in an argument: the address, not a value (a pointer into
         * the merged copy of one element would be read past its end) */
        unsigned q = sb;
        while (q > m->b && (m->r->c->src[q - 1] == ' ' || m->r->c->src[q - 1] == '\t'))
            q--;
        int addr = q > m->b && m->r->c->src[q - 1] == '&' && !(q > m->b + 1 && m->r->c->src[q - 2] == '&');
        if (!seen && !addr && f && clang_File_isEqual(f, m->r->c->file) && m->b <= sb && sb < se &&
            se <= m->e) {
            m->v = fe_grow(m->v, sizeof *m->v, &m->cap, m->n + 1);
            m->v[m->n++] = (span){sb, se};
        }
    }
    return CXChildVisit_Recurse;
}

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    if (x->b != y->b) return x->b < y->b ? -1 : 1;
    return x->e > y->e ? -1 : x->e < y->e; /* the outer first */
}

/* Text [b, e) with the spans from *i on that lie in it wrapped. */
static void wrap_spans(spans *m, int *i, unsigned b, unsigned e, fe_buf *o)
{
    unsigned at = b;
    while (*i < m->n && m->v[*i].b < e) {
        span s = m->v[(*i)++];
        if (s.b < at || s.e > e) /* overlapping, not nested: keep as written */
            continue;
        fe_buf_put(o, m->r->c->src + at, s.b - at);
        fe_buf_puts(o, "STRADS__RD(");
        wrap_spans(m, i, s.b, s.e, o);
        fe_buf_puts(o, ")");
        at = s.e;
    }
    fe_buf_put(o, m->r->c->src + at, e - at);
}

static char *macro_text(rc *r, CXCursor cur, unsigned b, unsigned e)
{
    spans m = {.r = r, .b = b, .e = e};
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) { /* its own text first */
        unsigned sb, se;
        fe_spelling(cur, NULL, &sb, &se);
        m.x = fe_grow(m.x, sizeof *m.x, &m.capx, 1);
        m.x[m.nx++] = (span){sb, se};
    }
    clang_visitChildren(cur, macro_access, &m);
    if (m.n)
        qsort(m.v, (size_t)m.n, sizeof *m.v, span_cmp);
    fe_buf o = {0};
    int i = 0;
    wrap_spans(&m, &i, b, e, &o);
    free(m.v);
    free(m.x);
    return o.p ? o.p : fe_strdup("");
}

/* The node's text with each child replaced by rw(child, modes[i]). */
static char *rebuild(rc *r, CXCursor cur, const int *modes, int nmodes, int dflt)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    int n;
    CXCursor *ch = fe_children(cur, &n);
    fe_buf out = {0};
    unsigned at = b;
    enum CXCursorKind pk = clang_getCursorKind(cur);
    for (int i = 0; i < n; i++) {
        /* Is child i a statement (its value unused)? Not a condition: `if
         * (a[i] = f())` needs the assignment's value. */
        int stmt = pk == CXCursor_CompoundStmt || (pk == CXCursor_IfStmt && i > 0) ||
                   (pk == CXCursor_WhileStmt && i > 0) || (pk == CXCursor_DoStmt && i == 0) ||
                   (pk == CXCursor_ForStmt && i == n - 1);
        unsigned cb, ce;
        fe_extent(ch[i], &cb, &ce);
        /* a child with all of an operator's text: both in one macro's own
         * text (an implicit conversion or parentheses share it rightly) */
        int inside = cb == b && ce == e && n > 1 && pk != CXCursor_ParenExpr &&
                     pk != CXCursor_UnexposedExpr;
        if (cb < at || ce > e || ce < cb || inside) {
            free(ch);
            free(out.p);
            return macro_text(r, cur, b, e);
        }
        fe_buf_put(&out, r->c->src + at, cb - at);
        char *t = rw(r, ch[i], i < nmodes ? modes[i] : dflt, stmt);
        fe_buf_puts(&out, t);
        at = ce;
    }
    fe_buf_put(&out, r->c->src + at, e - at);
    free(ch);
    return out.p ? out.p : fe_strdup("");
}

/*
 * Can the definition def be copied for reconnaissance? Its name must be a
 * token of this file (not made by a macro) and its body a compound statement
 * whose text lies inside the definition's.
 */
static int copyable(fe_ctx *c, CXCursor def, CXCursor *body)
{
    if (clang_getCursorKind(def) != CXCursor_FunctionDecl || !clang_isCursorDefinition(def) ||
        !fe_in_main(c, clang_getCursorLocation(def)))
        return 0;
    int n;
    CXCursor *ch = fe_children(def, &n);
    *body = n > 0 ? ch[n - 1] : clang_getNullCursor();
    free(ch);
    if (clang_getCursorKind(*body) != CXCursor_CompoundStmt)
        return 0;
    unsigned fb, fe, bb, be;
    fe_extent(def, &fb, &fe);
    fe_extent(*body, &bb, &be);
    unsigned name = fe_offset(clang_getCursorLocation(def));
    fe_token *t = &c->toks[fe_tok_at(c, name)];
    char *spell = fe_cxstr(clang_getCursorSpelling(def));
    int ok = fb <= name && name < bb && bb < be && be <= fe && t->off == name &&
             !strcmp(t->spell, spell) && c->src[bb] == '{';
    free(spell);
    return ok;
}

/* def's index in c->rh, added (its copy still to write) when new; body is
 * its body as copyable found it. */
static int rh_index(fe_ctx *c, CXCursor def, CXCursor body)
{
    for (int i = 0; i < c->nrh; i++)
        if (clang_equalCursors(c->rh[i].def, def))
            return i;
    c->rh = fe_grow(c->rh, sizeof *c->rh, &c->caprh, c->nrh + 1);
    c->rh[c->nrh] = (fe_rhelper){def, body, NULL, 0, NULL};
    return c->nrh++;
}

/*
 *   d = dot(&w[i * dim], v);     (dot defined in this file)
 *   -> d = strads__rh0(&w[i * dim], v);
 *
 * The arguments are rewritten like any expression; the copy of the helper
 * records what the helper reads and drops what it writes. NULL when the
 * callee is not a function defined in this file, or not named plainly.
 */
static int has_label(CXCursor body);

static char *recon_call(rc *r, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call)), body;
    if (clang_Cursor_isNull(def) || !copyable(r->c, def, &body))
        return NULL;
    int n;
    CXCursor *ch = fe_children(call, &n);
    unsigned b, e, cb, ce;
    fe_extent(call, &b, &e);
    if (n < 1) {
        free(ch);
        return NULL;
    }
    fe_extent(ch[0], &cb, &ce);
    char *spell = fe_cxstr(clang_getCursorSpelling(def));
    int plain = fe_recon_plain_callee(r, call, ch[0], spell);
    free(spell);
    if (!plain) { /* (f)(x), a macro around the call: run it as written */
        free(ch);
        return NULL;
    }
    /* (a body with labels keeps its one copy: as copy_helper writes it) */
    int k = rh_index(r->c, def, body), vfree = fe_recon_use_vfree(r, call) && !has_label(body);
    if (vfree)
        r->c->rh[k].vwant = 1;
    fe_buf o = {0};
    fe_buf_printf(&o, vfree ? "strads__rhv%d" : "strads__rh%d", k);
    unsigned at = ce;
    for (int i = 1; i < n; i++) {
        unsigned ab, ae;
        fe_extent(ch[i], &ab, &ae);
        if (ab < at || ae > e) {
            free(ch);
            free(o.p);
            return NULL;
        }
        fe_buf_put(&o, r->c->src + at, ab - at);
        fe_buf_puts(&o, rw(r, ch[i], RV, 0));
        at = ae;
    }
    fe_buf_put(&o, r->c->src + at, e - at);
    free(ch);
    /* Inside a loop recorded as a range, whose accesses read memory
     * unrecorded, or where the caller may read what the helper writes
     * (anything after the call, a loop around it), the helper's written
     * loops run element by element (strads__rin), since a range's dropped
     * writes would be read back stale. */
    if (!r->exact && (r->nranged > 0 || fe_recon_read_later(r, call, NULL, 0))) {
        char *t = o.p;
        int id = r->c->nranged++;
        if (clang_getCanonicalType(clang_getCursorType(call)).kind == CXType_Void)
            o.p = fe_fmt("(strads__rin++, %s, strads__rin--, (void)0)", t);
        else
            o.p = fe_fmt("__extension__({ strads__rin++; __typeof__(%s) strads__c%d = %s; "
                         "strads__rin--; strads__c%d; })",
                         t, id, t, id);
        free(t);
    }
    if (r->s) {
        fe_site *s = r->s;
        int seen = 0;
        for (int i = 0; i < s->nrh_called; i++)
            seen |= s->rh_called[i] == k;
        if (!seen) {
            s->rh_called = fe_grow(s->rh_called, sizeof *s->rh_called, &s->caprh_called,
                                   s->nrh_called + 1);
            s->rh_called[s->nrh_called++] = k;
        }
    }
    return o.p;
}

static int is_assign(rc *r, CXCursor cur, int *compound, CXCursor *lhs, CXCursor *rhs)
{
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return 0;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    if (n != 2) {
        free(ch);
        return 0;
    }
    *lhs = ch[0];
    *rhs = ch[1];
    free(ch);
    if (k == CXCursor_CompoundAssignOperator) {
        *compound = 1;
        return 1;
    }
    unsigned lb, le, rb, re;
    fe_extent(*lhs, &lb, &le);
    fe_extent(*rhs, &rb, &re);
    *compound = 0;
    const fe_token *t = tok(r, le);
    if (!fe_from_macro(cur) && le <= rb && t->off >= le && t->end <= rb)
        return is(t, "=");
    /* the operator is a macro's (`#define SET(a, v) a = v`): no token of
     * this file says which */
    return fe_store_shaped(cur);
}

/* Is the assignment cur's operator a token of this file, after its left
 * operand lhs? Not when a macro's text holds it (`#define SET(a, v) a = v`,
 * or the whole store: `#define set(i, c) v[i] = c`). */
static int assign_spelled(rc *r, CXCursor cur, CXCursor lhs)
{
    unsigned lb, le, b, e;
    fe_extent(lhs, &lb, &le);
    fe_extent(cur, &b, &e);
    const fe_token *t = tok(r, le);
    size_t n = strlen(t->spell);
    return le < e && n && t->spell[n - 1] == '=' && strcmp(t->spell, "==") && strcmp(t->spell, "<=") &&
           strcmp(t->spell, ">=") && strcmp(t->spell, "!=");
}

/* Is cur an access p[k] that an enclosing loop recorded as a range? */
static int covered(rc *r, CXCursor cur)
{
    for (int i = 0; i < r->nranged; i++)
        if (fe_rloop_covers(r->ranged[i], cur))
            return 1;
    return 0;
}

/*
 *   for (int k = 0; k < rank; k++) e -= w[k] * h[k];
 *   -> for (int k = __extension__({ int64_t strads__l0 = (int64_t)(0), strads__h0 = (int64_t)(rank);
 *                      if (strads__h0 > strads__l0) {
 *                          (void)strads_recon_rd(strads__rc, &(w)[strads__l0],
 *                                                (size_t)(strads__h0 - strads__l0) * sizeof *(w));
 *                          ... h ... }
 *                      (0); }); k < rank; k++) e -= w[k] * h[k];
 *
 * The ranges are recorded in k's initializer, so that the loop stays one
 * statement wherever it stands (the body of an if, a statement without
 * braces). NULL when the loop does not qualify (recon_loop.c). Pointers
 * whose accesses are not recorded anyway (private, reduction, copyin
 * sections) keep their code.
 */
fe_rloop *fe_recon_ranged(rc *r, CXCursor cur)
{
    fe_rloop *l = calloc(1, sizeof *l);
    if (!l || r->exact || r->nranged == MAX_RANGED || !fe_recon_loop(r->c, cur, l)) {
        free(l);
        return NULL;
    }
    l->only = fe_recon_loop_quiet(r, l);
    int m = 0, writes = 0;
    for (int i = 0; i < l->nb; i++)
        if (!local_root(r, l->b[i].acc[0], 1)) {
            writes |= l->b[i].written;
            l->b[m++] = l->b[i];
        } else if (l->b[i].written) {
            l->only = 0; /* its writes run, into memory the copy may read */
        }
    if ((l->nb = m) == 0 || (writes && fe_recon_read_later(r, cur, l, l->only))) {
        free(l);
        return NULL;
    }
    l->loop = cur;
    l->drop = writes && fe_recon_read_later(r, cur, NULL, l->only);
    return l;
}

static char *ranged_for(rc *r, CXCursor cur)
{
    fe_rloop *l = fe_recon_ranged(r, cur);
    if (!l)
        return NULL;
    int writes = 0;
    for (int i = 0; i < l->nb; i++)
        writes |= l->b[i].written;
    r->ranged[r->nranged++] = l;
    char *loop = rebuild(r, cur, NULL, 0, RV);
    r->nranged--;
    /* Everything before the initializer is the loop's own text (the
     * initializer reads no memory, so nothing of it was rewritten). */
    unsigned b, e;
    fe_extent(cur, &b, &e);
    size_t at = l->lo_b - b, len = l->lo_e - l->lo_b;
    if (l->lo_b < b || strlen(loop) < at + len || strncmp(loop + at, l->lo, len))
        return NULL;
    int id = r->c->nranged++;
    fe_buf o = {0};
    fe_buf_put(&o, loop, at);
    fe_buf_printf(&o, "__extension__({ int64_t strads__l%d = (int64_t)(%s), strads__h%d = (int64_t)(%s); "
                      "if (strads__h%d > strads__l%d) { ",
                  id, l->lo, id, l->hi, id, id);
    /* The written ranges first: a read range that overlaps one (two names
     * for one row) makes the iteration run again element by element. */
    for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < l->nb; i++) {
        if ((l->b[i].written == 0) != (pass == 1))
            continue;
        /* a row that is an expression (W[u] of W[u][k]), rewritten: the
         * reads of its index are recorded here, once */
        int var = clang_Cursor_isNull(l->b[i].expr);
        char *p = var ? fe_cxstr(clang_getCursorSpelling(l->b[i].decl))
                      : rw(r, l->b[i].expr, LV, 0);
        char *n = fe_fmt("(size_t)(strads__h%d - strads__l%d) * sizeof *(%s)", id, id,
                         var ? p : l->b[i].key);
        /* E of p[E + k], rewritten: its reads are recorded here, once */
        int noff = clang_Cursor_isNull(l->b[i].off), two = !clang_Cursor_isNull(l->b[i].off2);
        char *e = noff ? NULL : rw(r, l->b[i].off, RV, 0), *e0 = noff ? NULL : text_of(r, l->b[i].off);
        char *f = two ? rw(r, l->b[i].off2, RV, 0) : NULL; /* F of p[E + k + F] */
        char *first = noff ? fe_fmt("strads__l%d", id)
                      : two ? fe_fmt("(%s) + (%s) + strads__l%d", e, f, id)
                            : fe_fmt("(%s) + strads__l%d", e, id);
        free(f);
        /* a key only for a row and offset that read no memory (their
         * rewrite is their text); none for E + k + F (pairs match E) */
        char *key = !two && (var || !strcmp(p, l->b[i].key)) && (noff || !strcmp(e, e0))
                        ? fe_recon_pair_key(p, e, l) : NULL;
        const char *only = l->only ? "_only" : "";
        if (key && fe_recon_paired(r, cur, key))
            ; /* an earlier loop recorded it (recon_pair.c) */
        else if (l->b[i].written && r->vfree && l->only && !l->drop && !r->widen)
            /* a value-free copy's: its caller may read what it drops only
             * where it said so (strads__rin: recon_call) */
            fe_buf_printf(&o, "if (strads__rin) strads_recon_rwr(strads__rc, &(%s)[%s], %s, %d); "
                              "else strads_recon_rw_range(strads__rc, &(%s)[%s], %s, %d); ",
                          p, first, n, l->b[i].read, p, first, n, l->b[i].read);
        else if (l->b[i].written) /* a loop whose values go nowhere, and nothing reads after it: no shadow */
            fe_buf_printf(&o, "strads_recon_%s(strads__rc, &(%s)[%s], %s, %d); ",
                          l->only && !l->drop && !r->widen && !r->vfree ? "rw_range" : "rwr", p, first, n,
                          l->b[i].read || r->widen);
        else if (key && fe_recon_pair(r, cur, l, &l->b[i], key) == 2)
            fe_buf_printf(&o, "strads_recon_rdr_rw(strads__rc, &(%s)[%s], %s); ", p, first, n);
        else
            fe_buf_printf(&o, "strads_recon_rdr%s(strads__rc, &(%s)[%s], %s); ", only, p, first, n);
        free(p);
        free(e);
        free(e0);
        free(key);
    }
    for (int i = 0; i < l->nhoist; i++) fe_buf_puts(&o, l->hoist[i]);
    fe_buf_printf(&o, "} (%s); })", l->lo);
    fe_buf_puts(&o, loop + at + len);
    /* A loop body's iteration runs again as a whole in its exact copy
     * (fe_recon); a helper's copy serves both, so it takes the loop element
     * by element in exact mode (strads_recon_exact): if/else keeps that one
     * statement wherever it stands. */
    if (r->s || r->vfree) /* (a value-free copy's caller is a fast copy: recon_vfree.c) */
        return o.p;
    r->exact++;
    char *slow = rebuild(r, cur, NULL, 0, RV);
    r->exact--;
    /* In braces, with a ';' of its own: the loop may end in a statement
     * without one (`for (...) x += d[i]`) or in a block, its own or a
     * nested loop's (`for (...) for (...) { ... }`); `{ ...}; }` is fine. */
    char *both = fe_fmt("if (strads_recon_exact()%s) { %s; } else %s", writes ? " || strads__rin" : "",
                        slow, o.p);
    free(slow);
    free(o.p);
    return both;
}

/*
 * A store to a floating-point local whose value does not matter
 * (recon_slice.c): only what its sides read is recorded.
 *   temp1 = fmin(fmax(fdiff * W[b + l2], -c), c) * eta;  ->  ((void)sizeof(+(...)))
 */
static char *unused_store(rc *r, CXCursor lhs, CXCursor rhs)
{
    fe_recon_value_calls(r, rhs);
    char *R = rw(r, rhs, RV, 0);
    char *val = pure_value(r, rhs, R) ? fe_fmt("(void)sizeof(+(%s))", R) : fe_fmt("(void)(%s)", R);
    if (clang_getCursorKind(fe_strip(lhs)) == CXCursor_DeclRefExpr)
        return fe_fmt("(%s)", val);
    return fe_fmt("((void)&(%s), %s)", rw(r, lhs, LV, 0), val); /* an element's index is read */
}

/*
 * An if recon_slice.c takes both ways: `if (isnan(d)) { fprintf(...); continue; }`
 * goes; `if (!isnan(s)) S1 else S2` -> `{ S1'; S2'; }`, their writes recorded
 * read and written and dropped (r->widen). NULL: the if as written.
 */
static char *wide_if(rc *r, CXCursor cur)
{
    int kind = fe_recon_wide(r, cur);
    if (kind != 1 && kind != 2)
        return NULL;
    int n;
    CXCursor *ch = fe_children(cur, &n);
    fe_buf o = {0};
    fe_buf_puts(&o, "{ ");
    /* a test of model values (`if (W[j] > 0)`): what it reads, recorded */
    if (fe_recon_wide_reads(r, cur)) {
        char *t = rw(r, ch[0], RV, 0);
        fe_buf_printf(&o, "(void)(%s); ", t);
        free(t);
    }
    if (kind == 2) {
        free(ch);
        fe_buf_puts(&o, "}");
        return o.p;
    }
    r->widen++;
    for (int i = 1; i < n; i++)
        fe_buf_printf(&o, "%s; ", rw(r, ch[i], RV, 1));
    r->widen--;
    fe_buf_puts(&o, "}");
    free(ch);
    return o.p;
}

/*
 * a / b or a % b of integers, b not a constant: 0 when b is 0 (and -a, 0
 * when b is -1 of a signed type, which traps for the least a). A node reads
 * what another node owns before it has fetched it as 0 (it records the
 * iteration again once fetched): `i % cnt[u]` died of SIGFPE there; where
 * the program itself divides by 0, its real run does so, as the plain
 * build does. NULL when it is no such division.
 */
static char *int_div(rc *r, CXCursor a, CXCursor b, char op)
{
    enum CXTypeKind ta = clang_getCanonicalType(clang_getCursorType(a)).kind,
                    tb = clang_getCanonicalType(clang_getCursorType(b)).kind;
    int ints = ta >= CXType_Bool && ta <= CXType_Int128 && tb >= CXType_Bool && tb <= CXType_Int128;
    if (!ints || fe_int_const(b, NULL))
        return NULL;
    char *A = rw(r, a, RV, 0), *B = rw(r, b, RV, 0);
    int id = r->c->nranged++;
    char *neg = op == '/' ? fe_fmt("(0 - (unsigned long long)strads__x%d)", id) : fe_strdup("0");
    char *q = fe_fmt("__extension__({ __auto_type strads__da%d = (%s); __auto_type strads__db%d = (%s); "
                     "__typeof__(strads__da%d %c strads__db%d) strads__x%d = strads__da%d, "
                     "strads__y%d = strads__db%d; "
                     "strads__y%d == 0 ? (__typeof__(strads__x%d))0 : "
                     "(__typeof__(strads__x%d))-1 < (__typeof__(strads__x%d))1 && "
                     "strads__y%d == (__typeof__(strads__x%d))-1 ? "
                     "(__typeof__(strads__x%d))%s : strads__x%d %c strads__y%d; })",
                     id, A, id, B, id, op, id, id, id, id, id, id, id, id, id, id, id, id, neg, id, op, id);
    free(neg);
    free(A);
    free(B);
    return q;
}

static char *rw(rc *r, CXCursor cur, int mode, int stmt)
{
    unsigned b, e;
    fe_extent(cur, &b, &e);
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (e < b || b < r->rb || e > r->re)
        return fe_strdup("");
    if (k == CXCursor_UnaryExpr) /* sizeof, _Alignof: not evaluated */
        return fe_text(r->c, b, e);
    if (k == CXCursor_CallExpr || k == CXCursor_UnexposedExpr) {
        char *t = fe_recon_atomic(r, cur);
        if (t)
            return t;
    }
    if (k == CXCursor_CallExpr) {
        char *name = fe_cxstr(clang_getCursorSpelling(cur));
        if (fe_recon_stdio(name))
            return fe_strdup(stmt ? "((void)0)" : "0");
        char *t = fe_recon_lib_call(r, cur, name);
        if (t)
            return t;
        /* its value goes nowhere (a void function's copy computes no
         * value; its stores, shadowed, stay readable: a body that reads a
         * row back after update() would run every iteration again) */
        if (stmt && clang_getCanonicalType(clang_getCursorType(cur)).kind != CXType_Void)
            fe_recon_value_calls(r, cur);
        t = recon_call(r, cur);
        if (t)
            return t;
    }
    /* float e = r - dot(w, h, K) of an e that does not matter */
    if (k == CXCursor_VarDecl && r->sliced && !r->exact && !clang_Cursor_isNull(r->body) &&
        fe_recon_irrelevant_var(r, cur)) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        if (n > 0)
            fe_recon_value_calls(r, ch[n - 1]);
        free(ch);
    }
    if (k == CXCursor_ForStmt) {
        char *t = ranged_for(r, cur);
        if (t)
            return t;
    }
    if (k == CXCursor_IfStmt) {
        char *t = wide_if(r, cur);
        if (!t)
            t = fe_recon_maywrite_if(r, cur);
        if (t)
            return t;
    }
    int compound;
    CXCursor lhs, rhs;
    if (is_assign(r, cur, &compound, &lhs, &rhs)) {
        CXCursor l = fe_strip(lhs);
        int spelled = assign_spelled(r, cur, lhs);
        if ((fe_from_macro(cur) || !spelled) && macro_target(r, l)) {
            /* `#define ACC(a, v) a += v`, `#define set(i, c) v[i] = c`: the
             * store is the macro's text, which the rewrite cannot take
             * apart (it was a gcc error: lvalue required) */
            if (!r->exact)
                fe_error(r->c, b,
                         r->s && r->s->kind == FE_SYNC_FOR
                             ? "write the assignment in the loop, or the macro as a function (it "
                               "is then copied for reconnaissance), or add recon(off)"
                             : "write the assignment in the loop, or the macro as a function (it "
                               "is then copied for reconnaissance)",
                         "a macro writes a distributed array here: reconnaissance records only "
                         "stores spelled in this file");
            return fe_text(r->c, b, e);
        }
        /* a macro's store to a local: its arguments' accesses wrapped */
        if (!spelled)
            return macro_text(r, cur, b, e);
        if (stmt && compound && update_only_item(r, l))
            return clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr
                       ? fe_fmt("((void)(%s), (void)(%s))", index_of(r, l), rw(r, rhs, RV, 0))
                       : fe_fmt("((void)(%s))", rw(r, rhs, RV, 0));
        char *op = NULL;
        if (compound) { /* `+=` -> `+` */
            unsigned lb, le;
            fe_extent(lhs, &lb, &le);
            op = fe_strdup(tok(r, le)->spell);
            op[strlen(op) - 1] = 0;
        }
        if (stmt && fe_recon_irrelevant(r, l))
            return unused_store(r, lhs, rhs);
        if (covered(r, l)) { /* the loop's range holds the record; the value is the
                              * expression's, for a use as a value */
            char *L = text_of(r, lhs), *R = rw(r, rhs, RV, 0);
            /* a store the range stands for: its value goes nowhere, and
             * when computing it has no effect (a / sqrtf(g[k]): the call
             * is kept for errno even at -Os) nothing is left */
            if (stmt)
                return pure_value(r, rhs, R) ? fe_fmt("((void)sizeof(+(%s)))", R) : fe_fmt("((void)(%s))", R);
            return compound ? fe_fmt("((__typeof__(%s))((%s) %s (%s)))", L, L, op, R)
                            : fe_fmt("((__typeof__(%s))(%s))", L, R);
        }
        if (access_kind(r, l) && !local_root(r, l, 0) && stmt && !r->exact &&
            (r->widen || fe_recon_names_irrelevant(r, rhs) || drop_store(r, cur, l))) {
            /* Recorded and dropped, after what R reads is recorded: R's
             * arithmetic goes, and with it whatever computed only what
             * such stores wrote (cooc's dot product, powf and logf). A
             * later read of the bytes runs the iteration again, exactly.
             * In a branch of a wide if it is recorded read too: the node
             * that runs it fetches what it may write back unchanged. */
            fe_recon_value_calls(r, rhs);
            char *L = rw(r, lhs, LV, 0), *R = rw(r, rhs, RV, 0);
            int id = r->c->nranged++;
            return fe_fmt("__extension__({ __auto_type strads__p%d = &(%s); %s; "
                          "%s(strads__rc, strads__p%d, sizeof *strads__p%d, %d); })",
                          id, L,
                          pure_value(r, rhs, R) ? fe_fmt("(void)sizeof(+(%s))", R)
                                                : fe_fmt("(void)(%s)", R),
                          dropped_recorder(r, cur, l), id, id, compound || r->widen);
        }
        if (access_kind(r, l) && !local_root(r, l, 0)) {
            /* The value goes to the iteration's shadow, where later reads
             * of the iteration find it (engine/recon_shadow.c). */
            char *L = rw(r, lhs, LV, 0), *R = rw(r, rhs, RV, 0);
            int id = r->c->nranged++;
            char *old = compound ? fe_fmt("*(__typeof__(*strads__p%d) *)strads_recon_rd(strads__rc, "
                                          "strads__p%d, sizeof *strads__p%d) %s ",
                                          id, id, id, op)
                                 : fe_strdup("");
            return fe_fmt("%s__extension__({ __auto_type strads__p%d = &(%s); "
                          "__typeof__(*strads__p%d) strads__v%d = %s(%s); "
                          "strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p%d, "
                          "&strads__v%d, sizeof strads__v%d); strads__v%d; })",
                          stmt ? "(void)" : "", id, L, id, id, old, R, id, id, id, id);
        }
        char *q = op && (!strcmp(op, "/") || !strcmp(op, "%")) &&
                          clang_getCursorKind(l) == CXCursor_DeclRefExpr
                      ? int_div(r, lhs, rhs, op[0])
                      : NULL;
        if (q) /* x /= y of a local, as x = x / y */
            return fe_fmt("(%s = %s)", text_of(r, lhs), q);
        int modes[2] = {LV, RV};
        return rebuild(r, cur, modes, 2, RV);
    }
    if (k == CXCursor_BinaryOperator) {
        int n;
        CXCursor *ch = fe_children(cur, &n);
        char *q = NULL;
        if (n == 2) {
            unsigned lb, le;
            fe_extent(ch[0], &lb, &le);
            const char *op = tok(r, le)->spell;
            if ((!strcmp(op, "/") || !strcmp(op, "%")) && !fe_from_macro(cur))
                q = int_div(r, ch[0], ch[1], op[0]);
        }
        free(ch);
        if (q)
            return q;
    }
    if (k == CXCursor_UnaryOperator) {
        fe_token *first = tok(r, b);
        int li = fe_tok_at(r->c, e) - 1;
        fe_token *last = &r->c->toks[li < 0 ? 0 : li];
        int n;
        CXCursor *ch = fe_children(cur, &n);
        CXCursor op = n == 1 ? ch[0] : cur;
        free(ch);
        /* The operator is the token before the operand or the one after
         * it: `*w++` is a read through w++, not an increment of *w, and
         * `(*w)++` an increment. Where the extents cannot tell (a macro's),
         * either token counts. */
        unsigned ob, oe;
        fe_extent(op, &ob, &oe);
        int prefix = n == 1 && ob > b, postfix = n == 1 && ob <= b && oe < e;
        /* `#define INC(a) (a)++`: the operator is the macro's text */
        if (n == 1 && !prefix && !postfix && fe_store_shaped(cur)) {
            CXCursor l = fe_strip(op);
            if (macro_target(r, l)) {
                if (!r->exact)
                    fe_error(r->c, b,
                             r->s && r->s->kind == FE_SYNC_FOR
                                 ? "write the update in the loop, or the macro as a function (it "
                                   "is then copied for reconnaissance), or add recon(off)"
                                 : "write the update in the loop, or the macro as a function (it "
                                   "is then copied for reconnaissance)",
                             "a macro updates a distributed array here, or takes an element's "
                             "address: reconnaissance records only stores spelled in this file");
                return fe_text(r->c, b, e);
            }
            return macro_text(r, cur, b, e);
        }
        int pre_inc = is(first, "++") || is(first, "--"), post_inc = is(last, "++") || is(last, "--");
        int incdec = prefix ? pre_inc : postfix ? post_inc : pre_inc || post_inc;
        if (n == 1 && incdec) {
            CXCursor l = fe_strip(op);
            int pre = prefix ? 1 : postfix ? 0 : pre_inc;
            const char *step = (pre ? is(first, "++") : is(last, "++")) ? "++" : "--";
            if (stmt && update_only_item(r, l))
                return clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr
                           ? fe_fmt("((void)(%s))", index_of(r, l))
                           : fe_strdup("((void)0)");
            if (covered(r, l) && stmt)
                return fe_strdup("((void)0)");
            if (stmt && fe_recon_irrelevant(r, l))
                return clang_getCursorKind(l) == CXCursor_DeclRefExpr ? fe_strdup("((void)0)")
                                                                      : fe_fmt("((void)&(%s))", rw(r, op, LV, 0));
            if (covered(r, l)) {
                char *L = text_of(r, op);
                return pre ? fe_fmt("((__typeof__(%s))((%s) %c 1))", L, L, step[0]) : fe_fmt("(%s)", L);
            }
            if (access_kind(r, l) && !local_root(r, l, 0) && stmt && !r->exact &&
                (r->widen || drop_store(r, cur, l))) { /* hits[j]++: as a dropped store */
                char *L = rw(r, op, LV, 0);
                int id = r->c->nranged++;
                return fe_fmt("__extension__({ __auto_type strads__p%d = &(%s); "
                              "%s(strads__rc, strads__p%d, sizeof *strads__p%d, 1); })",
                              id, L, dropped_recorder(r, cur, l), id, id);
            }
            if (access_kind(r, l) && !local_root(r, l, 0)) {
                char *L = rw(r, op, LV, 0);
                int id = r->c->nranged++;
                return fe_fmt("%s__extension__({ __auto_type strads__p%d = &(%s); "
                              "__typeof__(*strads__p%d) strads__o%d = *(__typeof__(*strads__p%d) *)"
                              "strads_recon_rd(strads__rc, strads__p%d, sizeof *strads__p%d), "
                              "strads__v%d = strads__o%d; strads__v%d%s; "
                              "strads_recon_store(strads__rc, (const void *)(uintptr_t)strads__p%d, "
                              "&strads__v%d, sizeof strads__v%d); strads__%c%d; })",
                              stmt ? "(void)" : "", id, L, id, id, id, id, id, id, id, id, step, id, id, id,
                              pre ? 'v' : 'o', id);
            }
            int m = LV;
            return rebuild(r, cur, &m, 1, RV);
        }
        if (n == 1 && is(first, "&")) {
            int m = LV;
            return rebuild(r, cur, &m, 1, RV);
        }
    }
    int ak = access_kind(r, cur);
    if (ak == 1 && covered(r, cur))
        return fe_text(r->c, b, e);
    if (ak == 3 && mode == RV) { /* a member of a ranged element (bodies[k].x) */
        int n;
        CXCursor *ch = fe_children(cur, &n);
        int in = n == 1 && clang_getCursorKind(fe_strip(ch[0])) == CXCursor_ArraySubscriptExpr &&
                 covered(r, fe_strip(ch[0]));
        free(ch);
        if (in)
            return fe_text(r->c, b, e);
    }
    if (ak && !local_root(r, cur, 0)) {
        int modes[2] = {RV, RV};
        if (ak == 1 || ak == 3) {
            int n;
            CXCursor *ch = fe_children(cur, &n);
            if (n > 0 && clang_getCanonicalType(clang_getCursorType(fe_strip(ch[0]))).kind !=
                             CXType_Pointer)
                modes[0] = LV;
            free(ch);
        }
        char *E = rebuild(r, cur, modes, 2, RV);
        CXType t = clang_getCanonicalType(clang_getCursorType(cur));
        /* a copyin table read (k-means' centroids, 2,048 reads a point):
         * nothing distributed to record */
        if (mode == LV || t.kind == CXType_ConstantArray || t.kind == CXType_FunctionProto ||
            local_root(r, cur, 1) || fe_recon_hoist(r, cur, E))
            return E;
        /* `*w++`: its address taken once, not also in typeof and sizeof
         * (clang warns of side effects in an unevaluated operand) */
        if (strstr(E, "++") || strstr(E, "--")) {
            int id = r->c->nranged++;
            return fe_fmt("__extension__({ __auto_type strads__p%d = &(%s); *(__typeof__(*strads__p%d) *)"
                          "strads_recon_rdi(strads__rc, strads__p%d, sizeof *strads__p%d); })",
                          id, E, id, id, id);
        }
        return fe_fmt("STRADS__RD(%s)", E);
    }
    if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr)
        return rebuild(r, cur, &mode, 1, mode);
    return rebuild(r, cur, NULL, 0, RV);
}

/*
 *   static double dot(const real *a, const real *b) { ... a[k] ... }
 *   -> static double strads__rh0(const real *a, const real *b)
 *      { strads_recon *strads__rc = strads__rct; ... STRADS__RD(a[k]) ... }
 * or, vfree, its value-free copy strads__rhv0 (recon_vfree.c): the body
 * sliced as the fast copy's is, its return value not mattering.
 */
static void copy_helper(fe_ctx *c, int k, int vfree)
{
    CXCursor def = c->rh[k].def, body = c->rh[k].body;
    unsigned fb, fe, bb, be;
    fe_extent(def, &fb, &fe);
    fe_extent(body, &bb, &be);
    unsigned name = fe_offset(clang_getCursorLocation(def));
    rc r = {.c = c, .s = NULL, .rb = bb, .re = be, .body = body, .vfree = vfree};
    if (vfree)
        fe_recon_slice(&r);
    char *t = rw(&r, body, RV, 1);
    fe_buf o = {0};
    fe_buf_put(&o, c->src + fb, name - fb);
    fe_buf_printf(&o, "strads__rh%s%d", vfree ? "v" : "", k);
    unsigned after = c->toks[fe_tok_at(c, name)].end;
    fe_buf_put(&o, c->src + after, bb - after);
    /* t starts with the body's '{' (copyable checked it). */
    fe_buf_printf(&o, "{ strads_recon *strads__rc = strads__rct; (void)strads__rc;%s\n", t + 1);
    *(vfree ? &c->rh[k].vtext : &c->rh[k].text) = o.p;
    free(t);
    free(r.rel);
    free(r.wide);
    free(r.vcalls);
    free(r.novfree);
}

static enum CXChildVisitResult label_visit(CXCursor cur, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(cur) == CXCursor_LabelStmt) {
        *(int *)d = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static int has_label(CXCursor body)
{
    int found = 0;
    clang_visitChildren(body, label_visit, &found);
    return found;
}

void fe_recon(fe_ctx *c, fe_site *s)
{
    /* sync_for recon(off) never runs a copy: it gets none (a copy made
     * quietly of what reconnaissance cannot say, a macro's assignment, was
     * a gcc error in a file nothing runs) */
    if (s->kind == FE_SYNC_FOR && !s->recon_on)
        return;
    rc r = {.c = c, .s = s, .rb = s->body_begin, .re = s->body_end, .body = clang_getNullCursor()};
    int n;
    CXCursor *ch = fe_children(s->forc, &n);
    if (n > 0)
        r.body = ch[n - 1];
    fe_recon_slice(&r);
    if (n > 0)
        s->recon_text = rw(&r, ch[n - 1], RV, 1);
    else
        s->recon_text = fe_strdup(";");
    r.exact = 1;
    if (n > 0 && has_label(ch[n - 1])) {
        /* labels cannot appear twice in one function: one copy, with no
         * ranges, which needs no second run */
        s->recon_text = rw(&r, ch[n - 1], RV, 1);
        s->recon_exact = NULL;
    } else {
        s->recon_exact = n > 0 ? rw(&r, ch[n - 1], RV, 1) : fe_strdup(";");
        /* no ranges in the body and no helper copies (whose ranged loops
         * serve both modes): the exact copy would be the same text */
        if (!s->nrh_called && !strcmp(s->recon_exact, s->recon_text)) {
            free(s->recon_exact);
            s->recon_exact = NULL;
        }
    }
    free(ch);
    /* Helpers reached so far, and the helpers they call in turn, and the
     * value-free copies asked for (which ask for more) */
    for (int more = 1; more;) {
        more = 0;
        for (int k = 0; k < c->nrh; k++) {
            if (!c->rh[k].text)
                copy_helper(c, k, 0), more = 1;
            if (c->rh[k].vwant && !c->rh[k].vtext && !has_label(c->rh[k].body))
                copy_helper(c, k, 1), more = 1;
        }
    }
}

/* The prototype of helper k's copy: the helper's own type under the copy's
 * name. Before a loop at offset site_at (else 0), a helper defined after it
 * and declared nowhere before it (C89: called undeclared, gcc warns) is
 * declared first, with its definition's own head: at file scope, where
 * the copy's prototype is, the call's implicit declaration does not reach. */
void fe_emit_recon_helper_decl(fe_ctx *c, int k, fe_buf *o, unsigned site_at)
{
    CXCursor def = c->rh[k].def;
    char *name = fe_cxstr(clang_getCursorSpelling(def));
    unsigned db, de, bb, be, fb, fe;
    fe_extent(def, &db, &de);
    fe_extent(c->rh[k].body, &bb, &be);
    fe_extent(clang_getCanonicalCursor(def), &fb, &fe);
    if (site_at && db > site_at && (fb == 0 || fb >= site_at) && bb > db) {
        char *head = fe_text(c, db, bb);
        if (!strchr(head, ';')) /* not a K&R definition's parameter list */
            fe_buf_printf(o, "%s;\n", head);
        free(head);
    }
    fe_buf_printf(o, "static __typeof__(%s) strads__rh%d STRADS__RECON;\n", name, k);
    if (c->rh[k].vwant)
        fe_buf_printf(o, "static __typeof__(%s) strads__rhv%d STRADS__RECON;\n", name, k);
    free(name);
}

/* The copies of the helpers, after the user's code where every type and
 * function they name is declared; prototypes first, since copies call copies. */
void fe_emit_recon_helpers(fe_ctx *c, fe_buf *o)
{
    for (int k = 0; k < c->nrh; k++)
        fe_emit_recon_helper_decl(c, k, o, 0);
    fe_emit_recon_assert(o, 1);
    for (int k = 0; k < c->nrh; k++) {
        fe_buf_puts(o, c->rh[k].text);
        if (c->rh[k].vtext)
            fe_buf_puts(o, c->rh[k].vtext);
    }
    fe_emit_recon_assert(o, 0);
}

char *fe_recon_rw(rc *r, CXCursor cur, int mode, int stmt) { return rw(r, cur, mode, stmt); }
int fe_recon_access_kind(rc *r, CXCursor cur) { return access_kind(r, cur); }
int fe_recon_stdio(const char *name)
{
    for (int i = 0; stdio_fns[i]; i++)
        if (!strcmp(name, stdio_fns[i]))
            return 1;
    return 0;
}
int fe_recon_local_root(rc *r, CXCursor cur, int copyin) { return local_root(r, cur, copyin); }
int fe_recon_copyable(fe_ctx *c, CXCursor def, CXCursor *body) { return copyable(c, def, body); }
int fe_recon_has_label(CXCursor body) { return has_label(body); }
int fe_recon_is_assign(rc *r, CXCursor cur, int *compound, CXCursor *lhs, CXCursor *rhs)
{
    return is_assign(r, cur, compound, lhs, rhs);
}

/* Is call written plainly as name(...): its callee exactly that name, first
 * in the call's text (not (f)(x), nor a macro around the call)? */
int fe_recon_plain_callee(rc *r, CXCursor call, CXCursor callee, const char *name)
{
    unsigned b, e, cb, ce;
    fe_extent(call, &b, &e);
    fe_extent(callee, &cb, &ce);
    char *t = fe_text(r->c, cb, ce);
    int plain = cb == b && ce <= e && !strcmp(t, name);
    free(t);
    return plain;
}
