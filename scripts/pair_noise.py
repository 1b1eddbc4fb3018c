#!/usr/bin/env python3
"""Real paired-timing noise for host simulations of the keep decision (issue 28, helper lawp).

Every live ledger under docs/results/ keeps, for each timed round, the per-pair ratios
incumbent/candidate of its paired timing (`verdict.ratios`). This collects every series of 8 or
more pairs, takes logs and removes the series' median, and writes the residuals:
one list a series, with where it came from and its spread (1.4826 x MAD). A simulation draws a
series, resamples its residuals pair by pair (with replacement) and puts a true speed-up on
top: the shape, tails and per-kernel level of the noise are the hardware's, not a Gaussian's.
Identical series (a ledger copied into two folders) are kept once. The law pairs' ratios of P6d
(`verdict.law_ratios`, live ledgers since 2026-12-05) go to "law_series" the same way, so their
noise can be compared with the timed pairs' (scripts/gpu/probe_lawp.sh).

    scripts/pair_noise.py [--out tests/data/pair_noise/h200_pair_residuals.json]
"""
import argparse
import glob
import json
import math
import os
import statistics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def entry(path, rec, ratios):
    logs = [math.log(r) for r in ratios]
    m = statistics.median(logs)
    res = [round(x - m, 7) for x in logs]
    return {
        "source": os.path.relpath(path, ROOT),
        "problem": rec.get("problem", ""),
        "round": rec.get("round", -1),
        "median_ratio": round(math.exp(m), 5),
        "spread": round(1.4826 * statistics.median([abs(x) for x in res]), 5),
        "residuals": res,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "tests/data/pair_noise/h200_pair_residuals.json"))
    args = ap.parse_args()
    series, law_series, seen = [], [], set()
    for path in sorted(glob.glob(os.path.join(ROOT, "docs/results/**/*.jsonl"), recursive=True)):
        for line in open(path):
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            v = rec.get("verdict")
            if not isinstance(v, dict):
                continue
            for field, into in (("ratios", series), ("law_ratios", law_series)):
                if not isinstance(v.get(field), list):
                    continue
                ratios = [r for r in v[field] if isinstance(r, (int, float)) and r > 0]
                if len(ratios) < 8 or (field, tuple(ratios)) in seen:
                    continue
                seen.add((field, tuple(ratios)))
                into.append(entry(path, rec, ratios))
    out = {
        "format": "solver-pair-noise",
        "what": "ln(ratio) - median ln(ratio) of every live paired timing of 8+ pairs in docs/results (scripts/pair_noise.py)",
        "series": series,
        "law_series": law_series,
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    spreads = sorted(s["spread"] for s in series)
    print(f"{len(series)} series, {sum(len(s['residuals']) for s in series)} pairs; spread "
          f"median {statistics.median(spreads):.4f}, p90 {spreads[int(0.9 * len(spreads))]:.4f}, "
          f"max {spreads[-1]:.4f}; {len(law_series)} law series -> {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
