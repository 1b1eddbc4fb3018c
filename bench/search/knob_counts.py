#!/usr/bin/env python3
"""Rounds and measurements ON needs to reach 2% of each pool's best, per paired-timing seed.

Runs `solver ablate --backend recorded` once per seed (per-problem tables) and counts as
search_bench.py counts (solver_runs.measurements: the seed, then round by round the screened
points and the candidate; "kept": ON's incumbent within 2% of the pool's best, the oracle's
time). Prints one line per problem: rounds/measurements for each seed ('-': never), median.

  bench/search/knob_counts.py --solver build/engine/solver \
      --recording tests/data/recordings/h200-large.json --problems layernorm_4096 --seeds 1-5
"""

import argparse
import json
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import solver_runs  # noqa: E402

WITHIN = 1.02


def seeds_arg(s):
    if "-" in s:
        a, b = s.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in s.split(",")]


def counts(out_dir, problem, track="on"):
    """(round, measurements) at which the track's incumbent is first within 2%; None: never."""
    oracle = solver_runs.read_oracle(out_dir)
    pool = oracle["problems"][problem] if "problems" in oracle else oracle[problem]
    times = {p["key"]: p["time_us"] for p in pool["points"]
             if p.get("status") == "measured" and p.get("time_us")}
    best = min(times.values())
    _, recs = solver_runs.read_ledger(out_dir)
    tr = solver_runs.tracks(recs).get((problem, track), [])
    if times.get(tr[0]["incumbent"]["key"] if tr else None, 1e30) <= WITHIN * best:
        return 0, 1
    n, inc = 1, tr[0]["incumbent"]["key"] if tr else None
    for r in tr:
        n += len(r.get("screened", []))
        if r.get("gate") is not None and r.get("candidate"):
            n += 1
            if r["outcome"] == "kept":
                inc = r["candidate"]["key"]
        if times.get(inc, 1e30) <= WITHIN * best:
            return r["round"], n
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solver", default="build/engine/solver")
    ap.add_argument("--recording", required=True)
    ap.add_argument("--problems", required=True)
    ap.add_argument("--seeds", default="1-5", type=seeds_arg)
    ap.add_argument("--rounds", default=24, type=int)
    ap.add_argument("--out", help="keep the run directories here (default: a temporary folder)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("extra", nargs="*", help="more solver ablate arguments (after --)")
    a = ap.parse_args()
    problems = a.problems.split(",")
    base = a.out or tempfile.mkdtemp(prefix="knob-counts-")
    res = {p: [] for p in problems}
    for s in a.seeds:
        d = os.path.join(base, f"seed{s}")
        solver_runs.run_ablate(a.solver, a.recording, problems, d, a.rounds, "per-problem",
                               ["--seed", str(s), *a.extra])
        for p in problems:
            res[p].append(counts(d, p))
    if a.json:
        print(json.dumps(res))
        return
    for p, cs in res.items():
        cells = ["%d/%d" % c if c else "-" for c in cs]
        got = [c[1] for c in cs if c]
        med = statistics.median([c[1] if c else 10**9 for c in cs])
        print(f"{p}: {', '.join(cells)}  median measurements "
              f"{med if med < 10**9 else '-'} (reached on {len(got)} of {len(cs)} seeds)")


if __name__ == "__main__":
    main()
