#!/bin/sh
# prep-gcide.sh OUT [MAXLINES] - a word2vec training corpus from the GCIDE
# dictionary of Debian's dict-gcide package (about 4.1 M words, 250 k lines).
#
# One line per dictionary paragraph (an entry or one of its senses), lower
# case, words of letters only. Removed: the pronunciation between
# backslashes (\Ab*do"men\), every [bracketed] note (etymologies, sources
# such as [1913 Webster]), the --Author citations and the 00-database header
# entries. MAXLINES keeps only the first lines (the tests train on a small
# prefix).
set -eu
out=${1:?usage: prep-gcide.sh OUT [MAXLINES]}
max=${2:-0}
dict=${GCIDE_DICT:-/usr/share/dictd/gcide.dict.dz}
if [ ! -r "$dict" ]; then
    echo "prep-gcide.sh: $dict not found: install the Debian package dict-gcide (scripts/install-deps.sh does)" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
# dictzip files are gzip files: zcat reads them.
zcat "$dict" | LC_ALL=C awk -v max="$max" '
    BEGIN { RS = "" }  # paragraph mode: a record is a block between blank lines
    /^00-database/ { next }  # the header entries of the dictd file
    {
        gsub(/\n/, " ")
        gsub(/\\[^\\]*\\/, " ")
        gsub(/\[[^]]*\]/, " ")
        gsub(/--[A-Z][A-Za-z.]*/, " ")
        $0 = tolower($0)
        gsub(/[^a-z]+/, " ")
        gsub(/^ +| +$/, "")
        if (NF) { print; if (max > 0 && ++n >= max) exit }
    }' >"$out"
