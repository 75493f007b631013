#!/usr/bin/env bash
# Runs every fuzz target (or those named) one after the other for SECS
# seconds each (default 60), with libFuzzer, and prints a summary line per
# target: its run time and executions, and whether it found a crash.
#
#   fuzz/run.sh                 # every target, 60 s each
#   SECS=600 fuzz/run.sh        # 10 minutes each
#   fuzz/run.sh parse_grid solve_small
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Corpora grow in fuzz/corpus/TARGET, crashes land in fuzz/artifacts/TARGET
# (both git-ignored); logs go to fuzz/logs/TARGET.log. Set FUZZ_TARGET_DIR to
# build elsewhere than fuzz/target.
set -uo pipefail
cd "$(dirname "$0")"

secs=${SECS:-60}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
dir_args=()
if [ -n "${FUZZ_TARGET_DIR:-}" ]; then
  dir_args=(--target-dir "$FUZZ_TARGET_DIR")
fi
mkdir -p logs
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  # Seed the corpus with the examples so the parsers start from real input.
  cp -n ../examples/*.txt "corpus/$t/" 2>/dev/null || true
  # Safe Rust only (the crates forbid unsafe code): no sanitizer, which
  # doubles the speed; debug assertions on, so overflows are caught.
  cargo +nightly fuzz run --sanitizer none --debug-assertions "${dir_args[@]}" "$t" "corpus/$t" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    >"logs/$t.log" 2>&1
  rc=$?
  done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "logs/$t.log" | tail -1)
  if [ $rc -ne 0 ]; then
    status=1
    echo "$t: FAILED (exit $rc): see fuzz/logs/$t.log and fuzz/artifacts/$t"
  else
    echo "$t: ${done_line:-no summary line}"
  fi
done
exit $status
