"""Batch solve, count and rate: lists and arrays, equal to the CLI's records,
the same for any thread count and chunk size, per-item errors."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import List, Optional

import numpy as np
import pytest

import sudokit
from sudokit import Status
from conftest import FIXTURES, cli_answers, cli_se_ratings, lines_of, run_cli

MIXED = lines_of(FIXTURES / "mixed.txt")

MESSAGES = {
    Status.NO_SOLUTION: "No solution",
    Status.MULTIPLE: "Multiple Solutions",
    Status.INVALID: "Invalid puzzle",
    Status.GAVE_UP: "Gave up",
    Status.UNRATED: "Unrated",
    Status.COMPLETE: "Solved",
}


def count_records(counts: List[Optional[int]], status: np.ndarray) -> List[str]:
    """Counts as `sudokit count` prints them."""
    out = []
    for c, s in zip(counts, status.tolist()):
        if s == Status.AT_LEAST:
            out.append(f"{c}+")
        elif c is None:
            out.append(MESSAGES[Status(s)])
        else:
            out.append(str(c))
    return out


def rate_records(puzzles: List[str], **kw: object) -> List[str]:
    """Sudoku Explainer's ratings as `sudokit rate --json` gives them
    (`4.5/1.2/1.2 hard`), or the record's message."""
    ratings, status = sudokit.rate(puzzles, status=True, **kw)  # type: ignore[call-overload]
    return [
        f"{r.er:.1f}/{r.ep:.1f}/{r.ed:.1f} {r.level}" if r is not None else MESSAGES[Status(s)]
        for r, s in zip(ratings, status.tolist())
    ]


def test_solve_equals_the_committed_cli_answers() -> None:
    want = cli_answers((FIXTURES / "solve.out").read_text().splitlines())
    assert sudokit.solve(MIXED) == want


def test_count_equals_the_committed_cli_counts() -> None:
    counts, status = sudokit.count(MIXED, limit=5, status=True)
    assert count_records(counts, status) == (FIXTURES / "count.out").read_text().splitlines()


def test_rate_equals_the_committed_cli_ratings() -> None:
    assert rate_records(MIXED) == (FIXTURES / "rate.out").read_text().splitlines()


def test_batches_equal_the_cli_run_now(cli: Path) -> None:
    path = str(FIXTURES / "mixed.txt")
    assert sudokit.solve(MIXED) == cli_answers(run_cli(cli, "solve", path))
    assert sudokit.solve(MIXED, limit=2) == cli_answers(run_cli(cli, "solve", "--limit", "2", path))
    counts, status = sudokit.count(MIXED, limit=3, status=True)
    assert count_records(counts, status) == run_cli(cli, "count", "--limit", "3", path)
    assert rate_records(MIXED) == cli_se_ratings(cli, path)


def test_cards_equal_the_cli_and_the_puzzle_cards(cli: Path) -> None:
    """One card from every door: the batch, `Puzzle.rate()` and the CLI's
    `rate --json` (with and without the setter's checks)."""
    import json

    path = str(FIXTURES / "mixed.txt")
    for checks, flags in ((False, ["--no-checks"]), (True, [])):
        want = [json.loads(r).get("card") for r in run_cli(cli, "rate", "--json", *flags, path)]
        got = sudokit.rate(MIXED, checks=checks)
        assert len(got) == len(want)
        rated = 0
        for text, r, w in zip(MIXED, got, want):
            if r is None:
                continue
            rated += 1
            assert r.card == w, text
            if checks:
                assert sudokit.Puzzle(text).rate().card == w, text
        assert rated > 10


def test_arrays_in_and_out() -> None:
    nine = [p for p in MIXED if len(p) == 81]
    good = [p for p, s in zip(nine, sudokit.solve(nine)) if s is not None]
    a = sudokit.to_array(good)
    assert a.dtype == np.uint8 and a.shape == (len(good), 81)
    assert sudokit.to_lines(a) == [p.replace("0", ".") for p in good]
    sols, status = sudokit.solve(a, status=True)
    assert sols.shape == a.shape and (status == Status.OK).all()
    assert sudokit.to_lines(sols) == sudokit.solve(good)
    # Givens kept, every row a permutation in every house (checked by the library).
    assert ((a == 0) | (a == sols)).all()
    for row, p in zip(sols[:5], good[:5]):
        assert sudokit.Puzzle(p).check(row.tolist()).ok
    counts = sudokit.count(a)
    assert counts.dtype == np.int64 and counts.tolist() == sudokit.count(good)
    er = sudokit.rate(a[:6])
    want = [r.er if r else np.nan for r in sudokit.rate(good[:6])]
    np.testing.assert_allclose(er[:, 0], want, rtol=1e-6)
    # Other integer dtypes are accepted when in range.
    assert (sudokit.solve(a.astype(np.int64)) == sols).all()


