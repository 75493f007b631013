#!/usr/bin/env bash
# Builds the big-grid benchmark sets in bench-data/big/ with sudokit generate
# (seeded: the same files every time). The "hard" sets are the puzzles of a
# larger generated pool that take the dfs engine the most search nodes to
# solve and prove unique.
#   scripts/big-grids/make-sets.sh        (uses target/release/sudokit)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SUDOKIT:-target/release/sudokit}
out=bench-data/big
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# The `count` puzzles of FILE that take dfs the most nodes at limit 2.
hardest() {
  "$bin" solve --json -e dfs --limit 2 "$1" |
    python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin]
rows.sort(key=lambda r: -r["stats"]["nodes"])
for r in rows[:int(sys.argv[1])]:
    print(r["puzzle"])' "$2"
}

"$bin" generate --size 16 --minimal -n 100 --seed 16 > "$out/16x16-minimal.txt"
"$bin" generate --size 16 --minimal -n 1000 --seed 1600 > "$tmp/pool16.txt"
hardest "$tmp/pool16.txt" 25 > "$out/16x16-hard.txt"
"$bin" generate --size 25 -n 30 --seed 25 > "$out/25x25-unique.txt"
"$bin" generate --size 25 -n 100 --seed 2500 > "$tmp/pool25.txt"
hardest "$tmp/pool25.txt" 10 > "$out/25x25-hard.txt"
wc -l "$out"/*.txt
