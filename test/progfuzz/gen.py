#!/usr/bin/env python3
"""gen.py SEED [-o FILE] - writes one random annotated strads C program.

A random-program tester in the spirit of Csmith / YARPGen.
The same seed always gives the same program (Python's random.Random(seed), no
other source of variation). run.sh builds each program with plain cc and with
stradscc, runs it sequentially and at 1x1, 1x2, 2x1 and 4x1, and compares.

WHAT A PROGRAM LOOKS LIKE
  Input rows X (a struct per iteration: data-dependent row indices, a small
  int, a value; a dvector, or plain heap memory shipped with copyin), a
  read-only model R (m rows of K), an "own" array O (n rows of K: iteration i
  writes only row i, or row perm[i] of a permutation), an "accumulator" array
  A (m rows of K: iterations add to row X[i].j, many iterations per row), an
  optional global accumulator G reached only through a helper, histograms
  reduced as array sections, a copyin lookup table, private scratch, an
  accumulate() counter. Arrays come as `T (*W)[K]` (calloc/malloc), flat rows
  with `row(K)` (malloc, calloc, aligned_alloc, posix_memalign), 1-D
  (K == 1), arrays of row structs, and globals. An epoch runs one or two
  parallel loops (async_for or sync_for under a random sync model) and prints
  its reductions; the program ends with a digest of every array. Bodies may
  write an own element through a C library call (sscanf's number, modf's
  integral part) and add to an accumulator with GCC's atomics.

ORACLE RULES (why the expected result is well defined)
  Every output line starts with a tag that says how run.sh compares it with
  the plain-cc sequential build:
    "= ..."  must be byte-identical;
    "~ ..."  same tokens, every number within relative tolerance TOL = 1e-3
             (|a-b| <= TOL*max(|a|,|b|) + 1e-12);
    "? ..."  same number of tokens only (smoke: the run must just succeed).
  The generator only writes loops whose sequential result does not depend on
  the order or the grouping of iterations:
  * An iteration writes its own rows of O (row i or perm[i]: one writer per
    element and call) with any function of read-only data and of its own row;
    A rows only by adding a term that does not read A (+=, -=, ++, --, or
    `A = A + t`), so the updates commute; it reads no row another iteration
    of the same loop writes. Which rows an iteration touches depends only on
    data the loop does not write (docs/guide.md: planning assumes it).
  * Values are either integers (kept small, no overflow), or "exact floats"
    (multiples of 1/8 .. 1/2^12 of bounded magnitude, so every sum, product
    by 0.5 and difference is exact in float and order does not matter:
    integers-as-floats), or general floats ("inexact": every value is >= 0 by
    construction, so a sum of N terms in another order differs by at most
    about N*2^-24 relative; TOL is 1e-3).
  * async_for: integer and exact-float programs are "=" (any serial order
    gives the same bits); inexact ones "~".
  * sync_for: a written element changes by the sum of the deltas of its
    writers. O has one writer per element, so avg and sum both give exactly
    the sequential value (exact values: "="). A has many writers, so a loop
    that adds to A uses aggregate(A: sum) or aggregate(A: fn) with fn adding
    the delta (equal to the sum); not under hybrid (threads share a copy
    without locks, a lost update is that model's semantics). Reductions of
    integers and exact floats are "=" under every model. absp(r) with r < 1
    processes only part of the items per call, so a program using it is
    smoke-only ("?"); absp(1[,t]) is BSP and compared normally.
  * The driver may rewrite the index array between epochs (then every loop
    must plan again; guide.md says -n 1 with several threads does not notice
    such a change, so a failure only at 1x2 with "reindex" in the header is
    that documented limitation).
"""
import random
import re
import sys

TOL = 1e-3


class Arr:
    """A rows x K array of scalar type T in one of several layouts."""

    def __init__(self, name, rows, K, T, layout, glob=False):
        self.name, self.rows, self.K, self.T, self.layout, self.glob = name, rows, K, T, layout, glob

    def at(self, r, k):
        n, K = self.name, self.K
        if self.layout == '1d':
            return f"{n}[{r}]"
        if self.layout == '2d':
            return f"{n}[{r}][{k}]"
        if self.layout == 'struct':
            return f"{n}[{r}].v[{k}]"
        return f"{n}[(long)({r}) * {K} + ({k})]"  # flat

    def rowp(self, r):
        n, K = self.name, self.K
        if self.layout == '1d':
            return f"&{n}[{r}]"
        if self.layout == '2d':
            return f"{n}[{r}]"
        if self.layout == 'struct':
            return f"{n}[{r}].v"
        return f"&{n}[(long)({r}) * {K}]"

    def decl_type(self):
        if self.layout == '2d':
            return f"{self.T} (*{self.name})[{self.K}]"
        if self.layout == 'struct':
            return f"struct row_{self.name} *{self.name}"
        return f"{self.T} *{self.name}"

    def alloc(self, r, zero, avoid=()):
        self.avoid = avoid
        """Lines that allocate the array (pragma included); zero: calloc-like."""
        n, K, rows = self.name, self.K, self.rows
        out = []
        lhs = n if self.glob else self.decl_type()
        if self.layout in ('1d', '2d', 'struct'):
            out.append("#pragma strads dvector")
            fn = r.choice(['calloc', 'malloc'])
            if fn == 'calloc':
                out.append(f"{lhs} = calloc((size_t){rows}, sizeof *{n});")
            else:
                out.append(f"{lhs} = malloc((size_t){rows} * sizeof *{n});")
            return out
        how = r.choice(['malloc', 'calloc', 'aligned_alloc', 'posix_memalign'])
        if how == 'posix_memalign' and 'posix_memalign' in self.avoid:
            how = 'aligned_alloc'
        bytes_ = f"(size_t){rows} * {K} * sizeof *{n}"
        out.append(f"#pragma strads dvector row({K})")
        if how == 'malloc':
            out.append(f"{lhs} = malloc({bytes_});")
        elif how == 'calloc':
            out.append(f"{lhs} = calloc((size_t){rows} * {K}, sizeof *{n});")
        elif how == 'aligned_alloc':
            out.append(f"{lhs} = aligned_alloc(64, ({bytes_} + 63) / 64 * 64);")
        else:
            if not self.glob:
                out.insert(0, f"{self.T} *{n};")
            out.append(f"if (posix_memalign((void **)&{n}, 64, {bytes_})) return 1;")
        self.how = how
        return out


