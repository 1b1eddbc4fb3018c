#!/usr/bin/env python3
"""Recorded live timing for the P10t replay (audit 36; tests/engine/p10t_replay_sim.cpp).

Every live ledger round under docs/results/ with a paired verdict (`verdict.ratios`, 8 or more)
gives: its pair ratios, its law pairs' ratios (where recorded), the candidate's gate series
(`gate.timed_us`, the candidate's own runs) and the two medians. Every `samples_us` series of
15 or more runs in a measurements.json gives a real run-by-run series of one kernel (the top-up's
source: a `time` series as the top-up is). Identical series are kept once.

    scripts/p10t_replay_series.py --out build/p10t_replay.json
"""
import argparse, glob, json, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def nums(v):
    return [x for x in v if isinstance(x, (int, float)) and x > 0] if isinstance(v, list) else []


def cheat(path):
    # a red team's or a planted cheat's folder (its controls, control_*, are honest)
    return any(re.match(r"(redteam|cheat)", part) for part in path.split(os.sep))


def walk(o, out):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "samples_us" and len(nums(v)) >= 15:
                out.append(nums(v))
            walk(v, out)
    elif isinstance(o, list):
        for x in o:
            walk(x, out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rounds, seen = [], set()
    for p in sorted(glob.glob(os.path.join(ROOT, "docs/results/**/*.jsonl"), recursive=True)):
        for line in open(p):
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            v = r.get("verdict") if isinstance(r, dict) else None
            if not isinstance(v, dict) or len(nums(v.get("ratios"))) < 8:
                continue
            key = tuple(nums(v.get("ratios")))
            if key in seen:
                continue
            seen.add(key)
            g = r.get("gate") if isinstance(r.get("gate"), dict) else {}
            rounds.append({"cheat": cheat(os.path.relpath(p, ROOT)) or cheat(str(r.get("problem", ""))),
                           "source": os.path.relpath(p, ROOT), "problem": r.get("problem", ""),
                           "round": r.get("round", -1), "ratios": list(key),
                           "law_ratios": nums(v.get("law_ratios")), "gate_us": nums(g.get("timed_us")),
                           "candidate_median_us": v.get("candidate_median_us", 0),
                           "incumbent_median_us": v.get("incumbent_median_us", 0)})
    series, sources, sseen = [], [], set()
    for p in sorted(glob.glob(os.path.join(ROOT, "docs/results/**/measurements*.json"), recursive=True)):
        try:
            j = json.load(open(p))
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        if cheat(os.path.relpath(p, ROOT)):
            continue
        found = []
        walk(j, found)
        for s in found:
            if tuple(s) not in sseen:
                sseen.add(tuple(s))
                series.append(s)
                sources.append(os.path.relpath(p, ROOT))
    json.dump({"rounds": rounds, "time_series": series, "time_sources": sources}, open(a.out, "w"))
    print(len(rounds), "paired rounds,", sum(1 for r in rounds if r["cheat"]), "of cheats,", sum(1 for r in rounds if r["law_ratios"]), "with law pairs,",
          sum(1 for r in rounds if len(r["gate_us"]) >= 3), "with a gate series;", len(series), "time series")


main()
