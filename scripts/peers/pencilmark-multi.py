#!/usr/bin/env python3
"""Bench driver for the Python peer "pencilmark" on multi-grid sudoku (samurai etc.).

Run it with the peer's venv python (see the setup line below), not the system python:

    python3 -m venv /work/peers/pencilmark-venv
    /work/peers/pencilmark-venv/bin/pip install pencilmark          # tested with 1.0.0rc1
    /work/peers/pencilmark-venv/bin/python scripts/peers/pencilmark-multi.py --layout samurai [--repeats 5] [--check] FILE...

Input text format (one board per puzzle, R lines of C characters, R x C = the layout's board size, 21 x 21 for samurai):
  ' ' or '#'   no cell (a hole between the sub-grids); lines may be right-stripped, they are padded with spaces
  '.' or '0'   empty cell
  '1'..'9'     given
Several puzzles in one file are separated by a line holding only '---'. Blank lines are never separators (they would
be ambiguous with a row of holes), so a file holds either one puzzle or '---'-separated puzzles. A line starting with
';' is a comment and is ignored.

For each puzzle it times, over --repeats runs, and prints the median seconds of:
  api_solve      pencilmark.solve(puzzle JSON): parse + build the C++ model + exhaustive search to 2 solutions
  build          pencilmark.load + cbackend.to_cpuzzle (the model set-up part of api_solve)
  engine_solve1  the C++ exhaustive search alone (prebuilt model), first solution only
  engine_count2  the C++ exhaustive search alone (prebuilt model), stopping at 2 solutions (uniqueness)
then the solution in the same R-line layout ('.'-free; holes as spaces). --check verifies the solution against every
house (each sub-grid's rows, columns, 3x3 boxes, derived here from the layout's sub-grid origins) and the givens.
--rate also runs pencilmark.rate once (slow: seconds to minutes) and prints band / difficulty / time.
The last line is a JSON summary: {"peer": "pencilmark", "version", "layout", "repeats", "puzzles": [...]}.
"""
import argparse
import json
import statistics
import sys
import time

import pencilmark
from pencilmark import cbackend as CB
from pencilmark import puzzle_json as PJ


def layout_geometry(name):
    """(rows, cols, origins, extra_grids) of a named layout, 9x9 sub-grids with 3x3 boxes."""
    origins = PJ._layout_origins(name)
    if origins is None:
        raise SystemExit(f"unknown layout {name!r}; known: {', '.join(sorted(PJ._layouts()))}")
    rows = max(r for r, _ in origins) + 9
    cols = max(c for _, c in origins) + 9
    return rows, cols, list(origins), PJ._layout_extra(name, None)


