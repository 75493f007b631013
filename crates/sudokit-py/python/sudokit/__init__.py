"""sudokit: sudoku of any size, jigsaw, X, windoku and variants, from Python.

One puzzle::

    >>> import sudokit
    >>> p = sudokit.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> p.solve()
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> p.rate().er
    4.5

Many puzzles at once, on every core (lists of strings, or NumPy ``uint8``
arrays of shape ``(n, cells)`` with 0 for an empty cell)::

    >>> sols = sudokit.solve(["1...3..1..2...4.", "12341234........"])
    >>> sols
    ['1423324114322314', None]
    >>> made = sudokit.generate(4, level="easy", seed=1)
    >>> made.puzzles.shape
    (4, 81)

Batch functions release the GIL, run on ``threads`` workers (default: every
core), feed the native code in chunks of ``chunk`` puzzles, and give the same
results for any thread count or chunk size. A bad puzzle in a batch is
reported per item (``None``, or a :class:`Status` with ``status=True``);
a single call raises :class:`SudokitError` with the CLI's message.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import _native
from ._native import SudokitError

__all__ = [
    "CHUNK",
    "CheckReport",
    "Explanation",
    "Generated",
    "Puzzle",
    "Rating",
    "Status",
    "Step",
    "SudokitError",
    "count",
    "count_iter",
    "generate",
    "rate",
    "rate_iter",
    "solve",
    "solve_iter",
    "to_array",
    "to_lines",
]

__version__: str = _native.VERSION

#: Puzzles handed to the native code per call: the memory a batch holds
#: besides its input and output (and the unit of a progress report).
CHUNK = 1 << 16

Cells = npt.NDArray[np.uint8]
"""A block of puzzles or grids: shape ``(n, cells)``, 0 empty, 1..n digits."""

GridLike = Union[str, Sequence[int], npt.NDArray[Any]]
"""One grid: text in any format, or its numbers (0 empty), row-major."""


class Status(enum.IntEnum):
    """What happened to one puzzle of a batch (``status=True``)."""

    OK = 0
    """Answered: solved (unique when ``limit`` >= 2), rated, counted exactly."""
    NO_SOLUTION = 1
    """The puzzle has no solution."""
    MULTIPLE = 2
    """Several solutions (``limit`` >= 2, and always for a rating)."""
    INVALID = 3
    """Malformed, or no engine takes its grid: ``Puzzle(text)`` says why."""
    GAVE_UP = 4
    """The ``timeout`` ran out (or a generator ran out of tries)."""
    UNRATED = 5
    """Unique, but no technique of the rating ladder applies."""
    COMPLETE = 6
    """Every cell was given: nothing to rate."""
    AT_LEAST = 7
    """The count reached ``limit``: at least that many solutions."""


@dataclass(frozen=True)
class Rating:
    """Sudoku Explainer's rating: ER (hardest step), EP (hardest step up to the
    first placement), ED (first step), the level (``easy`` … ``extreme``) and
    the number of steps. ``verdict`` is ``rated``, ``complete`` (nothing to
    rate), ``unrated`` (the ladder got stuck; ``reason`` says where) or
    ``gave_up`` (time limit)."""

    er: float
    ep: float
    ed: float
    level: str
    steps: int
    verdict: str = "rated"
    reason: Optional[str] = None

    def __str__(self) -> str:
        """``4.5/1.2/1.2 hard``, as ``sudokit rate`` prints it."""
        if self.verdict == "complete":
            return "Solved"
        if self.verdict == "unrated":
            return "Unrated"
        if self.verdict == "gave_up":
            return "Gave up"
        return f"{self.er:.1f}/{self.ep:.1f}/{self.ed:.1f} {self.level}"


@dataclass(frozen=True)
class Step:
    """One logical step, as ``sudokit hint --json`` writes it: Sudoku
    Explainer's technique name, its difficulty, the placements (``r4c6=7``),
    eliminations (``r4c6<>7``), the pattern's cells and houses, chains
    (Eureka notation) and the step in words; ``line`` is the CLI's line."""

    technique: str
    difficulty: float
    placements: List[str]
    eliminations: List[str]
    cells: List[str]
    houses: List[str]
    chains: List[str]
    text: str
    line: str

    def __str__(self) -> str:
        return self.line


