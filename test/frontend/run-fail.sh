#!/bin/sh
# run-fail.sh STRADSCC STRADS-RUN EXPECT.SH FILE.c NP THREADS REGEX - a
# program the runtime must stop: built with stradscc and run on NP processes
# of THREADS threads, it fails within 60 s with output matching REGEX
# (extended grep).
set -eu
stradscc=$1 run=$2 expect=$3 file=$4 np=$5 threads=$6 regex=$7
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$stradscc" -O1 "$file" -o "$dir/prog"
sh "$expect" --fail --within 60 --grep "$regex" -- "$run" -n "$np" --threads "$threads" "$dir/prog"
