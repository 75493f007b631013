#!/bin/bash
# Byte-for-byte check of the logic: runs `rate --json`, `hint`, `explain` and seeded `generate`
# with two sudokit binaries on the same inputs and diffs every output. Prints IDENTICAL (exit 0)
# or the differences (exit 1).
#
# usage: scripts/peers/chains-check.sh OLD_BINARY NEW_BINARY
# With a fixed OUT, OLD's outputs are made once and kept (OUT/old/.done; remove it to redo them),
# so later checks of new binaries against the same OLD run only NEW.
# env: DATA (bench-data dir, default ../shared/bench-data), OUT (work dir, default a temp dir),
#      JOBS (-j for rate/hint/explain, default 2). Needs qqwing on PATH for the qqwing set
#      (skipped without it). From the repository root (examples/, crates/.../logic_hard.txt).
set -u
OLD=$(realpath "$1"); NEW=$(realpath "$2")
DATA=${DATA:-../shared/bench-data}
OUT=${OUT:-$(mktemp -d)}
JOBS=${JOBS:-2}
ROOT=$(pwd)
mkdir -p "$OUT/sets"
S=$OUT/sets
lines() { grep -E '^[0-9.]{81}' "$1"; }
# The sets: whole magictour, every 100th of the 17-clue set (400), qqwing intermediate and
# expert (200 each, made once), every 15th and the first 10 of forum_hardest_1106, every 5000th
# of forum_hardest_1905_11+, the in-repo hard fixture.
[ -s "$S/mt.txt" ] || lines "$DATA/puzzles3_magictour_top1465.txt" > "$S/mt.txt"
[ -s "$S/s17.txt" ] || lines "$DATA/puzzles2_17_clue.txt" | awk 'NR%100==1' | head -400 > "$S/s17.txt"
[ -s "$S/fh1106.txt" ] || lines "$DATA/puzzles6_forum_hardest_1106.txt" | awk 'NR%15==1' > "$S/fh1106.txt"
[ -s "$S/fh10.txt" ] || lines "$DATA/puzzles6_forum_hardest_1106.txt" | head -10 > "$S/fh10.txt"
[ -s "$S/fh1905.txt" ] || lines "$DATA/puzzles5_forum_hardest_1905_11+.txt" | awk 'NR%5000==1' > "$S/fh1905.txt"
cp "$ROOT/crates/sudokit/tests/data/logic_hard.txt" "$S/logic_hard.txt"
if [ ! -s "$S/qq400.txt" ] && command -v qqwing > /dev/null; then
  { qqwing --generate 200 --difficulty intermediate --one-line
    qqwing --generate 200 --difficulty expert --one-line; } > "$S/qq400.txt" 2> /dev/null
fi
run() {
  local B=$1 O=$2
  mkdir -p "$O"
  for s in mt s17 qq400 fh1106 fh10 fh1905 logic_hard; do
    [ -s "$S/$s.txt" ] && "$B" rate -j"$JOBS" --json "$S/$s.txt" > "$O/rate-$s.json" 2>&1
  done
  awk 'NR%20==1' "$S/mt.txt" > "$S/mt20.txt"
  "$B" explain -j"$JOBS" "$S/mt20.txt" > "$O/explain-mt20.txt" 2>&1
  [ -s "$S/qq400.txt" ] && tail -50 "$S/qq400.txt" > "$S/qq50.txt" \
    && "$B" explain -j"$JOBS" --json "$S/qq50.txt" > "$O/explain-qq50.json" 2>&1
  "$B" explain -j"$JOBS" "$S/logic_hard.txt" > "$O/explain-logic_hard.txt" 2>&1
  "$B" hint -j"$JOBS" "$S/mt.txt" > "$O/hint-mt.txt" 2>&1
  [ -s "$S/qq400.txt" ] && "$B" hint --json -j"$JOBS" "$S/qq400.txt" > "$O/hint-qq.json" 2>&1
  (cd "$ROOT" && "$B" rate examples/rate.txt; "$B" hint examples/pencilmark.txt
   "$B" explain examples/explain.txt) > "$O/examples.txt" 2>&1
  "$B" generate -n 40 --rating 7.0.. --seed 11 -j1 > "$O/gen-r7.txt" 2>&1
  "$B" generate -n 20 --level expert --seed 12 -j1 > "$O/gen-expert.txt" 2>&1
  "$B" generate -n 3 --level extreme --seed 13 -j1 > "$O/gen-extreme.txt" 2>&1
  "$B" generate -n 20 --rating 7.0.. --seed 14 -j2 --symmetry rotate180 > "$O/gen-r7sym.txt" 2>&1
}
if [ ! -e "$OUT/old/.done" ]; then
  rm -rf "$OUT/old"
  run "$OLD" "$OUT/old"
  echo "$OLD" > "$OUT/old/.done"
fi
rm -rf "$OUT/new"
run "$NEW" "$OUT/new"
if diff -r -x .done "$OUT/old" "$OUT/new"; then
  echo "IDENTICAL ($(cat "$OUT"/old/* | wc -l) lines in $(ls "$OUT/old" | wc -l) outputs; $OUT)"
else
  exit 1
fi
