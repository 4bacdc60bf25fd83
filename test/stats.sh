#!/bin/sh
# stats.sh: reads the STRADS_STATS machine lines of a run's output
# (docs/observability.md: "NAME: stats: ev=EV rank=R [site=FILE:LINE] key=value ...",
# possibly behind strads-run's "[rank R] ").
#
#   stats.sh get FILE EV KEY         the values of KEY on every EV line, one a line
#   stats.sh has FILE EV KEY=ERE...  status 0 if one EV line has every KEY with a
#                                    value that the extended regex ERE matches whole
#   stats.sh count FILE EV           the number of EV lines
#
# Sourced, it defines the same as functions: stats_get, stats_has, stats_count.
stats_lines() { # FILE EV: the key=value part of the EV lines
    sed -n "s/^.*: stats: \(ev=$2 .*\)\$/\1/p; s/^.*: stats: \(ev=$2\)\$/\1/p" "$1"
}
stats_get() {
    stats_lines "$1" "$2" | awk -v k="$3" '{ for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) print substr($i, length(k) + 2) }'
}
stats_count() {
    stats_lines "$1" "$2" | wc -l | tr -d ' '
}
stats_has() {
    _f=$1 _ev=$2
    shift 2
    stats_lines "$_f" "$_ev" | awk -v want="$*" '
        BEGIN { n = split(want, w, " ") }
        {
            delete kv
            for (i = 1; i <= NF; i++) { j = index($i, "="); if (j) kv[substr($i, 1, j - 1)] = substr($i, j + 1) }
            ok = 1
            for (i = 1; i <= n && ok; i++) {
                j = index(w[i], "="); k = substr(w[i], 1, j - 1); re = "^(" substr(w[i], j + 1) ")$"
                if (!(k in kv) || kv[k] !~ re) ok = 0
            }
            if (ok) { found = 1; exit }
        }
        END { exit !found }'
}
case "$0" in
*stats.sh)
    cmd=$1
    [ $# -ge 3 ] || { echo "usage: stats.sh get|has|count FILE EV [KEY | KEY=ERE...]" >&2; exit 2; }
    shift
    case "$cmd" in
    get) stats_get "$@" ;;
    has) stats_has "$@" ;;
    count) stats_count "$@" ;;
    *) echo "stats.sh: unknown command $cmd" >&2; exit 2 ;;
    esac
    ;;
esac
