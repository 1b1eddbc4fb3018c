#!/usr/bin/env python3
"""Writes DEST (a copy of problems/attention_bf16) holding the seed and fa3p / fa3p_persistent
only, each constrained to one knob point, so `solver problems check` gates exactly those through
the product (NVRTC, the worker's rank-4 tensor maps); prints their variant keys, ';'-separated.
The built-in problem is left as it is. Usage: make_copy.py SRC DEST BN,HG,STAGES
"""
import re
import shutil
import sys

src, dest, point = sys.argv[1], sys.argv[2], sys.argv[3]
bn, hg, st = (int(x) for x in point.split(","))
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(src, dest)
y = open(src + "/problem.yaml").read()


def block(vid):
    start = y.index(f"\n  - id: {vid}\n")
    end = y.find("\n  - id:", start + 1)
    return y[start:end if end > 0 else len(y)].rstrip("\n")


head = y[:y.index("\n  - id: seed\n")]
out = [head, block("seed")]
only = f"BN == {bn} and HG == {hg} and STAGES == {st}"
keys = []
for vid in ("fa3p", "fa3p_persistent"):
    b = block(vid)
    b = re.sub(r"\n    parent: [^\n]*", "\n    parent: seed", b, count=1)
    b = re.sub(r"\n    applies: [^\n]*", "\n    applies: [use_tensor_cores_bf16]", b, count=1)
    if "constraints: [" not in b:
        sys.exit(f"make_copy: {vid} has no constraints list")
    b = b.replace("constraints: [", f'constraints: ["{only}", ', 1)
    out.append(b)
    keys.append(f"{vid}[BN={bn},HG={hg},STAGES={st}]")
open(dest + "/problem.yaml", "w").write("\n".join(out) + "\n")
print(";".join(keys))
