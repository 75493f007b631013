#!/usr/bin/env bash
# Times solvers on the big-grid sets, whole process, one core, first
# solution: sudokit's dfs, dlx and auto, seed 001's POJ 3076 DLX (16x16
# only; built from the seed document outside the repository, path in
# SEED_DLX) and SAT solvers on the standard encoding (scripts/big-grids/sat.py;
# encoding untimed). Prints puzzles/s, the median of REPS interleaved runs.
#   REPS=5 CPU=1 scripts/big-grids/run.sh [bench-data/big/*.txt]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SUDOKIT:-target/release/sudokit}
seed=${SEED_DLX:-/work/peers/seed001/poj3076}
reps=${REPS:-5}
cpu=${CPU:-1}
# sudokit runs the set this many times over in one process, so start-up is
# not what is timed.
times=${TIMES:-20}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(bench-data/big/*.txt)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Seconds of user+system CPU of a command.
cpu_seconds() {
  /usr/bin/time -f "%U %S" -o "$tmp/time" taskset -c "$cpu" "$@" > "$tmp/out" 2>/dev/null
  awk '{print $1 + $2}' "$tmp/time"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| set | puzzles | sudokit dfs | sudokit dlx | sudokit auto | seed 001 DLX | cadical | minisat |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  n=$(grep -cv '^#' "$f")
  side=$(head -1 "$f" | tr -d '\n' | wc -c | awk '{print int(sqrt($1) + 0.5)}')
  for _ in $(seq "$times"); do cat "$f"; done > "$tmp/many.txt"
  have_seed=0
  if [ "$side" = 16 ] && [ -x "$seed" ]; then
    have_seed=1
    # POJ 3076 input: letters A-P, '-' for empty, 16 rows per case.
    python3 -c '
import sys
sym = "123456789ABCDEFG"
for line in open(sys.argv[1]):
    line = line.strip()
    if not line: continue
    text = "".join("-" if c == "." else chr(65 + sym.index(c)) for c in line)
    print("\n".join(text[i:i + 16] for i in range(0, 256, 16)))
    print()' "$f" > "$tmp/poj.txt"
  fi
  declare -A runs=()
  for _ in $(seq "$reps"); do
    for e in dfs dlx auto; do
      runs[$e]+="$(cpu_seconds "$bin" solve -e "$e" --limit 1 -j 1 "$tmp/many.txt") "
    done
    if [ $have_seed = 1 ]; then
      runs[seed]+="$(/usr/bin/time -f "%U %S" -o "$tmp/time" taskset -c "$cpu" "$seed" < "$tmp/poj.txt" > /dev/null; awk '{print $1 + $2}' "$tmp/time") "
    fi
    for s in cadical minisat; do
      if command -v "$s" > /dev/null; then
        runs[$s]+="$(taskset -c "$cpu" python3 scripts/big-grids/sat.py "$(command -v $s)" "$f" | sed -E 's/.* in ([0-9.]+) s.*/\1/') "
      fi
    done
  done
  row="| $(basename "$f") | $n"
  for k in dfs dlx auto seed cadical minisat; do
    if [ -z "${runs[$k]:-}" ]; then row+=" | —"; continue; fi
    secs=$(echo "${runs[$k]}" | tr ' ' '\n' | grep . | median)
    count=$n
    case $k in dfs|dlx|auto) count=$((n * times));; esac
    row+=" | $(awk -v c="$count" -v s="$secs" 'BEGIN {printf "%.1f", c / (s > 0 ? s : 0.001)}')"
  done
  echo "$row |"
  unset runs
done
