#!/usr/bin/env python3
"""What solver's rule-guided loop buys against plain search over the same recorded pools.

For every pool of a recording: export a Kernel Tuner search space and simulation cache
(kt_space.py), run Kernel Tuner's strategies on it in simulation mode, seed by seed
(kt_runs.py), run solver's tracks on the same recording (solver_runs.py: OFF, ON with
per-problem tables, ON with the carried table), and report per pool and overall the measured
points until the best so far is within 2% of the pool's best (median, 80th percentile, share
within 12), the best after 4/8/12 measurements, and what one measurement costs each side.

Usage (docs/benchmarks.md, "Search"):
  bench/search/search_bench.py --solver build/engine/solver --out /tmp/search-bench
      [--recording tests/data/recordings/h200.json [--recording MORE.json ...]]
      [--seeds 20] [--strategies a,b,...]
      [--problems a,b] [--venv DIR] [--markdown FILE]

Kernel Tuner comes from PyPI (kernel_tuner==1.5.0) into a venv of this script's own (default
<out>/venv, or --venv); `python3 -m venv` needs Debian's python3-venv, installed through
scripts/install_packages.sh when it is missing. Without PyPI the script says so and exits 77
(ctest's skip code).
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import kt_space  # noqa: E402
import solver_runs  # noqa: E402

KT_PIN = "kernel_tuner==1.5.0"
SKIP = 77
WITHIN = 1.02
DEFAULT_STRATEGIES = ["random_sample", "brute_force", "bayes_opt", "firefly_algorithm",
                      "genetic_algorithm", "simulated_annealing", "greedy_ils", "mls", "pso",
                      "diff_evo", "basinhopping", "dual_annealing"]
NETWORK_SIGNS = ("NewConnectionError", "ConnectTimeout", "Temporary failure in name resolution",
                 "Network is unreachable", "No matching distribution found",
                 "Could not find a version", "Max retries exceeded", "ConnectionError",
                 "ReadTimeoutError", "ProxyError", "SSLError")


def say(msg):
    print(f"search-bench: {msg}", file=sys.stderr, flush=True)


# --- the venv ---------------------------------------------------------------------------------
def have_kernel_tuner():
    try:
        import kernel_tuner  # noqa: F401
        from importlib.metadata import version
        return version("kernel_tuner") == KT_PIN.split("==")[1]
    except Exception:
        return False


def ensure_venv(venv):
    """Re-runs this script inside a venv that has the pinned Kernel Tuner, making it if needed."""
    if have_kernel_tuner():
        return
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        if subprocess.run([sys.executable, "-c", "import ensurepip, venv"],
                          capture_output=True).returncode != 0:
            say("python3 -m venv needs Debian's python3-venv: installing it")
            rc = subprocess.run(["bash", os.path.join(ROOT, "scripts", "install_packages.sh"),
                                 "python3-venv"]).returncode
            if rc != 0:
                say("could not install python3-venv (apt-get failed): skipped")
                sys.exit(SKIP)
        r = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
        if r.returncode != 0:
            say(f"python3 -m venv {venv} failed:\n{r.stderr}")
            sys.exit(1)
    check = subprocess.run([py, "-c", "from importlib.metadata import version; "
                            f"assert version('kernel_tuner') == '{KT_PIN.split('==')[1]}'"],
                           capture_output=True)
    if check.returncode != 0:
        say(f"installing {KT_PIN} from PyPI into {venv}")
        r = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                            "--timeout", "30", "--retries", "2", KT_PIN],
                           capture_output=True, text=True)
        if r.returncode != 0:
            text = r.stdout + r.stderr
            if any(s in text for s in NETWORK_SIGNS):
                say(f"PyPI cannot be reached, so Kernel Tuner cannot be installed: skipped\n"
                    f"{text.strip().splitlines()[-1] if text.strip() else ''}")
                sys.exit(SKIP)
            say(f"pip install {KT_PIN} failed:\n{text[-3000:]}")
            sys.exit(1)
    os.execv(py, [py, os.path.abspath(__file__), *sys.argv[1:]])


# --- metrics ----------------------------------------------------------------------------------
def to_within(times_so_far, best):
    """1-based index of the first measurement whose best-so-far is within 2% (None: never)."""
    for i, t in enumerate(times_so_far, 1):
        if t is not None and t <= WITHIN * best:
            return i
    return None


def best_after(times_so_far, best, k):
    if not times_so_far:
        return math.inf
    t = times_so_far[min(k, len(times_so_far)) - 1]
    return t / best if t else math.inf


def kt_curve(order, pool):
    out, cur = [], None
    for key in order:
        t = pool.points[key]["time_us"]
        if t is not None and (cur is None or t < cur):
            cur = t
        out.append(cur)
    return out


def solver_curve(meas, pool):
    return [pool.points.get(inc, {}).get("time_us") for _, inc, _, _ in meas]


def pct(values, q):
    """Nearest-rank percentile of a list where None is 'never' (sorts last)."""
    s = sorted(values, key=lambda v: math.inf if v is None else v)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def summarise(runs, pool):
    """runs: list of best-so-far curves (one per seed) -> the table's figures."""
    n2 = [to_within(c, pool.best_us) for c in runs]
    return {
        "runs": len(runs),
        "median": pct(n2, 0.5),
        "p80": pct(n2, 0.8),
        "within12": sum(1 for v in n2 if v is not None and v <= 12) / len(runs),
        "best4": statistics.median(best_after(c, pool.best_us, 4) for c in runs),
        "best8": statistics.median(best_after(c, pool.best_us, 8) for c in runs),
        "best12": statistics.median(best_after(c, pool.best_us, 12) for c in runs),
        "n2": n2,
    }


