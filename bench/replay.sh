#!/bin/sh
# bench/replay.sh - what recording, checkpoints and recovery cost on the
# SGD-MF async_for benchmark (bench/sgdmf_bench.c, "strads" mode), every
# ratio against a baseline measured in the same run, configurations
# interleaved and repeated (REPS, default 3; the median is used) because
# the machine is shared:
#   --checkpoint DIR (every operator)         vs plain   (target <= 5% per epoch)
#   the same, written in line and fsynced     vs plain   (STRADS_CHECKPOINT_ASYNC=0
#                                                         STRADS_CHECKPOINT_SYNC=1)
#   --record DIR                              vs plain   (target <= 5%)
#   recovery: a run killed (SIGKILL of rank 1) at epoch KILL, then
#   --recover DIR, wall time of the recovering run vs a run from scratch
# Besides wall time it reports the CPU time (user + system, all processes)
# of each job, measured with GNU time (/usr/bin/time, Debian package
# "time"): on a shared machine it moves far less than wall time; and, from
# STRADS_STATS (set for every configuration, so that baselines match), the
# milliseconds a checkpoint costs the driver's main thread (the program
# waits for them) and the background writer (it does not).
#
# ICOUNT=1: count instructions instead (valgrind's callgrind on every
# process of the job, user space only: the kernel's share of writes is not
# in it) for plain, --checkpoint and --record, once each; insensitive to
# other load, slow (about 20 s a run at EPOCHS=4). Needs valgrind.
#
# Overheads are given over the whole epoch loop and over the epochs after
# the first (the steady state: the first holds reconnaissance, planning and
# the one-time checkpoint of the ratings, and varies most from run to run).
#
# Usage: bench/replay.sh [USERS ITEMS RATINGS K EPOCHS PROCS]
# Default: the SGD-MF benchmark's Netflix shape (480189 x 17770, 10 M
# ratings, K = 64), 10 epochs, 2 processes x 1 thread: about 2.5 minutes a
# repetition. For a quick check: bench/replay.sh 50000 5000 1000000 32 10 2
# (epochs of 40-60 ms, where a full copy of W and H per epoch is itself
# about 5 % on this machine). BUILD names the build folder (default build-bench, configured as
# Release when absent). Record the output in docs/benchmarks.md.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-bench}
M=${1:-480189} N=${2:-17770} R=${3:-10000000} K=${4:-64} E=${5:-10} P=${6:-2}
REPS=${REPS:-3}
KILL=$(( E * 7 / 10 )); [ "$KILL" -ge 1 ] || KILL=1

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DSTRADS_BUILD_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target sgdmf_bench strads-run >/dev/null
B=$BUILD/bin
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
args="strads $M $N $R $K $E 1"

if [ "${ICOUNT:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "ICOUNT=1 needs valgrind" >&2; exit 2; }
    echo "instructions (callgrind, all processes): sgdmf $M x $N, $R ratings, K=$K, $E epochs, $P procs"
    for cfg in plain checkpoint record; do
        rm -rf "$d/dir" "$d"/cg.*
        case $cfg in plain) fl="" ;; checkpoint) fl="--checkpoint $d/dir" ;; record) fl="--record $d/dir" ;; esac
        # shellcheck disable=SC2086
        "$B/strads-run" -n "$P" --threads 1 $fl valgrind --tool=callgrind \
            --callgrind-out-file="$d/cg.%p" "$B/sgdmf_bench" $args >/dev/null 2>"$d/err" ||
            { tail -n 5 "$d/err"; exit 1; }
        echo "$cfg $(cat "$d"/cg.* | awk '/^summary:/ { s += $2 } END { printf "%.0f", s }')"
    done | awk '{ i[$1] = $2; print }
        END { printf "whole job vs plain: checkpoint %+.2f%%, record %+.2f%%\n",
                     100 * (i["checkpoint"] / i["plain"] - 1), 100 * (i["record"] / i["plain"] - 1) }'
    exit 0
fi

echo "replay/checkpoint cost: sgdmf $M x $N, $R ratings, K=$K, $E epochs, $P procs x 1 thread," \
     "$REPS reps ($(nproc) cores)"
