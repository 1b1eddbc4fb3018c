#!/usr/bin/env python3
"""h33b probe: one line per recorded point from `solver record` files (each flushed after every
point, so a cut run keeps what it finished): the gate's verdict, the median of the unprofiled
CUPTI samples (the gate's timed runs where timing did not run), the gate's error; then the best
passing point per problem."""
import json
import statistics
import sys

best = {}
for path in sys.argv[1:]:
    try:
        doc = json.load(open(path))
    except Exception as e:  # noqa: BLE001
        print(f"{path}: unreadable ({e})")
        continue
    for prob, pr in sorted(doc.get("problems", {}).items()):
        for key, v in pr.get("variants", {}).items():
            g = v.get("gate") or {}
            st = g.get("status", "?")
            xs = v.get("samples_us") or g.get("timed_us") or []
            t = statistics.median(xs) if xs else None
            det = g.get("detail", "")
            tail = "" if st == "passed" else " :: " + det[:240]
            print(f"POINT {prob} {key} gate={st} time={'%.1f us' % t if t else '-'} "
                  f"n={len(xs)} maxrel={g.get('max_rel_err', '-')}{tail}")
            if st == "passed" and t:
                if prob not in best or t < best[prob][0]:
                    best[prob] = (t, key)
for k, (t, v) in sorted(best.items()):
    print(f"BEST {k} {v} {t:.1f} us")
