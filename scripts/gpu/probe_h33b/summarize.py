#!/usr/bin/env python3
"""h33b probe: one line per checked point from `solver problems check --json` files: the gate's
verdict and the median time its detail reports, then the best passing point per problem and
precision class."""
import json
import re
import sys

best = {}
for path in sys.argv[1:]:
    try:
        doc = json.load(open(path))
    except Exception as e:  # noqa: BLE001
        print(f"{path}: unreadable ({e})")
        continue
    for r in doc.get("rows", []):
        det = r.get("detail", "")
        m = re.search(r"median ([0-9.e+]+) us", det)
        t = float(m.group(1)) if m else None
        ok = not r.get("failed") and r.get("gate", "").startswith(("pass", "ok"))
        short = det if len(det) < 160 else det[:160] + "..."
        print(f"POINT {r['problem']} {r['variant']} gate={r.get('gate')} "
              f"time={'%.1f us' % t if t else '-'} regs={r.get('registers')} :: {short}")
        if ok and t and r["variant"] != "(reference)":
            k = r["problem"]
            if k not in best or t < best[k][0]:
                best[k] = (t, r["variant"])
for k, (t, v) in sorted(best.items()):
    print(f"BEST {k} {v} {t:.1f} us")
