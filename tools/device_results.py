#!/usr/bin/env python3
"""Turns what the device check (run.sh) brought back into one results file.

Usage: device_results.py OUTDIR COMMIT DEVICE > bench/results/DATE-DEVICE.json

OUTDIR holds info.txt, parity.txt, bench.jsonl and profile.txt from one run, and where the run made them
random.txt (`lamina parity --random`) and bench-cold.jsonl (`lamina bench --cold`); the file written has
the GPU and driver from `lamina info`, the parity corpus and random scenes (scenes, passed, failed, worst
mean difference), each bench family's frame times on both backends, warm and cold, and the per-pass GPU
times of the profiled scenes.
"""
import datetime
import json
import os
import re
import sys


def info(path):
    fields = {}
    for line in open(path):
        m = re.match(r"(GL_RENDERER|GL_VERSION|EGL platform):\s*(.*)", line)
        if m:
            fields[m.group(1)] = m.group(2).strip()
    return fields


def parity(path):
    rows = []
    # The progress lines (standard error) can land inside a result line (standard output) in one file.
    text = re.sub(r"parity: \[\d+/\d+\] \S+\n", "", open(path).read())
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 6 and parts[-1] in ("PASS", "FAIL"):
            rows.append({"scene": parts[0], "max_diff": int(parts[1]), "pixels_over": int(parts[2]),
                         "mean": float(parts[-4]), "result": parts[-1]})
    failed = [r["scene"] for r in rows if r["result"] == "FAIL"]
    return {"scenes": len(rows), "passed": len(rows) - len(failed), "failed": failed,
            "worst_max_diff": max((r["max_diff"] for r in rows), default=0),
            "worst_mean": max((r["mean"] for r in rows), default=0.0)}


def families(path):
    out = {}
    for line in open(path):
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        out.setdefault(r["scene"], {})[r["backend"]] = {
            k: r[k] for k in ("median_ms", "min_ms", "max_ms", "peak_rss_mb", "plan_median_ms", "passes", "layers")
            if k in r}
    return out


def profiles(path):
    out, scene = {}, None
    for line in open(path):
        m = re.match(r"\S*/([^/]+)\.json: ", line)
        if m:
            scene = m.group(1)
        m = re.match(r"pass gpu time: ([0-9.]+) ms", line)
        if m and scene:
            out.setdefault(scene, {})["gpu_pass_ms"] = float(m.group(1))
        m = re.match(r"warm frame median: ([0-9.]+) ms", line)
        if m and scene:
            out.setdefault(scene, {})["frame_median_ms"] = float(m.group(1))
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    d, commit, device = sys.argv[1:]
    i = info(os.path.join(d, "info.txt"))
    result = {
        "date": datetime.date.today().isoformat(), "device": device,
        "gpu": i.get("GL_RENDERER"), "driver": i.get("GL_VERSION"), "egl_platform": i.get("EGL platform"),
        "commit": commit,
        "command": "lamina bench --backend both --json (release, static Swift runtime, on the device's host)",
        "notes": "median_ms is a whole frame as lamina bench measures it (plan, execute and, on the GPU, "
                 "read-back; scene decoding and PNG encoding excluded); gpu_pass_ms is the sum of the passes' "
                 "GPU timer queries from lamina profile (median of 5 warm frames). cpu rows ran on the device "
                 "host's CPU. parity_corpus ran lamina parity Tests/Scenes with the GPU on EGL's device platform.",
        "parity_corpus": parity(os.path.join(d, "parity.txt")),
        "families": families(os.path.join(d, "bench.jsonl")),
        "profiles": profiles(os.path.join(d, "profile.txt")),
    }
    if os.path.exists(os.path.join(d, "random.txt")):
        result["parity_random"] = parity(os.path.join(d, "random.txt"))
    if os.path.exists(os.path.join(d, "bench-cold.jsonl")):
        result["families_cold"] = families(os.path.join(d, "bench-cold.jsonl"))
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
