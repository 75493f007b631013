#!/bin/bash
# Whole-process, single-thread throughput of peer sudoku solvers vs sudokit.
# For each dataset in $DATA (default $PEERS_DIR/data/*.50k.txt) and each program+mode:
# run it $REPS times (default 5, interleaved with the other programs) pinned to one CPU, input from
# the dataset, output discarded, wall time from bash's $EPOCHREALTIME (µs); report puzzles/s of the
# median run as a markdown table.
#
# Env overrides: SUDOKIT TDOKU RUST_SUDOKU SCHOKU DATA REPS CPU ONLY (regex on "program|mode" labels)
# Missing programs are skipped with a note. Each time includes starting bash (about 1 ms).
set -u

PEERS_DIR=${PEERS_DIR:-peers}
SUDOKIT=${SUDOKIT:-target/release/sudokit}
TDOKU=${TDOKU:-$PEERS_DIR/tdoku/solve}
RUST_SUDOKU=${RUST_SUDOKU:-$PEERS_DIR/target-rs/release/rust-sudoku-peer}
SCHOKU=${SCHOKU:-$PEERS_DIR/schoku/src/schoku}
DATA=${DATA:-$PEERS_DIR/data}
REPS=${REPS:-5}
CPU=${CPU:-0}
ONLY=${ONLY:-}

PIN=()
if command -v taskset >/dev/null 2>&1; then PIN=(taskset -c "$CPU"); fi

