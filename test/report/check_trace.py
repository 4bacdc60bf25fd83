#!/usr/bin/env python3
"""check_trace.py TRACE.json NODES KIND... - checks a STRADS_TRACE file.

What a viewer (Perfetto, chrome://tracing, strads-report) relies on:
  * one JSON object with a traceEvents array of objects;
  * complete events (ph X) with numeric ts >= 0 and dur >= 0, integer pid
    and tid, a name and a category;
  * every process 0..NODES-1 named, each of its threads named, each with
    events; every KIND (an event name's first word) on every node;
  * on each thread, any two events are either disjoint or nested (the
    timeline's stacks make sense);
  * each node's share of an operator lies inside the driver's operator of
    the same site (one clock for the whole job).
Exits 1 with the first problem found.
"""
import json
import sys


def fail(msg):
    print("check_trace: " + msg)
    sys.exit(1)


def main():
    path, nodes, kinds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: not valid JSON: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("no traceEvents array")
    procs, threads, by_thread = {}, {}, {}
    for i, e in enumerate(doc["traceEvents"]):
        if not isinstance(e, dict) or "ph" not in e:
            fail("event %d is not an object with ph" % i)
        if e["ph"] == "M":
            if e["name"] == "process_name":
                procs[e["pid"]] = e["args"]["name"]
            elif e["name"] == "thread_name":
                threads[(e["pid"], e["tid"])] = e["args"]["name"]
            continue
        if e["ph"] != "X":
            fail("event %d: unexpected phase %r" % (i, e["ph"]))
        for k, t in (("ts", (int, float)), ("dur", (int, float)), ("pid", int), ("tid", int),
                     ("name", str), ("cat", str)):
            if not isinstance(e.get(k), t):
                fail("event %d: %s missing or of the wrong type: %r" % (i, k, e))
        if e["ts"] < 0 or e["dur"] < 0:
            fail("event %d: negative time: %r" % (i, e))
        by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    for r in range(nodes):
        if r not in procs:
            fail("rank %d has no process_name" % r)
        names = {e["name"].split()[0] for (p, _), evs in by_thread.items() if p == r for e in evs}
        for k in kinds:
            if k not in names:
                fail("rank %d has no %r event (it has %s)" % (r, k, sorted(names)))
    for key, evs in by_thread.items():
        if key not in threads:
            fail("thread %r has events but no thread_name" % (key,))
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []
        for e in evs:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack and e["ts"] + e["dur"] > stack[-1]["ts"] + stack[-1]["dur"] + 1e-3:
                fail("thread %r: %s at %.3f overlaps %s at %.3f without nesting"
                     % (key, e["name"], e["ts"], stack[-1]["name"], stack[-1]["ts"]))
            stack.append(e)
    # each node's part of a call starts after the driver's operator began and
    # ends before it ended (same machine: one monotonic clock)
    ops = [e for (p, _), evs in by_thread.items() if p == 0 for e in evs
           if e["name"].startswith("operator ")]
    if not ops:
        fail("the driver has no operator events")
    parts = [e for evs in by_thread.values() for e in evs
             if e["name"].split()[0] in ("async_for", "sync_for")]
    for e in parts:
        site = e["name"].split()[1]
        if not any(o["name"].split()[1] == site and o["ts"] <= e["ts"] and
                   e["ts"] + e["dur"] <= o["ts"] + o["dur"] + 1e-3 for o in ops):
            fail("rank %d's %s at %.3f is outside every driver operator of that site"
                 % (e["pid"], e["name"], e["ts"]))
    print("check_trace: %d events on %d threads of %d nodes, %d node parts inside operators: ok"
          % (sum(map(len, by_thread.values())), len(by_thread), nodes, len(parts)))


main()
