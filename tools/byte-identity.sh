#!/usr/bin/env bash
# Prints one line per render: "<scene> <backend> <fast paths> <md5 of the PNG>", for every corpus scene and
# every bench scene (the 100 000-layer ones left out for time), on both backends, fast paths on and off.
# A refactor that promises byte identity compares this list before and after:
#   tools/byte-identity.sh .build/release/lamina > /tmp/before.txt   (on the old build)
#   tools/byte-identity.sh .build/release/lamina > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
# BACKENDS="cpu" limits it to one renderer.
set -uo pipefail
lamina=${1:?usage: byte-identity.sh LAMINA_BINARY}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$lamina" bench --export-scenes "$work/bench" >/dev/null 2>&1
scenes=(Tests/Scenes/*.json)
for s in "$work"/bench/*.json; do
  case $(basename "$s") in *100000*) continue ;; esac
  scenes+=("$s")
done
for s in "${scenes[@]}"; do
  for backend in ${BACKENDS:-cpu gpu}; do
    for fast in 1 0; do
      out=$work/out.png
      if LAMINA_CPU_FAST_PATHS=$fast LAMINA_GL_FAST_PATHS=$fast "$lamina" render "$s" -o "$out" --backend "$backend" \
           >/dev/null 2>"$work/err"; then
        sum=$(md5sum < "$out" | cut -c1-32)
      else
        sum="error:$(head -c 80 "$work/err" | tr '\n' ' ')"
      fi
      echo "$(basename "$s" .json) $backend fast=$fast $sum"
    done
  done
done
