#!/usr/bin/env python3
"""bench/trace_phases.py TRACE.json - where each rank's time went in the last
async_for call of a STRADS_TRACE file: the sums of its rounds, tasks, fetches,
write-backs, barrier waits and the serving of other nodes' requests, per rank
(milliseconds), e.g. for the async_for steady state of SGD-MF:

    STRADS_TRACE=/tmp/t.json strads-run -n 16 --threads 1 build-bench/bin/sgdmf_bench \\
        strads 480189 17770 10000000 64 3 1
    python3 bench/trace_phases.py /tmp/t.json
"""
import collections
import json
import sys

PHASES = ('round', 'task', 'fetch', 'write-back', 'barrier', 'serve')


def main(path):
    with open(path) as f:
        d = json.load(f)
    ev = [e for e in (d['traceEvents'] if isinstance(d, dict) else d) if e.get('ph') == 'X']
    calls = sorted((e for e in ev if e['pid'] == 0 and e['name'].startswith('async_for')),
                   key=lambda e: e['ts'])
    if not calls:
        sys.exit('trace_phases: no async_for call in ' + path)
    last = calls[-1]
    lo, hi = last['ts'], last['ts'] + last['dur']
    print('last async_for call on rank 0: %.3f s' % (last['dur'] / 1e6))
    per = collections.defaultdict(lambda: collections.defaultdict(float))
    for e in ev:
        if lo <= e['ts'] <= hi and e['name'] in PHASES:
            per[e['pid']][e['name']] += e['dur'] / 1e3
    print('rank ' + ' '.join('%10s' % p for p in PHASES) + '  (ms)')
    for pid in sorted(per):
        print('%4d ' % pid + ' '.join('%10.1f' % per[pid][p] for p in PHASES))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
