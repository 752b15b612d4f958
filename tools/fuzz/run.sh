#!/usr/bin/env bash
# Builds the libFuzzer target (Sources/LaminaFuzz) and fuzzes the scene pipeline (decode -> plan -> render)
# for SECONDS (default 60), starting from the parity corpus Tests/Scenes/*.json.
#
#   tools/fuzz/run.sh [SECONDS] [libFuzzer flags...]     e.g. tools/fuzz/run.sh 600 -seed=1
#
# Everything it writes is under .build-fuzz/ (ignored): the build, the growing corpus (corpus/, kept between
# runs), and per run a log and an artifacts folder (runs/<stamp>/). A crash, timeout (over 10 s) or
# out-of-memory (over 2 GiB) input is written there as crash-*, timeout-* or oom-*; each crash is replayed
# once with Swift's backtracer on, to show where it trapped. Exits 1 if any such artifact was written.
# The target's own flags go with libFuzzer's (-lamina_gpu=1 renders on the GPU too; the others are listed in
# Sources/LaminaFuzz/FuzzSettings.swift); -lamina_base is set here.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${1:-60}
shift || true
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

scratch=.build-fuzz
start=$(date +%s)
mkdir -p "$scratch"
if ! swift build -c release --product lamina-fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DLAMINA_LIBFUZZER >"$scratch/build.log" 2>&1; then
  tail -n 40 "$scratch/build.log"
  echo "fuzz: build failed (log: $scratch/build.log)"
  exit 1
fi
fuzzer="$scratch/release/lamina-fuzz"
echo "fuzz: built in $(( $(date +%s) - start )) s"

corpus="$scratch/corpus"
run="$scratch/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$corpus" "$run/artifacts"
cp Tests/Scenes/*.json "$corpus/"
log="$run/fuzz.log"

# Hashing is made deterministic so that a fixed -seed replays the same inputs (the mutator walks
# dictionaries). Swift's backtracer would take the crash signal before libFuzzer's handler, and no artifact would be
# written; it is turned back on for the replay below.
fuzz_start=$(date +%s)
set +e
SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no "$fuzzer" -lamina_base="$root/Tests/Scenes" \
  -max_len=65536 -rss_limit_mb=2048 -timeout=10 -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="$run/artifacts/" "$@" "$corpus" >"$log" 2>&1
status=$?
set -e
elapsed=$(( $(date +%s) - fuzz_start ))

count() { find "$run/artifacts" -maxdepth 1 -name "$1-*" | wc -l | tr -d ' '; }
crashes=$(count crash); timeouts=$(count timeout); ooms=$(count oom)
runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
[ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -n 1)
[ -n "$rate" ] || rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+')

for artifact in $(find "$run/artifacts" -maxdepth 1 -name 'crash-*' | head -n 3); do
  echo "fuzz: replaying $artifact"
  "$fuzzer" -lamina_base="$root/Tests/Scenes" "$artifact" 2>&1 \
    | grep -E "Fatal error|Precondition|Assertion|crashed|^ *[0-9]+ .* in " | head -n 25 || true
done
if [ $((crashes + timeouts + ooms)) -eq 0 ] && [ "$status" -ne 0 ]; then
  echo "fuzz: libFuzzer exited with $status and wrote no artifact; last lines of $log:"
  tail -n 20 "$log"
fi
echo "fuzz: ${runs:-0} runs in ${elapsed} s (${rate:-0} exec/s), corpus $(ls "$corpus" | wc -l | tr -d ' ') inputs;" \
  "$crashes crashes, $timeouts timeouts, $ooms ooms (artifacts in $run/artifacts)"
[ $((crashes + timeouts + ooms)) -eq 0 ] && [ "$status" -eq 0 ]