def houses(origins, extra):
    """every no-repeat house as a list of (row, col): rows, columns, boxes of each 9x9 sub-grid (+ extra grids)."""
    out = []
    grids = [[(o_r + r, o_c + c) for r in range(9) for c in range(9)] for o_r, o_c in origins] + list(extra)
    for g in grids:
        out += [g[r * 9:(r + 1) * 9] for r in range(9)]
        out += [g[c::9] for c in range(9)]
        out += [[g[(br + i) * 9 + bc + j] for i in range(3) for j in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return out


def read_puzzles(path, R, C, cells):
    """-> list of (label, {(r,c): digit or 0})"""
    text = open(path, encoding="utf-8").read().split("\n")
    blocks, cur = [], []
    for line in text:
        if line.startswith(";"):
            continue
        if line.strip() == "---":
            blocks.append(cur)
            cur = []
        else:
            cur.append(line.rstrip("\r"))
    blocks.append(cur)
    out = []
    for k, b in enumerate(blocks):
        while b and not b[-1].strip():      # trailing empty lines only (a leading one could be a row of holes)
            b.pop()
        if not b:
            continue
        if len(b) != R:
            raise SystemExit(f"{path} puzzle {k + 1}: {len(b)} lines, expected {R}")
        grid = {}
        for r, line in enumerate(b):
            line = line.ljust(C)
            if len(line) != C:
                raise SystemExit(f"{path} puzzle {k + 1} line {r + 1}: {len(line)} chars, expected {C}")
            for c, ch in enumerate(line):
                hole = ch in " #"
                if (r, c) in cells:
                    if hole:
                        raise SystemExit(f"{path} puzzle {k + 1}: r{r + 1}c{c + 1} is a cell but written as a hole")
                    if ch in ".0":
                        grid[(r, c)] = 0
                    elif ch in "123456789":
                        grid[(r, c)] = int(ch)
                    else:
                        raise SystemExit(f"{path} puzzle {k + 1}: bad char {ch!r} at r{r + 1}c{c + 1}")
                elif not hole:
                    raise SystemExit(f"{path} puzzle {k + 1}: r{r + 1}c{c + 1} is a hole but holds {ch!r}")
        out.append((f"{path}#{k + 1}" if len(blocks) > 1 else path, grid))
    return out


def timed(fn, repeats):
    ts, res = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        res = fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts), res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layout", default="samurai")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--rate", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="do not print solutions")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    R, C, origins, extra = layout_geometry(a.layout)
    cells = {(o_r + r, o_c + c) for o_r, o_c in origins for r in range(9) for c in range(9)}
    H = houses(origins, extra)
    summary = []
    ok_all = True
    for path in a.files:
        for label, grid in read_puzzles(path, R, C, cells):
            numbers = "".join(str(grid[(r, c)]) if (r, c) in grid else "#" for r in range(R) for c in range(C))
            obj = {"layout": a.layout, "numbers": numbers}
            rec = {"file": label, "givens": sum(1 for v in grid.values() if v)}

            t_api, api = timed(lambda: _api_solve(obj), a.repeats)
            rec["api_solve_s"] = round(t_api, 6)
            rec["status"] = api if isinstance(api, str) else "unique"

            def build():
                p = pencilmark.load(obj)
                return p, CB.to_cpuzzle(p)
            t_build, (p, cp) = timed(build, a.repeats)
            rec["build_s"] = round(t_build, 6)
            t1, r1 = timed(lambda: CB.brute_solve(p, limit=1, cpuzzle=cp, node_limit=200_000_000), a.repeats)
            t2, r2 = timed(lambda: CB.brute_solve(p, limit=2, cpuzzle=cp, node_limit=200_000_000), a.repeats)
            rec["engine_solve1_s"] = round(t1, 6)
            rec["engine_count2_s"] = round(t2, 6)
            rec["count2"] = len(r2) if r2.complete else f">={len(r2)} (node limit)"

            sol = None
            if len(r1):
                sol = {rc: v for rc, v in zip(p.coords, r1[0])}
            if isinstance(api, list):
                sol_api = {rc: v for rc, v in zip(p.coords, api)}
                if sol is not None and sol_api != sol:
                    rec["note"] = "api solution differs from engine_solve1"
                sol = sol_api
            print(f"== {label}  givens={rec['givens']}  status={rec['status']}  api_solve={t_api:.6f}s  "
                  f"build={t_build:.6f}s  engine_solve1={t1:.6f}s  engine_count2={t2:.6f}s  (median of {a.repeats})")
            if sol is not None and not a.quiet:
                for r in range(R):
                    print("".join(str(sol[(r, c)]) if (r, c) in sol else " " for c in range(C)).rstrip())
            if a.check:
                bad = _check(sol, grid, H, cells)
                rec["check"] = "ok" if not bad else bad
                print("check:", rec["check"])
                ok_all &= not bad
            if a.rate:
                t = time.perf_counter()
                try:
                    card = pencilmark.rate(obj)
                    rec["rate"] = {k: card.get(k) for k in ("band", "difficulty", "time")}
                except Exception as e:  # NotUnique / NoSolution / Undecided
                    rec["rate"] = {"error": f"{type(e).__name__}: {e}"}
                rec["rate_s"] = round(time.perf_counter() - t, 3)
                print("rate:", rec["rate"], f"({rec['rate_s']}s)")
            summary.append(rec)
    print(json.dumps({"peer": "pencilmark", "version": pencilmark.__version__, "layout": a.layout,
                      "board": [R, C], "origins": origins, "repeats": a.repeats, "puzzles": summary}))
    return 0 if ok_all else 1


def _api_solve(obj):
    try:
        return pencilmark.solve(obj)
    except pencilmark.NotUnique:
        return "not unique"
    except pencilmark.NoSolution:
        return "no solution"
    except pencilmark.Undecided:
        return "undecided"


def _check(sol, grid, H, cells):
    """[] if sol fills every cell with 1..9, keeps the givens and repeats no digit in any house; else problems."""
    if sol is None:
        return ["no solution to check"]
    bad = []
    if set(sol) != cells:
        bad.append("solution covers the wrong cells")
    for rc, v in grid.items():
        if not 1 <= sol.get(rc, 0) <= 9:
            bad.append(f"r{rc[0] + 1}c{rc[1] + 1} not 1..9")
        elif v and sol[rc] != v:
            bad.append(f"given r{rc[0] + 1}c{rc[1] + 1}={v} changed")
    for h in H:
        if sorted(sol.get(rc, 0) for rc in h) != list(range(1, 10)):
            bad.append("house " + ",".join(f"r{r + 1}c{c + 1}" for r, c in (h[0], h[-1])) + " not 1..9")
    return bad


if __name__ == "__main__":
    sys.exit(main())
