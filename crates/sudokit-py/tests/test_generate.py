"""Batch generation: the CLI's puzzles for the same seed, any thread count,
partitions that join into the whole run, the asked-for properties."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List

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


# ---------------------------------------------------------------- variants


def variant_fields(v: sudokit.GeneratedVariant) -> Dict[str, Any]:
    """A variant record as `sudokit generate --json` writes it."""
    keys = ("number", "seed", "geometry", "fpuzzles", "scl", "solution", "givens", "rules",
            "tries")
    return {**{k: getattr(v, k) for k in keys}, "card": v.card}


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        ({"size": 6, "kind": "killer", "band": "easy"},
         ["--size", "6", "--killer", "--band", "easy"]),
        ({"kind": "thermo=3", "band": ("easy", "medium")},
         ["--thermo", "3", "--band", "easy..medium"]),
    ],
)
def test_variants_are_the_clis_unique_and_in_band(
    cli: Path, kwargs: Dict[str, Any], flags: List[str]
) -> None:
    made = sudokit.generate(3, seed=4, **kwargs)
    want = [json.loads(r) for r in run_cli(cli, "generate", *flags, "-n", "3", "--seed", "4",
                                           "--json")]
    assert [variant_fields(v) if v else None for v in made] == want
    low, high = (1, 1) if kwargs["band"] == "easy" else (1, 2)
    for v in made:
        assert v is not None
        p = v.puzzle()
        # One solution, by the package's own count, and it is the record's.
        assert p.count() == 1 and p.solve() == v.solution
        assert low <= v.card["band_index"] <= high, v.card
        # The f-puzzles JSON is the link's puzzle, and the card is the one
        # `Puzzle.rate()` gives.
        assert sudokit.Puzzle(json.dumps(v.fpuzzles_json)) == p
        assert sudokit.Puzzle(v.scl) == p
        assert p.rate().card == v.card
        assert str(v) == v.fpuzzles and str(v.rating) == str(p.rate())


def test_variants_do_not_depend_on_threads_and_join() -> None:
    one = sudokit.generate(4, 6, kind="arrow, kropki=min", seed=3, threads=1)
    two = sudokit.generate(4, 6, kind="arrow, kropki=min", seed=3, threads=2)
    tail = sudokit.generate(2, 6, kind="arrow, kropki=min", seed=3, start=2)
    links = [v.fpuzzles if v else None for v in one]
    assert links == [v.fpuzzles if v else None for v in two]
    assert links[2:] == [v.fpuzzles if v else None for v in tail]
    assert [v.number for v in tail if v] == [3, 4]


@pytest.mark.parametrize(
    "kwargs, needle",
    [
        ({"kind": "killa"}, "`killa` is not a variant kind"),
        ({"kind": "thermo=many"}, "`thermo=many` is not a variant kind"),
        ({"kind": "killer", "band": "hardest"}, "unknown band `hardest`"),
        ({"kind": "killer", "band": ("hard", "easy")}, "band Hard..Easy is not a range"),
        ({"kind": "killer", "level": "hard"}, "level is for classic puzzles"),
        ({"kind": "thermo", "size": 16}, "4x4 to 9x9"),
        ({"kind": ""}, "no variant rule asked for"),
        ({"band": "hard"}, "band is for variant puzzles"),
    ],
)
def test_variant_errors_say_why(kwargs: Dict[str, Any], needle: str) -> None:
    with pytest.raises(ValueError, match=re.escape(needle)):
        sudokit.generate(1, seed=1, **kwargs)


def test_variants_no_try_made_are_none() -> None:
    made = sudokit.generate(2, 4, kind="killer", band="extreme", seed=1, max_tries=2)
    assert made == [None, None]
    assert sudokit.generate(0, kind="killer", seed=1) == []
