#!/bin/bash
# Deterministic figures for comparing fast9 builds on a noisy machine: guesses per puzzle at limit 1
# and limit 2 (`sudokit bench`), and with CALLGRIND=1 the instructions of the whole
# `sudokit solve --threads 1 -f line` under valgrind's callgrind (which runs the AVX2 kernel; it
# cannot run AVX-512 code). Fixed samples, the heads of the bench-data files:
#   a_1905   first 2,000 of forum_hardest_1905_11+ (its first 1,000 for instructions, at limit 2)
#   b_1106   all 375 of forum_hardest_1106
#   c_magic  all 1,465 of magictour_top1465
#   d_serg   first 3,000 of serg (instructions at limit 1)
#   e_17     first 3,000 of 17_clue (instructions at limit 1)
# These are the samples of the instruction tables in docs/benchmarks.md.
#
# Usage: scripts/fast9-samples.sh [SUDOKIT]   (default target/release/sudokit)
# Environment: BENCH_DATA (default ../shared/bench-data), SAMPLES (where the samples are written,
# default $TMPDIR/sudokit-samples), CALLGRIND=1 to count instructions too (a few minutes),
# ENGINE (default fast9; triad9 for the box/band engine).
set -eu
bin=${1:-target/release/sudokit}
data=${BENCH_DATA:-../shared/bench-data}
dir=${SAMPLES:-${TMPDIR:-/tmp}/sudokit-samples}
engine=${ENGINE:-fast9}
mkdir -p "$dir"
head -n 2000 "$data/puzzles5_forum_hardest_1905_11+.txt" > "$dir/a_1905.txt"
cp "$data/puzzles6_forum_hardest_1106.txt" "$dir/b_1106.txt"
cp "$data/puzzles3_magictour_top1465.txt" "$dir/c_magic.txt"
head -n 3000 "$data/puzzles7_serg_benchmark.txt" > "$dir/d_serg.txt"
head -n 3000 "$data/puzzles2_17_clue.txt" > "$dir/e_17.txt"
for limit in 1 2; do
  printf 'guesses per puzzle, limit %s:' "$limit"
  "$bin" bench --seconds 0.3 --limit "$limit" --engine "$engine" "$dir"/[a-e]_*.txt |
    awk -F'|' '/^\| [a-e]_/ { gsub(/ /, "", $2); gsub(/ /, "", $7); printf "  %s %s", $2, $7 }'
  echo
done
if [ "${CALLGRIND:-0}" = 1 ]; then
  head -n 1000 "$dir/a_1905.txt" > "$dir/1905_1k.txt"
  ir() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bin" solve --threads 1 --engine "$engine" -l "$2" -f line "$1" 2>&1 >/dev/null |
      grep -o 'Collected : [0-9]*' | cut -d' ' -f3
  }
  echo "instructions: serg L1 $(ir "$dir/d_serg.txt" 1)  17-clue L1 $(ir "$dir/e_17.txt" 1)" \
    " magictour L1 $(ir "$dir/c_magic.txt" 1)  1905_11+ (1,000) L2 $(ir "$dir/1905_1k.txt" 2)"
fi
