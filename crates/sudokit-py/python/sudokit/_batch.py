"""Batch functions: many puzzles per call, on every core.

Input is a list (any sequence) of puzzle texts, one puzzle each, or a NumPy
array of shape ``(n, cells)`` (0 empty). The work goes to the native code in
chunks of ``chunk`` puzzles; each chunk releases the GIL and is spread over a
pool of ``threads`` workers. Answers are kept by position, so the results do
not depend on ``threads`` or ``chunk``. The ``*_iter`` forms take any
iterable (a file, a generator) and yield answers as chunks finish: memory
stays bounded whatever the input's length.
"""

from __future__ import annotations

import itertools
import sys
from typing import (
    Any,
    Callable,
    Iterable,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    TYPE_CHECKING,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from . import _native
from . import CHUNK, Puzzle, SudokitError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from typing_extensions import TypedDict, Unpack

    from . import Cells
    from ._types import Generated, GeneratedVariant, Rating

    Statuses = npt.NDArray[np.uint8]

    class _RateOptions(TypedDict, total=False):
        """The keyword arguments the batch functions share (the overloads'
        types; the functions themselves list them with their defaults)."""

        threads: Optional[int]
        timeout: Optional[float]
        format: Optional[str]
        x: bool
        windoku: bool
        chunk: int
        errors: Errors

    class _CardOptions(_RateOptions, total=False):
        """`rate`'s keyword arguments: the shared ones and `checks`."""

        checks: bool

    class _Options(_RateOptions, total=False):
        limit: int
else:

    class _LazyNumpy:
        """NumPy on first use: solving a list of lines never imports it."""

        def __getattr__(self, name: str) -> Any:
            import numpy

            return getattr(numpy, name)

    np = _LazyNumpy()

T = TypeVar("T")

# Status codes (sudokit.Status, an IntEnum loaded on first use).
_OK, _INVALID, _GAVE_UP, _AT_LEAST = 0, 3, 4, 7
Errors = Literal["none", "raise"]


def _is_array(x: object) -> bool:
    """Whether `x` is a NumPy array (without importing NumPy: if it is not
    imported, nothing is an array)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(x, numpy.ndarray)


def _lines(puzzles: Any) -> Sequence[str]:
    if isinstance(puzzles, (str, bytes)):
        raise SudokitError(
            "a batch is a list of puzzles (one string is one puzzle: use sudokit.Puzzle)"
        )
    return puzzles  # type: ignore[no-any-return]


def _cells(puzzles: npt.NDArray[Any]) -> Cells:
    a = np.asarray(puzzles)
    if a.ndim != 2:
        raise SudokitError(
            f"an array of puzzles has shape (n, cells), not {a.shape}: one row a puzzle"
        )
    if a.dtype != np.uint8:
        if a.size and (not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() > 255):
            raise SudokitError(
                f"an array of puzzles holds integers 0 (empty) to the side, not {a.dtype} values"
            )
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a)


def _first_error(puzzles: Any, status: Statuses, x: bool, windoku: bool, fmt: Optional[str]) -> None:
    """Raises for the first puzzle that is invalid, naming it (``errors="raise"``)."""
    bad = np.flatnonzero(status == _INVALID)
    if bad.size == 0:
        return
    i = int(bad[0])
    item = puzzles[i]
    try:
        if isinstance(item, str):
            Puzzle(item, format=fmt, x=x, windoku=windoku)
        else:
            Puzzle(np.asarray(item), x=x, windoku=windoku)
        why = "no engine takes its grid"
    except SudokitError as e:
        why = str(e)
    raise SudokitError(f"puzzle {i + 1}: {why}")


def _chunks(n: int, chunk: int) -> Iterator[Tuple[int, int]]:
    if chunk < 1:
        raise SudokitError(f"chunk must be at least 1, not {chunk}")
    for start in range(0, n, chunk):
        yield start, min(n, start + chunk)


def _part(lines: Sequence[str], s: int, e: int) -> List[str]:
    part = lines[s:e]
    return part if isinstance(part, list) else list(part)


def _run(
    verb: str,
    puzzles: Any,
    chunk: int,
    limit: int,
    threads: Optional[int],
    timeout: Optional[float],
    format: Optional[str],
    x: bool,
    windoku: bool,
) -> Iterator[Tuple[int, int, Any, bytes]]:
    """Sends `puzzles` (a list of texts, or an array from `_cells`) to the
    native `batch` a chunk at a time: yields each chunk's bounds, answers and
    statuses."""
    is_array = _is_array(puzzles)
    cells = puzzles.shape[1] if is_array else 0
    for s, e in _chunks(len(puzzles), chunk):
        part = puzzles[s:e].tobytes() if is_array else _part(puzzles, s, e)
        answer, code = _native.batch(
            verb, part, cells, limit, threads, timeout, format, x, windoku
        )
        yield s, e, answer, code


# ---------------------------------------------------------------- solve


@overload
def solve(
    puzzles: Sequence[str], *, status: Literal[False] = ..., **options: Unpack[_Options]
) -> List[Optional[str]]: ...
@overload
def solve(
    puzzles: Sequence[str], *, status: Literal[True], **options: Unpack[_Options]
) -> Tuple[List[Optional[str]], Statuses]: ...
@overload
def solve(
    puzzles: npt.NDArray[Any], *, status: Literal[False] = ..., **options: Unpack[_Options]
) -> Cells: ...
@overload
def solve(
    puzzles: npt.NDArray[Any], *, status: Literal[True], **options: Unpack[_Options]
) -> Tuple[Cells, Statuses]: ...
def solve(
    puzzles: Union[Sequence[str], npt.NDArray[Any]],
    *,
    limit: int = 1,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
    errors: Errors = "none",
    status: bool = False,
) -> Any:
    """Solves every puzzle, as ``sudokit solve --limit LIMIT`` does.

    A list of texts gives a list of solution lines, ``None`` where there is
    none (no solution, malformed, several with ``limit`` >= 2, time limit); an
    array gives an array of the same shape, a row of zeros there.
    ``status=True`` also returns a :class:`Status` per puzzle;
    ``errors="raise"`` raises :class:`SudokitError` for the first malformed
    puzzle instead::

        >>> sudokit.solve(["......4..3..243.", "not a puzzle"])
        ['4213314213242431', None]
        >>> sols, st = sudokit.solve(np.zeros((2, 16), np.uint8), limit=2, status=True)
        >>> st.tolist()    # Status.MULTIPLE
        [2, 2]
    """
    if _is_array(puzzles):
        a = _cells(puzzles)  # type: ignore[arg-type]
        out = np.zeros_like(a)
        st = np.zeros(len(a), dtype=np.uint8)
        for s, e, sol, code in _run("solve", a, chunk, limit, threads, timeout, None, x, windoku):
            out[s:e] = np.frombuffer(sol, dtype=np.uint8).reshape(e - s, a.shape[1])
            st[s:e] = np.frombuffer(code, dtype=np.uint8)
        result: Any = out
    else:
        answers: List[Optional[str]] = []
        codes = bytearray()
        lines = _lines(puzzles)
        for _, _, got, code in _run("solve", lines, chunk, limit, threads, timeout, format, x, windoku):
            answers.extend(got)
            codes += code
        result = answers
        if not status and (errors != "raise" or _INVALID not in codes):
            return result
        st = np.frombuffer(bytes(codes), dtype=np.uint8).copy()
    if errors == "raise":
        _first_error(puzzles, st, x, windoku, format)
    return (result, st) if status else result


def _stream(
    puzzles: Iterable[str], chunk: int, run: Callable[[List[str]], List[T]]
) -> Iterator[T]:
    if isinstance(puzzles, (str, bytes)):
        raise SudokitError(
            "a batch is an iterable of puzzles (one string is one puzzle: use sudokit.Puzzle)"
        )
    if chunk < 1:
        raise SudokitError(f"chunk must be at least 1, not {chunk}")
    it = iter(puzzles)
    while True:
        part = [p for p in itertools.islice(it, chunk)]
        if not part:
            return
        yield from run(part)


def _blank(line: str) -> bool:
    return not line.strip()


def solve_iter(
    puzzles: Iterable[str],
    *,
    limit: int = 1,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Optional[str]]:
    """:func:`solve` over any iterable of texts (an open file: blank lines
    skipped), yielding one answer per puzzle as each chunk is done, in bounded
    memory::

        with open("big.txt") as f, open("answers.txt", "w") as out:
            for sol in sudokit.solve_iter(f):
                out.write(f"{sol or 'No solution'}\\n")
    """

    def run(part: List[str]) -> List[Optional[str]]:
        return solve(part, limit=limit, threads=threads, timeout=timeout, format=format,
                     x=x, windoku=windoku, chunk=chunk)

    return _stream((p for p in puzzles if not _blank(p)), chunk, run)


# ---------------------------------------------------------------- count


@overload
def count(
    puzzles: Sequence[str], *, status: Literal[False] = ..., **options: Unpack[_Options]
) -> List[Optional[int]]: ...
@overload
def count(
    puzzles: Sequence[str], *, status: Literal[True], **options: Unpack[_Options]
) -> Tuple[List[Optional[int]], Statuses]: ...
@overload
def count(
    puzzles: npt.NDArray[Any], *, status: Literal[False] = ..., **options: Unpack[_Options]
) -> npt.NDArray[np.int64]: ...
@overload
def count(
    puzzles: npt.NDArray[Any], *, status: Literal[True], **options: Unpack[_Options]
) -> Tuple[npt.NDArray[np.int64], Statuses]: ...
def count(
    puzzles: Union[Sequence[str], npt.NDArray[Any]],
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
    errors: Errors = "none",
    status: bool = False,
) -> Any:
    """Counts the solutions of every puzzle up to ``limit`` (``sudokit count``):
    ``limit`` means at least that many (:attr:`Status.AT_LEAST`). A malformed
    puzzle counts ``None`` in a list, ``-1`` in an array::

        >>> sudokit.count(["......4..3..243.", "." * 16], limit=10)
        [1, 10]
    """
    if limit < 1:
        raise SudokitError(f"limit must be at least 1, not {limit}")
    is_array = _is_array(puzzles)
    src = _cells(puzzles) if is_array else _lines(puzzles)  # type: ignore[arg-type]
    counts = np.zeros(len(src), dtype=np.int64)
    st = np.zeros(len(src), dtype=np.uint8)
    for s, e, c, code in _run("count", src, chunk, limit, threads, timeout, format, x, windoku):
        counts[s:e] = np.frombuffer(c, dtype="<u8")
        st[s:e] = np.frombuffer(code, dtype=np.uint8)
    failed = (st == _INVALID) | (st == _GAVE_UP)
    if errors == "raise":
        _first_error(puzzles, st, x, windoku, format)
    if is_array:
        counts[failed] = -1
        result: Any = counts
    else:
        result = [None if f else int(c) for c, f in zip(counts.tolist(), failed.tolist())]
    return (result, st) if status else result


def count_iter(
    puzzles: Iterable[str],
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Optional[int]]:
    """:func:`count` over any iterable, in bounded memory (see :func:`solve_iter`)."""

    def run(part: List[str]) -> List[Optional[int]]:
        return count(part, limit=limit, threads=threads, timeout=timeout, format=format,
                     x=x, windoku=windoku, chunk=chunk)

    return _stream((p for p in puzzles if not _blank(p)), chunk, run)


# ---------------------------------------------------------------- rate


_LEVELS = ("easy", "medium", "hard", "expert", "extreme")


def _level(er_tenths: int) -> str:
    bounds = (19, 39, 64, 89)
    for name, top in zip(_LEVELS, bounds):
        if er_tenths <= top:
            return name
    return "extreme"


def _cards_raw(
    puzzles: Sequence[str],
    threads: Optional[int],
    timeout: Optional[float],
    format: Optional[str],
    x: bool,
    windoku: bool,
    chunk: int,
    checks: bool,
) -> Tuple[List[Optional[str]], Statuses]:
    """Each puzzle's card as the native code writes it (JSON text, with the
    card's line under ``line``), and the statuses."""
    src = _lines(puzzles)
    cards: List[Optional[str]] = [None] * len(src)
    st = np.zeros(len(src), dtype=np.uint8)
    verb = "card-checks" if checks else "card"
    for s, e, got, code in _run(verb, src, chunk, 0, threads, timeout, format, x, windoku):
        cards[s:e] = got
        st[s:e] = np.frombuffer(code, dtype=np.uint8)
    return cards, st


def _card_rating(text: str) -> Rating:
    """A :class:`Rating` from a card's JSON text: ER/EP/ED for a classic
    puzzle (``nan`` for a variant), the card, and its line."""
    import json

    from ._types import Rating

    card = json.loads(text)
    line = card.pop("line")
    er = card.get("er")
    return Rating(
        float("nan") if er is None else er,
        float(card.get("ep", float("nan"))),
        float(card.get("ed", float("nan"))),
        "" if er is None else _level(round(er * 10)),
        int(card["steps"]),
        card=card,
        text=line,
    )


def _rate_raw(
    puzzles: npt.NDArray[Any],
    threads: Optional[int],
    timeout: Optional[float],
    x: bool,
    windoku: bool,
    chunk: int,
) -> Tuple[npt.NDArray[np.uint16], Statuses]:
    """ER, EP, ED in tenths of each row of an array, and the statuses."""
    src = _cells(puzzles)
    n = len(src)
    tenths = np.zeros((n, 3), dtype=np.uint16)
    st = np.zeros(n, dtype=np.uint8)
    record = np.dtype([("tenths", "<u2", (3,)), ("steps", "<u4")])
    for s, e, raw, code in _run("rate", src, chunk, 0, threads, timeout, None, x, windoku):
        tenths[s:e] = np.frombuffer(raw, dtype=record)["tenths"]
        st[s:e] = np.frombuffer(code, dtype=np.uint8)
    return tenths, st


@overload
def rate(
    puzzles: Sequence[str], *, status: Literal[False] = ..., **options: Unpack[_CardOptions]
) -> List[Optional[Rating]]: ...
@overload
def rate(
    puzzles: Sequence[str], *, status: Literal[True], **options: Unpack[_CardOptions]
) -> Tuple[List[Optional[Rating]], Statuses]: ...
@overload
def rate(
    puzzles: npt.NDArray[Any], *, status: Literal[False] = ..., **options: Unpack[_CardOptions]
) -> npt.NDArray[np.float32]: ...
@overload
def rate(
    puzzles: npt.NDArray[Any], *, status: Literal[True], **options: Unpack[_CardOptions]
) -> Tuple[npt.NDArray[np.float32], Statuses]: ...
def rate(
    puzzles: Union[Sequence[str], npt.NDArray[Any]],
    *,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
    errors: Errors = "none",
    status: bool = False,
    checks: bool = False,
) -> Any:
    """Rates every puzzle as ``sudokit rate`` does (uniqueness first). A
    list gives :class:`Rating` objects with the difficulty card (``.card``,
    the dict ``sudokit rate --json`` gives; the setter's checks with
    ``checks=True``) and, for a classic puzzle, Sudoku Explainer's ER/EP/ED
    (``nan`` for a variant); ``None`` where there is no rating (see
    ``status=True``). An array gives a ``float32`` array of shape ``(n, 3)``,
    ER, EP, ED, ``nan`` where there is none::

        >>> [str(r) for r in sudokit.rate(["......4..3..243."])]
        ['1.2/1.0/1.0  Very Easy  1.28  4 min']
    """
    if not _is_array(puzzles):
        cards, st = _cards_raw(puzzles, threads, timeout, format, x, windoku, chunk, checks)  # type: ignore[arg-type]
        if errors == "raise":
            _first_error(puzzles, st, x, windoku, format)
        ratings = [
            _card_rating(c) if c is not None and good else None
            for c, good in zip(cards, (st == _OK).tolist())
        ]
        return (ratings, st) if status else ratings
    tenths, st = _rate_raw(puzzles, threads, timeout, x, windoku, chunk)  # type: ignore[arg-type]
    if errors == "raise":
        _first_error(puzzles, st, x, windoku, format)
    out = (tenths.astype(np.float32) / np.float32(10)).astype(np.float32)
    out[st != _OK] = np.nan
    return (out, st) if status else out


def rate_iter(
    puzzles: Iterable[str],
    *,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
    x: bool = False,
    windoku: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Optional[Rating]]:
    """:func:`rate` over any iterable, in bounded memory (see :func:`solve_iter`)."""

    def run(part: List[str]) -> List[Optional[Rating]]:
        return rate(part, threads=threads, timeout=timeout, format=format, x=x,
                    windoku=windoku, chunk=chunk)

    return _stream((p for p in puzzles if not _blank(p)), chunk, run)


# ---------------------------------------------------------------- generate


@overload
def generate(
    n: int,
    size: int = 9,
    *,
    kind: None = None,
    box: Optional[Tuple[int, int]] = None,
    x: bool = False,
    windoku: bool = False,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Union[None, int, Tuple[int, int]] = None,
    level: Optional[str] = None,
    rating: Union[None, float, Tuple[float, Optional[float]]] = None,
    seed: Optional[int] = None,
    start: int = 0,
    max_tries: Optional[int] = None,
    threads: Optional[int] = None,
    chunk: int = CHUNK,
) -> Generated: ...
@overload
def generate(
    n: int,
    size: int = 9,
    *,
    kind: str,
    box: Optional[Tuple[int, int]] = None,
    symmetry: str = "none",
    band: Union[None, str, Tuple[str, str]] = None,
    difficulty: Optional[Tuple[float, float]] = None,
    givens: Optional[int] = None,
    allow_unused: bool = False,
    seed: Optional[int] = None,
    start: int = 0,
    max_tries: Optional[int] = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> List[Optional[GeneratedVariant]]: ...
def generate(
    n: int,
    size: int = 9,
    *,
    kind: Optional[str] = None,
    box: Optional[Tuple[int, int]] = None,
    x: bool = False,
    windoku: bool = False,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Union[None, int, Tuple[int, int]] = None,
    level: Optional[str] = None,
    rating: Union[None, float, Tuple[float, Optional[float]]] = None,
    band: Union[None, str, Tuple[str, str]] = None,
    difficulty: Optional[Tuple[float, float]] = None,
    givens: Optional[int] = None,
    allow_unused: bool = False,
    seed: Optional[int] = None,
    start: int = 0,
    max_tries: Optional[int] = None,
    threads: Optional[int] = None,
    chunk: int = CHUNK,
    timeout: Optional[float] = None,
) -> Union[Generated, List[Optional[GeneratedVariant]]]:
    """Makes ``n`` puzzles with one solution each, as ``sudokit generate``:
    the same arguments (``size`` or ``box=(rows, columns)``, ``x``,
    ``windoku``, ``symmetry``, ``minimal``, ``clues=K`` or ``(low, high)``,
    ``level`` = easy … extreme or ``rating=(low, high)`` ER, ``high`` may be
    ``None``) and the same seed give the same puzzles, whatever ``threads``.
    ``start`` makes puzzles ``start .. start+n-1`` of the run: partitions of
    one big run (Dask) join into the run itself::

        >>> d = sudokit.generate(100, level="hard", symmetry="rotate180", seed=7)
        >>> np.savez_compressed("hard.npz", puzzles=d.puzzles, solutions=d.solutions,
        ...                     er=d.er)  # doctest: +SKIP
        >>> d.puzzles.shape, bool((d.er >= 4.0).all() and (d.er <= 6.4).all())
        ((100, 81), True)

    ``kind`` makes variant puzzles instead, as ``sudokit generate --killer``
    (``--thermo N`` …) does: the library's words, comma-separated
    (``killer``, ``killer-cages=N``, ``thermo[=N]``, ``arrow[=N]``,
    ``kropki[=full|min]``, ``xv[=full|min]``, ``sandwich``,
    ``little-killer[=N]``, ``whispers[=N]``, ``renban[=N]``, ``between[=N]``,
    ``palindrome[=N]``, ``anti-knight``, ``anti-king``, ``non-consecutive``;
    the API's ``kind`` reads the same), with ``band`` (the card's band,
    ``"hard"``, ``("easy", "medium")`` or ``"easy..medium"``), ``difficulty=(low,
    high)``, ``givens`` (at most that many), ``allow_unused``, and
    ``timeout`` (seconds for the whole call). It returns a list of
    :class:`GeneratedVariant` records, ``None`` for a puzzle no try made::

        >>> [v] = sudokit.generate(1, 6, kind="killer", band="easy", seed=1)
        >>> v.card["band"], v.givens, v.fpuzzles.startswith("https://www.f-puzzles.com/?load=")
        ('Easy', 0, True)
        >>> v.puzzle().count()
        1
    """
    if kind is not None:
        for on, name in ((x, "x"), (windoku, "windoku"), (minimal, "minimal"),
                         (clues is not None, "clues"), (level is not None, "level"),
                         (rating is not None, "rating")):
            if on:
                raise SudokitError(
                    f"{name} is for classic puzzles; a variant puzzle (kind=...) takes givens, "
                    "band and difficulty"
                )
        return _generate_variant(n, size, kind, box, symmetry, band, difficulty, givens,
                                 allow_unused, seed, start, max_tries, threads, timeout)
    for on, name in ((band is not None, "band"), (difficulty is not None, "difficulty"),
                     (givens is not None, "givens"), (allow_unused, "allow_unused"),
                     (timeout is not None, "timeout")):
        if on:
            raise SudokitError(f"{name} is for variant puzzles: name their rules with kind=...")
    if n < 0 or start < 0:
        raise SudokitError(f"n and start must be 0 or more, not {n} and {start}")
    if seed is None:
        seed = _native.random_seed()
    if not 0 <= seed < 1 << 64:
        raise SudokitError(f"seed must be between 0 and 2**64-1, not {seed}")
    clue_range: Optional[Tuple[int, int]]
    if clues is None:
        clue_range = None
    elif isinstance(clues, int):
        clue_range = (clues, clues)
    else:
        clue_range = (int(clues[0]), int(clues[1]))
    er_range: Optional[Tuple[float, Optional[float]]]
    if rating is None:
        er_range = None
    elif isinstance(rating, (int, float)):
        er_range = (float(rating), float(rating))
    else:
        er_range = (float(rating[0]), None if rating[1] is None else float(rating[1]))
    box_shape = None if box is None else (int(box[0]), int(box[1]))
    side = size if box_shape is None else box_shape[0] * box_shape[1]
    cells = side * side
    puzzles = np.zeros((n, cells), dtype=np.uint8)
    solutions = np.zeros((n, cells), dtype=np.uint8)
    er = np.full(n, np.nan, dtype=np.float32)
    st = np.zeros(n, dtype=np.uint8)
    for s, e in _chunks(n, chunk):
        p, sol, ers, code = _native.generate(
            start + s, start + e, seed, size, box_shape, x, windoku, symmetry, minimal,
            clue_range, level, er_range, max_tries, threads,
        )
        puzzles[s:e] = np.frombuffer(p, dtype=np.uint8).reshape(e - s, cells)
        solutions[s:e] = np.frombuffer(sol, dtype=np.uint8).reshape(e - s, cells)
        t = np.frombuffer(ers, dtype="<u2")
        er[s:e] = np.where(t > 0, t / 10, np.nan)
        st[s:e] = np.frombuffer(code, dtype=np.uint8)
    from ._types import Generated

    return Generated(puzzles, solutions, er, st, int(seed), int(start))


def _bands(band: Union[None, str, Tuple[str, str]]) -> Optional[Tuple[str, str]]:
    """``"hard"``, ``"easy..hard"`` (an end left out: the lowest or highest
    band) or ``("easy", "hard")`` as a pair of band names."""
    if band is None:
        return None
    if isinstance(band, str):
        if ".." not in band:
            return (band, band)
        low, high = band.split("..", 1)
        return (low.strip() or "very-easy", high.strip() or "extreme")
    return (str(band[0]), str(band[1]))


def _generate_variant(
    n: int,
    size: int,
    kind: str,
    box: Optional[Tuple[int, int]],
    symmetry: str,
    band: Union[None, str, Tuple[str, str]],
    difficulty: Optional[Tuple[float, float]],
    givens: Optional[int],
    allow_unused: bool,
    seed: Optional[int],
    start: int,
    max_tries: Optional[int],
    threads: Optional[int],
    timeout: Optional[float],
) -> List[Optional[GeneratedVariant]]:
    """:func:`generate` with ``kind``: the records of the native
    ``generate_variant``, their JSON texts read."""
    import json

    from ._types import GeneratedVariant

    if n < 0 or start < 0:
        raise SudokitError(f"n and start must be 0 or more, not {n} and {start}")
    if seed is None:
        seed = _native.random_seed()
    if not 0 <= seed < 1 << 64:
        raise SudokitError(f"seed must be between 0 and 2**64-1, not {seed}")
    box_shape = None if box is None else (int(box[0]), int(box[1]))
    span = None if difficulty is None else (float(difficulty[0]), float(difficulty[1]))
    records = _native.generate_variant(
        start, start + n, seed, size, box_shape, kind, _bands(band), span, givens, symmetry,
        allow_unused, max_tries, timeout, threads,
    )
    out: List[Optional[GeneratedVariant]] = []
    for r in records:
        if r is None:
            out.append(None)
            continue
        r["fpuzzles_json"] = json.loads(r["fpuzzles_json"])
        r["rating"] = _card_rating(r.pop("card"))
        out.append(GeneratedVariant(**r))
    return out


from ._convert import to_array as to_array, to_lines as to_lines  # noqa: E402  (generate and its docs use them)
