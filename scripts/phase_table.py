#!/usr/bin/env python3
"""Sums the ledger's per-phase wall times (phases_ms) the way docs/benchmarks.md's tables do.

usage: phase_table.py RUN_DIR_OR_LEDGER [...]   (every ledger*.jsonl under a run directory)

Prints: the top-level phases and the sub-phases the tables name (total seconds, share of all
rounds), then the cross-cutting sums by leaf phase name (host-derived sets, device-derived sets,
uploads, cached device copies, unprofiled samples), then the defences (issue 28's cost bar:
each defence's seconds, its share of all round time and the median of its share per round,
and all of them together against the 25% bar), then rounds timed, median and slowest.
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
    ("measured class bound: sets on |inputs| (class_magnitude)", ("class_magnitude",)),
    ("input generation (generate)", ("generate",)),
    ("unprofiled samples (unprofiled)", ("unprofiled",)),
]

# The defences (docs/reliability.md, "Cost"): each a set of phase paths, matched as the whole
# path or its tail after a "/" (so "gate/adversarial" is the candidate's and the incumbent's
# gate). Sub-phases of a matched path are inside its time and never added again.
DEFENCES = [
    ("adversarial sets (derive, reference, checked runs)", ("gate/adversarial",)),
    ("audits of a timed run (reference run, compare)", ("audit",)),
    ("input checks (regular sets, fresh module each)", ("gate/checks", "pairs/checks")),
    ("fresh set of the pairs (derive, reference)", ("pairs/fresh set",)),
    ("timed perturbation (outside the timed window)", ("perturb",)),
    ("fresh set of the gate's timing (derive, reference)",
     ("gate/timing/derive_device", "gate/timing/derive_plan", "gate/timing/derive_set",
      "gate/timing/upload", "gate/timing/reference_run")),
    ("checks inside a timed series (fresh-set read-back, compare, digests)",
     ("samples/download", "samples/compare", "samples/verify_inputs", "timing/verify_inputs",
      "samples/fresh_check", "audit/fresh_check")),
    # Red team 8: a module with .global variables reloaded before every run of a timed series,
    # and the arena's slack rewritten before every run (inside a gate check they are part of
    # "input checks" above and not counted again here).
    ("module reloads and arena slack before each timed run (red team 8)",
     ("samples/module_load", "warmup/module_load", "samples/arena_slack", "warmup/arena_slack")),
    # The gate's own defences before any timing (helper gcost, 2026-12-07): the tolerance lint
    # (echoes, model echoes, law regions; once per problem and worker, or a cached verdict) and
    # the candidate's precision and module-memory scans (worker phase code_scans, inside nvrtc).
    ("tolerance lint (first gate of a problem in a worker)", ("gate/tolerance lint",)),
    ("code scans of the candidate's PTX (precision, module memory)", ("gate/compile/nvrtc/code_scans",)),
]
# The docs' sum until 2026-12-02 (docs/reliability.md, "Cost") is the first five; it left out
# the gate's fresh set and the checks inside the timed series. Both sums are printed.
DOCS_2026_12_02 = 5
BAR = 0.25


def matches(key, paths):
    return any(key == p or key.endswith("/" + p) for p in paths)


def in_defence(key):
    """Whether a phase path lies inside a defence (it or a path above it is one)."""
    parts = key.split("/")
    return any(matches("/".join(parts[:n]), paths)
               for n in range(1, len(parts) + 1) for _, paths in DEFENCES)


def defence_ms(phases):
    """Per defence (DEFENCES order), the ms of one record's phases_ms."""
    return [sum(v for k, v in phases.items() if matches(k, paths)) for _, paths in DEFENCES]


def defence_table(records):
    """Rows (name, total s, share of all round time, median share per round) for every defence,
    then the sums: every defence, and the docs' five until 2026-12-02. `records`: phases_ms
    dicts that have a "round"."""
    rounds = [r for r in records if r.get("round", 0) > 0]
    if not rounds:
        return []
    all_ms = sum(r["round"] for r in rounds)
    per = [defence_ms(r) for r in rounds]
    rows = []
    for i, (name, _) in enumerate(DEFENCES):
        total = sum(p[i] for p in per)
        med = statistics.median(p[i] / r["round"] for p, r in zip(per, rounds))
        rows.append((name, total / 1000, total / all_ms, med))
    for name, count in (("all defences", len(DEFENCES)),
                        ("  the docs' five (until 2026-12-02)", DOCS_2026_12_02)):
        total = sum(sum(p[:count]) for p in per)
        med = statistics.median(sum(p[:count]) / r["round"] for p, r in zip(per, rounds))
        rows.append((name, total / 1000, total / all_ms, med))
    return rows


def print_defences(records):
    rows = defence_table(records)
    if not rows:
        return
    print(f"| defence | total s | share of round time | median share per round |")
    print("|---|---|---|---|")
    for name, s, share, med in rows:
        bold = "**" if name == "all defences" else ""
        print(f"| {bold}{name}{bold} | {s:.2f} | {100 * share:.1f}% | {100 * med:.1f}% |")
    _, _, share, med = rows[len(DEFENCES)]
    verdict = "within" if share <= BAR and med <= BAR else "OVER"
    print()
    print(f"Defences: {100 * share:.1f}% of all round time, median {100 * med:.1f}% per round: "
          f"{verdict} the {100 * BAR:.0f}% bar (both must be at most {100 * BAR:.0f}%).")


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
    records = []
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
                records.append(phases)
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
    print_defences(records)
    print()
    print(f"Rounds timed: {len(rounds)}; median {statistics.median(rounds):.2f} s, "
          f"slowest {max(rounds):.1f} s, sum {sum(rounds):.1f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
