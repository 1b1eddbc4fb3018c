#!/usr/bin/env python3
"""Projects the defences' cost (phase_table.py's defence table) with the cuts of issue 28's cost
work applied to a measured ledger: a PROJECTION from the ledger's phases_ms, not a measurement.

usage: defence_projection.py RUN_DIR_OR_LEDGER [...]

The cuts, per gate (the candidate's "gate" and the seed's "incumbent/gate"), with one
reference run of the problem measured as the gate's fresh-set reference run
(gate/timing/reference_run: that phase is exactly one run on a set of the problem's shape):
  (a) exponent-range sets keyed by content (engine/backend/gpu/set_content_key.h): every gate
      of a problem after its first in the ledger (one worker) skips the two exponent-range
      reference runs and the plans' scan of set 0 (adversarial/derive_plan);
  (b) the magnitude set (HeavyMagnitude) made only when the plain comparison fails: a gate with
      all four adversarial reference runs skips one run and a quarter of adversarial/derive_device,
      where the plain bound holds for an honest kernel. Assumed to hold except for the problems
      named with --plain-fails (default: reduce, a 2^27-term sum that the heavy set makes cancel);
  (c) the reference cache bounded by bytes and entries: it keeps (a)'s sets; nothing by itself;
  (d) page-locked host buffers for the output read-backs (engine/backend/gpu/pinned_bytes.h):
      every "download" inside a defence takes 1/--pinned-speedup of its measured time. The
      speed-up is PREDICTED, not measured: the call5 read-backs ran at ~18.7 GB/s (softmax's
      256 MiB in 14.3 ms); page-locked copies over the H200's PCIe Gen5 x16 are predicted at
      ~45 GB/s (default 2.5);
  (e) audits sharing the gate's reference runs: not applied; every audit runs on a perturbation
      of its own (a random seed), so no audit's inputs equal a gate's (the ratio printed shows it).
"""
import argparse
import json
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import phase_table  # noqa: E402

GATES = ("gate", "incumbent/gate")


def records(paths):
    for path in phase_table.ledgers(paths):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            phases = rec.get("phases_ms")
            if phases and "round" in phases:
                yield rec.get("problem", ""), phases


def pinned_cut(phases, speedup):
    """ms saved by (d) in one record: every read-back inside a defence, sped up."""
    if speedup <= 1:
        return 0.0
    download = sum(v for k, v in phases.items()
                   if k.endswith("/download") and phase_table.in_defence(k))
    return download * (1 - 1 / speedup)


def cut(problem, phases, seen, plain_fails):
    """(ms saved by (a), ms saved by (b)) in one record; `seen`: problems gated before."""
    saved_a = saved_b = 0.0
    for g in ("incumbent/gate", "gate"):  # the seed's gate runs first in a round
        ref = phases.get(g + "/adversarial/reference_run", 0.0)
        unit = phases.get(g + "/timing/reference_run", 0.0)
        if ref <= 0 or unit <= 0:
            continue
        runs = round(ref / unit)
        if runs >= 3 and problem in seen:
            saved_a += min(ref, 2 * unit) + phases.get(g + "/adversarial/derive_plan", 0.0)
        if runs >= 4 and problem not in plain_fails:
            saved_b += unit + phases.get(g + "/adversarial/derive_device", 0.0) / 4
        seen.add(problem)
    return saved_a, saved_b


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--plain-fails", default="reduce",
                    help="problems whose honest kernels are assumed to fail the plain bound on "
                         "the heavy set (comma-separated; '' for none)")
    ap.add_argument("--pinned-speedup", type=float, default=2.5,
                    help="predicted speed-up of a read-back into page-locked memory (1: none)")
    args = ap.parse_args(argv[1:])
    plain_fails = set(p for p in args.plain_fails.split(",") if p)
    recs = list(records(args.paths))
    if not recs:
        print("no records with phases_ms", file=sys.stderr)
        return 1
    seen = set()
    saved = [cut(problem, ph, seen, plain_fails) + (pinned_cut(ph, args.pinned_speedup),)
             for problem, ph in recs]
    rounds = [ph for _, ph in recs]
    all_ms = sum(ph["round"] for ph in rounds)
    measured = [sum(phase_table.defence_ms(ph)) for ph in rounds]
    docs = [sum(phase_table.defence_ms(ph)[:phase_table.DOCS_2026_12_02]) for ph in rounds]
    sa = sum(s[0] for s in saved)
    sb = sum(s[1] for s in saved)
    sd = sum(s[2] for s in saved)

    def shares(defence, use):
        # The saving leaves the round too: the round's time is smaller by what was cut.
        tot_d = tot_r = 0.0
        per = []
        for d, ph, s in zip(defence, rounds, saved):
            cut_ms = sum(x for x, on in zip(s, use) if on)
            r = ph["round"] - cut_ms
            tot_d += d - cut_ms
            tot_r += r
            per.append((d - cut_ms) / r if r > 0 else 0.0)
        return tot_d / 1000, tot_d / tot_r, statistics.median(per)

    print("PROJECTION from measured phases_ms (not a measurement)")
    print()
    print("| cut | ms saved | all defences: share of round time | median share per round | "
          "the docs' five: share | median |")
    print("|---|---|---|---|---|---|")
    for name, use, ms in (("measured (no cut)", (0, 0, 0), 0.0),
                          ("(a) exponent-range sets by content", (1, 0, 0), sa),
                          ("(b) magnitude set only on a plain failure", (0, 1, 0), sb),
                          (f"(d) page-locked read-backs (x{args.pinned_speedup:g}, predicted)",
                           (0, 0, 1), sd),
                          ("(a) + (b)", (1, 1, 0), sa + sb),
                          ("(a) + (b) + (d)", (1, 1, 1), sa + sb + sd)):
        _, s_all, m_all = shares(measured, use)
        _, s_doc, m_doc = shares(docs, use)
        print(f"| {name} | {ms:.0f} | {100 * s_all:.1f}% | {100 * m_all:.1f}% | "
              f"{100 * s_doc:.1f}% | {100 * m_doc:.1f}% |")
    print()
    download = sum(v for ph in rounds for k, v in ph.items()
                   if k.endswith("/download") and phase_table.in_defence(k))
    print("(c) the reference cache's bound: no saving of its own (every candidate gate's "
          "standing references already hit); it keeps (a)'s sets across gates.")
    print(f"(d) read-backs inside the defences: {download / 1000:.2f} s in all "
          f"({100 * download / all_ms:.1f}% of round time) at the measured pageable rate.")
    audits = [(ph.get(k, 0.0), ph.get(k.rsplit("/audit", 1)[0] + "/reference_run", 0.0))
              for ph in rounds for k in ph if k.endswith("gate/timing/audit/reference_run")]
    audits = [(a, u) for a, u in audits if a > 0 and u > 0]
    if audits:
        ratio = statistics.median(a / u for a, u in audits)
        print(f"(e) audits: median {ratio:.2f} reference runs each (1.00: every audit runs its own "
              f"on its own perturbed inputs; none equals a gate's set): nothing to share.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
