#!/usr/bin/env bash
# Runs the libFuzzer targets built by Fuzz/build.sh, one after another, each for FUZZ_SECONDS.
#
#   Fuzz/run.sh                   every target
#   Fuzz/run.sh gpx               one target
#   FUZZ_SECONDS=600 Fuzz/run.sh  ten minutes each
#
# Each target starts from a copy of its seeds, Fuzz/corpus/<target>/, in
# .build/fuzz/corpus/<target>/ (inputs libFuzzer finds interesting are added there and kept for
# the next run; the repository is never written to), with its dictionary Fuzz/dict/<target>.dict.
# A crash, a leak, a timeout (-timeout) or running out of memory (-rss_limit_mb) makes libFuzzer
# exit non-zero and write the input to .build/fuzz/artifacts/<target>/; this script goes on with
# the other targets, then fails. The full log of each run is .build/fuzz/logs/<target>.log.
#
# Environment: FUZZ_SECONDS (default 60), FUZZ_BUILD_DIR (default .build/fuzz), FUZZ_ARGS (more
# libFuzzer flags, e.g. "-seed=1 -max_len=8192").
set -euo pipefail
export PATH="$PATH:/opt/swift/usr/bin"  # llvm-symbolizer, for the stacks
# Swift's own crash backtracer reads the crashed process's memory, which AddressSanitizer then
# reports as an "unknown-crash" in CrashHandlerLinux.cpp, hiding the trap. Without it libFuzzer
# prints the stack, starting at "Swift runtime failure: <what trapped>".
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="${FUZZ_BUILD_DIR:-$ROOT/.build/fuzz}"
SECONDS_EACH="${FUZZ_SECONDS:-60}"
ALL_TARGETS=(csv statement amount time gpx template argv)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

failed=()
summary=()
for target in "${TARGETS[@]}"; do
  bin="$OUT/bin/fuzz-$target"
  [ -x "$bin" ] || { echo "fuzz: $bin is missing: run Fuzz/build.sh $target" >&2; exit 2; }
  corpus="$OUT/corpus/$target"
  artifacts="$OUT/artifacts/$target"
  log="$OUT/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  cp -p "Fuzz/corpus/$target"/* "$corpus"/
  dict=()
  [ -f "Fuzz/dict/$target.dict" ] && dict=("-dict=Fuzz/dict/$target.dict")
  echo "== fuzz $target: ${SECONDS_EACH}s on $corpus"
  status=0
  # shellcheck disable=SC2086
  "$bin" -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "${dict[@]}" ${FUZZ_ARGS:-} "$corpus" >"$log" 2>&1 || status=$?
  # The last status line (#N DONE cov: ... ft: ... corp: ...) and the executions.
  done_line="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
  runs="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+' || echo '?')"
  cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")"
  ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$done_line")"
  corp="$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$done_line")"
  echo "   $done_line"
  line="$(printf '%-10s executions %-10s cov %-6s ft %-7s corpus %-6s' "$target" "$runs" "${cov:-?}" "${ft:-?}" "${corp:-?}")"
  if [ "$status" -ne 0 ]; then
    echo "!! fuzz $target FAILED (exit $status); the report, from $log:"
    grep -nE 'ERROR: |SUMMARY: |Swift runtime failure|Fatal error|Test unit written|Base64:' "$log" | head -n 20 | sed 's/^/   /'
    grep -A 24 -E '^==[0-9]+== ?ERROR' "$log" | head -n 40 | sed 's/^/   | /'
    failed+=("$target")
    line="$line  FAILED (exit $status, see $log)"
  fi
  summary+=("$line")
done

echo
echo "== fuzz summary (${SECONDS_EACH}s each)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${failed[*]} failed; the inputs are in $OUT/artifacts/" >&2
  exit 1
fi
