#!/usr/bin/env python3
"""Does an evolved rule table transfer? k-fold cross-validation over the recorded pools.

The pools of the recordings given (default: the bundled tests/data/recordings/h200.json) are
shuffled with a fixed seed and dealt into K folds. For each fold: solver's ON track evolves one
table over the other folds' pools (`solver ablate --on-tables carry`, recorded backend,
offline; with several recordings the table is carried from one recording's run into the
next), and that evolved table is the input table of ON on the held-out fold's pools
(`--on-tables per-problem --rules <evolved>`). Counted on each held-out pool as in
search_bench.py: measured points until the incumbent is within 2% of the pool's best, the
seed counted (never: pool size + 1 in the geometric mean). Against:
- the input table (rules/rules.yaml, or --rules): ON per-problem on the same pool;
- Kernel Tuner: with --kt-results (a search_bench.py results.json of the same pools), the
  best strategy's median on that pool (chosen per pool after the fact) and the strategy with
  the lowest geometric mean over all pools.

Usage (docs/benchmarks.md, "Transfer"):
  bench/search/transfer_bench.py --solver build/engine/solver --out /tmp/transfer
      [--recording R.json ...] [--folds 4] [--seed 1] [--rounds 40]
      [--kt-results /tmp/search-bench/results.json] [--markdown FILE]
Standard library only: no Kernel Tuner, no network.
"""

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import kt_space  # noqa: E402
import solver_runs  # noqa: E402

WITHIN = 1.02


def say(msg):
    print(f"transfer-bench: {msg}", file=sys.stderr, flush=True)


def ablate(solver, recording, problems, out_dir, rounds, tables, rules):
    cmd = [solver, "ablate", "--backend", "recorded", "--recording", recording, "--problems",
           ",".join(problems), "--rounds", str(rounds), "--on-tables", tables, "--out", out_dir,
           "--quiet", "--json"] + (["--rules", rules] if rules else [])
    shutil.rmtree(out_dir, ignore_errors=True)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    return cmd


def on_counts(out_dir, problems, recorded):
    """problem -> (measurements to 2% or None, pool size, measurements made) of the ON track."""
    oracle = solver_runs.read_oracle(out_dir)["problems"]
    tracks = solver_runs.tracks(solver_runs.read_ledger(out_dir)[1])
    out = {}
    for p in problems:
        pool = kt_space.Pool(p, oracle[p], recorded[p])
        meas = solver_runs.measurements(tracks.get((p, "on"), []), pool.rec_all)
        n = None
        for i, (_, inc, _, _) in enumerate(meas, 1):
            t = pool.points.get(inc, {}).get("time_us")
            if t is not None and t <= WITHIN * pool.best_us:
                n = i
                break
        out[p] = (n, len(pool.points), len(meas))
    return out


def deal(pools, folds, seed):
    """The pools shuffled with `seed` and dealt round-robin into `folds` folds (each sorted)."""
    order = sorted(pools)
    random.Random(seed).shuffle(order)
    return [sorted(order[i::folds]) for i in range(folds)]


