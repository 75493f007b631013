"""The typed usage examples run (mypy --strict checks them in CI)."""

from __future__ import annotations

import runpy

from conftest import HERE


def test_typed_usage_examples_run() -> None:
    runpy.run_path(str(HERE / "typing" / "usage.py"), run_name="__main__")
