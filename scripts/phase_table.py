#!/usr/bin/env python3
"""Sums the ledger's per-phase wall times (phases_ms) the way docs/benchmarks.md's tables do.

usage: phase_table.py RUN_DIR_OR_LEDGER [...]   (every ledger*.jsonl under a run directory)

Prints: the top-level phases and the sub-phases the tables name (total seconds, share of all
rounds), then the cross-cutting sums by leaf phase name (host-derived sets, device-derived sets,
uploads, cached device copies, unprofiled samples), then rounds timed, median and slowest.
"""
import collections
import json
import pathlib
import statistics
import sys

ROWS = [
    ("incumbent (seed gate + profile, first round of a track)", "incumbent"),
    ("  of which the seed's gate", "incumbent/gate/total"),
    ("  of which its profile: CUPTI passes", "incumbent/profile/passes"),
    ("  of which its profile: unprofiled samples", "incumbent/profile/unprofiled"),
    ("gate of the candidate", "gate"),
    ("  adversarial sets", "gate/adversarial"),
    ("  timing series", "gate/timing"),
    ("  NVRTC compile", "gate/compile"),
    ("paired timing", "pairs"),
    ("  timed samples", "pairs/timing"),
    ("  input upload and generation (prepare)", "pairs/prepare"),
    ("  fresh set (derive, upload, reference)", "pairs/fresh set"),
    ("profile of a kept candidate", "profile_kept"),
    ("evolver", "evolve"),
]
# Leaf names summed over every phase they occur in.
LEAVES = [
    ("host-derived sets (derive_set)", ("derive_set",)),
    ("device-derived sets (derive_device)", ("derive_device",)),
    ("derivation plans, both paths (derive_plan)", ("derive_plan",)),
    ("uploads, all (upload)", ("upload",)),
    ("  of which host uploads of standing sets (host_upload)", ("host_upload",)),
    ("  of which copies from the device input cache (device_cache_copy)", ("device_cache_copy",)),
    ("reference runs (reference_run)", ("reference_run",)),
    ("input generation (generate)", ("generate",)),
    ("unprofiled samples (unprofiled)", ("unprofiled",)),
]


def ledgers(args):
    for a in args:
        p = pathlib.Path(a)
        if p.is_dir():
            yield from sorted(p.rglob("ledger*.jsonl"))
        else:
            yield p


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    total = collections.defaultdict(float)
    rounds = []
    samples = []
    for path in ledgers(argv[1:]):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            phases = rec.get("phases_ms")
            if not phases:
                continue
            for k, v in phases.items():
                total[k] += v
            if "round" in phases:
                rounds.append(phases["round"] / 1000)
    if not rounds:
        print("no records with phases_ms", file=sys.stderr)
        return 1
    all_s = total.get("round", 0) / 1000
    share = lambda s: f"{100 * s / all_s:.0f}%" if all_s else "-"
    print("| phase | total s | share of round time |")
    print("|---|---|---|")
    for name, key in ROWS:
        s = total.get(key, 0) / 1000
        print(f"| {name} | {s:.1f} | {share(s)} |")
    print(f"| **all rounds** | **{all_s:.1f}** | 100% |")
    print()
    leaf = collections.defaultdict(float)
    for k, v in total.items():
        leaf[k.split("/")[-1]] += v
    print("| across all phases | total s | share |")
    print("|---|---|---|")
    for name, keys in LEAVES:
        s = sum(leaf.get(k, 0) for k in keys) / 1000
        print(f"| {name} | {s:.2f} | {share(s)} |")
    print()
    print(f"Rounds timed: {len(rounds)}; median {statistics.median(rounds):.2f} s, "
          f"slowest {max(rounds):.1f} s, sum {sum(rounds):.1f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
