"""Conversions between puzzle lines and NumPy arrays of numbers."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Iterable, List, Optional

from . import SudokitError, _native
from ._batch import _cells, _lines

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from . import Cells
else:
    from ._batch import np


@functools.lru_cache(maxsize=None)
def _symbols() -> "npt.NDArray[np.uint8]":
    """`.` then the numeric alphabet (`1`-`9`, `A`-`Z`, `a`-`z`): how the CLI
    writes the lines of grids up to 61x61."""
    return np.frombuffer(
        b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", dtype=np.uint8
    )


@functools.lru_cache(maxsize=None)
def _digits9() -> "npt.NDArray[np.uint8]":
    """Byte -> value of a 9x9 line (255: not a symbol)."""
    table = np.full(256, 255, dtype=np.uint8)
    table[ord(".")] = 0
    table[ord("0")] = 0
    for d in range(1, 10):
        table[ord(str(d))] = d
    return table


def to_lines(cells: npt.NDArray[Any]) -> List[str]:
    """Rows of numbers as lines (``.`` empty, ``1``-``9``, then ``A``-``Z``,
    ``a``-``z``: the CLI's symbols for sides up to 61)::

        >>> sudokit.to_lines(np.array([[1, 0, 0, 0] * 4]))
        ['1...1...1...1...']
    """
    a = _cells(cells)
    n = int(round(a.shape[1] ** 0.5))
    if n * n != a.shape[1] or n > 61:
        raise SudokitError(f"{a.shape[1]} cells per row are not a square grid of side 1 to 61")
    if a.size and int(a.max()) > n:
        raise SudokitError(f"a {n}x{n} grid holds numbers 0 to {n}, not {int(a.max())}")
    text = _symbols()[a].tobytes().decode("ascii")
    w = a.shape[1]
    return [text[i * w:(i + 1) * w] for i in range(len(a))]


def to_array(puzzles: Iterable[str], *, format: Optional[str] = None) -> Cells:
    """Texts of one puzzle each as an array of shape ``(n, cells)`` (0 empty);
    :class:`SudokitError` names the first puzzle that cannot be read::

        >>> sudokit.to_array(["......4..3..243."]).tolist()
        [[0, 0, 0, 0, 0, 0, 4, 0, 0, 3, 0, 0, 2, 4, 3, 0]]
    """
    lines = [p.strip() for p in _lines(puzzles)]
    if lines and format in (None, "line") and all(len(p) == 81 for p in lines):
        try:
            raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8)
            values = _digits9()[raw].reshape(len(lines), 81)
            if not (values == 255).any():
                return values
        except UnicodeEncodeError:
            pass
    rows = []
    for i, p in enumerate(lines):
        try:
            rows.append(np.frombuffer(_native.parse(p, format, False, False).values(), np.uint8))
        except SudokitError as e:
            raise SudokitError(f"puzzle {i + 1}: {e}") from None
    if not rows:
        return np.zeros((0, 81), dtype=np.uint8)
    if len({len(r) for r in rows}) > 1:
        raise SudokitError("the puzzles have different sizes: an array holds one size")
    return np.stack(rows)
