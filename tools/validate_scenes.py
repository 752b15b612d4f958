#!/usr/bin/env python3
"""Validate scene files against `lamina schema` with the jsonschema package (Draft 2020-12).

Usage: tools/validate_scenes.py SCHEMA.json SCENE.json|DIR...   Exit 0 when every scene is valid, 1 otherwise.
CI runs it over the corpus and the reftests, so the schema (made from the decoder's tables) and the scenes the
decoder accepts are checked against each other.
"""
import glob
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate_scenes.py: the jsonschema package is not installed (pip install jsonschema)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = []
    for path in sys.argv[2:]:
        files += sorted(glob.glob(os.path.join(path, "*.json"))) if os.path.isdir(path) else [path]
    invalid = 0
    for path in files:
        with open(path) as f:
            scene = json.load(f)
        errors = sorted(validator.iter_errors(scene), key=lambda e: e.json_path)
        if errors:
            invalid += 1
            print(f"{path}: {errors[0].json_path}: {errors[0].message[:300]}")
    print(f"{len(files) - invalid} of {len(files)} scenes valid against the schema")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
