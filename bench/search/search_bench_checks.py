"""The checks of search_bench_test.py, run inside the bench's venv (they use Kernel Tuner)."""

import json
import os
import sys

from kernel_tuner import util

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kt_space  # noqa: E402
import solver_runs  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def main(out):
    with open(os.path.join(out, "results.json")) as f:
        res = json.load(f)
    oracle, tracks, recordings = {"problems": {}}, {}, {}
    for d in res["solver_dirs"]["per-problem"]:
        oracle["problems"].update(solver_runs.read_oracle(d)["problems"])
        tracks.update(solver_runs.tracks(solver_runs.read_ledger(d)[1]))
    for path in set(res["recordings"].values()):
        with open(path) as f:
            recordings[path] = json.load(f)
    problems = sorted(res["problems"])
    # The pool list is the recordings' own: every pool of every recording given, no other.
    listed = sorted(p for r in recordings.values() for p in r["problems"])
    check(problems == listed, f"pools {problems} are not the recordings' {listed}")
    check(len(problems) >= 17, f"expected every recorded pool, got {len(problems)}")
    for p in problems:
        recording = recordings[res["recordings"][p]]
        e = res["problems"][p]
        cache_path = os.path.join(out, "kt", f"{p}.cache.json")
        with open(os.path.join(out, "kt", f"{p}.space.json")) as f:
            space = json.load(f)
        cache = util.read_cache(cache_path, open_cache=False)
        pool_keys = [pt["key"] for pt in oracle["problems"][p]["points"]
                     if not pt.get("status", "").startswith("invalid")]
        # The cache is the pool, point for point, each at its recorded median (ms).
        by_solver_key = {v["solver_key"]: v for v in cache["cache"].values()}
        check(sorted(by_solver_key) == sorted(pool_keys), f"{p}: cache keys differ from the pool")
        check(len(cache["cache"]) == e["pool_points"], f"{p}: cache size")
        recorded = recording["problems"][p]["variants"]
        oracle_us = {pt["key"]: pt.get("time_us") for pt in oracle["problems"][p]["points"]}
        for key, v in by_solver_key.items():
            rv = recorded.get(key, {})
            if rv.get("gate", {}).get("status") == "passed":
                check(abs(v["time"] - rv["profile"]["time_us"] / 1000) < 1e-9 and
                      abs(v["time"] - oracle_us[key] / 1000) < 1e-9,
                      f"{p}: {key}: cache time is not the recorded profile median")
                check(v["times"] == [t / 1000 for t in rv["samples_us"]],
                      f"{p}: {key}: cache samples are not the recorded ones")
            else:
                check(v["time"] in ("RuntimeFailedConfig", "CompilationFailedConfig") and
                      "__error__" in v, f"{p}: {key}: a failed gate is not an error config")
        # A cache key is the values joined in tune_params_keys order.
        for ck, v in cache["cache"].items():
            check(ck == ",".join(str(v[n]) for n in cache["tune_params_keys"]),
                  f"{p}: cache key {ck} is not its values in order")
        # The restriction: every pool point in, a cartesian point outside the pool out.
        check(space["cartesian_points"] >= space["pool_points"], f"{p}: space smaller than pool")
        # Brute force: its count is the rank of the first point within 2% in enumeration order.
        bf = e["methods"].get("KT brute_force")
        if bf and "error" not in bf:
            order = []
            import itertools
            for cfg in itertools.product(*cache["tune_params"].values()):
                k = ",".join(str(x) for x in cfg)
                if k in cache["cache"]:
                    order.append(cache["cache"][k])
            best = e["best_us"] / 1000.0
            first = next(i for i, v in enumerate(order, 1)
                         if isinstance(v["time"], float) and v["time"] <= 1.02 * best)
            check(bf["median"] == first, f"{p}: brute force took {bf['median']}, space order says {first}")
        on = e["methods"]["solver ON"]
        # issue 30: ON reaches 2% on every pool (before: never on three), matmul_1024 within 9
        # rounds (the seed is measurement 1; the knob model's jump, 13 measurements without
        # it), and it never ends with points untried.
        check(on["median"] is not None, f"{p}: solver ON never gets within 2%")
        if p == "matmul_1024":
            check(on["median"] is not None and on["median"] <= 10,
                  f"{p}: solver ON needs {on['median']} measurements to 2% (want <= 10)")
        last = tracks.get((p, "on"), [])[-1]
        if last["outcome"] in ("stop", "converged"):
            check(len(on["measured"]) >= e["pool_points"],
                  f"{p}: ON ended ({last['outcome']}) after {len(on['measured'])} of "
                  f"{e['pool_points']} points")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"search_bench_checks: {len(problems)} pools, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
