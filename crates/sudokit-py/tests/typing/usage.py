"""Typed usage of the public API, checked by `mypy --strict` in CI (and run by
test_typing.py): the stubs and annotations must describe what the calls return."""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import sudokit
from sudokit import Explanation, Generated, GeneratedVariant, Puzzle, Rating, Status, Step


def one_puzzle() -> Tuple[Optional[str], Rating, Optional[Step], Explanation]:
    p: Puzzle = sudokit.Puzzle(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    sol: Optional[str] = p.solve(unique=True)
    n: int = p.count(limit=2)
    assert n == 1
    svg: str = p.to_svg(solution=True)
    png: bytes = p.to_png(cell=20)
    assert svg and png
    ok: bool = p.check(sol or "").ok
    assert ok
    cells: npt.NDArray[np.uint8] = p.cells
    assert cells.shape == (81,)
    return sol, p.rate(), p.hint(), p.explain()


def batches() -> Tuple[List[Optional[str]], npt.NDArray[np.uint8], List[Optional[int]]]:
    lines: List[str] = ["......4..3..243.", "................"]
    sols: List[Optional[str]] = sudokit.solve(lines, threads=2)
    counts: List[Optional[int]] = sudokit.count(lines, limit=3)
    ratings: List[Optional[Rating]] = sudokit.rate(lines)
    assert len(ratings) == 2
    made: Generated = sudokit.generate(5, seed=1, level="easy")
    arr: npt.NDArray[np.uint8] = sudokit.solve(made.puzzles)
    arr2, status = sudokit.solve(made.puzzles, limit=2, status=True)
    assert (status == Status.OK).all() and (arr2 == arr).all()
    er: npt.NDArray[np.float32] = sudokit.rate(made.puzzles)
    n: npt.NDArray[np.int64] = sudokit.count(made.puzzles)
    assert er.shape == (5, 3) and n.shape == (5,)
    streamed: List[Optional[str]] = list(sudokit.solve_iter(iter(lines)))
    assert streamed == sols
    return sols, arr, counts


def variants() -> List[str]:
    made: List[Optional[GeneratedVariant]] = sudokit.generate(
        2, 6, kind="killer", band=("easy", "medium"), seed=1, threads=1
    )
    links: List[str] = [v.fpuzzles for v in made if v is not None]
    for v in made:
        assert v is not None and v.puzzle().count() == 1
        band: str = v.card["band"]
        rating: Rating = v.rating
        assert band == rating.card["band"] if rating.card else False
    return links


if __name__ == "__main__":
    print(one_puzzle()[0], batches()[0], variants())
