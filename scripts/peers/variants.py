#!/usr/bin/env python3
"""Variant puzzles side by side: sudokit against SudokuVariantSolverJS, per puzzle, one thread.

Usage: scripts/peers/variants.py CORPUS.json [--peer RESULTS.jsonl] [--sudokit BIN]

CORPUS.json: an array of {title, puzzle (lz-string base64 f-puzzles), ...} (the shape of
../shared/bench-data/variants/fpuzzles-cc-by-4.0.json). Both sides are timed the same way: one
warm-up run, then runs until 300 ms or 25 runs (at least 3), median per puzzle; the peer through
its public API in Node (scripts/peers/harness/svs-bench.mjs, which this script runs unless --peer
gives its results), sudokit through `sudokit bench --each` on the same puzzles as f-puzzles links.
Prints a markdown table (puzzle, constraints, both times for count to 2 and true candidates, the
ratios) and the median and smallest ratio of each operation.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile


def bench_sudokit(binary, links_file, candidates):
    args = [binary, "bench", "--each", "--engine", "auto", "--timeout", "60", links_file]
    if candidates:
        args.append("--candidates")
    else:
        args += ["--limit", "2"]
    out = subprocess.run(args, check=False, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\| [^|]+ \| (\d+) \| ([^|]*) \| ([^|]*) \| (\d+) \| ([0-9.]+) \|", line)
        if m:
            rows[int(m.group(1)) - 1] = (m.group(2).strip(), m.group(3).strip(), float(m.group(5)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--peer", help="the harness's JSON lines (run it when absent)")
    ap.add_argument("--sudokit", default="target/release/sudokit")
    a = ap.parse_args()
    corpus = json.load(open(a.corpus))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for e in corpus:
            f.write("https://www.f-puzzles.com/?load=" + e["puzzle"] + "\n")
        links = f.name
    if a.peer:
        peer_lines = open(a.peer).read().splitlines()
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        peer_lines = subprocess.run(
            ["node", os.path.join(here, "harness", "svs-bench.mjs"), a.corpus],
            check=True, capture_output=True, text=True).stdout.splitlines()
    peer = [json.loads(l) for l in peer_lines if l.strip()]
    count = bench_sudokit(a.sudokit, links, False)
    cands = bench_sudokit(a.sudokit, links, True)
    os.unlink(links)
    print("| # | puzzle | constraints | count: peer ms | sudokit ms | ratio | candidates: peer ms | sudokit ms | ratio |")
    print("|---:|---|---|---:|---:|---:|---:|---:|---:|")
    ratios = {"count": [], "candidates": []}
    for i, e in enumerate(corpus):
        p = peer[i] if i < len(peer) else {}
        row = [str(i + 1), e.get("title", "?").replace("|", "/")]
        kinds = count.get(i, ("?", "", 0))[0]
        row.append(kinds)
        for op, ours in (("count", count), ("candidates", cands)):
            theirs = p.get(op + "_ms")
            mine = ours.get(i, (None, None, None))[2]
            if theirs is None or mine is None or mine <= 0:
                row += [str(theirs), str(mine), "-"]
                continue
            r = theirs / mine
            ratios[op].append(r)
            row += [f"{theirs:.2f}", f"{mine:.3f}", f"{r:.1f}x"]
        print("| " + " | ".join(row) + " |")
    print()
    for op, rs in ratios.items():
        if rs:
            print(f"{op}: {len(rs)} puzzles, median ratio {statistics.median(rs):.1f}x, smallest {min(rs):.1f}x, largest {max(rs):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