def fmt_n(v, pool_size):
    return "never" if v is None else str(v)


def geomean_n(per_pool, sizes):
    """Geometric mean of per-pool medians; a pool never reached counts as its size + 1."""
    logs = [math.log(s["median"] if s["median"] is not None else sizes[p] + 1)
            for p, s in per_pool.items()]
    return math.exp(sum(logs) / len(logs)) if logs else math.nan


# --- main -------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", required=True, help="the built solver binary")
    ap.add_argument("--recording", action="append", default=None,
                    help="a recording (repeatable): its pools join the table (default: the "
                         "bundled tests/data/recordings/h200.json); a pool in two is an error")
    ap.add_argument("--rules", default=None, help="rule table (default: solver's)")
    ap.add_argument("--out", required=True, help="output folder (caches, runs, results)")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--strategies", default=",".join(DEFAULT_STRATEGIES))
    ap.add_argument("--problems", default="", help="pools to use (default: all recorded)")
    ap.add_argument("--rounds", type=int, default=200,
                    help="solver's round budget (large: a track runs until it ends itself)")
    ap.add_argument("--wall-s", type=float, default=60.0, help="wall limit per strategy run")
    ap.add_argument("--venv", default=None)
    ap.add_argument("--markdown", default=None, help="also write the table here")
    ap.add_argument("--reuse-kt", default=None,
                    help="results.json of an earlier run: take its Kernel Tuner figures (same "
                         "recording and pools) instead of running the strategies again")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    ensure_venv(args.venv or os.path.join(args.out, "venv"))
    import kt_runs  # only inside the venv

    recordings = args.recording or [os.path.join(ROOT, "tests/data/recordings/h200.json")]
    wanted = [p for p in args.problems.split(",") if p]
    # The pools: every pool of every recording given (or those of --problems), each replayed
    # from the recording that holds it.
    per_recording, recorded = [], {}
    for i, path in enumerate(recordings):
        with open(path) as f:
            rec = json.load(f)
        mine = sorted(p for p in rec["problems"] if not wanted or p in wanted)
        for p in mine:
            if p in recorded:
                ap.error(f"pool {p} is in two recordings ({recorded[p][0]} and {path})")
            recorded[p] = (path, rec["problems"][p]["variants"], rec.get("device_name"))
        if mine:
            per_recording.append((i, path, mine))
    problems = sorted(recorded)
    missing = [p for p in wanted if p not in recorded]
    if missing:
        ap.error(f"not in any recording given: {', '.join(missing)}")
    extra = ["--rules", args.rules] if args.rules else []
    runs = {}  # label -> [(command, run dir, problems)]
    for label, tables in (("per-problem", "per-problem"), ("carry", "carry")):
        for i, path, mine in per_recording:
            d = os.path.join(args.out, f"solver-{label}" + (f"-{i}" if i else ""))
            say(f"solver ablate ({tables} tables, {os.path.basename(path)}) -> {d}")
            runs.setdefault(label, []).append(
                (solver_runs.run_ablate(args.solver, path, mine, d, args.rounds, tables, extra),
                 d, mine))
    oracle = {}
    for _, d, mine in runs["per-problem"]:
        o = solver_runs.read_oracle(d)
        for p in mine:
            oracle[p] = o["problems"][p] if "problems" in o else o[p]
    pools = {}
    kt_dir = os.path.join(args.out, "kt")
    os.makedirs(kt_dir, exist_ok=True)
    for p in problems:
        pools[p] = kt_space.Pool(p, oracle[p], recorded[p][1])
        pools[p].write(os.path.join(kt_dir, f"{p}.cache.json"),
                       os.path.join(kt_dir, f"{p}.space.json"), recorded[p][2] or "simulated")

    results = {"problems": {}, "kernel_tuner": kt_runs.KT_VERSION, "seeds": args.seeds,
               "recordings": {p: os.path.abspath(recorded[p][0]) for p in problems},
               "solver_commands": {k: [r[0] for r in v] for k, v in runs.items()},
               "solver_dirs": {k: [r[1] for r in v] for k, v in runs.items()}}
    strategies = [s for s in args.strategies.split(",") if s]
    reuse = {}
    if args.reuse_kt:
        with open(args.reuse_kt) as f:
            prev = json.load(f)
        reuse = prev["problems"]
        results["seeds"] = prev["seeds"]
    per_method = {}  # method -> {problem: summary}
    costs = {}
    for p in problems:
        pool = pools[p]
        entry = {"pool_points": len(pool.points), "best": pool.best_key,
                 "best_us": pool.best_us, "methods": {}}
        # solver's tracks
        for label, rs in runs.items():
            d = next(r[1] for r in rs if p in r[2])
            _, recs = solver_runs.read_ledger(d)
            tr = solver_runs.tracks(recs)
            for track in ("off", "on"):
                if label == "carry" and track == "off":
                    continue  # the same OFF track as per-problem
                name = f"solver {track.upper()}" + (" (carried table)" if label == "carry" else "")
                meas = solver_runs.measurements(tr.get((p, track), []), pool.rec_all)
                s = summarise([solver_curve(meas, pool)], pool)
                s["measured"] = [m[0] for m in meas]
                s["ended"] = solver_runs.end_of_track(tr.get((p, track), []))
                known = [m[2] for m in meas if m[2] is not None]
                s["cost_ms"] = statistics.mean(known) if known else None
                entry["methods"][name] = s
                per_method.setdefault(name, {})[p] = s
        # Kernel Tuner's strategies
        cache = os.path.join(kt_dir, f"{p}.cache.json")
        for strat in strategies:
            old = reuse.get(p, {}).get("methods", {}).get(f"KT {strat}")
            if old is not None and "error" not in old and reuse[p]["pool_points"] == len(pool.points):
                entry["methods"][f"KT {strat}"] = old
                if "error" not in old:
                    per_method.setdefault(f"KT {strat}", {})[p] = old
                continue
            curves, errors = [], []
            seeds = 1 if strat == "brute_force" else args.seeds
            for seed in range(1, seeds + 1):
                order, err = kt_runs.run_strategy(pool, cache, strat, seed, len(pool.points),
                                                  args.wall_s)
                if order:
                    curves.append(kt_curve(order, pool))
                if err:
                    errors.append(err)
            name = f"KT {strat}"
            if not curves:
                entry["methods"][name] = {"error": errors[0] if errors else "no run"}
                say(f"{p}: {strat}: cannot run here ({entry['methods'][name]['error']})")
                continue
            s = summarise(curves, pool)
            s["errors"] = sorted(set(errors))
            entry["methods"][name] = s
            per_method.setdefault(name, {})[p] = s
        cache_doc = pool.cache_doc("x")["cache"].values()
        costs[p] = statistics.mean(e["compile_time"] + e["verification_time"] +
                                   e["benchmark_time"] for e in cache_doc)
        entry["kt_cost_ms"] = costs[p]
        results["problems"][p] = entry
        say(f"{p}: {len(pool.points)} points, best {pool.best_key} {pool.best_us:.1f} us")

    sizes = {p: len(pools[p].points) for p in problems}
    overall = {}
    for name, pp in per_method.items():
        overall[name] = {"pools": len(pp), "geomean_median": geomean_n(pp, sizes),
                         "within12": sum(s["within12"] for s in pp.values()) / len(pp),
                         "pools_never": sum(1 for s in pp.values() if s["median"] is None)}
    results["overall"] = overall
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    md = render(results, problems, sizes)
    with open(os.path.join(args.out, "table.md"), "w") as f:
        f.write(md)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md)
    print(md)