now_ms() { date +%s%N | cut -c1-13; }
# one NAME [ENV=V...] strads-run flags...: appends "NAME epoch_loop_s wall_ms rmse cpu_s
# main_ms writer_ms writer_cpu_ms" to $d/t; cpu_s is the user + system time of
# every process of the job, which other load on the machine disturbs much
# less than wall time; main_ms, writer_ms and writer_cpu_ms are a
# checkpoint's mean cost on the driver's main thread (wall), and on the
# background writer (wall, CPU) (STRADS_STATS; 0 without checkpoints).
one() {
    name=$1; shift
    rm -rf "$d/dir"
    t0=$(now_ms)
    line=$(/usr/bin/time -f "%U %S" -o "$d/cpu" env STRADS_STATS=1 "$@" "$B/sgdmf_bench" $args \
           2>"$d/err" | grep '^result')
    t1=$(now_ms)
    s=$(echo "$line" | sed 's/.*seconds=\([^ ]*\).*/\1/')
    f=$(echo "$line" | sed 's/.*first_epoch_s=\([^ ]*\).*/\1/')
    rmse=$(echo "$line" | sed 's/.*test_rmse=\([^ ]*\).*/\1/')
    cpu=$(awk '{ print $1 + $2 }' "$d/cpu")
    # the checkpoints line (docs/observability.md): seconds per checkpoint
    st=$(grep ': stats: ev=checkpoints ' "$d/err" | tail -n 1)
    main_ms=0 writer_ms=0 writer_cpu=0
    if [ -n "$st" ]; then
        ms() { echo "$st" | awk -v k="$1" '{ for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) printf "%.2f", substr($i, length(k) + 2) * 1000 }'; }
        main_ms=$(ms main_s) writer_ms=$(ms writer_s) writer_cpu=$(ms cpu_s)
    fi
    echo "$name $s $(( t1 - t0 )) $rmse $cpu $main_ms $writer_ms $writer_cpu $f" | tee -a "$d/t"
}
for rep in $(seq "$REPS"); do
    one plain "$B/strads-run" -n "$P" --threads 1
    one ckpt "$B/strads-run" -n "$P" --threads 1 --checkpoint "$d/dir"
    one ckpt_sync STRADS_CHECKPOINT_ASYNC=0 STRADS_CHECKPOINT_SYNC=1 "$B/strads-run" -n "$P" \
        --threads 1 --checkpoint "$d/dir"
    one record "$B/strads-run" -n "$P" --threads 1 --record "$d/dir"
    # Recovery: kill rank 1 at the start of epoch KILL+1, then recover.
    rm -rf "$d/ck"
    STRADS_FAULT=$((KILL + 1)):1 "$B/strads-run" -n "$P" --threads 1 --checkpoint "$d/ck" \
        "$B/sgdmf_bench" $args >/dev/null 2>&1 || true
    t0=$(now_ms)
    line=$("$B/strads-run" -n "$P" --threads 1 --recover "$d/ck" "$B/sgdmf_bench" $args \
           2>"$d/err" | grep '^result') || true
    t1=$(now_ms)
    if [ -z "$line" ]; then
        echo "recovery run failed:"; tail -n 5 "$d/err"; continue
    fi
    echo "recover $(echo "$line" | sed 's/.*seconds=\([^ ]*\).*/\1/') $(( t1 - t0 ))" \
         "$(echo "$line" | sed 's/.*test_rmse=\([^ ]*\).*/\1/') 0 0 0 0 0" | tee -a "$d/t"
done

awk -v E="$E" -v KILL="$KILL" '
function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                                    if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
{ n[$1]++; s[$1, n[$1]] = $2; w[$1, n[$1]] = $3; rm[$1] = $4; c[$1, n[$1]] = $5
  mm[$1, n[$1]] = $6; wm[$1, n[$1]] = $7; wc[$1, n[$1]] = $8; l[$1, n[$1]] = $2 - $9 }
