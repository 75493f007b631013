#!/bin/bash
# In-process, single-thread throughput: `sudokit bench` against the peers' libraries timed the same
# way (every puzzle read first, 0.5 s warm-up, then solved in order, round after round, for SECS).
# Runs are interleaved (rep 1 of every program, then rep 2, ...); prints puzzles/s of the median.
#
# The peers' harnesses are in harness/ (our code, calling the peers' public APIs); build them in
# the git-ignored peers/ (see docs/benchmarks.md):
#   tdoku:  clang -O3 -march=native harness/tdoku-bench.c -I$PEERS_DIR/tdoku/include \
#             $PEERS_DIR/tdoku/build/libtdoku_static.a -o $PEERS_DIR/tdoku/bench -lstdc++ -lm
#   Rust sudoku 0.8: RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=$PEERS_DIR/target-rs \
#             cargo build --release --manifest-path harness/rust-sudoku/Cargo.toml
# tdoku at limit 2 counts solutions (its own harness's mode); the others also return the solution.
#
# Env: SUDOKIT TDOKU_BENCH RUST_SUDOKU SETS (files) LIMITS (default "1 2") REPS (5) SECS (1) CPU (0)
set -u
PEERS_DIR=${PEERS_DIR:-peers}
SUDOKIT=${SUDOKIT:-target/release/sudokit}
TDOKU_BENCH=${TDOKU_BENCH:-$PEERS_DIR/tdoku/bench}
RUST_SUDOKU=${RUST_SUDOKU:-$PEERS_DIR/target-rs/release/rust-sudoku-peer}
BENCH_DATA=${BENCH_DATA:-../shared/bench-data}
read -r -a SETS <<<"${SETS:-$(ls "$BENCH_DATA"/puzzles*.txt | tr '\n' ' ')}"
LIMITS=${LIMITS:-1 2}
REPS=${REPS:-5}
SECS=${SECS:-1}
CPU=${CPU:-0}
PIN=()
if command -v taskset >/dev/null 2>&1; then PIN=(taskset -c "$CPU"); fi

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{ if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
rate() { # program limit file -> puzzles/s
  case $1 in
    sudokit) "${PIN[@]}" "$SUDOKIT" bench --limit "$2" --seconds "$SECS" "$3" 2>/dev/null |
      awk -F'|' '/^\| [^-]/ && $4 ~ /[0-9]/ {gsub(/ /, "", $4); print $4}' ;;
    tdoku) "${PIN[@]}" "$TDOKU_BENCH" "$2" "$SECS" "$3" | awk '{print $1}' ;;
    rust) "${PIN[@]}" "$RUST_SUDOKU" bench "$2" "$SECS" "$3" | awk '{print $1}' ;;
  esac
}

PROGS=()
[ -x "$SUDOKIT" ] && PROGS+=(sudokit)
[ -x "$TDOKU_BENCH" ] && PROGS+=(tdoku) || echo "# no $TDOKU_BENCH: tdoku skipped" >&2
[ -x "$RUST_SUDOKU" ] && PROGS+=(rust) || echo "# no $RUST_SUDOKU: Rust sudoku skipped" >&2

declare -A R
for F in "${SETS[@]}"; do
  for L in $LIMITS; do
    for ((r = 1; r <= REPS; r++)); do
      for p in "${PROGS[@]}"; do
        v=$(rate "$p" "$L" "$F")
        # A run that printed no rate (a missing file, a crash) is named, not counted as 0.
        if [[ "$v" =~ ^[0-9.]+$ ]]; then R["$F|$L|$p"]+="$v "; else echo "# $p failed on $F at limit $L" >&2; fi
      done
    done
    for p in "${PROGS[@]}"; do echo "# $(basename "$F") limit $L $p: ${R["$F|$L|$p"]:-none}" >&2; done
  done
done

echo "Host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); ${PIN[*]}; $(date -u '+%Y-%m-%d %H:%M UTC'); SUDOKIT_BACKEND=${SUDOKIT_BACKEND:-best}; median of $REPS interleaved, ${SECS} s each"
echo
head="| set | limit |"; sep="|---|---:|"
for p in "${PROGS[@]}"; do head+=" $p |"; sep+="---:|"; done
echo "$head sudokit / best peer |"; echo "$sep---:|"
for F in "${SETS[@]}"; do
  for L in $LIMITS; do
    row="| $(basename "$F" .txt) | $L |"; best=0; own=0
    for p in "${PROGS[@]}"; do
      if [ -z "${R["$F|$L|$p"]:-}" ]; then row+=" — |"; continue; fi
      m=$(median ${R["$F|$L|$p"]}); row+=" $(printf '%.0f' "$m") |"
      if [ "$p" = sudokit ]; then own=$m; elif awk -v a="$m" -v b="$best" 'BEGIN{exit !(a>b)}'; then best=$m; fi
    done
    echo "$row $(awk -v a="$own" -v b="$best" 'BEGIN{ if (a > 0 && b > 0) printf "%.2f", a/b; else print "-" }') |"
  done
done
