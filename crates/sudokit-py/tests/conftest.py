"""Shared fixtures: the committed fixtures, the CLI binary, the benchmark sets."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
REPO = HERE.parents[2]


def lines_of(path: Path) -> List[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def find_cli() -> Optional[Path]:
    """The `sudokit` binary: $SUDOKIT_BIN, else a build under the target dir."""
    env = os.environ.get("SUDOKIT_BIN")
    if env:
        return Path(env)
    roots = [os.environ.get("CARGO_TARGET_DIR"), str(REPO / "target")]
    for root in filter(None, roots):
        for profile in ("release", "debug"):
            p = Path(root) / profile / "sudokit"
            if p.is_file():
                return p
    found = shutil.which("sudokit")
    return Path(found) if found else None


def find_bench() -> Optional[Path]:
    """The benchmark sets: $SUDOKIT_BENCH_DATA, else ../shared/bench-data beside the repo."""
    env = os.environ.get("SUDOKIT_BENCH_DATA")
    candidates = [Path(env)] if env else []
    candidates += [REPO.parent / "shared" / "bench-data", Path("/work/shared/bench-data")]
    for c in candidates:
        if c.is_dir() and any(c.glob("*.txt")):
            return c
    return None


@pytest.fixture(scope="session")
def cli() -> Path:
    path = find_cli()
    if path is None:
        pytest.skip("no sudokit binary (build it with cargo, or set SUDOKIT_BIN)")
    return path


@pytest.fixture(scope="session")
def bench() -> Path:
    path = find_bench()
    if path is None:
        pytest.skip("no benchmark sets (../shared/bench-data, or set SUDOKIT_BENCH_DATA)")
    return path


def run_cli(cli: Path, *args: str, stdin: Optional[str] = None) -> List[str]:
    """The CLI's stdout lines (the exit status may be 1 for a malformed puzzle)."""
    done = subprocess.run(
        [str(cli), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.splitlines()


def cli_se_ratings(cli: Path, *args: str, stdin: Optional[str] = None) -> List[str]:
    """Sudoku Explainer's part of the CLI's `rate` records (`rate --json`):
    `4.5/1.2/1.2 hard`, or the record's message, as the batch `rate` prints."""
    import json

    messages = {
        "multiple": "Multiple Solutions",
        "no_solution": "No solution",
        "invalid": "Invalid puzzle",
        "unrated": "Unrated",
        "solved": "Solved",
        "gave_up": "Gave up",
    }
    out = []
    for line in run_cli(cli, "rate", "--json", "--no-checks", *args, stdin=stdin):
        v = json.loads(line)
        r = v.get("rating")
        if r is not None:
            out.append(f"{r['er']:.1f}/{r['ep']:.1f}/{r['ed']:.1f} {r['level']}")
        else:
            out.append(messages[v["verdict"]])
    return out


def cli_answers(records: List[str]) -> List[Optional[str]]:
    """CLI `solve` records as Python answers: the line, or None for a message."""
    messages = {"No solution", "Multiple Solutions", "Invalid puzzle", "Gave up"}
    return [None if r in messages else r for r in records]