WORK=$(mktemp -d /dev/shm/peers-run.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# label | mode | binary | command (bash, $F = dataset file, $OUT = scratch output file)
# Everything reads the file named $F and writes to /dev/null, except Schoku, which mmaps its
# input file (cannot read a pipe) and mmaps its output to a regular file (ftruncate fails on
# /dev/null), so its output goes to a scratch file in tmpfs.
ENTRIES=(
  "sudokit|first|$SUDOKIT|\"\$SUDOKIT\" solve --format line --limit 1 \"\$F\" > /dev/null"
  "sudokit|unique|$SUDOKIT|\"\$SUDOKIT\" solve --format line --limit 2 \"\$F\" > /dev/null"
  "sudokit triad9|first|$SUDOKIT|\"\$SUDOKIT\" solve --engine triad9 --format line --limit 1 \"\$F\" > /dev/null"
  "sudokit triad9|unique|$SUDOKIT|\"\$SUDOKIT\" solve --engine triad9 --format line --limit 2 \"\$F\" > /dev/null"
  "tdoku example/solve|first|$TDOKU|\"\$TDOKU\" 1 < \"\$F\" > /dev/null"
  "tdoku example/solve|unique (+sol, 2 solves)|$TDOKU|\"\$TDOKU\" 2 < \"\$F\" > /dev/null"
  "rust sudoku 0.8|first|$RUST_SUDOKU|\"\$RUST_SUDOKU\" 1 < \"\$F\" > /dev/null"
  "rust sudoku 0.8|unique (+sol)|$RUST_SUDOKU|\"\$RUST_SUDOKU\" 2 < \"\$F\" > /dev/null"
  "Schoku 0.9.6 -t1 -ro|first|$SCHOKU|\"\$SCHOKU\" -t1 -ro \"\$F\" \"\$OUT\" > /dev/null"
  "Schoku 0.9.6 -t1 -rm|unique (+sol)|$SCHOKU|\"\$SCHOKU\" -t1 -rm \"\$F\" \"\$OUT\" > /dev/null"
)

shopt -s nullglob
FILES=("$DATA"/*.txt)
[ ${#FILES[@]} -gt 0 ] || { echo "error: no datasets in $DATA" >&2; exit 2; }

export SUDOKIT TDOKU RUST_SUDOKU SCHOKU

# median of whitespace-separated numbers
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{ if (NR==0) print ""; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }

notes=()
declare -A RATE RAW
header="| program | mode |"; sep="|---|---|"
for F in "${FILES[@]}"; do
  d=$(basename "$F" .txt); d=${d%.50k}; d=${d#puzzles}
  header+=" $d |"; sep+="---:|"
done

# Runs are interleaved (rep 1 of every program, then rep 2, ...) so that a drift in the
# machine's speed during a dataset hits every program alike.
declare -A TIMES STATUS
for F in "${FILES[@]}"; do
  n=$(grep -cE '^[0-9.]{81}' "$F")
  d=$(basename "$F")
  for ((r = 1; r <= REPS; r++)); do
    for e in "${ENTRIES[@]}"; do
      IFS='|' read -r label mode bin cmd <<<"$e"
      key="$label|$mode"
      [ -n "$ONLY" ] && ! [[ "$key" =~ $ONLY ]] && continue
      [ -x "$bin" ] || continue
      [ "${STATUS["$key|$F"]:-ok}" = ok ] || continue
      export F OUT="$WORK/out.txt"
      rm -f "$OUT"
      t0=$EPOCHREALTIME
      "${PIN[@]}" bash -c "$cmd" 2> "$WORK/err"
      rc=$?
      t1=$EPOCHREALTIME
      if [ $rc -ne 0 ]; then
        STATUS["$key|$F"]="exit $rc"
        notes+=("$label ($mode) on $d: exit $rc: $(head -c 200 "$WORK/err" | tr '\n' ' ')")
        echo "# $label | $mode | $d: exit $rc" >&2
        continue
      fi
      TIMES["$key|$F"]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b - a}') "
    done
  done
  for e in "${ENTRIES[@]}"; do
    IFS='|' read -r label mode bin cmd <<<"$e"
    key="$label|$mode"
    [ -n "$ONLY" ] && ! [[ "$key" =~ $ONLY ]] && continue
    if [ ! -x "$bin" ]; then RATE["$key|$F"]="—"; continue; fi
    if [ "${STATUS["$key|$F"]:-ok}" != ok ]; then
      RATE["$key|$F"]="fail"; RAW["$key|$F"]="${STATUS["$key|$F"]}"; continue
    fi
    read -r -a times <<<"${TIMES["$key|$F"]}"
    med=$(median "${times[@]}")
    RAW["$key|$F"]="${times[*]}"
    RATE["$key|$F"]=$(awk -v n="$n" -v t="$med" 'BEGIN{ if (t <= 0) print "-"; else printf "%.0f", n/t }' | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')
    echo "# $label | $mode | $d: ${times[*]} s -> ${RATE["$key|$F"]}/s" >&2
  done
done

for e in "${ENTRIES[@]}"; do
  IFS='|' read -r label mode bin cmd <<<"$e"
  [ -x "$bin" ] || notes+=("$label ($mode) skipped: $bin not found or not executable")
done

echo "## Peer throughput, whole process, one thread (puzzles/s of the median of $REPS runs)"
echo
echo "Host: $(uname -n), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); pinned: ${PIN[*]:-no taskset}; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "Datasets: $DATA ($(for F in "${FILES[@]}"; do printf '%s ' "$(grep -cE '^[0-9.]{81}' "$F")"; done| sed 's/ $//') puzzles); timer: bash \$EPOCHREALTIME around each run, runs interleaved."
echo
echo "$header"; echo "$sep"
seen=()
for e in "${ENTRIES[@]}"; do
  IFS='|' read -r label mode bin cmd <<<"$e"
  key="$label|$mode"
  [ -n "$ONLY" ] && ! [[ "$key" =~ $ONLY ]] && continue
  row="| $label | $mode |"
  for F in "${FILES[@]}"; do row+=" ${RATE["$key|$F"]:-—} |"; done
  echo "$row"
done
echo
echo "Raw wall times (s) per run:"
echo
echo "$header"; echo "$sep"
for e in "${ENTRIES[@]}"; do
  IFS='|' read -r label mode bin cmd <<<"$e"
  key="$label|$mode"
  [ -n "$ONLY" ] && ! [[ "$key" =~ $ONLY ]] && continue
  row="| $label | $mode |"
  for F in "${FILES[@]}"; do row+=" ${RAW["$key|$F"]:-—} |"; done
  echo "$row"
done
if [ ${#notes[@]} -gt 0 ]; then
  echo; echo "Notes:"; for x in "${notes[@]}"; do echo "- $x"; done
fi
