"""One puzzle: parsing every format, each method, the drawings, the errors."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import sudokit
from conftest import FIXTURES, REPO, lines_of, run_cli

EXAMPLES = REPO / "examples"
P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
S = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def test_line_puzzle_solves_rates_and_hints() -> None:
    p = sudokit.Puzzle(P)
    assert p.size == 9 and p.format == "line" and p.geometry.startswith("9x9")
    assert p.solve() == S
    assert p.solve(unique=True) == S
    assert p.line == P
    assert p.cells.shape == (81,) and int(p.cells[0]) == 4 and int(p.cells[1]) == 0
    assert p.count() == 1
    r = p.rate()
    # As `sudokit rate` says (tests/fixtures/rate.out, line 21).
    assert (r.er, r.ep, r.ed, r.level, r.verdict) == (2.6, 1.2, 1.2, "medium", "rated")
    assert str(r).startswith("2.6/1.2/1.2  Easy  2.6") and r.steps > 0
    assert r.card is not None and r.card["band"] == "Easy" and r.card["minutes"] > 0
    h = p.hint()
    assert h is not None
    assert str(h) == "Hidden Single: the only place for 4 in box 4 is r6c2"
    assert h.technique == "Hidden Single" and h.placements == ["r6c2=4"] and h.difficulty == 1.2


def test_explain_matches_the_cli_example() -> None:
    text = (EXAMPLES / "explain.txt").read_text().strip()
    want = (EXAMPLES / "explain.out").read_text().splitlines()
    e = sudokit.Puzzle(text).explain()
    steps = [m.group(1) for m in (re.match(r"^\s*\d+\. \S+ (.*)$", w) for w in want) if m]
    assert len(steps) > 10
    assert [s.line for s in e.steps] == steps
    assert f"Rating: {e.rating}" == want[-1] if want[-1] else want[-2]
    assert e.end == "solved" and e.rating.steps == len(e.steps)


@pytest.mark.parametrize(
    "name, size",
    [("grid9", 9), ("jigsaw", 9), ("poj3076", 16), ("pencilmark", 9), ("sdk", 9), ("ss", 9)],
)
def test_every_format_reads_and_solves_as_the_examples_say(name: str, size: int) -> None:
    text = (EXAMPLES / f"{name}.txt").read_text()
    if name == "pencilmark":
        text = [t for t in text.splitlines() if len(t) == 729][0]
    if name in ("grid9", "poj3076", "jigsaw", "ss"):
        # The first puzzle of a multi-puzzle file: up to its first blank line.
        text = text.split("\n\n")[0] + "\n"
    if name == "jigsaw":
        text = "\n".join(text.splitlines()[:2]) + "\n"
    # The ss block is also a grid: name its format (detection reads whole files).
    p = sudokit.Puzzle(text, format="ss" if name == "ss" else None)
    assert p.size == size
    assert p.format == name.rstrip("9") if name != "grid9" else p.format == "grid"
    sol = p.solve(unique=True)
    assert sol is not None and len(sol) == size * size and "." not in sol
    assert p.check(sol).ok


def test_fpuzzles_links_read_with_their_constraints() -> None:
    links = [line for line in lines_of(EXAMPLES / "fpuzzles.txt") if not line.startswith("#")]
    p = sudokit.Puzzle(links[0])
    assert p.format == "fpuzzles"
    assert p.size == 6 and p.geometry.startswith("6x6")
    sol = p.solve()
    assert sol is not None and len(sol) == 36
    assert p.check(sol).ok
    assert "<svg" in p.to_svg()


# "Sept. 5, '23: Renban Whispers" by clover! (CC BY 4.0), as SudokuPad's own
# converter writes it, with its renban lines recoloured #123456: a colour its
# rules ("pink lines are renban") do not name.
RECOLOURED = (
    "https://sudokupad.app/sclN4YwhgXA2sBuEHIAuBLJAbAphABAZUwAckA6HAVgBocAdBAJgGZ"
    "cAlTAOwCMx2cB1ABYoAzoUwAnYQgC+lOIjABXJAID243CHSrYEgIQy58BOMVZhuAHLqAtmHQ5hig"
    "CaqA1opynzOMIULoAJ5kAKJgIAI4nKrozjiEKOxuOOiJmDgAFOIc3OwAlDggquxIYInCvo6YSDiq"
    "AGaFxcKYIMooujjOKADmaBWJvuyBteLOEtROEb4VjOQALGQAgtrs3TiY4ZEqiewSON3ZHClpmQDi"
    "Ena8AO5CohLCedRgzgBW4Rw1Xb1IFTaKwp8UHU6ntOMNyCMcDZ1JgyIZ5AhhDE2sVcOQAOwATgAH"
    "Ix6HMAGwARmx9GJmLm6PIjEYcyJVIJ9BxmIJs3o6JJlPI2MJRLxFKJTGxLIZbJJFPR9B5mPRsyJ5"
    "PRBLm3LxMgAupQQNgoFBKEYIJjZHrjRrdXr5ESjSbKDB4IwrfryA7TfqCQ75OirS79dj3Xajd79f"
    "bjXrA/rLeb4IbQzaQyGw/GNSALOQAAyUFDORB1QiKABeeawIBAc0w7Oxqc4mCrnAJ6I5IAJqZAjH"
    "R2LA5CJwOcICJCEo6GgoAggtp5AJlBUI/oJGxlCuhGgUFTJCoRNXppXVBn5E3q8ojA3atkw9Hyon"
    "U8Fs/ni51O8o693NsPa43NoWr93x7kIGnY4vAjTteC5LveL6mveH4Qfu5BHiev5nuOk6AVec4gTq"
    "H4Hm+UCwVQ4E2gS+7gd+p5MOeyFAWht5QJhuGmphhFPjR+7onBP5/uRl4zlRS64ZQW6moxD7YUJO"
    "5qiRCFkUhXHAdRrFUIxgksWxw51gAYqmdYUZiJATuhUCPpQYk2oZ+EGfuUESRA6maei2m6TeS4vk"
    "Z2GYcZOH7mJVk2VpU46Xp1GGQJNr3sFUDOQJ3nohpvmAf5jk6s5UHPjB2HOYpUUxXZfkOfpfHJVA"
    "QkFfJlCWfB1nRbZ9kBUuW6UHRJn7opIVNSpv4+dlcW5dR2KtUxJXyUpVC9V+0gatkS7Lvxm4PjN9"
    "CmkS00mbNy3zSFS1QPQK2bUZ4k2lNjAzXMM1MYth3Lcdy1MVt507ZdO1fvt6YEjN6IzdiC2UC9y1"
    "vctH3rd9O2/TtH2muFG2MNtkNrTRG1zNt8Mw1QqammuqO7WDkO3ZD92Q0x8O3fD93w0xeHo/dVCP"
    "YlX2mpDwOQ/9sOA/DwPw4zCno8Dw17TqE4owR20TjDdn81AdlEqadkw3OotzhLNpzvNYMTrdE73R"
    "O/UHpLpXa0xc63XO91zlThU0wLwMTozdmA3ZwN2Yzc6A3OwNzqDx5AA==="
)
RECOLOURED_SOLUTION = "579832461826194753341756298963527184758461329412389675635218947284973516197645832"


def test_sudokupad_links_read_and_assume_settles_a_line() -> None:
    import json

    fixture = REPO / "crates/sudokit/tests/fixtures/sudokupad/setters.json"
    first = json.loads(fixture.read_text())[0]
    p = sudokit.Puzzle(first["link"])
    assert p.format == "fpuzzles" and p.solve(unique=True) == first["solution"]
    with pytest.raises(sudokit.SudokitError, match="#123456"):
        sudokit.Puzzle(RECOLOURED)
    with pytest.raises(sudokit.SudokitError, match="assume"):
        sudokit.Puzzle(RECOLOURED, assume="green")
    settled = sudokit.Puzzle(RECOLOURED, assume="#123456=renban")
    assert settled.solve(unique=True) == RECOLOURED_SOLUTION


def test_x_and_windoku_add_houses() -> None:
    plain = sudokit.Puzzle("." * 81)
    x = sudokit.Puzzle("." * 81, x=True)
    assert plain.geometry != x.geometry
    sol = x.solve()
    assert sol is not None
    assert len({sol[i * 10] for i in range(9)}) == 9  # the main diagonal holds 1-9
    with pytest.raises(sudokit.SudokitError):
        sudokit.Puzzle("." * 36, windoku=True)  # 6x6 boxes are not square


def test_from_numbers_and_equality() -> None:
    p = sudokit.Puzzle(P)
    q = sudokit.Puzzle(p.cells)
    r = sudokit.Puzzle(list(p.cells.tolist()))
    assert p == q == r and hash(p) == hash(q)
    assert repr(p) == f"Puzzle({P!r})"
    sol = q.solution_cells()
    assert sol is not None and sudokit.to_lines(sol[None, :]) == [S]


def test_count_and_limits() -> None:
    assert sudokit.Puzzle("." * 16).count(limit=1000) == 288
    assert sudokit.Puzzle("." * 16).count(limit=5) == 5
    assert sudokit.Puzzle("11" + "." * 79).count() == 0
    with pytest.raises(sudokit.SudokitError, match="limit must be at least 1"):
        sudokit.Puzzle(P).count(limit=0)


def test_check_names_what_is_wrong() -> None:
    p = sudokit.Puzzle(P)
    assert p.check(S).ok and p.check(S).lines == ["ok: a complete, valid solution"]
    wrong = S[:1] + "5" + S[2:]
    report = p.check(wrong)
    assert not report.ok
    assert "r1c2 is 5 but the solution has 1" in report.lines
    assert any("appears 2 times" in line for line in report.lines)
    partial = P[:1] + "1" + P[2:]
    assert p.check(partial).ok and "80 cells" not in " ".join(p.check(partial).lines)
    changed = "5" + S[1:]
    assert "r1c1 is 5 but the puzzle gives 4" in p.check(changed).lines
    with pytest.raises(sudokit.SudokitError, match="the grid is 4x4 but the puzzle is 9x9"):
        p.check("1" * 16)


def test_drawings_and_notebook_reprs() -> None:
    p = sudokit.Puzzle(P)
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('class="given"') == sum(c != "." for c in P) or 'class="given"' in svg
    html = p._repr_html_()
    assert html.startswith("<div") and "<svg" in html
    solved = p.to_svg(solution=True)
    assert 'class="filled"' in solved and 'class="filled"' not in svg
    stepped = p.to_svg(step=1)
    assert "hl-placement" in stepped
    assert "candidate" in p.to_svg(candidates=True)
    png = p.to_png(cell=20)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 500
    with pytest.raises(sudokit.SudokitError, match="step 500 is out of range"):
        p.to_svg(step=500)


def test_errors_read_like_the_cli(cli: Path, tmp_path: Path) -> None:
    bad = P[:-1]  # 80 cells
    with pytest.raises(sudokit.SudokitError) as e:
        sudokit.Puzzle(bad)
    f = tmp_path / "bad.txt"
    f.write_text(bad + "\n")
    import subprocess

    err = subprocess.run([str(cli), "solve", str(f)], capture_output=True, text=True).stderr
    # `bad.txt:1: line has 80 cells, …` from the CLI; `line 1: line has 80 cells, …` here.
    assert str(e.value).split(": ", 1)[1] == err.strip().split(": ", 1)[1]
    with pytest.raises(sudokit.SudokitError, match=r"column 81: symbol 'x' is out of range"):
        sudokit.Puzzle(P[:-1] + "x")


def test_errors_of_single_calls() -> None:
    with pytest.raises(sudokit.SudokitError, match="empty"):
        sudokit.Puzzle("")
    with pytest.raises(sudokit.SudokitError, match=r"^line 1: line has 6 cells, not a square"):
        sudokit.Puzzle("<html>")
    with pytest.raises(sudokit.SudokitError, match=r"^line 3: row has 3 cells, expected 5"):
        sudokit.Puzzle("hello\nworld\nfoo\n")
    with pytest.raises(sudokit.SudokitError, match="more than one"):
        sudokit.Puzzle(P + "\n" + P + "\n")
    with pytest.raises(sudokit.SudokitError, match="unknown format"):
        sudokit.Puzzle(P, format="nope")
    with pytest.raises(sudokit.SudokitError, match="several solutions"):
        sudokit.Puzzle("." * 16).solve(unique=True)
    with pytest.raises(sudokit.SudokitError, match="no solution: a rating needs exactly one"):
        sudokit.Puzzle("11" + "." * 79).rate()
    with pytest.raises(sudokit.SudokitError, match="several solutions: a hint needs exactly one"):
        sudokit.Puzzle("." * 81).hint()
    with pytest.raises(sudokit.SudokitError, match=r"cell r1c1 holds 10, a 9x9 grid holds 0 \(empty\) to 9"):
        sudokit.Puzzle(np.full(81, 10, dtype=np.uint8))
    with pytest.raises(sudokit.SudokitError, match="not the square"):
        sudokit.Puzzle(np.zeros(80, dtype=np.uint8))
    with pytest.raises(sudokit.SudokitError, match="timeout must be a positive"):
        sudokit.Puzzle(P).solve(timeout=-1)
    assert issubclass(sudokit.SudokitError, ValueError)


def test_complete_grid_has_nothing_to_rate_or_hint() -> None:
    p = sudokit.Puzzle(S)
    assert p.hint() is None
    r = p.rate()
    assert r.verdict == "complete" and str(r) == "Solved"


def test_rate_matches_the_committed_cli_ratings() -> None:
    puzzles = lines_of(FIXTURES / "mixed.txt")
    want = (FIXTURES / "rate.out").read_text().splitlines()
    for text, line in zip(puzzles, want):
        if not line[0].isdigit():
            continue
        r = sudokit.Puzzle(text).rate()
        # The card's line, after the ER/EP/ED the CLI's records give.
        triple, level = line.split(" ")
        assert str(r).split("  ")[0] == triple and r.level == level, text
        assert r.card is not None and r.card["er"] == r.er


def test_text_writes_other_formats() -> None:
    p = sudokit.Puzzle(P)
    grid = p.text("grid")
    assert sudokit.Puzzle(grid) == p
    assert str(p) == grid
    assert p.text("line").strip() == P
