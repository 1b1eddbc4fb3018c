"""solver's tracks on the same recording: `solver ablate --backend recorded`, read back from
its run directory (ledger.jsonl, oracle.json; docs/ledger.md).

A track's measurements, in order: the seed (gated and profiled before round 1), then every
round whose candidate was gated (kept, rejected or gate-failed: `gate` is not null). A round
that found no variant, a stop, a converged round or a refused candidate measured nothing. What
the track holds after each measurement is its incumbent: a rejected candidate does not become
the answer even when it was close. The cost of each measurement is read from the recording
where it measured it: the gate's phases, the paired timing (pairs used x both kernels' times)
and, for the seed and every kept candidate, the profile (CUPTI replay passes + unprofiled
samples).
"""

import json
import os
import shutil
import subprocess


def run_ablate(solver, recording, problems, out_dir, rounds, on_tables, extra=()):
    cmd = [solver, "ablate", "--backend", "recorded", "--recording", recording,
           "--problems", ",".join(problems), "--rounds", str(rounds), "--on-tables", on_tables,
           "--out", out_dir, "--quiet", "--json", *extra]
    # A run directory left by an earlier bench run would be refused (solver never overwrites a
    # run): each bench run measures afresh.
    shutil.rmtree(out_dir, ignore_errors=True)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    return cmd


def read_oracle(out_dir):
    with open(os.path.join(out_dir, "oracle.json")) as f:
        return json.load(f)


def read_ledger(out_dir):
    with open(os.path.join(out_dir, "ledger.jsonl")) as f:
        lines = [json.loads(l) for l in f if l.strip()]
    return lines[0], lines[1:]


def tracks(records):
    """(problem, track) -> its records in round order."""
    out = {}
    for r in records:
        out.setdefault((r["problem"], r["track"]), []).append(r)
    for v in out.values():
        v.sort(key=lambda r: r["round"])
    return out


def _ms(rec_variant, what):
    return ((rec_variant or {}).get(what) or {}).get("phases_ms", {}).get("total")


def measurements(records, recorded):
    """[(key measured, incumbent key after it, cost ms or None, note)] for one track: the seed,
    then round by round the screened points and the candidate."""
    if not records:
        return []
    seed = records[0]["incumbent"]["key"]
    rv = recorded.get(seed, {})
    g, p = _ms(rv, "gate"), _ms(rv, "profile")
    out = [(seed, seed, (g + p) if g is not None and p is not None else None, "seed")]
    inc = seed
    for r in records:
        # The screening batch (docs/loop.md): points gated beside the candidate, each a
        # measurement (its gate compiles, checks and times it); the incumbent stays.
        for s in r.get("screened", []):
            out.append((s["key"], inc, _ms(recorded.get(s["key"], {}), "gate"), "screened"))
        if r.get("gate") is None or not r.get("candidate"):
            continue
        key = r["candidate"]["key"]
        cv = recorded.get(key, {})
        cost = _ms(cv, "gate")
        v = r.get("verdict")
        if cost is not None and v:
            pairs = len(v.get("ratios", []))
            cost += pairs * (v.get("incumbent_median_us", 0) + v.get("candidate_median_us", 0)) / 1000
        if r["outcome"] == "kept":
            inc = key
            prof = _ms(cv, "profile")
            cost = None if cost is None or prof is None else cost + prof
        out.append((key, inc, cost, r["outcome"] + (" (explored)" if r.get("explored") else "")))
    return out


def end_of_track(records):
    """How the track ended: the last record's outcome and detail."""
    if not records:
        return ""
    last = records[-1]
    return f"{last['outcome']} at round {last['round']}: {last.get('detail', '')[:100]}"
