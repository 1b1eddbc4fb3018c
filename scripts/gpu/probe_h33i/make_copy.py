#!/usr/bin/env python3
"""Writes DEST, a copy of problem folder SRC holding its seed and the named variants only, each
rewired to the seed as its parent with HYPOTHESIS as its edge, so `solver problems check` gates
those alone; a SPEC is VARIANT or VARIANT:POINTS, POINTS ("K=V,K=V;K=V,...") keeping only those
knob points of it. Prints the gated variant keys, ';'-separated (knobs sorted by name, the
engine's key form; a variant without POINTS by its id). SRC itself is left as it is.
Usage: make_copy.py SRC DEST HYPOTHESIS SPEC [SPEC...]
"""
import re
import shutil
import sys


def block(y, vid):
    """The text of variant `vid`'s list item, from its `- id:` line to the next one."""
    start = y.index(f"\n  - id: {vid}\n")
    end = y.find("\n  - id:", start + 1)
    return y[start:end if end > 0 else len(y)].rstrip("\n")


def restrict(vid, v, hyp, seed, points):
    """Variant text `v` rewired to the seed and, with points, limited to them; and its keys."""
    v = re.sub(r"\n    parent: [^\n]*", f"\n    parent: {seed}", v, count=1)
    # A map of applies (one list a parent) may run over several lines: up to its closing brace.
    v = re.sub(r"\n    applies: (\{[^}]*\}|[^\n]*)", f"\n    applies: [{hyp}]", v, count=1)
    if not points:
        return v, [vid]
    pts = [dict(kv.split("=") for kv in p.split(",")) for p in points.split(";") if p]
    only = " or ".join("(" + " and ".join(f"{k} == {x}" for k, x in p.items()) + ")" for p in pts)
    if "\n    constraints: [" in v:
        v = v.replace("\n    constraints: [", f'\n    constraints: ["{only}", ', 1)
    elif "\n    constraints:\n" in v:  # a block list: the points' condition as its first item
        v = v.replace("\n    constraints:\n", f'\n    constraints:\n      - "{only}"\n', 1)
    else:
        v = v.replace("\n    knobs:", f'\n    constraints: ["{only}"]\n    knobs:', 1)
    return v, [vid + "[" + ",".join(f"{k}={p[k]}" for k in sorted(p)) + "]" for p in pts]


def main():
    src, dest, hyp = sys.argv[1:4]
    y = open(src + "/problem.yaml").read()
    seed = re.search(r"\nseed: (\S+)", y).group(1)
    head = y[:y.index("\nvariants:") + len("\nvariants:")]
    out, keys = [block(y, seed)], []
    for spec in sys.argv[4:]:
        vid, _, points = spec.partition(":")
        v, k = restrict(vid, block(y, vid), hyp, seed, points)
        out.append(v)
        keys += k
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src, dest)
    open(dest + "/problem.yaml", "w").write(head + "\n".join(out) + "\n")
    print(";".join(keys))

if __name__ == "__main__":
    main()
