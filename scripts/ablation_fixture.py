#!/usr/bin/env python3
"""Cut tests/data/ablation/h200-offline-first-rule.json from the tool, never by hand.

Runs `solver ablate --off-policy first-rule` on the bundled H200 recording with the default
rules (the problems, rounds and seed ablation_baseline_test uses) and writes each OFF round of
the ledger as {problem, track, round, incumbent, fired, candidate, outcome}, in the ledger's
order. The ON rounds are left out: the test compares OFF only (ON walks the grown pools and the
knob search, and the OFF policy does not touch it).
The fixture's note is kept; --why appends one sentence saying what changed and why.

usage: scripts/ablation_fixture.py --solver build/engine/solver [--why TEXT] [--check]
  --check: write nothing, exit 1 when the ledger's rounds differ from the fixture's (and say
  which), 0 when they agree.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Keep in step with tests/engine/ablation_baseline_test.cpp (kProblems + kStallProblem).
PROBLEMS = "softmax,layernorm,reduce,matmul_scalar,sigmoid,matmul,triangle_contraction"
FIXTURE = "tests/data/ablation/h200-offline-first-rule.json"

ap = argparse.ArgumentParser()
ap.add_argument("--solver", required=True)
ap.add_argument("--data-dir", default=".")
ap.add_argument("--why", default="")
ap.add_argument("--check", action="store_true")
a = ap.parse_args()

root = os.path.abspath(a.data_dir)
with tempfile.TemporaryDirectory(prefix="solver-ablation-fixture-") as tmp:
    out = os.path.join(tmp, "run")
    cmd = [a.solver, "--data-dir", root, "ablate", "--problems", PROBLEMS, "--rounds", "12",
           "--backend", "recorded", "--recording",
           os.path.join(root, "tests/data/recordings/h200.json"), "--off-policy", "first-rule",
           "--out", out, "--quiet"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "ledger.jsonl")) as f:
        lines = [json.loads(l) for l in f if l.strip()]

rounds = []
for r in lines[1:]:  # the first line is the header
    if r["track"] != "off":
        continue
    rounds.append({
        "problem": r["problem"],
        "track": r["track"],
        "round": r["round"],
        "incumbent": (r.get("incumbent") or {}).get("key", ""),
        "fired": (r.get("match") or {}).get("fired", ""),
        "candidate": (r.get("candidate") or {}).get("key", "") if r.get("candidate") else "",
        "outcome": r["outcome"],
    })

path = os.path.join(root, FIXTURE)
with open(path) as f:
    old = json.load(f)
if a.check:
    old["rounds"] = [r for r in old["rounds"] if r["track"] == "off"]
    if old["rounds"] == rounds:
        print(f"{FIXTURE}: {len(rounds)} rounds agree")
        sys.exit(0)
    key = lambda r: (r["problem"], r["track"], r["round"])
    mine = {key(r): r for r in rounds}
    theirs = {key(r): r for r in old["rounds"]}
    for k in sorted(set(mine) | set(theirs)):
        if mine.get(k) != theirs.get(k):
            print(f"{k}: fixture {theirs.get(k)} / tool {mine.get(k)}")
    sys.exit(1)
note = old["note"]
if a.why:
    note = note.rstrip() + "; " + a.why.strip()
with open(path, "w") as f:
    json.dump({"note": note, "rounds": rounds}, f, indent=1)
    f.write("\n")
print(f"{FIXTURE}: {len(rounds)} rounds written")
