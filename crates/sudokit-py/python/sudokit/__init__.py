"""sudokit: sudoku of any size, jigsaw, X, windoku and variants, from Python.

One puzzle::

    >>> import sudokit
    >>> p = sudokit.Puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> p.solve()
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> str(p.rate())
    '2.6/1.2/1.2  Easy  2.68  12 min  Pointing'

Many puzzles at once, on every core (lists of strings, or NumPy ``uint8``
arrays of shape ``(n, cells)`` with 0 for an empty cell)::

    >>> sols = sudokit.solve(["......4..3..243.", "12341234........"])
    >>> sols
    ['4213314213242431', None]
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

from . import _native
from ._native import SudokitError

# `typing` (9 ms to import) is left out at run time: the annotations are
# strings, and the batch module that needs it loads on first use.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Optional, Sequence, Union

    from ._batch import (
        count,
        count_iter,
        generate,
        rate,
        rate_iter,
        solve,
        solve_iter,
    )
    from ._convert import to_array, to_lines
    from ._types import (
        CheckReport,
        Explanation,
        Generated,
        GeneratedVariant,
        Rating,
        Status,
        Step,
    )

    import numpy as np
    import numpy.typing as npt

    Cells = npt.NDArray[np.uint8]
    """A block of puzzles or grids: shape ``(n, cells)``, 0 empty, 1..n digits."""

    GridLike = Union[str, Sequence[int], npt.NDArray[Any]]
    """One grid: text in any format, or its numbers (0 empty), row-major."""


def _np() -> Any:
    """NumPy, imported when first needed: a script that solves a list of lines
    does not pay for importing it (a tenth of a second)."""
    import numpy

    return numpy

__all__ = [
    "CHUNK",
    "CheckReport",
    "Explanation",
    "Generated",
    "GeneratedVariant",
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
    "solve_text",
    "to_array",
    "to_lines",
]

__version__: str = _native.VERSION

#: Puzzles handed to the native code per call: the memory a batch holds
#: besides its input and output (and the unit of a progress report).
CHUNK = 1 << 16

# The result types (dataclasses, the Status enum) load on first use: a script
# that solves a list of lines starts faster without `dataclasses` and `enum`.
_TYPES = (
    "CheckReport",
    "Explanation",
    "Generated",
    "GeneratedVariant",
    "Rating",
    "Status",
    "Step",
)


_BATCH = ("count", "count_iter", "generate", "rate", "rate_iter", "solve", "solve_iter")
_CONVERT = ("to_array", "to_lines")


def __getattr__(name: str) -> Any:
    """The result types, the batch functions and the conversions, loaded when
    first used (``from sudokit import solve`` works as usual)."""
    if name in _TYPES:
        from . import _types

        return getattr(_types, name)
    if name in _BATCH:
        from . import _batch

        return getattr(_batch, name)
    if name in _CONVERT:
        from . import _convert

        return getattr(_convert, name)
    raise AttributeError(f"module 'sudokit' has no attribute {name!r}")


def solve_text(
    text: str,
    *,
    limit: int = 1,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    x: bool = False,
    windoku: bool = False,
) -> str:
    """Solves a whole file's text of ``line`` puzzles, one a line, and returns
    what ``sudokit solve`` prints for it: one record a line (the solution, or
    ``No solution``, ``Multiple Solutions``, ``Invalid puzzle``, ``Gave up``).
    One string in, one out, no Python object per puzzle: the fastest way from
    a file to a file::

        >>> print(sudokit.solve_text("......4..3..243.\\n" "11..............\\n"), end="")
        4213314213242431
        No solution
    """
    return _native.solve_text(text, limit, threads, timeout, x, windoku)


def _rating(d: dict[str, Any]) -> Rating:
    """A :class:`Rating` from the native ``rate``: made from the card as the
    batch makes it, with the verdict and the reason."""
    import dataclasses

    from ._batch import _card_rating
    from ._types import Rating

    verdict, reason = str(d["verdict"]), d.get("reason")
    if d["card"] is None:
        nan = float("nan")
        return Rating(nan, nan, nan, "", 0, verdict=verdict, reason=reason)
    return dataclasses.replace(_card_rating(d["card"]), verdict=verdict, reason=reason)


def _step(d: dict[str, Any]) -> Step:
    from ._types import Step

    return Step(**d)


def _cells_bytes(grid: Union[Sequence[int], npt.NDArray[Any]]) -> bytes:
    np = _np()
    a = np.asarray(grid)
    if a.size and (a.min() < 0 or a.max() > 255):
        raise SudokitError("grid numbers must be between 0 (empty) and the side")
    return np.ascontiguousarray(a, dtype=np.uint8).reshape(-1).tobytes()  # type: ignore[no-any-return]


class Puzzle:
    """One puzzle, read from any format sudokit reads (a line, a block grid,
    jigsaw, 16x16, pencil marks, SadMan, Simple Sudoku, f-puzzles JSON, lz-strings
    and links, SudokuPad links for variants …; detected unless ``format`` names
    it), or from its numbers (0 empty, row-major, a square grid with boxes).

    ``x=True`` adds the diagonals (X-sudoku), ``windoku=True`` the windows.
    ``assume="green=whispers"`` settles how a SudokuPad puzzle's lines of that
    colour read when its rules text does not say (the CLI's ``--assume``).
    Malformed text raises :class:`SudokitError` with the CLI's message::

        >>> sudokit.Puzzle("4.....8.5.3..x")
        Traceback (most recent call last):
        ...
        sudokit.SudokitError: line 1: line has 14 cells, not a square: ...

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
        assume: Optional[str] = None,
    ) -> None:
        if isinstance(puzzle, str):
            self._p = _native.parse(puzzle, format, x, windoku, assume)
        else:
            self._p = _native.from_values(_cells_bytes(puzzle), x, windoku)

    @property
    def size(self) -> int:
        """The side of the grid (9 for 9x9)."""
        return self._p.size

    @property
    def cells(self) -> Cells:
        """The givens as numbers, 0 empty: a ``uint8`` array of ``size**2``."""
        np = _np()
        return np.frombuffer(self._p.values(), dtype=np.uint8).copy()  # type: ignore[no-any-return]

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

            >>> sudokit.Puzzle("......4..3..243.").solve()
            '4213314213242431'
        """
        status, values = self._p.solve(2 if unique else 1, timeout)
        if status == 2:  # Status.MULTIPLE
            raise SudokitError("the puzzle has several solutions (unique=True asks for one)")
        self._raise_for(status, timeout)
        return None if values is None else self._p.line_of(values)

    def solution_cells(self, *, timeout: Optional[float] = None) -> Optional[Cells]:
        """The first solution's numbers, ``None`` when there is none."""
        status, values = self._p.solve(1, timeout)
        self._raise_for(status, timeout)
        if values is None:
            return None
        np = _np()
        return np.frombuffer(values, dtype=np.uint8).copy()  # type: ignore[no-any-return]

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

    def rate(self, *, timeout: Optional[float] = None, checks: bool = True) -> Rating:
        """The difficulty card (``.card``: band, difficulty, minutes, contents
        and a setter's checks, the dict ``sudokit rate --json`` gives) and, for
        a classic puzzle, Sudoku Explainer's ER/EP/ED and level (``nan`` for a
        variant), after checking that the solution is unique; raises
        :class:`SudokitError` when it is not. ``checks=False`` leaves out the
        unused-rule and redundant-given counts."""
        return _rating(self._p.rate(timeout, checks))

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
        from ._types import Explanation, Rating

        r = Rating(rating["er"], rating["ep"], rating["ed"], rating["level"], rating["steps"], verdict)
        return Explanation([_step(s) for s in steps], r, end)

    def check(self, grid: GridLike, *, timeout: Optional[float] = None) -> CheckReport:
        """Checks a filled or partly filled grid against the puzzle, as
        ``sudokit check GRID --puzzle PUZZLE``: changed givens, repeated digits,
        cells that differ from the unique solution."""
        if isinstance(grid, str):
            values = _native.parse(grid, None, False, False).values()
        else:
            values = _cells_bytes(grid)
        bad, lines = self._p.check(values, timeout)
        from ._types import CheckReport

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
        if status == 3:  # Status.INVALID
            raise SudokitError("the puzzle is invalid: no engine takes its grid")
        if status == 4:  # Status.GAVE_UP
            raise SudokitError(f"gave up: time limit ({timeout} s)")
