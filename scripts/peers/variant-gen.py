#!/usr/bin/env python3
"""Throughput of `sudokit generate` for variant puzzles, per spec x size x band, and an
independent check of what it makes by SudokuVariantSolverJS.

Each cell runs `sudokit generate FLAGS --size N --band B -n 100000 -j 1 --seed 1
--timeout BUDGET --json` (one thread) and reads its records: puzzles a minute, the share
whose card is in the asked band, the card's spread (difficulty and minutes), tries off the
band. Every puzzle's f-puzzles link goes to OUT/<cell>.txt; with SVSJS_DIR set, up to
--check puzzles of each cell go through scripts/peers/harness/svs-check.mjs (the peer's
countSolutions with a max of 2 and its logicalSolve, one fresh worker per puzzle).

The specs are those of /work/peers/pencilmark/gen_bench.py (pencilmark's generator, run
outside the repository), so the two tables line up row by row.

Usage: scripts/peers/variant-gen.py [--sudokit target/release/sudokit] [--budget 20]
       [--check 10] [--out /tmp/variant-gen] [--only killer,thermo4]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

KILLER_BANDS = {9: ["easy", "medium", "hard"], 6: ["easy", "medium"]}
MED = {9: ["medium"], 6: ["medium"]}
SPECS = [
    ("killer", "killer tiled by cages, no givens", ["--killer"], KILLER_BANDS),
    ("killer_givens", "4 killer cages among givens", ["--killer-cages", "4"], MED),
    ("thermo4", "4 thermometers", ["--thermo", "4"], MED),
    ("arrow4", "4 arrows", ["--arrow", "4"], MED),
    ("kropki_full", "kropki, every dot (negative rule)", ["--kropki", "full"], MED),
    ("kropki_min", "kropki, as few dots as needed", ["--kropki", "min"], MED),
    ("xv_full", "XV, every mark (negative rule)", ["--xv", "full"], MED),
    ("xv_min", "XV, as few marks as needed", ["--xv", "min"], MED),
    ("sandwich", "sandwich sums", ["--sandwich"], MED),
    ("little_killer4", "4 little killers", ["--little-killer", "4"], MED),
    ("whisper4", "4 German whispers lines", ["--whispers", "4"], MED),
    ("renban4", "4 renban lines", ["--renban", "4"], MED),
    ("mix", "1 thermo + 1 arrow + kropki (min)", ["--thermo", "1", "--arrow", "1", "--kropki", "min"], MED),
]


def cell(sudokit, flags, n, band, budget):
    cmd = [sudokit, "generate", *flags, "--size", str(n), "--band", band, "-n", "100000",
           "-j", "1", "--seed", "1", "--timeout", str(budget), "--json", "--progress", "never"]
    t = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t
    records = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    return records, wall, p.stderr.strip()


def check(out_file, limit):
    svs = os.environ.get("SVSJS_DIR")
    if not svs or limit == 0:
        return None
    with open(out_file) as f:
        lines = [l for l in f if l.strip()][:limit]
    sample = out_file + ".sample"
    with open(sample, "w") as f:
        f.writelines(lines)
    p = subprocess.run(["node", "scripts/peers/harness/svs-check.mjs", sample, "--timeout-ms", "15000"],
                       capture_output=True, text=True, env=dict(os.environ, SVSJS_DIR=svs))
    rows = [json.loads(l) for l in p.stdout.splitlines() if l.strip().startswith("{")]
    return {
        "checked": len(rows),
        "count1": sum(1 for r in rows if r.get("count") == 1),
        "counts": sorted({str(r.get("count")) for r in rows}),
        "logical_solved": sum(1 for r in rows if r.get("logical") == "solved"),
        "errors": [r.get("error") for r in rows if r.get("error")][:3],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sudokit", default="target/release/sudokit")
    ap.add_argument("--budget", type=float, default=20.0)
    ap.add_argument("--check", type=int, default=10)
    ap.add_argument("--out", default="/tmp/variant-gen")
    ap.add_argument("--only", default=None)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    only = set(a.only.split(",")) if a.only else None
    results = []
    for sid, label, flags, sizes in SPECS:
        if only and sid not in only:
            continue
        for n, bands in sizes.items():
            for band in bands:
                records, wall, err = cell(a.sudokit, flags, n, band, a.budget)
                name = f"{sid}-{n}-{band}"
                out_file = os.path.join(a.out, name + ".txt")
                with open(out_file, "w") as f:
                    for r in records:
                        f.write(r["fpuzzles"] + "\n")
                cards = [r["card"] for r in records]
                asked = band.replace("-", " ").lower()
                hit = sum(1 for c in cards if c["band"].lower() == asked)
                diffs = [c["difficulty"] for c in cards if c.get("difficulty") is not None]
                mins = [c["minutes"] for c in cards if c.get("minutes") is not None]
                tries = sum(r["tries"] for r in records)
                row = {
                    "spec": sid, "label": label, "size": n, "band": band,
                    "puzzles": len(records), "seconds": round(wall, 1),
                    "per_minute": round(60 * len(records) / wall, 1) if wall else None,
                    "hit": hit, "tries": tries,
                    "difficulty": [min(diffs), statistics.median(diffs), max(diffs)] if diffs else None,
                    "minutes_median": round(statistics.median(mins), 1) if mins else None,
                    "givens_median": statistics.median([r["givens"] for r in records]) if records else None,
                    "stderr": err.splitlines()[-1] if err else "",
                }
                row["svs"] = check(out_file, a.check) if records else None
                results.append(row)
                print(json.dumps(row), flush=True)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
