#!/usr/bin/env python3
"""Which thresholds of a rule table decide a recorded kernel's verdict by a narrow margin.

For every comparison `SIGNAL op NUMBER` (SIGNAL may be a sum `a + b + c`) in the `when:` of
each rule, the recorded signal files (one per kernel: `solver eval --save-signals`) whose value
lies within MARGIN (relative, default 10%) of NUMBER are listed; existence tests against 0
(`local_bytes > 0`, `smem_per_block > 0`) are left out, a count is not near a boundary. With
--solver, each such threshold is also moved by -MARGIN and +MARGIN and the suite re-scored
(`solver eval --signals-dir`): "decides" names the kernels whose verdict changes, the sign of
a rule that keys on one kernel's number. docs/eval.md keeps the table and the reasons.

usage: scripts/rule_margins.py RULES.yaml SIGNALS_DIR [--margin 0.1] [--solver BIN --suite DIR --chip C]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import tempfile

import yaml

ap = argparse.ArgumentParser()
ap.add_argument("rules")
ap.add_argument("signals")
ap.add_argument("--margin", type=float, default=0.10)
ap.add_argument("--solver")
ap.add_argument("--data-dir", default=".")
ap.add_argument("--suite", default="tests/labelled")
ap.add_argument("--chip", default="h200")
a = ap.parse_args()

rules_text = open(a.rules).read()
rules = yaml.safe_load(rules_text)["rules"]
kernels = {}
for f in sorted(glob.glob(os.path.join(a.signals, "*.json"))):
    kernels[os.path.basename(f)[:-5]] = json.load(open(f))["signals"]

cmp_re = re.compile(r"([a-z_][a-z_0-9]*(?:\s*\+\s*[a-z_][a-z_0-9]*)*)\s*(<=|>=|<|>)\s*([0-9.]+(?:e-?[0-9]+)?)")


def verdicts(text):
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as t:
        t.write(text)
    out = subprocess.run([a.solver, "--data-dir", a.data_dir, "eval", "--suite", a.suite, "--signals-dir",
                          a.signals, "--chip", a.chip, "--rules", t.name, "--json"],
                         capture_output=True, text=True, check=True).stdout
    os.unlink(t.name)
    return {c["kernel"]: c["got"] for c in json.loads(out)["cases"]}


def moved(rule_id, expr, factor):
    """The rules text with one comparison's number scaled inside one rule's when:."""
    lhs, op, num = expr
    start = rules_text.index("- id: " + rule_id)
    when_at = rules_text.index("when:", start)
    end = rules_text.index("\n", when_at)
    line = rules_text[when_at:end]
    old = f"{lhs} {op} {num}"
    new = f"{lhs} {op} {float(num) * factor:.6g}"
    assert old in line, (rule_id, old)
    return rules_text[:when_at] + line.replace(old, new, 1) + rules_text[end:]


base = verdicts(rules_text) if a.solver else {}
print("| rule | threshold | kernel | value | off by | decides (threshold -/+%d%%) |" % round(a.margin * 100))
print("|---|---|---|---|---|---|")
rows = 0
for r in rules:
    for lhs, op, num in cmp_re.findall(r.get("when", "")):
        t = float(num)
        if t == 0:
            continue
        names = [n.strip() for n in lhs.split("+")]
        near = []
        for k, s in kernels.items():
            vals = [s.get(n) for n in names]
            if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in vals):
                continue
            v = sum(vals)
            off = (v - t) / abs(t)
            if abs(off) <= a.margin:
                near.append((k, v, off))
        if not near:
            continue
        decides = ""
        if a.solver:
            changed = set()
            for f in (1 - a.margin, 1 + a.margin):
                got = verdicts(moved(r["id"], (lhs, op, num), f))
                changed |= {k for k in got if got[k] != base.get(k)}
            decides = ", ".join(sorted(changed)) or "none"
        for k, v, off in near:
            print(f"| {r['id']} | `{lhs} {op} {num}` | {k} | {v:.4g} | {off:+.1%} | {decides} |")
            rows += 1
print(f"\n{rows} comparison(s) within {a.margin:.0%} of a recorded value ({len(kernels)} kernels)")
