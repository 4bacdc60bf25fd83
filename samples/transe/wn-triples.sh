#!/bin/sh
# wn-triples.sh - the data preparation of the TransE sample: extracts a
# WN18-like knowledge graph from the WordNet database of Debian's
# wordnet-base package.
#
#   wn-triples.sh OUTDIR [LEXFILES [WORDNET_DIR]]
#
# Entities are synsets (pos letter + 8-digit offset, as in the data files),
# relations are WordNet pointer symbols (hypernym, part meronym, ...), and
# every pointer between two kept synsets is one triple "head relation tail".
# LEXFILES restricts the entities to synsets of the lexicographer files with
# those numbers (comma-separated, see lexnames(5WN); e.g. 05 is noun.animal,
# 13 noun.food); "all" (the default) keeps every noun and verb synset.
# WORDNET_DIR defaults to /usr/share/wordnet.
#
# Writes, in OUTDIR, integer ids from 0:
#   entities.txt   id synset first-word
#   relations.txt  id symbol name
#   train.txt      head relation tail    (ids)
#   test.txt       head relation tail    every 20th triple whose head and
#                                        tail both stay in train.txt
# and prints the counts. Triples come in data-file order, so the output is
# the same on every machine for the same wordnet-base.
set -eu

out=${1:?usage: wn-triples.sh OUTDIR [LEXFILES [WORDNET_DIR]]}
lex=${2:-all}
wn=${3:-/usr/share/wordnet}
for f in data.noun data.verb; do
    if [ ! -r "$wn/$f" ]; then
        echo "wn-triples.sh: cannot read $wn/$f (apt-get install wordnet-base)" >&2
        exit 1
    fi
done
mkdir -p "$out"

# Pass 1 keeps the synsets of the chosen lexicographer files; pass 2 emits
# the pointers between kept synsets. Data lines start with the offset; the
# licence header lines start with two spaces.
awk -v lex="$lex" -v out="$out" '
BEGIN {
    ne = nr = nt = 0
    n = split(lex, l, ",")
    for (i = 1; i <= n; i++) want[l[i] + 0] = 1
    split("@ hypernym|@i instance_hypernym|~ hyponym|~i instance_hyponym|" \
          "#m member_holonym|#s substance_holonym|#p part_holonym|" \
          "%m member_meronym|%s substance_meronym|%p part_meronym|" \
          "= attribute|+ derivationally_related_form|" \
          ";c domain_topic|-c member_of_domain_topic|;r domain_region|" \
          "-r member_of_domain_region|;u domain_usage|-u member_of_domain_usage|" \
          "! antonym|* entailment|> cause|^ also_see|$ verb_group|" \
          "& similar_to|< participle|\\ pertainym", names, "|")
    for (i in names) { split(names[i], kv, " "); rname[kv[1]] = kv[2] }
}
/^  / { next }
pass == 1 {
    if (lex != "all" && !(($2 + 0) in want)) next
    key = substr(FILENAME, length(FILENAME) - 3, 1) $1   # n or v, from data.noun/data.verb
    if (!(key in eid)) {
        eid[key] = ne
        print ne, key, $5 > (out "/entities.txt")
        ne++
    }
    next
}
pass == 2 {
    key = substr(FILENAME, length(FILENAME) - 3, 1) $1
    if (!(key in eid)) next
    i = 5 + 2 * strtonum_hex($4)            # the pointer count follows the words
    np = $i + 0
    for (k = 0; k < np; k++) {
        sym = $(i + 1 + 4 * k); tgt = $(i + 3 + 4 * k) $(i + 2 + 4 * k)
        if (!(tgt in eid)) continue
        if (!(sym in rid)) {
            rid[sym] = nr
            print nr, sym, (sym in rname ? rname[sym] : "other") > (out "/relations.txt")
            nr++
        }
        h[nt] = eid[key]; r[nt] = rid[sym]; t[nt] = eid[tgt]
        deg[h[nt]]++; deg[t[nt]]++
        nt++
    }
}
function strtonum_hex(s,   v, c) {
    v = 0
    for (c = 1; c <= length(s); c++) v = v * 16 + index("0123456789abcdef", substr(s, c, 1)) - 1
    return v
}
END {
    ntest = 0
    for (j = 0; j < nt; j++) {
        if (j % 20 == 19 && deg[h[j]] > 1 && deg[t[j]] > 1) {
            deg[h[j]]--; deg[t[j]]--
            print h[j], r[j], t[j] > (out "/test.txt")
            ntest++
        } else {
            print h[j], r[j], t[j] > (out "/train.txt")
        }
    }
    printf "wn-triples: %d entities, %d relations, %d train and %d test triples in %s\n",
           ne, nr, nt - ntest, ntest, out
    if (ntest == 0) exit 1
}' pass=1 "$wn/data.noun" "$wn/data.verb" pass=2 "$wn/data.noun" "$wn/data.verb"
