"""Batch generation: the CLI's puzzles for the same seed, any thread count,
partitions that join into the whole run, the asked-for properties."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import sudokit
from sudokit import Status
from conftest import FIXTURES, lines_of, run_cli


def test_generate_equals_the_committed_cli_run() -> None:
    made = sudokit.generate(40, seed=5, symmetry="rotate180")
    assert made.puzzle_lines() == lines_of(FIXTURES / "generate-seed5.txt")
    assert (made.status == Status.OK).all() and np.isnan(made.er).all()
    hard = sudokit.generate(10, seed=3, level="hard")
    assert hard.puzzle_lines() == lines_of(FIXTURES / "generate-hard-seed3.txt")
    assert ((hard.er >= 4.0) & (hard.er <= 6.4)).all()
    assert [r.level for r in sudokit.rate(hard.puzzle_lines()) if r] == ["hard"] * 10


def test_generate_equals_the_cli_run_now(cli: Path) -> None:
    out = run_cli(cli, "generate", "-n", "12", "--seed", "11", "--with-solution", "--minimal",
                  "--size", "6", "-j", "2")
    made = sudokit.generate(12, 6, seed=11, minimal=True)
    assert made.puzzle_lines() == out[0::2]
    assert made.solution_lines() == out[1::2]


def test_solutions_solve_the_puzzles_uniquely() -> None:
    made = sudokit.generate(30, seed=1, clues=(26, 30))
    sols, status = sudokit.solve(made.puzzles, limit=2, status=True)
    assert (status == Status.OK).all()
    assert (sols == made.solutions).all()
    clues = (made.puzzles > 0).sum(axis=1)
    assert ((clues >= 26) & (clues <= 30)).all()


@pytest.mark.parametrize("threads, chunk", [(1, 1000), (2, 7), (3, 1)])
def test_generate_does_not_depend_on_threads_or_chunks(threads: int, chunk: int) -> None:
    base = sudokit.generate(24, seed=9, threads=1)
    other = sudokit.generate(24, seed=9, threads=threads, chunk=chunk)
    assert (base.puzzles == other.puzzles).all() and (base.solutions == other.solutions).all()


def test_partitions_join_into_the_whole_run() -> None:
    whole = sudokit.generate(20, seed=4)
    parts = [sudokit.generate(5, seed=4, start=s) for s in range(0, 20, 5)]
    assert (np.concatenate([p.puzzles for p in parts]) == whole.puzzles).all()


def test_other_grids() -> None:
    x = sudokit.generate(3, seed=2, x=True)
    for p in x.puzzle_lines():
        assert sudokit.Puzzle(p, x=True).count() == 1
    big = sudokit.generate(2, 16, seed=2)
    assert big.puzzles.shape == (2, 256) and big.puzzles.max() <= 16
    boxed = sudokit.generate(2, box=(2, 3), seed=2)
    assert boxed.puzzles.shape == (2, 36)
    assert sudokit.generate(0, seed=1).puzzles.shape == (0, 81)


def test_bad_specs_raise_the_libraries_messages() -> None:
    with pytest.raises(sudokit.SudokitError, match="unknown level `impossible`"):
        sudokit.generate(1, level="impossible")
    with pytest.raises(sudokit.SudokitError, match="symmetry"):
        sudokit.generate(1, symmetry="spiral")
    with pytest.raises(sudokit.SudokitError, match="a 7x7 grid has no boxes"):
        sudokit.generate(1, 7)
    with pytest.raises(sudokit.SudokitError, match="no classic 9x9 sudoku with one solution has fewer than 17"):
        sudokit.generate(1, clues=16)
    with pytest.raises(sudokit.SudokitError, match="level or rating, not both"):
        sudokit.generate(1, level="easy", rating=(1.0, 2.0))
    with pytest.raises(sudokit.SudokitError, match="seed must be"):
        sudokit.generate(1, seed=-1)


def test_unreachable_targets_are_reported_per_puzzle() -> None:
    made = sudokit.generate(2, 4, seed=1, clues=(4, 4), max_tries=3)
    assert set(made.status.tolist()) <= {Status.OK, Status.GAVE_UP}
    assert not made.puzzles[made.status == Status.GAVE_UP].any()
