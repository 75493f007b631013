"""The Dask example on a LocalCluster of two workers: the same answers as one
process."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import sudokit
from conftest import FIXTURES, HERE, lines_of

distributed = pytest.importorskip("distributed")
sys.path.insert(0, str(HERE.parent / "examples"))
import dask_dataset  # noqa: E402


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_rate_a_file_in_partitions(client, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "p.txt"
    made = sudokit.generate(300, seed=8)
    src.write_text("\n".join(made.puzzle_lines() + lines_of(FIXTURES / "mixed.txt")) + "\n")
    out = tmp_path / "ratings.txt"
    n = dask_dataset.rate_file(client, str(src), str(out), blocksize="4KiB")
    lines = out.read_text().splitlines()
    assert n == len(lines) == 344
    assert lines == dask_dataset.rate_partition(src.read_text().splitlines())


def test_generate_a_dataset_in_partitions(client, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    paths = dask_dataset.generate_dataset(client, 250, str(tmp_path), seed=3, per_partition=60)
    assert len(paths) == 5
    parts = [np.load(p) for p in sorted(paths)]
    puzzles = np.concatenate([p["puzzles"] for p in parts])
    whole = sudokit.generate(250, seed=3)
    assert (puzzles == whole.puzzles).all()
    assert (np.concatenate([p["solutions"] for p in parts]) == whole.solutions).all()
    er = np.concatenate([p["er"] for p in parts])
    assert er.shape == (250, 3) and not np.isnan(er).any()
