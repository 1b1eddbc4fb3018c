#!/usr/bin/env python3
"""Real paired-timing noise for host simulations of the keep decision (issue 28, helper lawp).

Every live ledger under docs/results/ keeps, for each timed round, the per-pair ratios
incumbent/candidate of its paired timing (`verdict.ratios`). This collects every series of 8 or
more pairs, takes logs and removes the series' median, and writes the residuals:
one list a series, with where it came from and its spread (1.4826 x MAD). A simulation draws a
series, resamples its residuals pair by pair (with replacement) and puts a true speed-up on
top: the shape, tails and per-kernel level of the noise are the hardware's, not a Gaussian's.
Identical series (a ledger copied into two folders) are kept once.

    scripts/pair_noise.py [--out tests/data/pair_noise/h200_pair_residuals.json]
"""
import argparse
import glob
import json
import math
import os
import statistics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "tests/data/pair_noise/h200_pair_residuals.json"))
    args = ap.parse_args()
    series, seen = [], set()
    for path in sorted(glob.glob(os.path.join(ROOT, "docs/results/**/*.jsonl"), recursive=True)):
        for line in open(path):
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            v = rec.get("verdict")
            if not isinstance(v, dict) or not isinstance(v.get("ratios"), list):
                continue
            ratios = [r for r in v["ratios"] if isinstance(r, (int, float)) and r > 0]
            if len(ratios) < 8:
                continue
            key = tuple(ratios)
            if key in seen:
                continue
            seen.add(key)
            logs = [math.log(r) for r in ratios]
            m = statistics.median(logs)
            res = [round(x - m, 7) for x in logs]
            spread = 1.4826 * statistics.median([abs(x) for x in res])
            series.append({
                "source": os.path.relpath(path, ROOT),
                "problem": rec.get("problem", ""),
                "round": rec.get("round", -1),
                "median_ratio": round(math.exp(m), 5),
                "spread": round(spread, 5),
                "residuals": res,
            })
    out = {
        "format": "solver-pair-noise",
        "what": "ln(ratio) - median ln(ratio) of every live paired timing of 8+ pairs in docs/results (scripts/pair_noise.py)",
        "series": series,
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    spreads = sorted(s["spread"] for s in series)
    print(f"{len(series)} series, {sum(len(s['residuals']) for s in series)} pairs; spread "
          f"median {statistics.median(spreads):.4f}, p90 {spreads[int(0.9 * len(spreads))]:.4f}, "
          f"max {spreads[-1]:.4f} -> {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
