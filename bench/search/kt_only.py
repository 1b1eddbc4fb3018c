#!/usr/bin/env python3
"""Kernel Tuner's strategies alone on some recorded pools, written as they finish.

search_bench.py runs Kernel Tuner and solver together and writes its results at the end; on
the large pools (1,000+ points) a strategy's 20 seeds take minutes to an hour in simulation, so
this runs the Kernel Tuner side alone, niced in the background, and rewrites its results file
after every (pool, strategy): a run cut short keeps what finished. The file has search_bench's
results.json layout (`problems` -> pool -> `pool_points`, `methods` -> "KT <strategy>"), so
`search_bench.py --reuse-kt FILE` takes its figures.

  nice bench/search/kt_only.py --oracle RUN_DIR --recording REC.json --problems a,b \
      --strategies simulated_annealing,greedy_ils --seeds 10 --wall-s 120 --out kt.json \
      [--venv DIR]

RUN_DIR is a `solver ablate --backend recorded` run directory of the same recording (its
oracle.json is the pool: search_bench.py and this read the same one).
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import kt_space  # noqa: E402
import search_bench  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--oracle", required=True, help="a solver ablate run directory")
    ap.add_argument("--recording", required=True)
    ap.add_argument("--problems", required=True)
    ap.add_argument("--strategies", required=True)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--wall-s", type=float, default=120.0, help="wall limit per strategy run")
    ap.add_argument("--out", required=True, help="results file (rewritten as runs finish)")
    ap.add_argument("--work", default=None, help="folder for the caches (default: beside --out)")
    ap.add_argument("--venv", default=None)
    args = ap.parse_args()
    search_bench.ensure_venv(args.venv or os.path.join(os.path.dirname(args.out), "venv"))
    import kt_runs  # only inside the venv

    with open(args.recording) as f:
        rec = json.load(f)
    with open(os.path.join(args.oracle, "oracle.json")) as f:
        oracle = json.load(f)
    oracle = oracle.get("problems", oracle)
    work = args.work or os.path.join(os.path.dirname(os.path.abspath(args.out)), "kt")
    os.makedirs(work, exist_ok=True)
    results = {"problems": {}, "kernel_tuner": kt_runs.KT_VERSION, "seeds": args.seeds,
               "wall_s": args.wall_s}
    if os.path.exists(args.out):
        with open(args.out) as f:
            results = json.load(f)
    problems = [p for p in args.problems.split(",") if p]
    strategies = [s for s in args.strategies.split(",") if s]
    pools = {}
    for p in problems:
        pools[p] = kt_space.Pool(p, oracle[p], rec["problems"][p]["variants"])
        pools[p].write(os.path.join(work, f"{p}.cache.json"), os.path.join(work, f"{p}.space.json"),
                       rec.get("device_name") or "simulated")
    # Strategy-major: every pool gets the first strategy before any gets the second.
    for strat in strategies:
        for p in problems:
            pool = pools[p]
            entry = results["problems"].setdefault(
                p, {"pool_points": len(pool.points), "best": pool.best_key,
                    "best_us": pool.best_us, "methods": {}})
            name = f"KT {strat}"
            if name in entry["methods"]:
                continue
            curves, errors, walls = [], [], []
            seeds = 1 if strat == "brute_force" else args.seeds
            for seed in range(1, seeds + 1):
                t0 = time.monotonic()
                order, err = kt_runs.run_strategy(pool, os.path.join(work, f"{p}.cache.json"),
                                                  strat, seed, len(pool.points), args.wall_s)
                walls.append(time.monotonic() - t0)
                if order:
                    curves.append(search_bench.kt_curve(order, pool))
                if err:
                    errors.append(err)
            if not curves:
                entry["methods"][name] = {"error": errors[0] if errors else "no run"}
            else:
                s = search_bench.summarise(curves, pool)
                s["errors"] = sorted(set(errors))
                s["measured_per_run"] = [len(c) for c in curves]
                s["wall_s_per_run"] = [round(w, 1) for w in walls]
                entry["methods"][name] = s
            search_bench.say(f"{p}: {strat}: {entry['methods'][name].get('median', 'error')} "
                             f"(n2 {entry['methods'][name].get('n2')}, {sum(walls):.0f} s)")
            with open(args.out + ".tmp", "w") as f:
                json.dump(results, f, indent=1, default=str)
            os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    main()
