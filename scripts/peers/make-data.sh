#!/bin/bash
# Build $PEERS_DIR/data/<name>.50k.txt (PEERS_DIR defaults to ./peers, git-ignored): puzzle lines (81 chars) of each bench file, repeated
# until >= 50,000 lines and truncated to exactly max(50000, n) lines (files larger than 50k: as is).
set -eu
out=${DATA:-${PEERS_DIR:-peers}/data}; mkdir -p "$out"
for f in "${BENCH_DATA:-../shared/bench-data}"/*.txt; do
  name=$(basename "$f" .txt)
  tmp=$(mktemp)
  grep -E '^[0-9.]{81}' "$f" | cut -c1-81 > "$tmp"   # skip comment/blank lines
  n=$(wc -l < "$tmp")
  if [ "$n" -ge 50000 ]; then cp "$tmp" "$out/$name.50k.txt"
  else
    reps=$(( (50000 + n - 1) / n ))
    for ((i=0;i<reps;i++)); do cat "$tmp"; done | head -n 50000 > "$out/$name.50k.txt"
  fi
  rm -f "$tmp"
  echo "$name: $n puzzles -> $(wc -l < "$out/$name.50k.txt") lines"
done
