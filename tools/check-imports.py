#!/usr/bin/env python3
"""Checks the import graph against the module table in docs/DESIGN.md.

Each row of the table's "may import" column names, in backticks, the modules a source module may import;
a `-` means none. Every `import` line under Sources/<Module>/ must name the module itself's allowance, a
system module (Foundation, Dispatch, Glibc, ...) or a package dependency listed in EXTERNAL; `@_exported`
is allowed in LaminaKit only (the umbrella), so the table can be read from import lines alone. Exits 1
naming every offending file and line, and 1 when a source module has no row.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SYSTEM = {"Foundation", "Dispatch", "Glibc", "Darwin", "XCTest", "Testing", "Synchronization"}
EXTERNAL = {"ArgumentParser", "SnapshotTesting"}
UMBRELLA = "LaminaKit"


def table(design: str) -> dict:
    rows = {}
    for line in design.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        modules = re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cells[0])
        allowed = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cells[-1]))
        for m in modules:
            rows[m] = allowed
    return rows


def main() -> int:
    rows = table((ROOT / "docs" / "DESIGN.md").read_text())
    problems = []
    for module_dir in sorted((ROOT / "Sources").iterdir()):
        swift = sorted(module_dir.rglob("*.swift"))
        module = module_dir.name
        if not swift:
            continue
        if module not in rows:
            problems.append(f"Sources/{module}: no row in docs/DESIGN.md's module table")
            continue
        allowed = rows[module] | SYSTEM | EXTERNAL
        for path in swift:
            for n, line in enumerate(path.read_text().splitlines(), 1):
                m = re.match(r"^\s*((?:@\w+\s+)*)import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", line)
                if not m:
                    continue
                attributes, imported = m.group(1), m.group(2)
                where = f"{path.relative_to(ROOT)}:{n}"
                if "@_exported" in attributes and module != UMBRELLA:
                    problems.append(f"{where}: @_exported import {imported} (only {UMBRELLA} re-exports)")
                if imported != module and imported not in allowed:
                    problems.append(f"{where}: {module} imports {imported}, which docs/DESIGN.md does not allow it")
    for p in problems:
        print(p)
    if problems:
        print(f"check-imports: {len(problems)} problem(s)")
        return 1
    print(f"check-imports: {len(rows)} modules, every import line as docs/DESIGN.md allows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
