"""The benchmark sets (../shared/bench-data, skipped when absent): batch
answers equal to the CLI's, every puzzle for solve and count, a prefix of
each set for the slower rating."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

import sudokit
from conftest import cli_answers, lines_of, cli_se_ratings, run_cli, find_bench
from test_batch import count_records, rate_records

SETS = sorted(p.name for p in (find_bench() or Path("/nonexistent")).glob("*.txt"))
# Ratings of the hardest sets take long: this many puzzles of each are rated
# (SUDOKIT_BENCH_RATE=N to change it).
RATE = int(os.environ.get("SUDOKIT_BENCH_RATE", "20"))
# The forum's hardest sets take seconds a rating (nested chains): rated only
# when asked (SUDOKIT_BENCH_RATE_HARD=N), their solving and counting always.
RATE_HARD = int(os.environ.get("SUDOKIT_BENCH_RATE_HARD", "0"))
# Counting and the array round trip use this many puzzles of each set.
PREFIX = int(os.environ.get("SUDOKIT_BENCH_PREFIX", "5000"))


def puzzles(bench: Path, name: str) -> List[str]:
    return [p for p in lines_of(bench / name) if not p.startswith("#")]


@pytest.mark.parametrize("name", SETS or ["(no benchmark sets)"])
def test_bench_set_solve_and_count_equal_the_cli(cli: Path, bench: Path, name: str) -> None:
    path = bench / name
    ps = puzzles(bench, name)
    assert ps, name
    sols = sudokit.solve(ps)
    assert sols == cli_answers(run_cli(cli, "solve", str(path)))
    head = ps[:PREFIX]
    counts, status = sudokit.count(head, status=True)
    assert count_records(counts, status) == run_cli(cli, "count", "-", stdin="\n".join(head) + "\n")
    a = sudokit.to_array(head)
    assert sudokit.to_lines(sudokit.solve(a)) == [s or "." * 81 for s in sols[:PREFIX]]


@pytest.mark.parametrize("name", SETS or ["(no benchmark sets)"])
def test_bench_set_ratings_equal_the_cli(cli: Path, bench: Path, name: str) -> None:
    ps = puzzles(bench, name)[: RATE_HARD if "hardest" in name else RATE]
    if not ps:
        pytest.skip(f"{name}: rating its puzzles takes seconds each (SUDOKIT_BENCH_RATE_HARD=N rates N)")
    want = cli_se_ratings(cli, "-", stdin="\n".join(ps) + "\n")
    assert rate_records(ps) == want
