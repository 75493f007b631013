#!/bin/bash
# Side by side, one thread, whole process: `sudokit rate` against serate (Sukaku Explainer, SE 1.2.1
# technique set) and `sudokit generate` against qqwing; user CPU seconds of each run
# (/usr/bin/time), ROUNDS rounds, every program once per round in turn. Prints one line per run:
# LABEL USER SYS. Take medians per label; compare within one invocation.
#
# usage: scripts/peers/chains-bench.sh ROUNDS OLD_SUDOKIT NEW_SUDOKIT
# env: DATA (bench-data dir, default ../shared/bench-data), SERATE_CP (classpath of serate built
#      from SudokuMonster/SukakuExplainer: `javac -encoding ISO-8859-1 -d DIR $(find diuf -name
#      '*.java')`, then copy the non-Java files of diuf/ into DIR; unset: serate skipped),
#      SERATE_FH=1 to time serate on forum_hardest_1106 1-10 too (about 15 CPU minutes a run).
set -u
R=${1:-3}; OLD=$2; NEW=$3
DATA=${DATA:-../shared/bench-data}
SERATE_CP=${SERATE_CP:-}
W=$(mktemp -d)
grep -E '^[0-9.]{81}' "$DATA/puzzles3_magictour_top1465.txt" | head -100 > "$W/mt100.txt"
grep -E '^[0-9.]{81}' "$DATA/puzzles6_forum_hardest_1106.txt" | head -10 > "$W/fh10.txt"
serate() {
  java -Xmx500m -cp "$SERATE_CP" diuf.sudoku.test.serate --threads=1 \
    --techs=1111111111010111011011011011000010100010111111 --input="$1"
}
t() {
  local label=$1; shift
  /usr/bin/time -f "$label %U %S" "$@" > /dev/null 2> "$W/err" || echo "$label FAILED"
  tail -1 "$W/err"
}
export -f serate; export SERATE_CP
for r in $(seq 1 "$R"); do
  [ -n "$SERATE_CP" ] && t serate-mt100 bash -c 'serate "$0"' "$W/mt100.txt"
  t old-mt100 "$OLD" rate -j1 "$W/mt100.txt"
  t new-mt100 "$NEW" rate -j1 "$W/mt100.txt"
  [ -n "$SERATE_CP" ] && [ "${SERATE_FH:-0}" = 1 ] && t serate-fh10 bash -c 'serate "$0"' "$W/fh10.txt"
  t old-fh10 "$OLD" rate -j1 "$W/fh10.txt"
  t new-fh10 "$NEW" rate -j1 "$W/fh10.txt"
  command -v qqwing > /dev/null && t qqwing-expert-300 qqwing --generate 300 --difficulty expert --one-line
  t old-r7-1000 "$OLD" generate -n 1000 --rating 7.0.. --seed $((100 + r)) -j1
  t new-r7-1000 "$NEW" generate -n 1000 --rating 7.0.. --seed $((100 + r)) -j1
  t old-expert-300 "$OLD" generate -n 300 --level expert --seed $((200 + r)) -j1
  t new-expert-300 "$NEW" generate -n 300 --level expert --seed $((200 + r)) -j1
  t old-extreme-10 "$OLD" generate -n 10 --level extreme --seed $((300 + r)) -j1
  t new-extreme-10 "$NEW" generate -n 10 --level extreme --seed $((300 + r)) -j1
done
rm -rf "$W"
