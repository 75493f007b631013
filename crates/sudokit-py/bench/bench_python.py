"""Side-by-side timings of the Python package and the CLI (whole processes,
medians of runs taken in turn), for docs/python.md and the README.

    python bench_python.py --cli target/release/sudokit --data ../shared/bench-data \
        [--runs 3] [--only solve,pysudoku,generate,rss]

Run it with the python of a venv where `sudokit` was installed from a release
build (`pip install ./crates/sudokit-py`) and `py-sudoku` is installed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List


def wall(cmd: List[str]) -> float:
    """Seconds the command takes, its output written to a file (as a user would)."""
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - t


def side_by_side(cmds: Dict[str, List[str]], runs: int) -> Dict[str, float]:
    times: Dict[str, List[float]] = {k: [] for k in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            times[name].append(wall(cmd))
    for name, ts in times.items():
        print(f"  {name}: median {statistics.median(ts):.3f} s of {[round(t, 3) for t in ts]}")
        print(f"    $ {' '.join(cmd if ' ' not in cmd else repr(cmd) for cmd in cmds[name])}")
    return {k: statistics.median(v) for k, v in times.items()}


PY_SOLVE = """
import sys, sudokit
lines = open(sys.argv[1]).read().split()
out = sudokit.solve(lines, threads=1)
sys.stdout.write("\\n".join(s or "No solution" for s in out) + "\\n")
"""

PY_SOLVE_TEXT = """
import sys, sudokit
sys.stdout.write(sudokit.solve_text(open(sys.argv[1]).read(), threads=1))
"""

PY_GENERATE = """
import sys, sudokit
made = sudokit.generate(int(sys.argv[1]), seed=1, threads=int(sys.argv[2]))
assert made.puzzles.shape[0] == int(sys.argv[1])
"""

PY_RSS = """
import resource, sys, sudokit
n = 0
with open(sys.argv[1]) as f, open(os.devnull, "w") as out:
    for s in sudokit.solve_iter(f, threads=int(sys.argv[2])):
        out.write((s or "No solution") + "\\n"); n += 1
print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
""".replace("import resource", "import os, resource")

PY_RSS_ARRAY = """
import resource, sys, numpy as np, sudokit
a = np.load(sys.argv[1])
sols = sudokit.solve(a, threads=int(sys.argv[2]))
print(len(a), a.nbytes // 2**20, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="solve,pysudoku,generate,rss")
    ap.add_argument("--gen-n", type=int, default=100_000)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    only = set(args.only.split(","))
    py = sys.executable
    data = Path(args.data)
    f17 = data / "puzzles2_17_clue.txt"
    n17 = sum(1 for line in open(f17) if line.strip())

    if "solve" in only:
        tmp = tempfile.mkdtemp()
        x10 = Path(tmp) / "17_clue_x10.txt"
        x10.write_text(f17.read_text() * 10)
        for path, n in ((f17, n17), (x10, 10 * n17)):
            print(f"solve {path.name} ({n} puzzles), one thread, whole process:")
            m = side_by_side(
                {
                    "cli": [args.cli, "solve", "-j", "1", str(path)],
                    "python": [py, "-c", PY_SOLVE, str(path)],
                    "python solve_text": [py, "-c", PY_SOLVE_TEXT, str(path)],
                },
                args.runs,
            )
            print(f"  python (a list of lines) / cli = {m['python'] / m['cli']:.3f}")
            print(f"  python (solve_text) / cli = {m['python solve_text'] / m['cli']:.3f}")

    if "pysudoku" in only:
        from sudoku import Sudoku  # py-sudoku

        import sudokit

        lines = [line.strip() for line in open(f17) if line.strip()]
        k = 20
        t = time.perf_counter()
        for line in lines[:k]:
            board = [[int(c) if c not in ".0" else 0 for c in line[r * 9:r * 9 + 9]] for r in range(9)]
            Sudoku(3, 3, board=board).solve()
        per_py = (time.perf_counter() - t) / k
        t = time.perf_counter()
        sudokit.solve(lines, threads=1)
        per_kit = (time.perf_counter() - t) / len(lines)
        print(f"py-sudoku: {per_py * 1e3:.1f} ms a puzzle (first {k} of {f17.name}); "
              f"sudokit.solve(threads=1): {per_kit * 1e6:.1f} us a puzzle (all {len(lines)}); "
              f"ratio {per_py / per_kit:.0f}x")

    if "generate" in only:
        n, j = args.gen_n, args.threads
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "gen.txt")
            print(f"generate {n} puzzles, {j} threads, whole process:")
            m = side_by_side(
                {
                    "cli (to a file)": ["sh", "-c", f"{args.cli} generate -n {n} --seed 1 -j {j} > {out}"],
                    "python (to an array)": [py, "-c", PY_GENERATE, str(n), str(j)],
                },
                args.runs,
            )
            names = list(m)
            print(f"  python / cli = {m[names[1]] / m[names[0]]:.3f}")

    if "rss" in only:
        import numpy as np

        import sudokit

        lines = [line.strip() for line in open(f17) if line.strip()]
        with tempfile.TemporaryDirectory() as tmp:
            for n in (100_000, 1_000_000):
                path = os.path.join(tmp, f"p{n}.txt")
                with open(path, "w") as f:
                    for i in range(n):
                        f.write(lines[i % len(lines)] + "\n")
                t = time.perf_counter()
                got = subprocess.run([py, "-c", PY_RSS, path, str(args.threads)],
                                     capture_output=True, text=True, check=True).stdout.split()
                print(f"solve_iter over {n} puzzles: peak RSS {got[1]} MiB "
                      f"({time.perf_counter() - t:.1f} s)")
                npy = os.path.join(tmp, f"p{n}.npy")
                np.save(npy, sudokit.to_array(lines * (n // len(lines)) + lines[: n % len(lines)]))
                got = subprocess.run([py, "-c", PY_RSS_ARRAY, npy, str(args.threads)],
                                     capture_output=True, text=True, check=True).stdout.split()
                print(f"solve(array of {n}): input {got[1]} MiB, output as much; peak RSS {got[2]} MiB")


if __name__ == "__main__":
    main()
