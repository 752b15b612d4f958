#!/usr/bin/env bash
# Benchmarks Skia's raster backend (skia-python) on the scenes `lamina bench` generates.
#
#   tools/skia_bench.sh [--filter S] [--compare] [-- extra skia_bench.py options]
#
# 1. makes tools/.venv (gitignored) and pip-installs skia-python there if it is not importable;
# 2. exports the generated suite with `lamina bench --export-scenes` into $BENCH_SCENES
#    (default .build/bench-scenes);
# 3. runs tools/skia_bench.py on those files: one JSON line per scene (backend "skia-raster");
# 4. with --compare, also runs `lamina bench FILES --backend $LAMINA_BACKEND --json` (default cpu) on
#    the same files and prints a table of both (on stderr).
# The lamina binary is $LAMINA, else .build/release/lamina, else .build/debug/lamina.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/tools/.venv"
filter=""
compare=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --filter) filter="$2"; shift 2 ;;
        --compare) compare=1; shift ;;
        --) shift; extra=("$@"); break ;;
        *) extra+=("$1"); shift ;;
    esac
done

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import skia' 2>/dev/null; then
    echo "installing skia-python into $venv" >&2
    "$venv/bin/pip" install --quiet --upgrade pip >&2
    "$venv/bin/pip" install --quiet skia-python >&2
fi

lamina="${LAMINA:-}"
if [ -z "$lamina" ]; then
    for candidate in "$root/.build/release/lamina" "$root/.build/debug/lamina"; do
        if [ -x "$candidate" ]; then lamina="$candidate"; break; fi
    done
fi
if [ -z "$lamina" ]; then
    echo "skia_bench.sh: no lamina binary; run 'swift build -c release' or set LAMINA" >&2
    exit 2
fi

scenes="${BENCH_SCENES:-$root/.build/bench-scenes}"
filter_args=()
if [ -n "$filter" ]; then filter_args=(--filter "$filter"); fi
"$lamina" bench --export-scenes "$scenes" "${filter_args[@]}" >/dev/null
files=()
while IFS= read -r f; do files+=("$f"); done < <(ls "$scenes"/*.json | sort)
if [ -n "$filter" ]; then
    kept=()
    for f in "${files[@]}"; do case "$(basename "$f")" in *"$filter"*) kept+=("$f") ;; esac; done
    files=("${kept[@]}")
fi

compare_args=()
if [ "$compare" = 1 ]; then
    lamina_out="$scenes/lamina.jsonl"
    "$lamina" bench "${files[@]}" --backend "${LAMINA_BACKEND:-cpu}" --json > "$lamina_out"
    cat "$lamina_out"
    compare_args=(--compare "$lamina_out")
fi
exec "$venv/bin/python" "$root/tools/skia_bench.py" "${extra[@]}" "${compare_args[@]}" "${files[@]}"
