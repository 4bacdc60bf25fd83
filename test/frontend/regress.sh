#!/bin/sh
# regress.sh STRADSCC STRADS-RUN FILE.c [ARGS...] - a program a bug was found with
# (run with ARGS, if given):
# its plain-cc build and its stradscc build at 1x1, 1x2, 2x1 and 4x1
# (processes x threads) must print the same bytes, each run within 60 s.
# FILE.c may say `// CONFIGS: 1x1 2x1` to run fewer shapes. Each shape runs
# with every call shared as configured (STRADS_TRY_ALONE=0); the first shape
# of several processes (else of several threads) runs once more as a user
# gets it, where short calls may go to the driver alone (its name then ends
# in "a"; a file that lists such a shape itself gets no other).
# `// SYNC: ssp(1) asp` runs each shape of several processes once more under
# each of those models as well (STRADS_SYNC; its name then ends in "@model").
set -u
stradscc=$1
run=$2
file=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O1 -w "$file" -o "$dir/ref" -lm || exit 1
"$stradscc" -O1 "$file" -o "$dir/par" -lm || { echo "FAIL: $file: stradscc"; exit 1; }
"$dir/ref" "$@" >"$dir/ref.out" || { echo "FAIL: $file: the plain build exits $?"; exit 1; }
configs=$(sed -n 's|^// CONFIGS: *||p' "$file")
[ -n "$configs" ] || configs="1x1 1x2 2x1 4x1"
shared=
for cfg in $configs; do # several processes if listed, else several threads
    case $cfg in 1x*) [ -n "$shared" ] || [ "$cfg" = 1x1 ] || shared=$cfg ;; *) shared=$cfg; break ;; esac
done
case " $configs " in *"a "*) shared= ;; esac
[ -z "$shared" ] || configs="$configs ${shared}a"
base=$configs
for model in $(sed -n 's|^// SYNC: *||p' "$file"); do
    for cfg in $base; do
        case $cfg in 1x* | *a) ;; *) configs="$configs $cfg@$model" ;; esac
    done
done
status=0
for cfg in $configs; do
    n=${cfg%x*}
    t=${cfg#*x}
    sync=${t#*@}
    [ "$sync" != "$t" ] || sync=
    t=${t%%@*}
    alone=0
    case $t in *a) alone=1 t=${t%a} ;; esac
    STRADS_SYNC=$sync STRADS_TRY_ALONE=$alone timeout 60 "$run" -n "$n" --threads "$t" "$dir/par" "$@" >"$dir/par.out" 2>"$dir/par.err"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $file at $cfg: exit $rc"
        tail -5 "$dir/par.err"
        status=1
    elif ! cmp -s "$dir/ref.out" "$dir/par.out"; then
        echo "FAIL: $file at $cfg: output differs"
        diff "$dir/ref.out" "$dir/par.out" | head -10
        status=1
    else
        echo "ok: $cfg"
    fi
done
exit $status