# Features that --avoid can leave out (known open findings, so that a long
# run goes on finding new ones): the program stays deterministic given the
# seed and the avoid list; an avoided choice is replaced after the draw.
AVOIDABLE = {
    'settle': 'a helper looping until what it writes through a pointer settles',
    'bump': 'a compound assignment used as a value inside a helper',
    'posix_memalign': 'posix_memalign under dvector row(n)',
    'recon-off-avg': 'sync_for recon(off) with the default aggregate on O (ssp/asp/custom)',
    'helper-global-ssp': 'an array written only by a helper under ssp/asp/custom',
    'copyin-reindex': 'a copyin index array the driver changes between calls',
    'helper-reindex': 'a helper-only array written at rows the driver re-indexes',
    'narrow-sync': 'short elements (sync_for cannot combine them on several processes)',
    'stmt-expr': 'a GNU statement expression in a body (stradsc recursion)',
    'absp-zero': 'absp(r, 0): an explicit zero threshold (documented, refused)',
    'lib-out': 'a C library call writing one number through &element (sscanf, modf)',
    'atomic': 'an accumulator element updated with a GCC atomic builtin',
    'predict': 'a loop reading the own row, then a loop updating it (one record: recon_pair.c)',
    'soa': 'the records as four arrays of fields (Xq[i] ...), not an array of structs',
    'nanguard': 'isnan/isinf and threshold guards on a floating-point value (taken both ways by reconnaissance)',
    'stepped': 'a helper writing the own row through a pointer stepped as it stores (*d++ = v)',
}


