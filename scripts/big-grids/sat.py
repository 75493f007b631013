#!/usr/bin/env python3
"""Solve big sudoku lines with a SAT solver, one solver process per puzzle.

    sat.py SOLVER FILE [--box R C]

FILE holds one puzzle per line (n*n symbols, '.' for empty; digits 1-9 then
letters, as `sudokit generate --size 16` writes them). Each puzzle is encoded
beforehand (untimed) with the standard encoding: every cell takes at least
one digit and at most one (pairwise), every row, column and box takes every
digit at least once and at most once (pairwise), the givens are unit
clauses. Then SOLVER (cadical, minisat) runs once per puzzle, whole process,
and only those runs are timed; each model is decoded and checked (a valid
grid that keeps the givens). Prints puzzles/s over the solver runs.
"""
import math
import os
import subprocess
import sys
import tempfile
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse(line):
    line = line.strip()
    n = math.isqrt(len(line))
    assert n * n == len(line), f"not a square grid: {len(line)} symbols"
    cells = [0 if ch in ".0-" else SYMBOLS.index(ch.upper()) + 1 for ch in line]
    return n, cells


def houses(n, box):
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    br, bc = box
    boxes = [[(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return rows + cols + boxes


def encode(n, cells, box):
    var = lambda cell, d: cell * n + d + 1  # noqa: E731
    clauses = []
    for cell in range(n * n):
        clauses.append([var(cell, d) for d in range(n)])
        for a in range(n):
            for b in range(a + 1, n):
                clauses.append([-var(cell, a), -var(cell, b)])
    for house in houses(n, box):
        for d in range(n):
            clauses.append([var(c, d) for c in house])
            for i in range(n):
                for j in range(i + 1, n):
                    clauses.append([-var(house[i], d), -var(house[j], d)])
    for cell, v in enumerate(cells):
        if v:
            clauses.append([var(cell, v - 1)])
    out = [f"p cnf {n * n * n} {len(clauses)}"]
    out += [" ".join(map(str, c)) + " 0" for c in clauses]
    return "\n".join(out) + "\n"


def check(n, cells, box, model):
    grid = [0] * (n * n)
    for lit in model:
        if lit > 0:
            cell, d = divmod(lit - 1, n)
            assert grid[cell] == 0, "two digits in a cell"
            grid[cell] = d + 1
    assert all(grid), "an empty cell"
    assert all(g == c for g, c in zip(grid, cells) if c), "a given changed"
    for house in houses(n, box):
        assert sorted(grid[c] for c in house) == list(range(1, n + 1)), "a house repeats"


def main():
    solver, path = sys.argv[1], sys.argv[2]
    lines = [l for l in open(path) if l.strip() and not l.startswith("#")]
    n, _ = parse(lines[0])
    box = (math.isqrt(n), math.isqrt(n))
    if "--box" in sys.argv:
        i = sys.argv.index("--box")
        box = (int(sys.argv[i + 1]), int(sys.argv[i + 2]))
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for k, line in enumerate(lines):
            n, cells = parse(line)
            name = os.path.join(tmp, f"{k}.cnf")
            with open(name, "w") as f:
                f.write(encode(n, cells, box))
            files.append((name, cells))
        args = {"cadical": ["-q"], "minisat": ["-verb=0"]}.get(os.path.basename(solver), [])
        spent = 0.0
        for name, cells in files:
            out = name + ".out"
            start = time.perf_counter()
            if os.path.basename(solver) == "minisat":
                subprocess.run([solver, *args, name, out], stdout=subprocess.DEVNULL)
                text = open(out).read().split()
                model = [int(x) for x in text[1:] if x != "0"]
            else:
                r = subprocess.run([solver, *args, name], capture_output=True, text=True)
                model = [int(x) for l in r.stdout.splitlines() if l.startswith("v")
                         for x in l.split()[1:] if x != "0"]
            spent += time.perf_counter() - start
            check(n, cells, box, model)
    print(f"{os.path.basename(solver)} {os.path.basename(path)}: {len(files)} puzzles in "
          f"{spent:.3f} s, {len(files) / spent:.1f} puzzles/s")


if __name__ == "__main__":
    main()
