#!/bin/sh
# refresh-goldens.sh [STRADSC] - rewrite the expected outputs of the golden
# tests from the current stradsc (default: build/bin/stradsc). Review the
# resulting diff before committing it: it is the change in generated code.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
stradsc=${1:-$root/build/bin/stradsc}
case $stradsc in /*) ;; *) stradsc=$(pwd)/$stradsc ;; esac
[ -x "$stradsc" ] || { echo "refresh-goldens: no stradsc at $stradsc" >&2; exit 2; }
for in in "$here"/golden/*.c "$root/samples/sgdmf/sgdmf.c" "$here/w2v/w2v.c" "$here/progs/recon_ranges.c" "$here/progs/recon_rows.c" "$here/regress/recon_clip.c" "$here/regress/recon_range_only.c" "$here/regress/bias_fields.c" "$here/regress/dropped_alias.c" "$here/regress/index_macros.c"; do
    name=$(basename "$in" .c)
    (cd "$(dirname "$in")" && "$stradsc" "$(basename "$in")") >"$here/golden/expected/$name.c"
    echo "refreshed golden/expected/$name.c"
done
