#!/usr/bin/env python3
"""Writes DEST, a copy of problem folder SRC holding its seed and one variant only, rewired to the
seed as its parent, so `solver problems check` gates that variant alone; with POINTS
("K=V,K=V;K=V,..."), only those knob points of it. Prints the gated variant keys, ';'-separated
(knobs sorted by name, the engine's key form); without POINTS, prints the variant id.
The problem under problems/ is left as it is.
Usage: make_copy.py SRC DEST VARIANT HYPOTHESIS [POINTS]
"""
import re
import shutil
import sys


def block(y, vid):
    """The text of variant `vid`'s list item, from its `- id:` line to the next one."""
    start = y.index(f"\n  - id: {vid}\n")
    end = y.find("\n  - id:", start + 1)
    return y[start:end if end > 0 else len(y)].rstrip("\n")


def main():
    src, dest, vid, hyp = sys.argv[1:5]
    points = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else ""
    y = open(src + "/problem.yaml").read()
    seed = re.search(r"\nseed: (\S+)", y).group(1)
    head = y[:y.index("\nvariants:") + len("\nvariants:")]
    v = block(y, vid)
    v = re.sub(r"\n    parent: [^\n]*", f"\n    parent: {seed}", v, count=1)
    v = re.sub(r"\n    applies: [^\n]*", f"\n    applies: [{hyp}]", v, count=1)
    keys = vid
    if points:
        pts = [dict(kv.split("=") for kv in p.split(",")) for p in points.split(";") if p]
        only = " or ".join("(" + " and ".join(f"{k} == {x}" for k, x in p.items()) + ")"
                           for p in pts)
        if "\n    constraints: [" in v:
            v = v.replace("\n    constraints: [", f'\n    constraints: ["{only}", ', 1)
        else:
            v = v.replace("\n    knobs:", f'\n    constraints: ["{only}"]\n    knobs:', 1)
        keys = ";".join(vid + "[" + ",".join(f"{k}={p[k]}" for k in sorted(p)) + "]"
                        for p in pts)
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src, dest)
    open(dest + "/problem.yaml", "w").write(head + block(y, seed) + "\n" + v + "\n")
    print(keys)


if __name__ == "__main__":
    main()
