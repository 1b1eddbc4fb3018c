#!/usr/bin/env python3
"""Writes DEST (a copy of problems/matmul_bf16) holding the seed (naive) and wgmma_persistent
only, the latter constrained to the given knob points, so `solver problems check` gates exactly
those; prints their variant keys, ';'-separated. The built-in problem is left as it is.
Usage: make_copy.py SRC DEST "BM,BN,STAGES,GROUP,CLUSTER,GRID,EPI;..."
"""
import re
import shutil
import sys

src, dest, points = sys.argv[1], sys.argv[2], sys.argv[3]
NAMES = ["BM", "BN", "STAGES", "GROUP", "CLUSTER", "GRID", "EPI"]
pts = []
for p in points.split(";"):
    v = [int(x) for x in p.split(",")]
    if len(v) != len(NAMES):
        sys.exit(f"make_copy: point '{p}' is not {','.join(NAMES)}")
    pts.append(dict(zip(NAMES, v)))
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(src, dest)
y = open(src + "/problem.yaml").read()
head = y[:y.index("\n  - id: naive")]
naive = y[y.index("\n  - id: naive"):y.index("\n  - id: tiled")].rstrip("\n")
start = y.index("\n  - id: wgmma_persistent")
end = y.find("\n  - id:", start + 1)
wp = y[start:end if end > 0 else len(y)].rstrip("\n")
wp = wp.replace("parent: wgmma_tma", "parent: naive")
wp = re.sub(r"\n    applies: [^\n]*", "\n    applies: [use_tensor_cores_bf16]", wp, count=1)
only = " or ".join("(" + " and ".join(f"{k} == {v}" for k, v in p.items()) + ")" for p in pts)
if "constraints: [" not in wp:
    sys.exit("make_copy: wgmma_persistent has no constraints list")
wp = wp.replace("constraints: [", f'constraints: ["{only}", ', 1)
open(dest + "/problem.yaml", "w").write(head + naive + "\n" + wp + "\n")
print(";".join("wgmma_persistent[" + ",".join(f"{k}={p[k]}" for k in sorted(p)) + "]" for p in pts))