def geomean(counts):
    """Geometric mean of counts [(n or None, pool size)]: never = pool size + 1."""
    logs = [math.log(n if n is not None else size + 1) for n, size in counts]
    return math.exp(sum(logs) / len(logs)) if logs else math.nan


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", required=True)
    ap.add_argument("--recording", action="append", default=None)
    ap.add_argument("--rules", default=None, help="the input table (default: solver's)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1, help="seed of the shuffle into folds")
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--kt-results", default=None, help="search_bench.py results.json")
    ap.add_argument("--markdown", default=None)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    recordings = args.recording or [os.path.join(ROOT, "tests/data/recordings/h200.json")]
    recorded, source = {}, {}
    for path in recordings:
        with open(path) as f:
            rec = json.load(f)
        for p, entry in rec["problems"].items():
            if p in recorded:
                ap.error(f"pool {p} is in two recordings ({source[p]} and {path})")
            recorded[p], source[p] = entry["variants"], path
    pools = sorted(recorded)
    if not 2 <= args.folds <= len(pools):
        ap.error(f"--folds must be 2 .. {len(pools)} (the pools)")
    folds = deal(pools, args.folds, args.seed)

    def by_recording(problems):
        return [(path, [p for p in problems if source[p] == path]) for path in recordings
                if any(source[p] == path for p in problems)]

    def per_problem(problems, rules, tag):
        counts = {}
        for i, (path, mine) in enumerate(by_recording(problems)):
            d = os.path.join(args.out, f"{tag}-{i}")
            ablate(args.solver, path, mine, d, args.rounds, "per-problem", rules)
            counts.update(on_counts(d, mine, recorded))
        return counts

    say(f"{len(pools)} pools, {args.folds} folds (seed {args.seed}); input table on every pool")
    base = per_problem(pools, args.rules, "input")
    kt, kt_best_overall = {}, None
    if args.kt_results:
        with open(args.kt_results) as f:
            ktr = json.load(f)["problems"]
        for p in pools:
            best = None
            for m, s in ktr.get(p, {}).get("methods", {}).items():
                if m.startswith("KT ") and "error" not in s:
                    v = s["median"] if s["median"] is not None else math.inf
                    if best is None or v < best[1]:
                        best = (m[3:], v)
            kt[p] = best
        names = {m for p in pools for m in ktr.get(p, {}).get("methods", {})
                 if m.startswith("KT ")}
        full = [m for m in names
                if all("error" not in ktr[p]["methods"].get(m, {"error": 1}) for p in pools)]
        overall = {m: geomean([(ktr[p]["methods"][m]["median"], ktr[p]["pool_points"])
                               for p in pools]) for m in full}
        kt_best_overall = min(overall.items(), key=lambda x: x[1]) if overall else None
    results = {"folds": [], "seed": args.seed, "rounds": args.rounds, "pools": {}}
    for f, test in enumerate(folds):
        train = [p for p in pools if p not in test]
        rules = args.rules
        for i, (path, mine) in enumerate(by_recording(train)):  # one table carried through
            d = os.path.join(args.out, f"fold{f}-train-{i}")
            ablate(args.solver, path, mine, d, args.rounds, "carry", rules)
            rules = os.path.join(d, "evolved-rules.yaml")
        table = os.path.join(args.out, f"fold{f}-evolved-rules.yaml")
        shutil.copyfile(rules, table)
        moved = per_problem(test, table, f"fold{f}-test")
        rows = []
        for p in test:
            row = {"pool": p, "points": moved[p][1], "input": base[p][0],
                   "transferred": moved[p][0], "measured_transferred": moved[p][2]}
            if kt.get(p):
                row["kt_best"], row["kt_best_median"] = kt[p][0], kt[p][1]
            rows.append(row)
            results["pools"][p] = dict(row, fold=f)
        results["folds"].append({
            "fold": f, "train": train, "test": test, "table": table,
            "geomean_input": geomean([(base[p][0], base[p][1]) for p in test]),
            "geomean_transferred": geomean([(moved[p][0], moved[p][1]) for p in test]),
            "rows": rows})
        say(f"fold {f}: trained on {len(train)}, held out {', '.join(test)}")
    allp = results["pools"].values()
    results["overall"] = {
        "geomean_input": geomean([(r["input"], r["points"]) for r in allp]),
        "geomean_transferred": geomean([(r["transferred"], r["points"]) for r in allp]),
        "better": sum(1 for r in allp if (r["transferred"] or math.inf) < (r["input"] or math.inf)),
        "worse": sum(1 for r in allp if (r["transferred"] or math.inf) > (r["input"] or math.inf)),
    }
    if kt:
        results["overall"]["geomean_kt_best_per_pool"] = geomean(
            [(None if math.isinf(kt[p][1]) else kt[p][1], base[p][1]) for p in pools
             if kt.get(p)])
        if kt_best_overall:
            results["overall"]["kt_best_strategy"] = list(kt_best_overall)
    with open(os.path.join(args.out, "transfer.json"), "w") as f:
        json.dump(results, f, indent=1)
    md = render(results, bool(kt))
    with open(os.path.join(args.out, "transfer.md"), "w") as f:
        f.write(md)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md)
    print(md)


def render(res, with_kt):
    n = lambda v: "never" if v is None else str(v)  # noqa: E731
    out = ["| fold | held-out pool (points) | input table | transferred table |" +
           (" best KT (median) |" if with_kt else ""),
           "|---|---|---|---|" + ("---|" if with_kt else "")]
    for fold in res["folds"]:
        for r in fold["rows"]:
            kt = f" {r['kt_best']} ({r['kt_best_median']}) |" if with_kt and "kt_best" in r else (
                " |" if with_kt else "")
            out.append(f"| {fold['fold']} | {r['pool']} ({r['points']}) | {n(r['input'])} | "
                       f"{n(r['transferred'])} |{kt}")
        out.append(f"| {fold['fold']} | geometric mean | {fold['geomean_input']:.2f} | "
                   f"{fold['geomean_transferred']:.2f} |" + (" |" if with_kt else ""))
    o = res["overall"]
    out.append("")
    out.append(f"Overall (every pool held out once): input table {o['geomean_input']:.2f}, "
               f"transferred {o['geomean_transferred']:.2f}; transferred better on "
               f"{o['better']}, worse on {o['worse']} pools.")
    if "geomean_kt_best_per_pool" in o:
        out.append(f"Kernel Tuner, best strategy per pool (after the fact): "
                   f"{o['geomean_kt_best_per_pool']:.2f}" +
                   (f"; best single strategy {o['kt_best_strategy'][0]} "
                    f"{o['kt_best_strategy'][1]:.2f}" if "kt_best_strategy" in o else "") + ".")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
