#!/bin/sh
# get-diabetes.sh - the data preparation of the Lasso sample: the diabetes
# data set (Efron et al. 2004: 442 patients, 10 baseline variables, disease
# progression after one year) as shipped in Debian's python3-sklearn.
#
#   get-diabetes.sh [DIR]
#
# Downloads the package file with `apt-get download` (nothing is installed,
# so numpy and scipy are not pulled in), extracts it with `dpkg-deb -x` in a
# temporary folder, and keeps only diabetes_data_raw.csv.gz (10 columns,
# space-separated, unscaled) and diabetes_target.csv.gz in DIR (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/strads/diabetes). A DIR that already holds
# both files is left alone. Prints DIR on success.
set -eu

dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/strads/diabetes}
files="diabetes_data_raw.csv.gz diabetes_target.csv.gz"
have=1
for f in $files; do [ -s "$dir/$f" ] || have=0; done
if [ "$have" = 1 ]; then
    echo "$dir"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# apt-get download writes into the current folder; as root it warns that the
# _apt user cannot write there, which is harmless.
if ! (cd "$tmp" && apt-get download -q python3-sklearn >/dev/null 2>"$tmp/err"); then
    echo "get-diabetes.sh: apt-get download python3-sklearn failed:" >&2
    cat "$tmp/err" >&2
    exit 1
fi
dpkg-deb -x "$tmp"/python3-sklearn_*.deb "$tmp/x"
src=$(find "$tmp/x" -type d -path '*/sklearn/datasets/data' | head -n 1)
mkdir -p "$dir"
for f in $files; do
    if [ -z "$src" ] || [ ! -s "$src/$f" ]; then
        echo "get-diabetes.sh: $f is not in the python3-sklearn package" >&2
        exit 1
    fi
    cp "$src/$f" "$dir/$f.$$" && mv "$dir/$f.$$" "$dir/$f" # whole files only, also when two run at once
done
echo "$dir"
