"""The result types of sudokit: :class:`Status` and the dataclasses
(loaded when first used, through ``sudokit.<name>``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from . import Cells, Puzzle


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
    card: Optional[Dict[str, Any]] = None
    text: Optional[str] = None

    def __str__(self) -> str:
        """The line ``sudokit rate`` prints: the card (band, difficulty,
        minutes, techniques), after ``4.5/1.2/1.2`` for a classic puzzle."""
        if self.verdict == "complete":
            return "Solved"
        if self.verdict == "gave_up":
            return "Gave up"
        if self.text is not None:
            return self.text
        if self.verdict == "unrated":
            return "Unrated"
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


@dataclass(frozen=True)
class Generated:
    """Puzzles made by :func:`generate`: ``puzzles`` and ``solutions`` of shape
    ``(n, cells)``, ``er`` (the ER when a level or rating was asked, else
    ``nan``), a :class:`Status` per puzzle (``GAVE_UP``: no try met the spec;
    its rows are zeros), the run's ``seed`` and the number of the first
    puzzle (``start``)."""

    puzzles: Cells
    solutions: Cells
    er: npt.NDArray[np.float32]
    status: npt.NDArray[np.uint8]
    seed: int
    start: int

    def __len__(self) -> int:
        return len(self.puzzles)

    def puzzle_lines(self) -> List[str]:
        """The puzzles as lines (``.`` empty), as ``sudokit generate`` writes them."""
        from ._convert import to_lines

        return to_lines(self.puzzles)

    def solution_lines(self) -> List[str]:
        """The solutions as lines."""
        from ._convert import to_lines

        return to_lines(self.solutions)




@dataclass(frozen=True)
class GeneratedVariant:
    """A variant puzzle made by :func:`generate` with ``kind=``: the record
    ``sudokit generate --json`` writes for it (its ``number`` in the run, its
    own ``seed``, the ``geometry``, ``fpuzzles`` and ``scl``: the f-puzzles and
    SudokuPad links, the ``solution`` line, the counts of ``givens`` and
    ``rules``, the ``tries`` it took), the f-puzzles JSON as a dict
    (``fpuzzles_json``), and its difficulty card as the :class:`Rating`
    ``Puzzle.rate()`` gives (``.card`` is the card's dict, ``str()`` its
    line)."""

    number: int
    seed: int
    geometry: str
    fpuzzles: str
    scl: str
    fpuzzles_json: Dict[str, Any]
    solution: str
    givens: int
    rules: int
    rating: Rating
    tries: int

    @property
    def card(self) -> Dict[str, Any]:
        """The difficulty card: the dict ``sudokit rate --json`` gives under
        ``card`` (``band``, ``difficulty``, ``minutes``, ``contents``, the
        setter's ``checks`` …)."""
        assert self.rating.card is not None
        return self.rating.card

    def puzzle(self) -> Puzzle:
        """The puzzle as a :class:`sudokit.Puzzle` (read from its link)."""
        from . import Puzzle

        return Puzzle(self.fpuzzles)

    def __str__(self) -> str:
        return self.fpuzzles
