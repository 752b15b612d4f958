#!/usr/bin/env bash
# Checks Examples/SnapshotConsumer, a package that depends on Lamina the way the README tells a user to
# (issue 23): its own `swift test` passes, and with LAMINA_EXAMPLE_EXPECT_FAILURE=1 its deliberately failing
# snapshot test fails, saying the largest difference, where, and how many pixels differ.
#
# It builds in its own scratch folder (.build-consumer, or $LAMINA_CONSUMER_SCRATCH), apart from the main
# package's .build, so the two builds never share or clobber state. SNAPSHOT_TESTING_RECORD is unset so a
# setting in the caller's environment cannot re-record the committed references. Exit 0 when both
# expectations hold; 1, with the reason and the run's output, when either does not.
set -uo pipefail
cd "$(dirname "$0")/.."
scratch="${LAMINA_CONSUMER_SCRATCH:-.build-consumer}"
expected=("Lamina snapshot differs: largest channel difference" "at pixel (" "point (" "pixels differ")
log=$(mktemp)
trap 'rm -f "$log"' EXIT

consumer_test() {
  env -u SNAPSHOT_TESTING_RECORD "$@" \
    swift test --package-path Examples/SnapshotConsumer --scratch-path "$scratch" >"$log" 2>&1
}

fail() {
  cat "$log"
  echo "check-consumer: FAILED: $1" >&2
  exit 1
}

echo "check-consumer: swift test in Examples/SnapshotConsumer (must pass)"
consumer_test || fail "the consumer's swift test did not pass"
grep -E "Executed [0-9]+ tests?" "$log" | tail -n 1

echo "check-consumer: again with LAMINA_EXAMPLE_EXPECT_FAILURE=1 (must fail, saying why)"
if consumer_test LAMINA_EXAMPLE_EXPECT_FAILURE=1; then
  fail "the deliberately failing snapshot test passed"
fi
for text in "${expected[@]}"; do
  grep -qF "$text" "$log" || fail "the failure does not say \"$text\""
done
grep -m 1 -oE "Lamina snapshot differs: [^;]*; [^;(]*" "$log"
echo "check-consumer: ok (the example passes, and its deliberate failure says where and how much)"