@dataclass(frozen=True)
class Explanation:
    """The whole logical path (``sudokit explain``): every step, the rating,
    and how it ended (``solved``, ``unrated``, ``gave_up``)."""

    steps: List[Step]
    rating: Rating
    end: str


@dataclass(frozen=True)
class CheckReport:
    """What ``sudokit check`` says of a grid: ``ok`` when nothing is wrong,
    and its lines (``r1c3 is 5 but the solution has 4``, ``ok: …``)."""

    ok: bool
    lines: List[str]

    def __bool__(self) -> bool:
        return self.ok


def _rating(d: dict[str, Any]) -> Rating:
    return Rating(
        er=float(d["er"]),
        ep=float(d["ep"]),
        ed=float(d["ed"]),
        level=str(d["level"]),
        steps=int(d["steps"]),
        verdict=str(d.get("verdict", "rated")),
        reason=d.get("reason"),
    )


def _step(d: dict[str, Any]) -> Step:
    return Step(**d)


def _cells_bytes(grid: Union[Sequence[int], npt.NDArray[Any]]) -> bytes:
    a = np.asarray(grid)
    if a.size and (a.min() < 0 or a.max() > 255):
        raise SudokitError("grid numbers must be between 0 (empty) and the side")
    return np.ascontiguousarray(a, dtype=np.uint8).reshape(-1).tobytes()