END {
    split("plain ckpt ckpt_sync record recover", names, " ")
    for (k = 1; k <= 5; k++) { x = names[k]
        for (i = 1; i <= n[x]; i++) { ts[i] = s[x, i]; tw[i] = w[x, i]; tc[i] = c[x, i]
                                      tm[i] = mm[x, i]; tv[i] = wm[x, i]; tu[i] = wc[x, i]
                                      tl[i] = l[x, i] }
        L[x] = med(tl, n[x]); S[x] = med(ts, n[x]); W[x] = med(tw, n[x]) / 1000; C[x] = med(tc, n[x])
        M[x] = med(tm, n[x]); V[x] = med(tv, n[x]); U[x] = med(tu, n[x]) }
    # Paired: each repetition runs its configurations back to back, so the
    # median of per-repetition ratios cancels what drifts between them.
    for (k = 2; k <= 4; k++) { x = names[k]; m = n[x] < n["plain"] ? n[x] : n["plain"]
        for (i = 1; i <= m; i++) { ts[i] = s[x, i] / s["plain", i]; tl[i] = l[x, i] / l["plain", i] }
        PS[x] = med(ts, m); PL[x] = med(tl, m) }
    printf "\nmedian epoch-loop seconds: plain %.3f, checkpoint %.3f, in-line fsynced checkpoint %.3f, record %.3f\n",
           S["plain"], S["ckpt"], S["ckpt_sync"], S["record"]
    printf "%-44s %7.1f%%  (target <= 5%%)\n", "checkpoint every epoch: overhead per epoch",
           100 * (S["ckpt"] / S["plain"] - 1)
    printf "%-44s %7.1f%%  (target <= 5%%; plain %.3f s, checkpoint %.3f s)\n",
           "the same over the epochs after the first", 100 * (L["ckpt"] / L["plain"] - 1), L["plain"], L["ckpt"]
    printf "%-44s %7.1f%% whole loop, %.1f%% epochs after the first\n",
           "checkpoint: median of paired ratios", 100 * (PS["ckpt"] - 1), 100 * (PL["ckpt"] - 1)
    printf "%-44s %7.1f%%\n", "in-line fsynced checkpoint: overhead", 100 * (S["ckpt_sync"] / S["plain"] - 1)
    printf "%-44s %7.2f ms = %.1f%% of a plain epoch\n",
           "checkpoint: driver main thread per epoch", M["ckpt"], 100 * M["ckpt"] / (1000 * S["plain"] / E)
    printf "%-44s %7.2f ms wall, %.2f ms CPU = %.1f%% of a plain epoch\n",
           "checkpoint: background writer per epoch", V["ckpt"], U["ckpt"], 100 * U["ckpt"] / (1000 * S["plain"] / E)
    printf "%-44s %7.2f ms = %.1f%% of a plain epoch\n", "in-line fsynced: driver main thread per epoch",
           M["ckpt_sync"], 100 * M["ckpt_sync"] / (1000 * S["plain"] / E)
    printf "%-44s %7.1f%%  (target <= 5%%)\n", "--record: overhead", 100 * (S["record"] / S["plain"] - 1)
    printf "%-44s %7.1f%%\n", "--record, epochs after the first", 100 * (L["record"] / L["plain"] - 1)
    printf "%-44s %7.1f%% whole loop, %.1f%% epochs after the first\n",
           "--record: median of paired ratios", 100 * (PS["record"] - 1), 100 * (PL["record"] - 1)
    printf "\nmedian CPU seconds of the whole job: plain %.2f, checkpoint %.2f, in-line fsynced %.2f, record %.2f\n",
           C["plain"], C["ckpt"], C["ckpt_sync"], C["record"]
    printf "%-44s %7.1f%%\n", "checkpoint every epoch: CPU overhead", 100 * (C["ckpt"] / C["plain"] - 1)
    printf "%-44s %7.1f%%\n", "in-line fsynced checkpoint: CPU overhead", 100 * (C["ckpt_sync"] / C["plain"] - 1)
    printf "%-44s %7.1f%%\n", "--record: CPU overhead", 100 * (C["record"] / C["plain"] - 1)
    printf "%-44s %7.3f  (%.2f s vs %.2f s wall; %d of %d epochs were checkpointed)\n",
           "recovery after a kill at epoch " (KILL + 1) " / from scratch", W["recover"] / W["plain"],
           W["recover"], W["plain"], KILL, E
    printf "%-44s %s vs %s\n", "test RMSE recovered vs uninterrupted", rm["recover"], rm["plain"]
}' "$d/t"
