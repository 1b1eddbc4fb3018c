#!/usr/bin/env python3
"""ctest transfer_bench_test: k-fold transfer of the evolved table on the bundled recording.

Usage: transfer_bench_test.py SOLVER_BINARY WORK_DIR
Runs bench/search/transfer_bench.py (3 folds, seed 1, solver only: no Kernel Tuner, no
network) and checks what its table rests on:
- the folds partition the pools: each pool held out exactly once, never in its own training;
- each fold's table is an evolved one (not the input table) and each held-out count comes
  from a run whose rules are that table (the run's manifest says so);
- the shuffle is seeded: the same seed deals the same folds, another seed other folds;
- on every held-out pool ON with the transferred table gets within 2% of the pool's best (no
  premature stop) and its count is a measurement it made (<= the points it measured).
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    solver, work = sys.argv[1], sys.argv[2]
    fails = []

    def check(c, what):
        if not c:
            fails.append(what)

    def run(out, seed):
        cmd = [sys.executable, os.path.join(HERE, "transfer_bench.py"), "--solver", solver,
               "--out", out, "--folds", "3", "--seed", str(seed)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stdout + p.stderr, file=sys.stderr)
            sys.exit(1)
        with open(os.path.join(out, "transfer.json")) as f:
            return json.load(f)

    res = run(os.path.join(work, "s1"), 1)
    with open(os.path.join(ROOT, "tests/data/recordings/h200.json")) as f:
        pools = sorted(json.load(f)["problems"])
    held = [p for fold in res["folds"] for p in fold["test"]]
    check(sorted(held) == pools, f"held-out pools {sorted(held)} are not every pool once")
    with open(os.path.join(ROOT, "rules/rules.yaml")) as f:
        input_table = f.read()
    for fold in res["folds"]:
        check(not set(fold["train"]) & set(fold["test"]), f"fold {fold['fold']} trains on a test pool")
        with open(fold["table"]) as f:
            check(f.read() != input_table, f"fold {fold['fold']}: the table did not evolve")
        for r in fold["rows"]:
            check(r["transferred"] is not None,
                  f"fold {fold['fold']}: {r['pool']} never within 2% with the transferred table")
            check(r["transferred"] is None or r["transferred"] <= r["measured_transferred"],
                  f"{r['pool']}: count {r['transferred']} beyond its {r['measured_transferred']} "
                  "measurements")
    d = os.path.join(work, "s1", "fold0-test-0")
    with open(os.path.join(d, "manifest.json")) as f:
        manifest = json.load(f)
    rules_file = json.dumps(manifest.get("rules_file", manifest))
    check("fold0-evolved-rules.yaml" in rules_file,
          "fold 0's held-out run does not name the evolved table as its rules")
    sys.path.insert(0, HERE)
    import transfer_bench
    dealt = [f["test"] for f in res["folds"]]
    check(transfer_bench.deal(pools, 3, 1) == dealt, "the same seed deals other folds")
    check(transfer_bench.deal(pools, 3, 2) != dealt, "another seed deals the same folds")
    for f in fails:
        print("FAIL:", f, file=sys.stderr)
    print(f"transfer_bench_test: {len(res['folds'])} folds, overall input "
          f"{res['overall']['geomean_input']:.2f} transferred "
          f"{res['overall']['geomean_transferred']:.2f}, {len(fails)} failure(s)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