def render(results, problems, sizes):
    out = []
    ov = results["overall"]
    full = [m for m, o in ov.items() if o["pools"] == len(problems)]
    out.append("| method | pools | geo. mean of median measurements to 2% | share within 12 | "
               "pools never within 2% |")
    out.append("|---|---|---|---|---|")
    for m in sorted(ov, key=lambda m: (ov[m]["pools"] != len(problems), ov[m]["geomean_median"])):
        o = ov[m]
        out.append(f"| {m} | {o['pools']}{'' if m in full else ' (errors elsewhere)'} | "
                   f"{o['geomean_median']:.2f} | {100 * o['within12']:.0f}% | {o['pools_never']} |")
    out.append("")
    out.append("| pool (points) | method | to 2%: median | p80 | within 12 | best after 4 / 8 / 12 "
               "| cost per measurement |")
    out.append("|---|---|---|---|---|---|---|")
    for p in problems:
        e = results["problems"][p]
        for m, s in e["methods"].items():
            if "error" in s:
                out.append(f"| {p} ({sizes[p]}) | {m} | cannot run: {s['error'][:60]} | | | | |")
                continue
            cost = s.get("cost_ms") if m.startswith("solver") else e["kt_cost_ms"]
            out.append(
                f"| {p} ({sizes[p]}) | {m} | {fmt_n(s['median'], sizes[p])} | "
                f"{fmt_n(s['p80'], sizes[p])} | {100 * s['within12']:.0f}% | "
                f"{s['best4']:.2f} / {s['best8']:.2f} / {s['best12']:.2f} | "
                f"{'' if cost is None else f'{cost / 1000:.2f} s'} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
