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
  (c) the reference cache bounded by bytes and entries (8 GiB, 64) instead of 8 entries: the
      pairs' fresh set of a (problem, round) that an earlier track timed is the same set (its
      seed is the round's), and is a cache hit where the bytes of the reference runs cached
      since then, plus the problem's 5 resident sets (3 standing, 2 exponent-range), fit in
      8 GiB; a set's size is its float64 outputs (SET_BYTES, from problems/*/problem.yaml);
  (d) page-locked host buffers for the output read-backs (engine/backend/gpu/pinned_bytes.h):
      every "download" inside a defence takes 1/--pinned-speedup of its measured time. The
      speed-up is PREDICTED, not measured: the call5 read-backs ran at ~18.7 GB/s (softmax's
      256 MiB in 14.3 ms); page-locked copies over the H200's PCIe Gen5 x16 are predicted at
      ~45 GB/s (default 2.5);
  (e) audits sharing the gate's reference runs: not applied; every audit runs on a perturbation
      of its own (a random seed), so no audit's inputs equal a gate's (the ratio printed shows it);
  (g) the audit's reference read back into reused page-locked memory (Worker::
      run_reference_reused, issue 28 helper h28i): an audit's reference is compared once and
      dropped, so the worker keeps one grow-only page-locked buffer per output instead of a
      fresh allocation whose pages are first-touched per audit. Every audit's readback/touch is
      saved except the first of each (ledger, problem) (one worker: the buffer's growth), which
      pays --first-pin x its touch (cuMemAllocHost locking the pages; PREDICTED, default 1.0:
      as dear as the touch it replaces), and its readback/copy takes 1/--pinned-speedup of its
      time (PREDICTED, as (d)). Ledgers made with (g) show ~0 ms of audit touch after the first.
"""
import argparse
import json
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import phase_table  # noqa: E402

GATES = ("gate", "incumbent/gate")
# A reference's float64 outputs, bytes, from the output shapes in problems/*/problem.yaml.
SET_BYTES = {"matmul": 4096 * 4096 * 8, "softmax": 16384 * 4096 * 8,
             "layernorm": 16384 * 4096 * 8, "reduce": 8, "matmul_scalar": 16384 * 4096 * 8,
             "sigmoid": 134217728 * 8}
CACHE_BYTES = 8 << 30
RESIDENT_SETS = 5


def cached_runs(phases):
    """Reference runs that enter the cache (every one but an audit's), counted in units of
    the round's own one-run phases: their number, rounded."""
    # One run: an audit's (every audit runs exactly one), else the phase itself.
    audits = [v for k, v in phases.items() if k.endswith("/audit/reference_run") and v > 0]
    n = 0
    for k, v in phases.items():
        if k.endswith("/reference_run") and "/audit/" not in k and v > 0:
            n += max(1, round(v / (audits[0] if audits else v)))
    return n


def cache_cut(recs):
    """ms saved by (c) per record: the pairs' fresh-set reference run where an earlier record
    of the same (problem, round) timed pairs and the cache kept its set (see the module doc)."""
    saved = []
    timed = {}  # (problem, round) -> index of the record that timed pairs
    for i, (problem, ph, rnd) in enumerate(recs):
        ref = ph.get("pairs/fresh set/reference_run", 0.0)
        key = (problem, rnd)
        hit = 0.0
        if ref > 0 and key in timed and problem in SET_BYTES:
            since = sum(cached_runs(recs[j][1]) for j in range(timed[key] + 1, i))
            if (since + RESIDENT_SETS) * SET_BYTES[problem] <= CACHE_BYTES:
                hit = ref
        if ph.get("pairs", 0) > 0 and rnd is not None:
            timed.setdefault(key, i)
        saved.append(hit)
    return saved


def records_with_path(paths):
    for path in phase_table.ledgers(paths):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            phases = rec.get("phases_ms")
            if phases and "round" in phases:
                yield str(path), rec.get("problem", ""), phases, rec.get("round")


def records(paths):
    for _, problem, phases, rnd in records_with_path(paths):
        yield problem, phases, rnd


# The audits' phases in the order a round runs them: the seed's gate, the candidate's, the pairs.
AUDIT_ORDER = ("incumbent/gate/", "gate/", "pairs/", "profile_kept/", "incumbent/profile/")
AUDIT_TOUCH = "/audit/reference_run/readback/touch"


def audit_readback_cut(recs, speedup, first_pin):
    """ms saved by (g) per record: each audit's reference read-back touch, and its copy sped
    up, the first audit of each (ledger, problem) paying first_pin x its touch instead."""
    saved = []
    seen = set()
    for path, problem, ph, _ in recs:
        keys = [k for k in ph if k.endswith(AUDIT_TOUCH)]
        keys.sort(key=lambda k: next((i for i, a in enumerate(AUDIT_ORDER) if k.startswith(a)),
                                     len(AUDIT_ORDER)))
        ms = 0.0
        for k in keys:
            touch = ph[k]
            copy = ph.get(k[: -len("touch")] + "copy", 0.0)
            first = (path, problem) not in seen
            seen.add((path, problem))
            ms += touch * (1 - first_pin if first else 1)
            if speedup > 1:
                ms += copy * (1 - 1 / speedup)
        saved.append(ms)
    return saved


def pinned_cut(phases, speedup):
    """ms saved by (d) in one record: every read-back inside a defence, sped up."""
    if speedup <= 1:
        return 0.0
    download = sum(v for k, v in phases.items()
                   if k.endswith("/download") and phase_table.in_defence(k))
    return download * (1 - 1 / speedup)


def cut(problem, phases, seen, plain_fails):
    """(ms saved by (a), ms saved by (b)) in one record; `seen`: problems gated before. (a)
    needs (c)'s cache too: the 8 entries before held no set from one gate to the next."""
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
    ap.add_argument("--first-pin", type=float, default=1.0,
                    help="(g): the first audit of a (ledger, problem) pays this x its touch "
                         "(predicted cost of locking the reused buffer's pages)")
    args = ap.parse_args(argv[1:])
    plain_fails = set(p for p in args.plain_fails.split(",") if p)
    with_path = list(records_with_path(args.paths))
    recs = [(problem, ph, rnd) for _, problem, ph, rnd in with_path]
    if not recs:
        print("no records with phases_ms", file=sys.stderr)
        return 1
    seen = set()
    hits = cache_cut(recs)
    audit_saved = audit_readback_cut(with_path, args.pinned_speedup, args.first_pin)
    saved = [cut(problem, ph, seen, plain_fails) + (pinned_cut(ph, args.pinned_speedup), hit, g)
             for (problem, ph, _), hit, g in zip(recs, hits, audit_saved)]
    rounds = [ph for _, ph, _ in recs]
    all_ms = sum(ph["round"] for ph in rounds)
    measured = [sum(phase_table.defence_ms(ph)) for ph in rounds]
    docs = [sum(phase_table.defence_ms(ph)[:phase_table.DOCS_2026_12_02]) for ph in rounds]
    sa = sum(s[0] for s in saved)
    sb = sum(s[1] for s in saved)
    sd = sum(s[2] for s in saved)
    sc = sum(s[3] for s in saved)
    sg = sum(s[4] for s in saved)

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
    for name, use, ms in (("measured (no cut)", (0, 0, 0, 0, 0), 0.0),
                          ("(a) exponent-range sets by content", (1, 0, 0, 0, 0), sa),
                          ("(b) magnitude set only on a plain failure", (0, 1, 0, 0, 0), sb),
                          ("(c) reference cache by bytes: pairs' fresh sets of earlier tracks",
                           (0, 0, 0, 1, 0), sc),
                          (f"(d) page-locked read-backs (x{args.pinned_speedup:g}, predicted)",
                           (0, 0, 1, 0, 0), sd),
                          ("(a) + (b) + (c)", (1, 1, 0, 1, 0), sa + sb + sc),
                          ("(a) + (b) + (c) + (d)", (1, 1, 1, 1, 0), sa + sb + sc + sd),
                          (f"(g) audit references into reused page-locked memory (first pin "
                           f"x{args.first_pin:g}, copy x{args.pinned_speedup:g}, predicted)",
                           (0, 0, 0, 0, 1), sg),
                          ("(a) + (b) + (c) + (d) + (g)", (1, 1, 1, 1, 1),
                           sa + sb + sc + sd + sg)):
        _, s_all, m_all = shares(measured, use)
        _, s_doc, m_doc = shares(docs, use)
        print(f"| {name} | {ms:.0f} | {100 * s_all:.1f}% | {100 * m_all:.1f}% | "
              f"{100 * s_doc:.1f}% | {100 * m_doc:.1f}% |")
    print()
    download = sum(v for ph in rounds for k, v in ph.items()
                   if k.endswith("/download") and phase_table.in_defence(k))
    print(f"(d) read-backs inside the defences: {download / 1000:.2f} s in all "
          f"({100 * download / all_ms:.1f}% of round time) at the measured pageable rate.")
    # Not built (the next cut): the audit's comparison on the device, right after its
    # reference run and before its output is zeroed, would save at least the audit's read-back
    # of the candidate's outputs and its host comparison (and the reference's read-back, which
    # the ledgers do not time apart: its sub-phase "readback" is timed from 2026-12-03).
    audit_io = sum(v for ph in rounds for k, v in ph.items()
                   if k.endswith("/audit/download") or k.endswith("/audit/compare"))
    print(f"(f) not built: the audits' read-back and host comparison are {audit_io / 1000:.2f} s "
          f"({100 * audit_io / all_ms:.1f}% of round time), the least a comparison on the "
          f"device would save.")
    audits = [(ph.get(k, 0.0), ph.get(k.rsplit("/audit", 1)[0] + "/reference_run", 0.0))
              for ph in rounds for k in ph if k.endswith("gate/timing/audit/reference_run")]
    audits = [(a, u) for a, u in audits if a > 0 and u > 0]
    if audits:
        ratio = statistics.median(a / u for a, u in audits)
        print(f"(e) audits: median {ratio:.2f} reference runs each (1.00: every audit runs its own "
              f"on its own perturbed inputs; none equals a gate's set): nothing to share.")
    print()
    print_gates(recs)
    return 0


def gate_rows(recs):
    """Per gate whose adversarial sets ran a reference: (problem, round, which gate, those
    reference runs in units of its fresh-set run, derive_plan ms)."""
    rows = []
    for problem, ph, rnd in recs:
        for g in ("incumbent/gate", "gate"):
            ref = ph.get(g + "/adversarial/reference_run", 0.0)
            unit = ph.get(g + "/timing/reference_run", 0.0)
            if ref <= 0:  # no adversarial set ran (not homogeneous, known from an earlier gate)
                continue
            runs = ref / unit if unit > 0 else float("nan")
            rows.append((problem, rnd, g, runs, ph.get(g + "/adversarial/derive_plan", 0.0)))
    return rows


def print_gates(recs):
    """What the cuts must show in a ledger made with them (measured, per gate): a problem's
    later gates run 1 adversarial reference run (the heavy set; 2 where the plain bound failed
    and the magnitude set was made) instead of 4, and spend ~0 ms on derive_plan."""
    rows = gate_rows(recs)
    if not rows:
        return
    print("| problem | round | gate | adversarial reference runs (x the fresh-set run) | "
          "derive_plan ms |")
    print("|---|---|---|---|---|")
    for problem, rnd, g, runs, plan in rows:
        print(f"| {problem} | {rnd} | {g} | {runs:.2f} | {plan:.1f} |")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