class Puzzle:
    """One puzzle, read from any format sudokit reads (a line, a block grid,
    jigsaw, 16x16, pencil marks, SadMan, Simple Sudoku, f-puzzles JSON, lz-strings
    and links for variants …; detected unless ``format`` names it), or from its
    numbers (0 empty, row-major, a square grid with boxes).

    ``x=True`` adds the diagonals (X-sudoku), ``windoku=True`` the windows.
    Malformed text raises :class:`SudokitError` with the CLI's message::

        >>> sudokit.Puzzle("12")
        Traceback (most recent call last):
        ...
        sudokit.SudokitError: line 1: 2 symbols is not ...

    In a notebook the puzzle shows as its drawing (``_repr_svg_``).
    """

    __slots__ = ("_p",)

    def __init__(
        self,
        puzzle: GridLike,
        *,
        format: Optional[str] = None,
        x: bool = False,
        windoku: bool = False,
    ) -> None:
        if isinstance(puzzle, str):
            self._p = _native.parse(puzzle, format, x, windoku)
        else:
            self._p = _native.from_values(_cells_bytes(puzzle), x, windoku)

    @property
    def size(self) -> int:
        """The side of the grid (9 for 9x9)."""
        return self._p.size

    @property
    def cells(self) -> Cells:
        """The givens as numbers, 0 empty: a ``uint8`` array of ``size**2``."""
        return np.frombuffer(self._p.values(), dtype=np.uint8).copy()

    @property
    def format(self) -> str:
        """The format it was read in (``line``, ``grid``, ``fpuzzles`` …)."""
        return self._p.format

    @property
    def geometry(self) -> str:
        """The grid, e.g. ``9x9``, ``9x9 jigsaw``."""
        return self._p.geometry

    @property
    def line(self) -> Optional[str]:
        """The givens as one line in the puzzle's symbols (``None`` above 61x61)."""
        return self._p.line_of(self._p.values())

    def text(self, format: str = "grid") -> str:
        """The puzzle written in ``format`` (``line``, ``grid``, ``sdk`` …)."""
        return self._p.text(format)

    def solve(self, *, unique: bool = False, timeout: Optional[float] = None) -> Optional[str]:
        """The solution as a line, ``None`` when there is none.

        ``unique=True`` also proves it is the only one, and raises
        :class:`SudokitError` when there are several::

            >>> sudokit.Puzzle("1...3..1..2...4.").solve()
            '1423324114322314'
        """
        status, values = self._p.solve(2 if unique else 1, timeout)
        if status == Status.MULTIPLE:
            raise SudokitError("the puzzle has several solutions (unique=True asks for one)")
        self._raise_for(status, timeout)
        return None if values is None else self._p.line_of(values)

    def solution_cells(self, *, timeout: Optional[float] = None) -> Optional[Cells]:
        """The first solution's numbers, ``None`` when there is none."""
        status, values = self._p.solve(1, timeout)
        self._raise_for(status, timeout)
        return None if values is None else np.frombuffer(values, dtype=np.uint8).copy()

    def count(self, limit: int = 2, *, timeout: Optional[float] = None) -> int:
        """The number of solutions, counting stops at ``limit`` (so ``limit``
        means "at least that many")::

            >>> sudokit.Puzzle("." * 16).count(limit=1000)
            288
        """
        if limit < 1:
            raise SudokitError(f"limit must be at least 1, not {limit}")
        status, n = self._p.count(limit, timeout)
        self._raise_for(status, timeout)
        return int(n)

    def rate(self, *, timeout: Optional[float] = None) -> Rating:
        """Sudoku Explainer's rating (ER/EP/ED and level) after checking that the
        solution is unique; raises :class:`SudokitError` when it is not."""
        return _rating(self._p.rate(timeout))

    def hint(self, *, timeout: Optional[float] = None) -> Optional[Step]:
        """The next logical step (``None`` when every cell is filled)::

            >>> str(sudokit.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").hint())
            'Hidden Single: the only place for 4 in box 4 is r6c2'
        """
        d = self._p.hint(timeout)
        return None if d is None else _step(d)

    def explain(self, *, timeout: Optional[float] = None) -> Explanation:
        """Every logical step to the solution, then the rating."""
        steps, rating, end = self._p.explain(timeout)
        verdict = {"solved": "rated", "unrated": "unrated", "gave_up": "gave_up"}[end]
        if end == "solved" and not steps:
            verdict = "complete"
        return Explanation([_step(s) for s in steps], _rating({**rating, "verdict": verdict}), end)

    def check(self, grid: GridLike, *, timeout: Optional[float] = None) -> CheckReport:
        """Checks a filled or partly filled grid against the puzzle, as
        ``sudokit check GRID --puzzle PUZZLE``: changed givens, repeated digits,
        cells that differ from the unique solution."""
        if isinstance(grid, str):
            values = _native.parse(grid, None, False, False).values()
        else:
            values = _cells_bytes(grid)
        bad, lines = self._p.check(values, timeout)
        return CheckReport(ok=not bad, lines=list(lines))

    def to_svg(
        self,
        *,
        solution: bool = False,
        candidates: bool = False,
        step: Optional[int] = None,
        cell: float = 52.0,
        title: Optional[str] = None,
    ) -> str:
        """The drawing as SVG text (``sudokit render``): the solution, the
        candidates, or step ``step`` of the logical path highlighted."""
        return self._p.svg(solution, candidates, step, float(cell), title)

    def to_png(
        self,
        *,
        solution: bool = False,
        candidates: bool = False,
        step: Optional[int] = None,
        cell: float = 52.0,
        title: Optional[str] = None,
    ) -> bytes:
        """The drawing as PNG bytes (``sudokit render -o x.png``)."""
        return self._p.png(solution, candidates, step, float(cell), title)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_html_(self) -> str:
        return f'<div class="sudokit-puzzle" style="max-width:420px">{self.to_svg()}</div>'

    def __repr__(self) -> str:
        line = self.line
        if line is not None and len(line) <= 100:
            return f"Puzzle({line!r})"
        return f"<Puzzle {self.geometry}>"

    def __str__(self) -> str:
        return self.text("grid")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self.geometry == other.geometry and bytes(self._p.values()) == bytes(
            other._p.values()
        )

    def __hash__(self) -> int:
        return hash((self.geometry, bytes(self._p.values())))

    @staticmethod
    def _raise_for(status: int, timeout: Optional[float]) -> None:
        if status == Status.INVALID:
            raise SudokitError("the puzzle is invalid: no engine takes its grid")
        if status == Status.GAVE_UP:
            raise SudokitError(f"gave up: time limit ({timeout} s)")


from ._batch import (  # noqa: E402  (the batch API needs the classes above)
    Generated,
    count,
    count_iter,
    generate,
    rate,
    rate_iter,
    solve,
    solve_iter,
    to_array,
    to_lines,
)
