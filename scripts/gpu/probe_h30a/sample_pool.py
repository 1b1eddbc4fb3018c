#!/usr/bin/env python3
"""Copies problem folders with one extra constraint on their knob variant, so a probe measures a
pseudo-random sample of each large pool with the solver's own enumeration (issue 30).

usage: sample_pool.py SRC_PROBLEMS_DIR DST_DIR 'problem=constraint' ...
The constraint goes first under the one `constraints:` list of the problem's knob variant."""
import os
import shutil
import sys


def main():
    src, dst = sys.argv[1], sys.argv[2]
    for spec in sys.argv[3:]:
        name, cons = spec.split("=", 1)
        d = os.path.join(dst, name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(os.path.join(src, name), d)
        p = os.path.join(d, "problem.yaml")
        with open(p) as f:
            text = f.read()
        marker = "\n    constraints:\n"
        if text.count(marker) != 1:
            sys.exit("sample_pool.py: %s: expected one knob variant's constraints list" % name)
        text = text.replace(marker, marker + '      - "%s"\n' % cons)
        with open(p, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