def test_array_rows_that_fail_are_zero_with_a_status() -> None:
    a = np.zeros((3, 16), dtype=np.uint8)
    a[0, :4] = [1, 2, 3, 4]
    a[1, :2] = [1, 1]
    a[2, 0] = 9  # above the side
    sols, status = sudokit.solve(a, limit=2, status=True)
    assert status.tolist() == [Status.MULTIPLE, Status.NO_SOLUTION, Status.INVALID]
    assert not sols.any()
    counts = sudokit.count(a, limit=10)
    assert counts.tolist() == [10, 0, -1]
    with pytest.raises(sudokit.SudokitError, match=r"puzzle 3: cell r1c1 holds 9, a 4x4 grid holds 0 \(empty\) to 4"):
        sudokit.solve(a, errors="raise")


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("chunk", [1, 7, sudokit.CHUNK])
def test_results_do_not_depend_on_threads_or_chunks(threads: int, chunk: int) -> None:
    base_s = sudokit.solve(MIXED, threads=1)
    base_c = sudokit.count(MIXED, limit=4, threads=1)
    base_r = rate_records(MIXED[:30], threads=1)
    assert sudokit.solve(MIXED, threads=threads, chunk=chunk) == base_s
    assert sudokit.count(MIXED, limit=4, threads=threads, chunk=chunk) == base_c
    assert rate_records(MIXED[:30], threads=threads, chunk=chunk) == base_r
    a = sudokit.to_array([p for p in MIXED if len(p) == 81 and "x" not in p and len(set(p)) > 2][:20])
    assert (sudokit.solve(a, threads=threads, chunk=chunk) == sudokit.solve(a, threads=1)).all()


def test_streaming_forms_match_the_list_forms(tmp_path: Path) -> None:
    f = tmp_path / "p.txt"
    f.write_text("\n".join(MIXED[:25]) + "\n\n")
    with open(f) as fh:
        assert list(sudokit.solve_iter(fh, chunk=4)) == sudokit.solve(MIXED[:25])
    with open(f) as fh:
        assert list(sudokit.count_iter(fh, chunk=3)) == sudokit.count(MIXED[:25])
    with open(f) as fh:
        assert list(sudokit.rate_iter(fh, chunk=5)) == sudokit.rate(MIXED[:25])
    gen = (p for p in MIXED[:25])
    assert list(sudokit.solve_iter(gen, chunk=2)) == sudokit.solve(MIXED[:25])


def test_bad_batches_raise_clear_errors() -> None:
    with pytest.raises(sudokit.SudokitError, match="one string is one puzzle"):
        sudokit.solve(MIXED[0])  # type: ignore[call-overload]
    with pytest.raises(sudokit.SudokitError, match=r"shape \(n, cells\)"):
        sudokit.solve(np.zeros(81, dtype=np.uint8))
    with pytest.raises(sudokit.SudokitError, match="not the square"):
        sudokit.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(sudokit.SudokitError, match="integers"):
        sudokit.solve(np.full((1, 81), 300))
    with pytest.raises(sudokit.SudokitError, match="unknown format"):
        sudokit.solve(MIXED, format="nope")
    with pytest.raises(sudokit.SudokitError, match="chunk must be at least 1"):
        sudokit.solve(MIXED, chunk=0)
    with pytest.raises(sudokit.SudokitError, match="limit must be at least 1"):
        sudokit.count(MIXED, limit=0)
    # One bad puzzle never loses the batch; errors="raise" names it, as the CLI does.
    sols = sudokit.solve(MIXED)
    assert sols[10] is None and sols[11] is not None
    with pytest.raises(sudokit.SudokitError, match=r"^puzzle 11: line 1: line has 80 cells, not a square"):
        sudokit.solve(MIXED, errors="raise")
    with pytest.raises(sudokit.SudokitError, match="^puzzle 3: line 1: "):
        sudokit.rate(["." * 81, "." * 16, "not a sudoku"], errors="raise")


def test_empty_batches() -> None:
    assert sudokit.solve([]) == []
    assert sudokit.count([]) == []
    assert sudokit.rate([]) == []
    assert sudokit.solve(np.zeros((0, 81), np.uint8)).shape == (0, 81)
    assert sudokit.to_array([]).shape == (0, 81)


def test_the_gil_is_released_while_a_batch_runs() -> None:
    many = MIXED * 100
    ticks = 0
    done = threading.Event()

    def work() -> None:
        sudokit.solve(many, threads=1, chunk=len(many))
        done.set()

    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    elapsed = time.perf_counter() - start
    # With the GIL held for the whole native call, this loop would stand still.
    assert elapsed > 0.05, "the work was too short to tell"
    assert ticks > 10_000, (ticks, elapsed)


def test_solve_text_prints_what_the_cli_prints(cli: Path) -> None:
    text = (FIXTURES / "mixed.txt").read_text()
    want = (FIXTURES / "solve.out").read_text()
    assert sudokit.solve_text(text) == want
    assert sudokit.solve_text(text, threads=3) == want
    path = str(FIXTURES / "mixed.txt")
    assert sudokit.solve_text(text, limit=2).splitlines() == run_cli(cli, "solve", "--limit", "2", path)
    # Blank lines are skipped and a line `end` ends the input, as the CLI reads it.
    assert sudokit.solve_text("\n" + MIXED[0] + "\n\nend\n" + MIXED[1] + "\n") == want.splitlines()[0] + "\n"
