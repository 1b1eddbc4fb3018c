#!/usr/bin/env python3
"""h33b probe: cut a problem.yaml's pool to its seed and the named variants (each re-parented
on the seed with a one-line applies), so the probe gates a few points, not the whole pool.
Text-level (no PyYAML on the device is assumed): variants are the blocks that start with
'  - id: '; parent/applies lines of the kept variants must be one line each (h33b's are).

    strip.py problem.yaml ID [ID...]        rewrites the file in place
"""
import re
import sys

path, keep = sys.argv[1], set(sys.argv[2:])
text = open(path).read()
head, sep, rest = text.partition("\nvariants:\n")
seed = re.search(r"^seed: *(\S+)", head, re.M).group(1)
blocks = re.split(r"(?=^  - id: )", rest, flags=re.M)
out = [blocks[0]] if not blocks[0].startswith("  - id: ") else []
for b in blocks:
    m = re.match(r"  - id: *(\S+)", b)
    if not m:
        continue
    vid = m.group(1)
    if vid == seed:
        out.append(b)
    elif vid in keep:
        b = re.sub(r"^    parent: .*$", f"    parent: {seed}", b, flags=re.M)
        b = re.sub(r"^    applies: .*$", "    applies: [register_tiling]", b, flags=re.M)
        out.append(b)
open(path, "w").write(head + sep + "".join(out))