class Gen:
    def __init__(self, seed, avoid=()):
        self.avoid = set(avoid)
        self.seed = seed
        self.r = random.Random(seed)
        # Features added later draw from a second stream, so that they do
        # not change the rest of an existing seed's program.
        self.r2 = random.Random(seed * 1000003 + 17)
        self.streams = {}
        self.loopfns = []
        self.features = []
        self.helpers = []      # C text of helper functions
        self.helper_names = set()
        self.globals_ = []
        self.user_policy = False

    def rx(self, name):
        """One more random stream per feature added later (same reason as r2)."""
        if name not in self.streams:
            self.streams[name] = random.Random(f"{self.seed}:{name}")
        return self.streams[name]

    def feat(self, f):
        if f not in self.features:
            self.features.append(f)

    # ---- values -------------------------------------------------------------
    def const(self):
        r = self.r
        if self.mode == 'int':
            return str(r.randint(1, 9))
        if self.mode == 'fexact':
            return r.choice(['0.5', '0.25', '1.5', '2.0', '0.125', '3.0', '0.75']) + self.fs
        return r.choice(['0.5', '0.25', '0.3', '1.7', '0.9', '2.0']) + self.fs

    def ro_term(self, k):
        """A value read from read-only data for column k (no A, no other O rows)."""
        r = self.r
        R, X = self.R, 'X'
        q = "q"
        opts = [f"{R.at(q, k)}", f"{X}[i].w", f"(({self.T})(i % 5))"]
        if self.lut:
            opts.append(f"(({self.T})lut[(i + {k}) % {self.L}])")
        return r.choice(opts)

    def value_expr(self, k):
        """v for column k: depends on read-only data only. Exactness by mode."""
        r = self.r
        a, b = self.ro_term(k), self.ro_term(k)
        c = self.const()
        if self.mode == 'int':
            return r.choice([f"({a} * 3 + {b}) % 101", f"({a} + {b} + {c}) % 97",
                             f"(({a}) ^ ({b})) % 61", f"{a} - {b} + {c}"])
        if self.mode == 'fexact':
            return r.choice([f"{a} + {b}", f"{a} * 0.5{self.fs} - {b}", f"{a} - {c}",
                             f"({a} + {b}) * 0.25{self.fs}"])
        fa = 'fabs' if self.T == 'double' else 'fabsf'
        sq = 'sqrt' if self.T == 'double' else 'sqrtf'
        ex = 'exp' if self.T == 'double' else 'expf'
        return r.choice([f"{sq}({a} * {b} + {c})", f"{a} / (1 + {b})", f"{ex}(-{a}) * {c}",
                         f"{fa}({a} - {b})", f"{a} * {b} + {c}"])

    def own_update(self, lhs, v, k, cx='X[i].c'):
        """New value of an own element from itself and v (bounded)."""
        r = self.r
        c = self.const()
        if self.mode == 'int':
            return r.choice([f"{lhs} = ({lhs} * 3 + {v} + {k}) % 1009;",
                             f"{lhs} += ({v}) % 13;",
                             f"{lhs} = ({lhs} ^ (({v}) & 255)) % 2003;",
                             f"if ({cx} % 2) {lhs} -= {k}; else {lhs} += {c};"])
        if self.mode == 'fexact':
            return r.choice([f"{lhs} = {lhs} * 0.5{self.fs} + ({v});",
                             f"{lhs} += {c};",
                             f"if ({cx} % 2) {lhs} -= {c}; else {lhs} = {lhs} * 0.5{self.fs};"])
        sq = 'sqrt' if self.T == 'double' else 'sqrtf'
        mx = 'fmax' if self.T == 'double' else 'fmaxf'
        return r.choice([f"{lhs} = {lhs} * 0.5{self.fs} + ({v});",
                         f"{lhs} = {sq}({lhs} + ({v}));",
                         f"{lhs} = {mx}({lhs}, {v}) * 0.75{self.fs};"])

    def acc_term(self, k):
        """A term added to A: read-only data only, exact in fexact mode."""
        r = self.r
        if self.mode == 'int':
            return r.choice([f"(X[i].c + {k}) % 17", f"({self.R.at('q', k)}) % 11", "1"])
        if self.mode == 'fexact':
            return r.choice([f"X[i].w", f"{self.R.at('q', k)}", f"X[i].w + {self.const()}"])
        return r.choice([f"X[i].w", f"{self.R.at('q', k)} * X[i].w", f"X[i].w + {self.const()}"])

    # ---- helpers --------------------------------------------------------------
    def helper(self, name, text):
        if name not in self.helper_names:
            self.helper_names.add(name)
            self.helpers.append(text)
        return name

    # ---- program ----------------------------------------------------------------
    def program(self):
        r = self.r
        self.mode = r.choice(['int', 'int', 'fexact', 'fexact', 'finexact'])
        if self.mode == 'int':
            self.T = r.choice(['long long', 'long', 'int', 'long long'])
            self.fs = ''
            if self.rx('etype').random() < 0.15:
                self.T = self.rx('etype').choice(['short', 'unsigned'])
                if self.T == 'short' and 'narrow-sync' in self.avoid:
                    self.T = 'int'
        else:
            self.T = r.choice(['float', 'double'])
            self.fs = 'f' if self.T == 'float' else ''
        self.feat('mode=' + self.mode)
        T = self.T
        self.n = r.choice([40, 64, 100, 150, 200, 257])
        self.m = r.choice([5, 16, 31, 64])
        self.K = r.choice([1, 2, 3, 4, 8])
        self.epochs = r.choice([1, 2, 3])
        self.lut = r.random() < 0.3
        self.L = 32
        self.smoke = False
        layouts = ['2d', 'flat', 'struct'] if self.K > 1 else ['1d', 'flat', '2d']
        self.R = Arr('R', self.m, self.K, T, r.choice(layouts))
        self.O = Arr('O', self.n, self.K, T, r.choice(layouts), glob=r.random() < 0.2)
        self.A = Arr('A', self.m, self.K, T, r.choice(layouts), glob=r.random() < 0.2)
        self.use_perm = r.random() < 0.3
        self.x_copyin = r.random() < 0.2
        self.reindex = r.random() < 0.15
        if self.reindex and self.x_copyin and 'copyin-reindex' in self.avoid:
            self.reindex = False
        self.use_G = r.random() < 0.25
        if self.use_G and self.reindex and 'helper-reindex' in self.avoid:
            self.reindex = False
        for a in (self.R, self.O, self.A):
            self.feat(f"{a.name}:{a.layout}{'/global' if a.glob else ''}")
        if self.use_perm:
            self.feat('perm')
        if self.x_copyin:
            self.feat('X-copyin')
        if self.reindex:
            self.feat('reindex')
        # the records as four arrays of fields (Xq[i], Xj[i], Xc[i], Xw[i])
        # instead of one array of structs: several input arrays
        self.soa = ('soa' not in self.avoid and not self.x_copyin and
                    self.rx('soa').random() < 0.3)
        if self.soa:
            self.feat('soa')

        # loops of an epoch: each writes a disjoint subset of {O, A, G}
        nloops = r.choice([1, 1, 2])
        writes = []
        pool = ['O', 'A'] + (['G'] if self.use_G else [])
        if nloops == 1:
            writes.append(set(w for w in pool if r.random() < 0.75) or {'O'})
        else:
            s1 = set(w for w in pool if r.random() < 0.5) or {'O'}
            s2 = set(pool) - s1
            writes += [s1, s2]
        loops = [self.loop(idx, w) for idx, w in enumerate(writes)]
        return self.emit(loops)

    def sync_clause(self, writes_acc):
        r = self.r
        models = ['bsp', 'ssp', 'hybrid', 'asp', 'absp', 'elastic', 'flexpara', 'custom', None]
        if writes_acc:
            models.remove('hybrid')
        m = r.choice(models)
        if m in ('ssp', 'asp', 'custom') and self.writes_G and 'helper-global-ssp' in self.avoid:
            m = 'bsp'
        if m is None:
            return '', 'bsp(default)'
        if m == 'ssp':
            s = f"ssp({r.randint(0, 3)})"
        elif m == 'absp':
            if r.random() < 0.15:
                s = f"absp({r.choice(['0.5', '0.75'])})"
                self.smoke = True
            else:
                s = r.choice(['absp(1)', 'absp(1.0, 2)', 'absp(1, 0)'])
                if s == 'absp(1, 0)' and 'absp-zero' in self.avoid:
                    s = 'absp(1)'
        elif m == 'elastic':
            s = f"elastic({r.randint(1, 4)})"
        elif m == 'custom':
            name = r.choice(['bsp', 'ssp', 'ssp2', 'throttle', 'throttle2', 'async', 'USER'])
            if name == 'USER':
                name = 'pf_release'
                self.user_policy = True
            s = f"custom({name})"
        else:
            s = m
        return f" sync({s})", s

    def loop(self, idx, writes):
        r = self.r
        K, T = self.K, self.T
        kind = r.choice(['async_for', 'sync_for'])
        L = {'kind': kind, 'writes': writes, 'idx': idx}
        clauses = []
        body = []
        pre = []    # statements before the loop (per call)
        post = []   # prints after the loop
        model = None
        if kind == 'sync_for':
            self.writes_G = 'G' in writes
            sc, model = self.sync_clause('A' in writes or 'G' in writes)
            clauses.append(sc.strip())
            recon_off = False
            if r.random() < 0.3:
                ro = r.choice(['on', 'off'])
                recon_off = ro == 'off'
                clauses.append(f"recon({ro})")
            if r.random() < 0.4:
                clauses.append(f"minibatch({r.choice([1, 4, 10, 32])})")
            if 'A' in writes:
                agg = r.choice(['sum', 'sum', 'fn'])
                if agg == 'fn':
                    fn = f"agg_add_{self.tname()}"
                    self.helper(fn, self.agg_fn(fn))
                    clauses.append(f"aggregate(A: {fn})")
                else:
                    clauses.append("aggregate(A: sum)")
                self.feat(f"aggregate:{agg}")
            if 'G' in writes:
                clauses.append("aggregate(G: sum)")
            if 'O' in writes and r.random() < 0.4:
                ag = r.choice(['avg', 'sum'])
                if recon_off and 'recon-off-avg' in self.avoid:
                    ag = 'sum'
                clauses.append(f"aggregate(O: {ag})")
            elif 'O' in writes and recon_off and 'recon-off-avg' in self.avoid:
                clauses.append("aggregate(O: sum)")
            self.feat('sync:' + model.split('(')[0])
        else:
            self.feat('async_for')
        if r.random() < 0.2:
            clauses.append(f"threads({r.choice([1, 2])})")
        elif self.rx('threads').random() < 0.1:
            clauses.append("threads(1 + ep % 2)")
            self.feat('threads-changes')

        o = 'perm[i]' if self.use_perm else 'i'
        body.append(f"long q = X[i].q;")
        body.append(f"long j = X[i].j;")
        if 'O' in writes:
            body.append(f"long o = {o};")
        # a continue under a read-only condition
        if r.random() < 0.25:
            body.append(f"if (X[i].c % 7 == 3) continue;")
            self.feat('continue')
        # value guards a trainer writes (GloVe's isnan checks): never true
        # here, taken both ways by reconnaissance (frontend/recon_slice.c)
        self.guard = None
        rg = self.rx('nanguard')
        if self.mode != 'int' and 'nanguard' not in self.avoid and rg.random() < 0.5:
            self.guard = f"gq{idx}"
            body.append(f"{T} {self.guard} = X[i].w * 0.5{self.fs};")
            if rg.random() < 0.5:
                body.append(f"if (isnan({self.guard}) || isinf({self.guard})) {{ fprintf(stderr, \"nan\\n\"); continue; }}")
            self.feat('nanguard')
        v0 = self.value_expr(0)
        body.append(f"{T} v = {v0};")
        # private scratch
        if r.random() < 0.3:
            pv = f"tmp{idx}"
            pre.append(f"{T} {pv} = 0;")
            clauses.append(f"private({pv})")
            body.append(f"{pv} = v + {self.const()};")
            body.append(f"v = {pv};" if self.mode != 'finexact' else f"v = {pv} * 0.5{self.fs};")
            self.feat('private-scalar')
        if r.random() < 0.25 and K > 1:
            bv = f"buf{idx}"
            pre.append(f"{T} *{bv} = malloc({K} * sizeof *{bv});")
            post.append(f"free({bv});")
            clauses.append(f"private({bv}[0:{K}])")
            body.append(f"for (int k = 0; k < {K}; k++) {bv}[k] = {self.value_expr('k')};")
            body.append(f"v = v + {bv}[{r.randrange(K)}];" if self.mode != 'int'
                        else f"v = (v + {bv}[{r.randrange(K)}]) % 1009;")
            self.feat('private-section')
        if self.mode == 'int' and r.random() < 0.3:
            # ++/--/compound assignment used as values on a local
            body.append("long t = i % 11;")
            body.append(r.choice(["long u = (t += 3) * 2;", "long u = t++ + 1;",
                                  "long u = --t;", "long u = (t *= 2, t + 1);"]))
            body.append("v += u % 5;")
            self.feat('assign-as-value')
        if r.random() < 0.2 and self.mode == 'int' and 'stmt-expr' not in self.avoid:
            body.append("v += ({ long se_ = v % 3; se_ * 2; });")
            self.feat('stmt-expr')

        self.has_o = 'O' in writes
        if 'O' in writes:
            self.o_body(body, L)
            if 'lib-out' not in self.avoid and self.rx('libout').random() < 0.2:
                self.lib_out(body)
        if 'A' in writes:
            self.a_body(body, L)
        if 'G' in writes:
            g = self.helper('h_gadd', f"static void h_gadd(long j, {T} t)\n{{\n    G[j] += t;\n}}\n")
            body.append(f"if (X[i].c % 3 != 1) {g}(j, {self.acc_term(0)});")
            self.feat('helper-global')

        # reductions
        reds = []
        tag_exact = self.mode != 'finexact'
        if r.random() < 0.8:
            sv = f"s{idx}"
            st = 'long long' if self.mode == 'int' else 'double'
            pre.append(f"{st} {sv} = 0;")
            body.append(f"{sv} += v;")
            reds.append(('+', sv))
            fmt = '%lld' if self.mode == 'int' else ('%.17g' if tag_exact else '%.6g')
            post.append(('=' if tag_exact else '~', f"{sv} {fmt}", sv))
        if r.random() < 0.4:
            mv = f"mx{idx}"
            pre.append(f"{T} {mv} = {'-1000000' if self.mode != 'finexact' else '0'};")
            body.append(r.choice([f"if (v > {mv}) {mv} = v;", f"{mv} = {mv} > v ? {mv} : v;"]))
            reds.append(('max', mv))
            post.append(('=' if tag_exact else '~', f"{mv} %.17g", f"(double){mv}"))
        if r.random() < 0.3:
            mv = f"mn{idx}"
            pre.append(f"{T} {mv} = 1000000;")
            body.append(f"if (v < {mv}) {mv} = v;")
            reds.append(('min', mv))
            post.append(('=' if tag_exact else '~', f"{mv} %.17g", f"(double){mv}"))
        if r.random() < 0.3:
            pv = f"p{idx}"
            if self.mode == 'int':
                pre.append(f"unsigned long long {pv} = 1;")
                body.append(f"{pv} *= (unsigned long long)(X[i].c * 2 + 1);")
                post.append(('=', f"{pv} %llu", pv))
            else:
                pre.append(f"double {pv} = 1;")
                body.append(f"{pv} *= X[i].c % 5 == 0 ? 0.5 : X[i].c % 7 == 1 ? 2.0 : 1.0;")
                post.append(('=', f"{pv} %.17g", pv))
            reds.append(('*', pv))
        if r.random() < 0.35:
            H = r.choice([4, 8])
            hv = f"hist{idx}"
            lo = r.choice([0, 0, 1])
            if r.random() < 0.5:
                pre.append(f"long {hv}[{H + lo}] = {{0}};")
            else:
                pre.append(f"long *{hv} = calloc({H + lo}, sizeof *{hv});")
                post.append(f"free({hv});")
            body.append(f"{hv}[{lo} + X[i].c % {H}] += 1 + (i & 1);")
            reds.append(('+', f"{hv}[{lo}:{H}]"))
            post.append(('=', "H", (hv, lo, H)))
            self.feat('section-reduction')
        if r.random() < 0.25:
            cv = f"cnt{idx}"
            if r.random() < 0.5:
                self.globals_.append(f"long {cv} = 0;")
            else:
                pre.append(f"long {cv} = 0;")
            body.append(f"{cv} += X[i].c & 1;")
            clauses.append(f"accumulate({cv})")
            post.append(('=', f"{cv} %ld", cv))
            self.feat('accumulate')
        if self.lut:
            clauses.append(f"copyin(lut[0:{self.L}])")
            self.feat('copyin-lut')
        if self.x_copyin:
            clauses.append(f"copyin(X[0:{self.n}])")
            if self.use_perm:
                clauses.append(f"copyin(perm[0:{self.n}])")
        # group reductions by operator, sometimes split into several clauses
        byop = {}
        for op, v in reds:
            byop.setdefault(op, []).append(v)
        for op, vs in byop.items():
            if len(vs) > 1 and r.random() < 0.5:
                for v in vs:
                    clauses.append(f"reduction({op}: {v})")
            else:
                clauses.append(f"reduction({op}: {', '.join(vs)})")
            self.feat('reduction' + op)
        r.shuffle(clauses)
        clauses = [c for c in clauses if c]
        sep = ', ' if r.random() < 0.2 else ' '
        L['pragma'] = f"#pragma strads {kind}" + (' ' + sep.join(clauses) if clauses else '')
        body += L.pop('tail', [])  # last: nothing after it reads memory
        L['pre'], L['body'], L['post'] = pre, body, post
        L['model'] = model
        return L

    def tname(self):
        return self.T.replace(' ', '_')

    def agg_fn(self, fn):
        T = self.T
        return (f"void {fn}(void *elem, const void *delta, size_t size);\n"
                f"void {fn}(void *elem, const void *delta, size_t size)\n{{\n"
                f"    {T} *e = elem;\n    const {T} *d = delta;\n"
                f"    for (size_t k = 0; k < size / sizeof *e; k++)\n        e[k] += d[k];\n}}\n")

    def o_body(self, body, L):
        r = self.r
        O, K, T = self.O, self.K, self.T
        style = r.choice(['inline', 'inline', 'helper', 'fill', 'bump', 'settle'])
        if style in self.avoid:
            style = 'inline'
        if style == 'inline' and 'predict' not in self.avoid and self.r2.random() < 0.4:
            style = 'predict'
        if style == 'helper' and 'stepped' not in self.avoid and self.rx('stepped').random() < 0.4:
            style = 'stepped'
        if style == 'stepped':
            # the row written only through a pointer stepped as it stores:
            # the stepped value is the store's address (capture.c)
            form = self.rx('stepped').choice(['*d++ = {g};', 'd++[0] = {g};', '*(d++) = {g};'])
            if self.mode == 'int':
                g = "(v * (k + 3) + 11) % 503"
            elif self.mode == 'fexact':
                g = f"v * 0.25{self.fs} + k"
            else:
                g = f"v * 0.25{self.fs} + (float)k"
            h = self.helper("h_step", f"static void h_step({T} *d, {T} v)\n{{\n"
                            f"    for (int k = 0; k < {K}; k++)\n        " + form.format(g=g) + "\n}\n")
            body.append(f"{h}({O.rowp('o')}, v);")
            self.feat('helper-stepped')
            return
        if style == 'predict':
            # a prediction over the own row, then its update: the first loop
            # records the row read and written unless something between may
            # move the row or skip the update (frontend/recon_pair.c)
            r2 = self.r2
            # at the body's end, where an update loop is recorded as ranges
            body = L.setdefault('tail', [])
            body.append(f"{T} pr = 0;")
            body.append(f"for (int k = 0; k < {K}; k++)")
            body.append(f"    pr += {O.at('o', 'k')};")
            gap = r2.choice(['', 'v', 'cond', 'move'])
            if gap == 'v':
                body.append("v = (v + pr) % 1009;" if self.mode == 'int' else f"v = v * 0.5{self.fs} + (pr > 100);")
            elif gap == 'move':  # the same row, but assigned: no pairing
                body.append(f"o = (o + {O.rows}) % {O.rows};")
            if self.mode == 'int':
                upd = f"{O.at('o', 'k')} = ({O.at('o', 'k')} * 3 + pr % 13 + k) % 1009;"
            elif self.mode == 'fexact':
                upd = f"{O.at('o', 'k')} = {O.at('o', 'k')} * 0.5{self.fs} + (pr > 100 ? 1 : 2);"
            else:
                upd = f"{O.at('o', 'k')} = {O.at('o', 'k')} * 0.5{self.fs} + pr * 0.0625{self.fs};"
            ind = "    " if gap == 'cond' else ""
            if gap == 'cond':
                body.append("if (X[i].c % 3 != 1) {")
            body.append(f"{ind}for (int k = 0; k < {K}; k++) {{")
            body.append(f"{ind}    {upd}")
            body.append(f"{ind}}}")
            if gap == 'cond':
                body.append("}")
            self.feat('predict')
        elif style == 'inline':
            body.append(f"for (int k = 0; k < {K}; k++) {{")
            body.append("    " + self.own_update(O.at('o', 'k'), self.value_expr('k'), 'k'))
            body.append("}")
        elif style == 'helper':
            upd = self.own_update('row[k]', 'v', 'k', 'c')
            h = self.helper(f"h_upd", f"static void h_upd({T} *row, {T} v, int c)\n{{\n"
                            f"    (void)c;\n"
                            f"    for (int k = 0; k < {K}; k++) {{\n        {upd}\n    }}\n}}\n")
            body.append(f"{h}({O.rowp('o')}, v, X[i].c);")
            self.feat('helper-write')
        elif style == 'fill':
            # helper writes the whole own row, then reads it back
            if self.mode == 'int':
                g = "(v * (k + 1) + 7) % 503"
            elif self.mode == 'fexact':
                g = f"v * 0.5{self.fs} + k"
            else:
                g = f"v * 0.5{self.fs} + (float)k"
            h = self.helper("h_fill", f"static {T} h_fill({T} *row, {T} v)\n{{\n"
                            f"    for (int k = 0; k < {K}; k++)\n        row[k] = {g};\n"
                            f"    {T} s = 0;\n    for (int k = 0; k < {K}; k++)\n        s += row[k];\n"
                            f"    return s;\n}}\n")
            if self.mode == 'int':
                body.append(f"v = (v + {h}({O.rowp('o')}, v)) % 1009;")
            elif self.mode == 'fexact':
                body.append(f"v = v * 0.5{self.fs} + {h}({O.rowp('o')}, v) * 0.25{self.fs};")
            else:
                body.append(f"v = v + {h}({O.rowp('o')}, v) * 0.25{self.fs};")
            self.feat('helper-readback')
        elif style == 'bump':
            # compound assignment used as a value, in a helper, on an own element
            c = self.const()
            h = self.helper("h_bump", f"static {T} h_bump({T} *s, {T} c)\n{{\n"
                            f"    {T} z = (*s += c);\n    return z;\n}}\n")
            k0 = r.randrange(K)
            if self.mode == 'int':
                body.append(f"{T} z = {h}(&{O.at('o', k0)}, {c}) % 1009;")
                body.append(f"{O.at('o', k0)} %= 2003;")
                body.append("v = (v + z) % 1009;")
            elif self.mode == 'fexact':
                body.append(f"{T} z = {h}(&{O.at('o', k0)}, {c});")
                body.append(f"{O.at('o', k0)} *= 0.5{self.fs};")
                body.append(f"v = v * 0.5{self.fs} + z * 0.25{self.fs};")
            else:
                body.append(f"{T} z = {h}(&{O.at('o', k0)}, {c});")
                body.append(f"v = v + z * 0.5{self.fs};")
            if r.random() < 0.5:
                body.append(f"{T} z2 = ({O.at('o', (k0 + 1) % K)} += {c});")
                body.append("v = v + z2" + (" % 7;" if self.mode == 'int' else f" * 0.5{self.fs};"))
            self.feat('assign-as-value-helper')
        else:
            # a helper that loops until what it writes through a pointer settles
            lim = '50' if self.mode == 'int' else '4'
            step = '7' if self.mode == 'int' else '0.5' + self.fs
            h = self.helper("h_settle", f"static void h_settle({T} *g, {T} step)\n{{\n"
                            f"    while (*g < {lim})\n        *g += step;\n}}\n")
            k0 = r.randrange(K)
            if self.mode == 'int':
                body.append(f"{O.at('o', k0)} %= 1009;")
            elif self.mode == 'fexact':
                body.append(f"if ({O.at('o', k0)} > 64) {O.at('o', k0)} = 64;")
            body.append(f"{h}(&{O.at('o', k0)}, {step});")
            if self.mode != 'finexact':
                body.append(f"{O.at('o', k0)} -= {lim};")
            self.feat('helper-settle')

    def lib_out(self, body):
        """A C library call writing one number through &element of the own row
        (sscanf's %d, modf's integral part)."""
        rl = self.rx('libout')
        O, K, T = self.O, self.K, self.T
        el = O.at('o', rl.randrange(K))
        if self.mode == 'int':
            fmt = {'long long': '%lld', 'long': '%ld', 'int': '%d', 'short': '%hd',
                   'unsigned': '%u'}[T]
            body.append("{")
            body.append(f"    char lb[32];")
            body.append(f"    snprintf(lb, sizeof lb, \"{fmt}\", ({T})(v % 1000));")
            body.append(f"    sscanf(lb, \"{fmt}\", &{el});")
            body.append("}")
        else:
            fn = 'modff' if T == 'float' else 'modf'
            body.append(f"v = v + {fn}(v * 0.5{self.fs}, &{el});")
        self.feat('lib-out')

    def a_body(self, body, L):
        r = self.r
        A, K, T = self.A, self.K, self.T
        # a branch on a model value (the iteration's own row, written by this
        # loop) around the accumulator's write, which also goes through a
        # pointer to the row declared in the branch: the rows an iteration
        # writes depend on values the loop computes (frontend/recon_slice.c
        # takes such a branch both ways). Its own stream: the main one, and
        # so every older seed's program, stays as it was.
        rm = self.rx('modelcond')
        if self.has_o and 'modelcond' not in self.avoid and rm.random() < 0.3:
            k0, k1 = rm.randrange(K), rm.randrange(K)
            ov = self.O.at('o', k0)
            test = {'int': f"{ov} % 3 != 0", 'fexact': f"{ov} > 2"}.get(self.mode, f"{ov} > 0.5{self.fs}")
            add = {'int': "1", 'fexact': "0.5"}.get(self.mode, "0.25")
            body.append(f"if ({test}) {{")
            body.append(f"    {T} *ap = {A.rowp('j')};")
            body.append(f"    ap[{k1}] += {add}{self.fs};")
            self.feat('model-cond-write')
            inner = []
            self.a_write(inner, L)
            body += ["    " + x for x in inner]
            body.append("}")
            return
        self.a_write(body, L)

    def a_write(self, body, L):
        r = self.r
        A, K, T = self.A, self.K, self.T
        cond = r.random() < 0.4
        ind = "    " if cond else ""
        if cond:
            body.append(f"if (X[i].c % {r.choice([2, 3, 4])} == {r.choice([0, 1])}) {{")
            self.feat('cond-write')
        elif self.guard:
            g = self.guard
            body.append(self.rx('nanguard').choice([f"if (!isnan({g}) && !isinf({g})) {{",
                                                    f"if ({g} < 1e30{self.fs}) {{"]))
            cond = True
            ind = "    "
        style = r.choice(['loop', 'loop', 'one', 'helper', 'incdec'])
        if style == 'helper' and self.reindex and 'helper-reindex' in self.avoid:
            style = 'loop'
        if style == 'loop':
            t = self.acc_term('k')
            form = r.choice(['+=', 'assign'] + (['-='] if self.mode != 'finexact' else []))
            body.append(f"{ind}for (int k = 0; k < {K}; k++)")
            if form == '+=':
                body.append(f"{ind}    {A.at('j', 'k')} += {t};")
            elif form == '-=':
                body.append(f"{ind}    {A.at('j', 'k')} -= {t};")
            else:
                body.append(f"{ind}    {A.at('j', 'k')} = {A.at('j', 'k')} + ({t});")
        elif style == 'one':
            kk = f"X[i].c % {K}" if K > 1 else "0"
            ra = self.rx('atomic')
            if self.mode == 'int' and 'atomic' not in self.avoid and ra.random() < 0.3:
                # a pthreads trainer's shared counter: GCC's atomics
                fn = ra.choice(["__atomic_fetch_add({p}, {t}, __ATOMIC_RELAXED)",
                                "__atomic_add_fetch({p}, {t}, __ATOMIC_SEQ_CST)",
                                "__sync_fetch_and_add({p}, {t})"])
                call = fn.format(p=f"&{A.at('j', kk)}", t=self.acc_term(0))
                body.append(f"{ind}{call};")
                self.feat('atomic')
            else:
                body.append(f"{ind}{A.at('j', kk)} += {self.acc_term(0)};")
        elif style == 'helper':
            h = self.helper("h_acc", f"static void h_acc({T} *row, {T} t)\n{{\n"
                            f"    for (int k = 0; k < {K}; k++)\n        row[k] += t;\n}}\n")
            body.append(f"{ind}{h}({A.rowp('j')}, {self.acc_term(0)});")
            self.feat('helper-acc')
        else:
            k0 = r.randrange(K)
            lhs = A.at('j', k0)
            forms = [f"++{lhs};", f"{lhs}++;"]
            if self.mode != 'finexact':
                forms += [f"--{lhs};", f"{lhs}--;"]
            body.append(f"{ind}" + r.choice(forms))
            self.feat('incdec')
        if cond:
            body.append("}")

    # ---- emission ---------------------------------------------------------------
    def emit(self, loops):
        r = self.r
        T, K, n, m = self.T, self.K, self.n, self.m
        out = []
        ex = self.mode != 'finexact'
        out.append(f"/* progfuzz seed {self.seed}: {' '.join(self.features)} */")
        for model in [l['model'] for l in loops if l['model']]:
            pass
        out.append("/* ORACLE: lines '=' exact, '~' within relative tolerance "
                   f"{TOL:g}, '?' shape only (test/progfuzz/gen.py) */")
        out += ["#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>",
                "#include <string.h>", ""]
        xw = T
        out.append(f"typedef struct {{ int q, j, c; {xw} w; }} X_t;")
        for a in (self.R, self.O, self.A):
            if a.layout == 'struct':
                out.append(f"struct row_{a.name} {{ {T} v[{K}]; }};")
        for a in (self.O, self.A):
            if a.glob:
                out.append(f"static {a.decl_type()};")
        if self.use_G:
            out.append(f"static {T} *G;")
        out += self.globals_
        out.append("")
        out.append("static unsigned long long rs = %du;" % (self.seed * 7919 % 100003 + 1))
        out.append("static unsigned long long rnd(void)\n{\n"
                   "    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;\n"
                   "    return rs >> 33;\n}\n")
        out.append("static unsigned long long dg(unsigned long long h, unsigned long long v)\n{\n"
                   "    return (h ^ v) * 1099511628211ULL + (h >> 29);\n}\n")
        if getattr(self, 'user_policy', False):
            out.append("struct worker_stat { long long clock, staleness; double avg_task_s; int available; };\n"
                       "int pf_release(const struct worker_stat *w, int n, long arg, unsigned char *may);\n"
                       "int pf_release(const struct worker_stat *w, int n, long arg, unsigned char *may)\n{\n"
                       "    (void)arg;\n    int waiting = 0;\n"
                       "    for (int r = 0; r < n; r++) waiting += w[r].available;\n"
                       "    for (int r = 0; r < n; r++) may[r] = (unsigned char)w[r].available;\n"
                       "    return waiting;\n}\n")
        out += self.helpers
        # value initializers
        if self.mode == 'int':
            rv = "(%s)((long)(rnd() %% 101) - 50)" % T
            xv = "(%s)(rnd() %% 23)" % T
            ov = "(%s)(rnd() %% 100)" % T
        elif self.mode == 'fexact':
            rv = "(%s)((long)(rnd() %% 64) - 32) / 8" % T
            xv = "(%s)((long)(rnd() %% 64) - 32) / 8" % T
            ov = "(%s)(rnd() %% 32) / 4" % T
        else:
            rv = "(%s)(rnd() %% 1000) / 1000" % T
            xv = "(%s)(rnd() %% 1000) / 997" % T
            ov = "(%s)(rnd() %% 1000) / 500" % T
        b = []  # main body lines
        b.append(f"long n = {n}, m = {m};")
        # X
        if self.soa:
            for f, t in (('q', 'int'), ('j', 'int'), ('c', 'int'), ('w', T)):
                b.append("#pragma strads dvector")
                b.append(f"{t} *X{f} = malloc((size_t)n * sizeof *X{f});")
        elif self.x_copyin:
            b.append("X_t *X = malloc((size_t)n * sizeof *X);")
        else:
            b.append("#pragma strads dvector")
            b.append("X_t *X = malloc((size_t)n * sizeof *X);")
        b.append("for (long i = 0; i < n; i++) {")
        b.append("    X[i].q = (int)(rnd() % (unsigned long long)m);")
        b.append("    X[i].j = (int)(rnd() % (unsigned long long)m);")
        b.append("    X[i].c = (int)(rnd() % 50);")
        b.append(f"    X[i].w = {xv};")
        b.append("}")
        if self.use_perm:
            if self.x_copyin:
                b.append("int *perm = malloc((size_t)n * sizeof *perm);")
            else:
                b.append("#pragma strads dvector")
                b.append("int *perm = malloc((size_t)n * sizeof *perm);")
            b.append("for (long i = 0; i < n; i++) perm[i] = (int)i;")
            b.append("for (long i = n - 1; i > 0; i--) {")
            b.append("    long s = (long)(rnd() % (unsigned long long)(i + 1));")
            b.append("    int t = perm[i]; perm[i] = perm[s]; perm[s] = t;")
            b.append("}")
        if self.lut:
            b.append(f"int *lut = malloc({self.L} * sizeof *lut);")
            b.append(f"for (int k = 0; k < {self.L}; k++) lut[k] = (int)(rnd() % 9);")
        for a, init in ((self.R, rv), (self.O, ov), (self.A, None)):
            b += a.alloc(r, init is None, self.avoid)
            if a.glob and a.layout == 'flat' and getattr(a, 'how', '') == 'posix_memalign':
                pass
            b.append(f"for (long r = 0; r < {a.rows}; r++)")
            b.append(f"    for (int k = 0; k < {K}; k++)")
            b.append(f"        {a.at('r', 'k')} = {init if init else '0'};")
        if self.use_G:
            b.append("#pragma strads dvector")
            b.append("G = calloc((size_t)m, sizeof *G);")
        b.append(f"for (int ep = 0; ep < {self.epochs}; ep++) {{")
        for L in loops:
            e = []
            e += L['pre']
            e.append(L['pragma'])
            hdr = r.choice(["for (long i = 0; i < n; i++) {", "for (long i = 0; i <= n - 1; ++i) {",
                            "for (long i = 0; i < n; i += 1) {", f"for (int i = 0; i < {n}; i++) {{"])
            if self.r2.random() < 0.15:
                e.insert(len(e) - 1, "long i;")
                hdr = self.r2.choice(["for (i = 0; i < n; i++) {", "for (i = 0; i != n; ++i) {"])
                self.feat('loopvar-outside')
            elif self.rx('range').random() < 0.15:
                # the range changes between calls: planned again
                hdr = self.rx('range').choice(["for (long i = ep % 2; i < n; i++) {",
                                               "for (long i = 0; i < n - ep; i++) {"])
                self.feat('range-changes')
            e.append(hdr)
            e += ["    " + s for s in L['body']]
            e.append("}")
            for p in L['post']:
                if isinstance(p, str):
                    continue
                tag, fmt, val = p
                if fmt == 'H':
                    hv, lo, H = val
                    tag = '?' if self.smoke else tag
                    e.append(f"printf(\"{tag} ep %d L{L['idx']} {hv}\", ep);")
                    e.append(f"for (int h = {lo}; h < {lo + H}; h++) printf(\" %ld\", {hv}[h]);")
                    e.append("printf(\"\\n\");")
                else:
                    tag = '?' if self.smoke else tag
                    e.append(f"printf(\"{tag} ep %d L{L['idx']} {fmt}\\n\", ep, {val});")
            for p in L['post']:
                if isinstance(p, str):
                    e.append(p)
            if self.r2.random() < 0.25:
                # the loop in a function of its own: arrays arrive as parameters
                fn = f"loop{L['idx']}"
                params = ["int ep", "long n", "long m"]
                args = ["ep", "n", "m"]
                if self.soa:
                    params += ["int *Xq", "int *Xj", "int *Xc", f"{T} *Xw"]
                    args += ["Xq", "Xj", "Xc", "Xw"]
                else:
                    params.append("X_t *X"); args.append("X")
                if self.use_perm:
                    params.append("int *perm"); args.append("perm")
                if self.lut:
                    params.append("int *lut"); args.append("lut")
                for a in (self.R, self.O, self.A):
                    if not a.glob:
                        params.append(a.decl_type()); args.append(a.name)
                self.loopfns.append(f"static void {fn}({', '.join(params)})\n{{\n"
                                    "    (void)m;\n" + "".join("    " + x + "\n" for x in e) + "}\n")
                b.append(f"    {fn}({', '.join(args)});")
                self.feat('loop-in-function')
            else:
                b += ["    " + s for s in ["{"] + ["    " + x for x in e] + ["}"]]
        if self.reindex:
            b.append("    if (ep % 2 == 0)")
            b.append("        for (long i = 0; i < n; i++) X[i].j = (int)((X[i].j + 1 + i % 3) % m);")
        b.append("}")
        # digests
        for a in (self.O, self.A):
            b += self.digest(a)
        if self.use_G:
            b += self.digest(Arr('G', m, 1, T, '1d'))
        for a in (self.R, self.O, self.A):
            b.append(f"free({a.name});")
        if self.use_G:
            b.append("free(G);")
        b += ["free(Xq);", "free(Xj);", "free(Xc);", "free(Xw);"] if self.soa else ["free(X);"]
        if self.use_perm:
            b.append("free(perm);")
        if self.lut:
            b.append("free(lut);")
        b.append("return 0;")
        out += self.loopfns
        out.append("int main(void)\n{")
        out += ["    " + x for x in b]
        out.append("}")
        out[0] = f"/* progfuzz seed {self.seed}: {' '.join(self.features)} */"
        text = "\n".join(out) + "\n"
        if self.soa:  # X[e].f -> Xf[e]
            text = re.sub(r'\bX\[([^\[\]]+)\]\.([qjcw])\b', r'X\2[\1]', text)
        return text

    def digest(self, a):
        K = self.K
        b = []
        tag = '?' if self.smoke else ('=' if self.mode != 'finexact' else '~')
        if self.mode == 'int':
            b.append("{")
            b.append("    unsigned long long h = 0; long long s = 0;")
            b.append(f"    for (long r = 0; r < {a.rows}; r++)")
            b.append(f"        for (int k = 0; k < {K}; k++) {{")
            b.append(f"            h = dg(h, (unsigned long long)(long long){a.at('r', 'k')});")
            b.append(f"            s += {a.at('r', 'k')};")
            b.append("        }")
            b.append(f"    printf(\"{tag} {a.name} sum %lld hash %llu\\n\", s, h);")
            b.append("}")
        elif self.mode == 'fexact':
            b.append("{")
            b.append("    unsigned long long h = 0; double s = 0;")
            b.append(f"    for (long r = 0; r < {a.rows}; r++)")
            b.append(f"        for (int k = 0; k < {K}; k++) {{")
            b.append(f"            h = dg(h, (unsigned long long)(long long)((double){a.at('r', 'k')} * 1048576.0));")
            b.append(f"            s += {a.at('r', 'k')};")
            b.append("        }")
            b.append(f"    printf(\"{tag} {a.name} sum %.17g hash %llu\\n\", s, h);")
            b.append("}")
        else:
            chunks = min(8, a.rows)
            b.append("{")
            b.append(f"    printf(\"{tag} {a.name}\");")
            b.append(f"    for (int c = 0; c < {chunks}; c++) {{")
            b.append("        double s = 0;")
            b.append(f"        for (long r = c * {a.rows} / {chunks}; r < (c + 1) * {a.rows} / {chunks}; r++)")
            b.append(f"            for (int k = 0; k < {K}; k++) s += {a.at('r', 'k')};")
            b.append("        printf(\" %.6g\", s);")
            b.append("    }")
            b.append("    printf(\"\\n\");")
            b.append("}")
        return b


def main(argv):
    args = argv[1:]
    out, avoid = None, []
    while len(args) > 1 and args[-2] in ('-o', '--avoid'):
        if args[-2] == '-o':
            out = args[-1]
        else:
            avoid = [a for a in args[-1].replace(',', ' ').split() if a]
        args = args[:-2]
    if len(args) != 1 or any(a not in AVOIDABLE for a in avoid):
        sys.stderr.write("usage: gen.py SEED [-o FILE] [--avoid A,B,...]\navoidable:\n")
        for k, v in AVOIDABLE.items():
            sys.stderr.write(f"  {k}: {v}\n")
        return 2
    text = Gen(int(args[0]), avoid).program()
    if out:
        with open(out, 'w') as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
