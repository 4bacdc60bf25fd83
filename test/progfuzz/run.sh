#!/bin/sh
# run.sh STRADSCC STRADS_RUN FIRST LAST [SEED...]
# The random-program tester's runner. For every seed from
# FIRST to LAST (and every extra SEED listed after them): gen.py writes a
# program, which is built with `cc -O1 -w ... -lm` and with
# `stradscc -O1 ... -lm`; the cc build runs once (the sequential reference),
# the stradscc build under strads-run at 1x1, 1x2, 2x1 and 4x1 (-n N
# --threads T), each under timeout. Output lines are compared per the tags
# gen.py writes ('=' exact, '~' within the relative tolerance gen.py states,
# '?' shape only; gen.py's header has the rules).
#
# Outcomes per seed: pass; refused (stradsc declined the program with a
# diagnostic at file:line:col, or the runtime stopped it at the loop with
# one of the messages runtime_refusals names: not a failure, but counted);
# or a failure of one kind:
#   gen         the generator wrote a program cc rejects or that fails alone
#   stradsc     stradsc crashed, or failed without a file:line:col diagnostic
#   gcc         stradsc accepted, compiling its output failed
#   hang        a run did not finish within PROGFUZZ_TIMEOUT seconds
#   crash       a run died by a signal
#   exit        a run exited non-zero
#   wrong       a run printed something else than the sequential build
# A failing seed's program, outputs and errors are kept in
# $PROGFUZZ_FINDINGS/seed-S/ (default progfuzz-findings/ in the current
# directory). Exits 0 when nothing failed, 1 otherwise; the last line is
# the summary: "progfuzz: ran N passed P refused R failed F (kind=count ...)".
#
# Environment: PROGFUZZ_TIMEOUT (seconds per run, default 60),
# PROGFUZZ_CONFIGS (default "1x1 1x2 2x1 4x1"), PROGFUZZ_FINDINGS,
# PROGFUZZ_KEEP=1 (keep the work folder), PROGFUZZ_QUIET=1 (only failures
# and the summary), PROGFUZZ_AVOID (features gen.py leaves out, e.g. known
# open findings: "settle,bump"; `gen.py 0 --avoid x` lists them),
# PYTHON (default python3).
set -u
if [ $# -lt 4 ]; then
    echo "usage: run.sh STRADSCC STRADS_RUN FIRST LAST [SEED...]" >&2
    exit 2
fi
scc=$1
srun=$2
first=$3
last=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python3}
tmo=${PROGFUZZ_TIMEOUT:-60}
# NxT runs with STRADS_TRY_ALONE=0 (every call shared, as configured);
# NxTa with the default, where short calls may go to the driver alone.
configs=${PROGFUZZ_CONFIGS:-"1x1 1x2 2x1 4x1 2x1a"}
findings=${PROGFUZZ_FINDINGS:-$PWD/progfuzz-findings}
quiet=${PROGFUZZ_QUIET:-0}
avoid=${PROGFUZZ_AVOID:-}
stradsc=$(dirname "$scc")/stradsc
work=$(mktemp -d "${TMPDIR:-/tmp}/progfuzz.XXXXXX")
[ "${PROGFUZZ_KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

ran=0 passed=0 refused=0 failed=0 kinds=""
note() { [ "$quiet" = 1 ] || echo "$@"; }

# compare REF OUT: exit 0 when OUT matches REF per the line tags.
compare() {
    awk -v tol="$(sed -n 's/.*relative tolerance \([0-9.e-]*\).*/\1/p' "$w/p.c" | head -1)" '
        function abs(x) { return x < 0 ? -x : x }
        function isnum(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ || s ~ /^[-+]?(nan|inf)$/ }
        NR == FNR { ref[FNR] = $0; nref = FNR; next }
        {
            nout = FNR
            if (FNR > nref) { printf "extra line %d: %s\n", FNR, $0; bad = 1; next }
            r = ref[FNR]; tag = substr(r, 1, 1)
            if (tag == "~" || tag == "?") {
                nr = split(r, a); no = split($0, b)
                if (nr != no) { printf "line %d: shape differs\n  want: %s\n  got:  %s\n", FNR, r, $0; bad = 1; next }
                if (tag == "?") next
                for (k = 1; k <= nr; k++) {
                    if (isnum(a[k]) && isnum(b[k])) {
                        x = a[k] + 0; y = b[k] + 0
                        m = abs(x) > abs(y) ? abs(x) : abs(y)
                        if (a[k] != b[k] && !(abs(x - y) <= tol * m + 1e-12)) {
                            printf "line %d: %s vs %s beyond %s\n  want: %s\n  got:  %s\n", FNR, a[k], b[k], tol, r, $0; bad = 1; break
                        }
                    } else if (a[k] != b[k]) {
                        printf "line %d: %s vs %s\n  want: %s\n  got:  %s\n", FNR, a[k], b[k], r, $0; bad = 1; break
                    }
                }
            } else if (r != $0) {
                printf "line %d differs\n  want: %s\n  got:  %s\n", FNR, r, $0; bad = 1
            }
        }
        END { if (nout < nref) { printf "missing lines: got %d of %d\n", nout, nref; bad = 1 } exit bad }
    ' "$1" "$2"
}

# fail SEED KIND WHAT: keep the program and what went wrong.
fail() {
    failed=$((failed + 1))
    kinds="$kinds $2"
    d=$findings/seed-$1
    mkdir -p "$d"
    cp "$w"/p.c "$d"/ 2>/dev/null
    for f in "$w"/*.out "$w"/*.err "$w"/*.diff; do [ -f "$f" ] && cp "$f" "$d"/; done
    echo "$2: $3" >"$d"/KIND
    echo "seed $1: FAIL $2: $3"
}

# What the runtime refuses by design, at the loop's file:line, with the fix
# (docs/guide.md's Limits): counted as refused, as stradsc's refusals are.
runtime_refusals="a function the body calls writes a distributed array through a global variable"

run_seed() {
    s=$1
    w=$work/$s
    rm -rf "$w"
    mkdir -p "$w"
    ran=$((ran + 1))
    if ! "$py" "$here/gen.py" "$s" -o "$w/p.c" ${avoid:+--avoid "$avoid"} 2>"$w/gen.err"; then
        fail "$s" gen "gen.py failed"; return
    fi
    if ! cc -O1 -w "$w/p.c" -o "$w/ref" -lm 2>"$w/cc.err"; then
        fail "$s" gen "cc rejects the generated program"; return
    fi
    if ! timeout -k 5 "$tmo" "$w/ref" >"$w/ref.out" 2>"$w/ref.err"; then
        fail "$s" gen "the cc build fails"; return
    fi
    if ! "$scc" -O1 "$w/p.c" -o "$w/par" -lm >"$w/scc.out" 2>"$w/scc.err"; then
        # Who failed: stradsc itself (refusal or crash) or gcc on its output?
        STRADSCC_SERVER=0 "$stradsc" "$w/p.c" -o "$w/gen.c" >"$w/stradsc.out" 2>"$w/stradsc.err"
        rc=$?
        if [ $rc -eq 0 ]; then
            fail "$s" gcc "stradsc accepted, the generated file does not compile"
        elif [ $rc -gt 128 ] || grep -q -i "assert\|segmentation\|core dumped\|internal" "$w/stradsc.err"; then
            fail "$s" stradsc "stradsc crashed (exit $rc)"
        elif grep -q "p\.c:[0-9]*:[0-9]*: error" "$w/stradsc.err"; then
            refused=$((refused + 1))
            mkdir -p "$findings/refused"
            cp "$w/p.c" "$findings/refused/seed-$s.c"
            cp "$w/stradsc.err" "$findings/refused/seed-$s.err"
            note "seed $s: refused: $(grep -m1 'p\.c:[0-9]*:[0-9]*: error' "$w/stradsc.err" | sed 's|.*/p\.c|p.c|')"
        else
            fail "$s" stradsc "stradsc failed without a file:line:col error (exit $rc)"
        fi
        return
    fi
    for c in $configs; do
        np=${c%x*}
        nt=${c#*x}
        alone=0
        case $nt in *a) alone=1 nt=${nt%a} ;; esac
        STRADS_TRY_ALONE=$alone timeout -k 5 "$tmo" "$srun" -n "$np" --threads "$nt" "$w/par" \
            >"$w/$c.out" 2>"$w/$c.err"
        rc=$?
        if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
            fail "$s" hang "$c did not finish within $tmo s"; return
        elif [ $rc -gt 128 ] || grep -q "killed by signal\|Segmentation\|Aborted" "$w/$c.err"; then
            fail "$s" crash "$c died (exit $rc)"; return
        elif [ $rc -ne 0 ] && grep -q "fatal: [a-z_]* .*p\.c:[0-9]*: $runtime_refusals" "$w/$c.err"; then
            refused=$((refused + 1))
            note "seed $s: refused at $c: $(grep -m1 'fatal: ' "$w/$c.err" | sed 's|.*/p\.c|p.c|')"
            rm -rf "$w"
            return
        elif [ $rc -ne 0 ]; then
            fail "$s" exit "$c exited $rc"; return
        fi
        if ! compare "$w/ref.out" "$w/$c.out" >"$w/$c.diff"; then
            fail "$s" wrong "$c: $(head -1 "$w/$c.diff")"; return
        fi
    done
    passed=$((passed + 1))
    note "seed $s: pass ($(sed -n '1s|/\* progfuzz seed [0-9]*: \(.*\) \*/|\1|p' "$w/p.c"))"
    rm -rf "$w"
}

s=$first
while [ "$s" -le "$last" ]; do
    run_seed "$s"
    s=$((s + 1))
done
for s in "$@"; do run_seed "$s"; done

summary=""
for k in gen stradsc gcc hang crash exit wrong; do
    n=0
    for x in $kinds; do [ "$x" = "$k" ] && n=$((n + 1)); done
    [ $n -gt 0 ] && summary="$summary $k=$n"
done
echo "progfuzz: ran $ran passed $passed refused $refused failed $failed${summary:+ (}${summary# }${summary:+)}"
[ "$failed" -eq 0 ]
