"""sudokit on a Dask cluster: rate a large puzzle file, or generate a large
dataset, in partitions. The same code runs on a LocalCluster (the test) and a
real cluster (pass its scheduler address).

    python dask_dataset.py rate puzzles.txt ratings.txt [SCHEDULER]
    python dask_dataset.py generate 1000000 dataset/ [SCHEDULER]

Each partition is one call of a batch function on one worker, which uses
every core it has (``threads=None``) with the GIL released; puzzles never
leave their partition, so the cost is the work plus the shipping of text.
"""

from __future__ import annotations

import os
import sys
from typing import List, Optional, Tuple

import numpy as np

import sudokit


def rate_partition(lines: List[str]) -> List[str]:
    """One partition of a puzzle file: its ratings as `sudokit rate` prints them."""
    puzzles = [line.strip() for line in lines if line.strip()]
    ratings, status = sudokit.rate(puzzles, status=True)
    names = {1: "No solution", 2: "Multiple Solutions", 3: "Invalid puzzle", 4: "Gave up",
             5: "Unrated", 6: "Solved"}
    return [str(r) if r is not None else names[int(s)] for r, s in zip(ratings, status)]


def rate_file(client: "distributed.Client", path: str, out: str, blocksize: str = "4MiB") -> int:
    """Rates every puzzle of `path` on the cluster, writes one line per puzzle
    to `out` in input order, and returns the count."""
    import dask.bag as db

    bag = db.read_text(path, blocksize=blocksize).map_partitions(rate_partition)
    lines = client.compute(bag).result()
    with open(out, "w") as f:
        for line in lines:
            f.write(line + "\n")
    return len(lines)


def generate_partition(
    start: int, count: int, seed: int, level: Optional[str], out_dir: str
) -> Tuple[str, int]:
    """Puzzles start..start+count-1 of the run seeded `seed`, with solutions
    and ratings, saved as one .npz; the file's name and the puzzles made."""
    made = sudokit.generate(count, seed=seed, start=start, level=level)
    er = sudokit.rate(made.puzzles)
    path = os.path.join(out_dir, f"part-{start:012d}.npz")
    np.savez_compressed(path, puzzles=made.puzzles, solutions=made.solutions, er=er,
                        status=made.status)
    return path, int((made.status == sudokit.Status.OK).sum())


def generate_dataset(
    client: "distributed.Client",
    n: int,
    out_dir: str,
    seed: int = 1,
    per_partition: int = 10_000,
    level: Optional[str] = None,
) -> List[str]:
    """A dataset of `n` puzzles in partitions of `per_partition`: the same
    puzzles as `sudokit.generate(n, seed=seed)` on one machine, in files."""
    os.makedirs(out_dir, exist_ok=True)
    futures = [
        client.submit(generate_partition, s, min(per_partition, n - s), seed, level, out_dir,
                      pure=False)
        for s in range(0, n, per_partition)
    ]
    return [path for path, _ in client.gather(futures)]


def main(argv: List[str]) -> None:
    from distributed import Client, LocalCluster

    what, arg, out = argv[1], argv[2], argv[3]
    client = Client(argv[4]) if len(argv) > 4 else Client(LocalCluster())
    if what == "rate":
        print(rate_file(client, arg, out), "puzzles rated")
    else:
        print(len(generate_dataset(client, int(arg), out)), "partitions written")


if __name__ == "__main__":
    main(sys.argv)
