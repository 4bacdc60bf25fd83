#!/bin/bash
# t-trace-report.sh STRADS_RUN SGDMF STRADS_REPORT
# End to end: SGD-MF (async_for and sync_for) on 2 processes with
# STRADS_TRACE; the trace is checked (check_trace.py); strads-report turns it
# and the program's output into a page, which headless Chromium must draw
# without an error (the page writes REPORT-OK into #status only when every
# chart is drawn; console messages fail the test). Bad inputs of
# strads-report and STRADS_TRACE must be refused with their position.
# Exits 77 (ctest SKIP) only when no Chromium is installed.
set -u
run=$1 sgdmf=$2 report=$3
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
die() { echo "t-trace-report: $*"; exit 1; }

# 1. a traced run: 2 nodes, 2 threads each
STRADS_THREADS=2 STRADS_TRACE="$dir/run.json" timeout 120 "$run" -n 2 "$sgdmf" 2000 500 100000 8 3 \
    >out.txt 2>err.txt || { cat out.txt err.txt; die "traced run failed"; }
cat out.txt
grep -q "epoch 3 test_rmse" out.txt || die "the program did not finish its epochs"
grep -q $'\033' err.txt && die "control characters on a non-terminal stderr"
python3 "$here/check_trace.py" "$dir/run.json" 2 \
    async_for sync_for reconnaissance planning round clock task fetch write-back barrier \
    || die "bad trace"

# 2. the report
"$report" --trace run.json --log out.txt --metric test_rmse --x epoch --title "sgdmf traced" \
    -o report.html || die "strads-report failed"
grep -q "<script" report.html || die "no script in the page"
grep -Eq '(src|href)="(https?:)?//' report.html && die "the page refers to another file"

# 3. bad inputs name the file and position
head -c 3000 run.json >cut.json
"$report" --trace cut.json -o x.html 2>msg.txt && die "a truncated trace was accepted"
grep -Eq "^strads-report: cut\.json:[0-9]+:[0-9]+: " msg.txt || { cat msg.txt; die "no position for a truncated trace"; }
printf '{"traceEvents":[{"ph":"X","pid":0,"tid":1,"ts":"soon","dur":1}]}' >badts.json
"$report" --trace badts.json -o x.html 2>msg.txt && die "a string ts was accepted"
grep -q "badts.json:1:48: \"ts\" is not a number" msg.txt || { cat msg.txt; die "bad ts not located"; }
# a bare array with begin/end pairs (another tool's trace) is read too
printf '[{"ph":"B","pid":3,"tid":1,"ts":10,"name":"a"},{"ph":"E","pid":3,"tid":1,"ts":20}]' >be.json
"$report" --trace be.json -o be.html || die "a B/E trace was refused"
grep -q '"ev":\[10.000,10.000,' be.html || die "the B/E pair did not become one event"
printf '[{"ph":"E","pid":3,"tid":1,"ts":20}]' >e.json
"$report" --trace e.json -o x.html 2>msg.txt && die "an E without B was accepted"
grep -q "e.json:1:2: an end (E) without a begin (B)" msg.txt || { cat msg.txt; die "lone E not located"; }
"$report" --log out.txt --metric no_such_metric -o x.html 2>msg.txt && die "a missing metric was accepted"
grep -q "out.txt: no line has no_such_metric" msg.txt || { cat msg.txt; die "missing metric not named"; }
STRADS_TRACE=/nonexistent/dir/t.json "$run" -n 1 "$sgdmf" 200 50 1000 4 1 >/dev/null 2>msg.txt \
    && die "an unwritable STRADS_TRACE was accepted"
grep -q "STRADS_TRACE=/nonexistent/dir/t.json: cannot create" msg.txt || { cat msg.txt; die "STRADS_TRACE error not named"; }

# 4. the page in a real browser
chrome=""
for c in chromium chromium-browser google-chrome; do
    command -v "$c" >/dev/null && { chrome=$c; break; }
done
if [ -z "$chrome" ]; then
    echo "t-trace-report: SKIP: no chromium (scripts/install-deps.sh installs it)"
    exit 77
fi
HOME="$dir" timeout 90 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$dir/profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$dir/report.html" >dom.html 2>chrome.txt || { tail -20 chrome.txt; die "chromium failed"; }
status=$(grep -o 'id="status">[^<]*' dom.html | sed 's/.*>//')
echo "page status: $status"
case "$status" in
REPORT-OK\ curves=1\ lanes=*) ;;
*) grep CONSOLE chrome.txt; die "the page did not draw: ${status:-no status element}" ;;
esac
lanes=${status##*lanes=}
[ "$lanes" -ge 4 ] || die "expected a lane per thread of both nodes, got $lanes"
grep -q "<svg" dom.html || die "no SVG in the drawn page"
if grep ":CONSOLE" chrome.txt; then die "the page wrote to the console"; fi
# zooming: the page drags across the second quarter of the time axis itself
HOME="$dir" timeout 90 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$dir/profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$dir/report.html#zoomtest" >zoom.html 2>chrome.txt || die "chromium failed (zoom)"
zoom=$(grep -o 'id="status">[^<]*' zoom.html | grep -o 'zoom=[^ ]*')
echo "page $zoom"
# "zoom=LO..HI/ALL": the first and last tick of the zoomed axis, the whole run (s)
echo "$zoom" | sed 's/zoom=//; s/\.\./ /; s#/# #' |
    awk '{ exit !($2 > $1 && $1 >= $3 / 4 - 0.02 * $3 && $2 <= $3 / 2 + 0.02 * $3) }' \
    || die "zooming to the second quarter showed $zoom"
if grep ":CONSOLE" chrome.txt; then die "the page wrote to the console while zooming"; fi
echo "t-trace-report: ok"
