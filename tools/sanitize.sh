#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer (the CPU renderer's worker threads and the
# GPU's read-back worker), each in its own build folder (.build-asan, .build-tsan; gitignored).
#
#   tools/sanitize.sh [address|thread]...      (default: both)
#
# LeakSanitizer's report at exit is limited to Lamina's own code with a suppression file: XCTest keeps its
# test-case objects (and one weak reference of its own) alive until the process ends, which LeakSanitizer
# counts as leaks of a few hundred KB that are not Lamina's. Exit status: non-zero if any run failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
supp=$(mktemp)
trap 'rm -f "$supp"' EXIT
# Fontconfig: 288 bytes in two blocks allocated inside libfontconfig (no Lamina frame on the stack) are reported once
# per process; every pattern, charset and match Lamina makes is destroyed (LaminaText/FontLibrary.swift).
printf 'leak:libXCTest.so\nleak:XCTest\nleak:libfontconfig.so\n' > "$supp"
status=0
for s in "${sanitizers[@]}"; do
    dir=".build-${s:0:1}san"
    [ "$s" = address ] && dir=.build-asan
    [ "$s" = thread ] && dir=.build-tsan
    echo "== $s sanitizer ($dir)"
    swift build --build-tests --sanitize="$s" --scratch-path "$dir"
    log="$dir/sanitize-test.log"
    if ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$supp" TSAN_OPTIONS="halt_on_error=0" \
        swift test --skip-build --sanitize="$s" --scratch-path "$dir" >"$log" 2>&1; then
        echo "$s: $(grep -E 'Executed [0-9]+ tests' "$log" | tail -1 | sed 's/^[[:space:]]*//')"
    else
        status=1
        echo "$s: FAILED (see $log)"
        grep -E "ERROR: (Address|Thread|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" "$log" | head -20 || true
    fi
done
exit $status
