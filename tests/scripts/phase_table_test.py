#!/usr/bin/env python3
"""scripts/phase_table.py's defence table and scripts/defence_projection.py (issue 28's cost
bar), on small ledgers written here: which phase paths each defence sums (and which it must
not add twice), the share of all round time and the median share per round, the verdict
against the 25% bar, and the projection's cuts (exponent-range sets only after a problem's
first gate, the magnitude set only where the plain bound is assumed to hold)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import defence_projection  # noqa: E402
import phase_table  # noqa: E402

TABLE = os.path.join(ROOT, "scripts", "phase_table.py")
PROJECTION = os.path.join(ROOT, "scripts", "defence_projection.py")


def gate_round(round_ms, adversarial=0.0, adv_ref=0.0, unit=0.0, plan=0.0, audit=0.0,
               checks=0.0, prefix="gate"):
    """One round's phases_ms with a candidate gate (or the seed's: prefix incumbent/gate)."""
    p = {"round": round_ms}
    if adversarial:
        p[prefix + "/adversarial"] = adversarial
        p[prefix + "/adversarial/reference_run"] = adv_ref  # inside: never added again
        p[prefix + "/adversarial/derive_plan"] = plan
        p[prefix + "/adversarial/derive_device"] = 4.0
    if unit:
        p[prefix + "/timing/reference_run"] = unit
    if audit:
        p[prefix + "/timing/audit"] = audit
        p[prefix + "/timing/audit/reference_run"] = unit
    if checks:
        p[prefix + "/checks"] = checks
    return p


def write_ledger(path, records):
    with open(path, "w") as f:
        f.write(json.dumps({"format": "solver-ledger"}) + "\n")  # a header: no phases_ms
        for problem, phases in records:
            f.write(json.dumps({"problem": problem, "phases_ms": phases}) + "\n")


class DefenceTable(unittest.TestCase):
    def test_paths_and_shares(self):
        a = {"round": 1000.0, "gate/adversarial": 100.0, "gate/adversarial/reference_run": 80.0,
             "incumbent/gate/adversarial": 50.0, "pairs/timing/audit": 40.0,
             "pairs/timing/audit/reference_run": 30.0, "gate/checks": 20.0, "pairs/checks": 5.0,
             "pairs/fresh set": 10.0, "pairs/timing/samples/perturb": 7.0,
             "gate/timing/reference_run": 3.0, "gate/timing/derive_device": 1.0,
             "pairs/timing/samples/download": 2.0, "pairs/timing/samples/compare": 4.0,
             # not defences
             "pairs/timing/samples": 500.0, "gate/compile": 200.0}
        ms = phase_table.defence_ms(a)
        self.assertEqual(ms, [150.0, 40.0, 25.0, 10.0, 7.0, 4.0, 6.0, 0.0, 0.0, 0.0])
        b = {"round": 100.0, "pairs/timing/audit": 50.0}
        rows = phase_table.defence_table([a, b])
        names = [r[0] for r in rows]
        self.assertEqual(len(rows), len(phase_table.DEFENCES) + 2)
        self.assertEqual(names[-2], "all defences")
        total = rows[-2]
        self.assertAlmostEqual(total[1], (242.0 + 50.0) / 1000)
        self.assertAlmostEqual(total[2], 292.0 / 1100.0)
        # the median of two rounds' shares: 24.2% and 50%
        self.assertAlmostEqual(total[3], (0.242 + 0.5) / 2)
        docs = rows[-1]
        self.assertAlmostEqual(docs[1], (232.0 + 50.0) / 1000)
        audit = rows[1]
        self.assertAlmostEqual(audit[1], 0.09)
        self.assertAlmostEqual(audit[3], (0.04 + 0.5) / 2)

    def test_red_team_8_and_the_device_fresh_check(self):
        # Red team 8's per-run module reloads and arena-slack rewrites in a timed series are a
        # defence of their own; inside a gate check (already "input checks") they are not
        # added again. The fresh-set check on the device (cut (j)) is a check inside the series.
        a = {"round": 100.0, "pairs/timing/samples/module_load": 3.0,
             "pairs/timing/warmup/module_load": 1.0, "pairs/timing/samples/arena_slack": 0.5,
             "gate/timing/warmup/arena_slack": 0.25, "gate/checks": 8.0,
             "gate/checks/module_load": 2.0, "gate/checks/run/arena_slack": 1.0,
             "pairs/timing/samples/fresh_check": 2.0,
             "pairs/timing/samples/fresh_check/reference_run": 1.5,
             "pairs/timing/samples/fresh_check/verify_inputs": 0.25}
        ms = phase_table.defence_ms(a)
        self.assertEqual(ms[2], 8.0)
        self.assertEqual(ms[6], 2.0)
        self.assertEqual(ms[7], 4.75)
        self.assertAlmostEqual(sum(ms), 14.75)

    def test_the_gate_lint_and_code_scans(self):
        # The tolerance lint (the incumbent's gate's or a candidate's) and the candidate's code
        # scans inside its NVRTC phase are defences; the compile itself is not.
        a = {"round": 100.0, "incumbent/gate/tolerance lint": 30.0,
             "incumbent/gate/tolerance lint/model_lint": 25.0, "gate/tolerance lint": 1.0,
             "gate/compile": 20.0, "gate/compile/nvrtc": 19.0,
             "gate/compile/nvrtc/code_scans": 9.0, "incumbent/gate/compile/nvrtc/code_scans": 2.0}
        ms = phase_table.defence_ms(a)
        self.assertEqual(ms[-2:], [31.0, 11.0])
        self.assertAlmostEqual(sum(ms), 42.0)

    def test_rounds_without_time_are_left_out(self):
        self.assertEqual(phase_table.defence_table([{"round": 0.0}]), [])
        rows = phase_table.defence_table([{"round": 0.0}, {"round": 10.0, "pairs/checks": 1.0}])
        self.assertAlmostEqual(rows[-2][3], 0.1)

    def test_verdict_against_the_bar(self):
        with tempfile.TemporaryDirectory() as d:
            over = os.path.join(d, "over.jsonl")
            write_ledger(over, [("p", {"round": 100.0, "pairs/timing/audit": 30.0})])
            out = subprocess.run([sys.executable, TABLE, over], capture_output=True, text=True,
                                 check=True).stdout
            self.assertIn("| **all defences** | 0.03 | 30.0% | 30.0% |", out)
            self.assertIn("OVER the 25% bar", out)
            within = os.path.join(d, "within.jsonl")
            # 20% of all time, but one round at 40%: the median decides too
            write_ledger(within, [("p", {"round": 100.0, "pairs/timing/audit": 20.0})])
            out = subprocess.run([sys.executable, TABLE, within], capture_output=True,
                                 text=True, check=True).stdout
            self.assertIn("within the 25% bar", out)
            mixed = os.path.join(d, "mixed.jsonl")
            write_ledger(mixed, [("p", {"round": 1000.0, "pairs/timing/audit": 100.0}),
                                 ("p", {"round": 100.0, "pairs/timing/audit": 40.0}),
                                 ("p", {"round": 100.0, "pairs/timing/audit": 40.0})])
            out = subprocess.run([sys.executable, TABLE, mixed], capture_output=True,
                                 text=True, check=True).stdout
            self.assertIn("15.0% of all round time, median 40.0% per round: OVER", out)


class Projection(unittest.TestCase):
    def test_cuts(self):
        seen = set()
        # The problem's first gate (the seed's): four adversarial reference runs; (a) saves
        # nothing there (its sets are made now), (b) saves one run and a quarter of the
        # derivation.
        first = gate_round(1000.0, 300.0, adv_ref=200.0, unit=50.0, plan=70.0,
                           prefix="incumbent/gate")
        a, b = defence_projection.cut("matmul", first, seen, set())
        self.assertEqual(a, 0.0)
        self.assertAlmostEqual(b, 51.0)
        # A later gate of the same problem: the two exponent-range runs and the plans' scan.
        later = gate_round(1000.0, 300.0, adv_ref=200.0, unit=50.0, plan=70.0)
        a, b = defence_projection.cut("matmul", later, seen, set())
        self.assertAlmostEqual(a, 170.0)
        self.assertAlmostEqual(b, 51.0)
        # Where the plain bound is assumed to fail, (b) saves nothing.
        a, b = defence_projection.cut("matmul", later, seen, {"matmul"})
        self.assertEqual(b, 0.0)
        # A problem whose reference is not homogeneous: one exponent-range run, nothing cut.
        nonhom = gate_round(1000.0, 60.0, adv_ref=50.0, unit=50.0, plan=40.0,
                            prefix="incumbent/gate")
        self.assertEqual(defence_projection.cut("softmax", nonhom, set(), set()), (0.0, 0.0))
        # No gate in the round (pairs only): nothing cut.
        self.assertEqual(defence_projection.cut("matmul", {"round": 300.0}, seen, set()),
                         (0.0, 0.0))

    def test_script_labels_a_projection(self):
        with tempfile.TemporaryDirectory() as d:
            ledger = os.path.join(d, "ledger.jsonl")
            write_ledger(ledger, [
                ("matmul", gate_round(1000.0, 300.0, 200.0, 50.0, 70.0, audit=60.0,
                                      prefix="incumbent/gate")),
                ("matmul", gate_round(1000.0, 300.0, 200.0, 50.0, 70.0, audit=60.0)),
            ])
            out = subprocess.run([sys.executable, PROJECTION, ledger], capture_output=True,
                                 text=True, check=True).stdout
            self.assertIn("PROJECTION", out)
            # measured: (300 + 60) per 1000 ms round, both rounds
            # all defences: the gate's fresh set (50 ms) too; the docs' five: 36%
            self.assertIn("| measured (no cut) | 0 | 41.0% | 41.0% | 36.0% | 36.0% |", out)
            # (a)+(b): 170 + 2 x 51 ms saved; the rounds shrink by as much
            self.assertIn("| (a) + (b) + (c) | 272 |", out)
            self.assertIn("(e) audits: median 1.00 reference runs each", out)
            # (d): no read-back in these rounds, nothing to speed up
            self.assertIn("(d) read-backs inside the defences: 0.00 s", out)

    def test_cache_cut(self):
        fresh = {"round": 500.0, "pairs": 300.0, "pairs/fresh set/reference_run": 50.0}
        no_pairs = {"round": 10.0}
        churn = {"round": 500.0, "pairs": 300.0, "gate/timing/reference_run": 50.0,
                 "gate/adversarial/reference_run": 200.0,
                 "gate/timing/audit/reference_run": 50.0}  # 5 runs cached, the audit's not
        recs = [("matmul", fresh, 1), ("matmul", dict(fresh), 1),  # the second track: a hit
                ("matmul", no_pairs, 2), ("matmul", dict(fresh), 2),  # round 2 never timed
                ("matmul", dict(fresh), 3)]  # round 3 first seen here
        self.assertEqual(defence_projection.cache_cut(recs), [0.0, 50.0, 0.0, 0.0, 0.0])
        self.assertEqual(defence_projection.cached_runs(churn), 5)
        # sigmoid: 1 GiB a set; 5 resident + 5 cached since = 10 GiB > 8 GiB: evicted
        big = [("sigmoid", fresh, 1), ("sigmoid", churn, 2), ("sigmoid", dict(fresh), 1)]
        self.assertEqual(defence_projection.cache_cut(big), [0.0, 0.0, 0.0])
        # matmul: 128 MiB a set, the same churn fits
        small = [("matmul", fresh, 1), ("matmul", churn, 2), ("matmul", dict(fresh), 1)]
        self.assertEqual(defence_projection.cache_cut(small), [0.0, 0.0, 50.0])

    def test_gate_rows(self):
        recs = [("matmul", gate_round(1000.0, 300.0, 200.0, 50.0, 70.0, prefix="incumbent/gate"), 1),
                ("matmul", gate_round(1000.0, 100.0, 50.0, 50.0, 0.5), 2),
                ("softmax", {"round": 10.0, "gate/adversarial": 0.01}, 2)]  # skipped: no run
        rows = defence_projection.gate_rows(recs)
        self.assertEqual([(r[0], r[1], r[2]) for r in rows],
                         [("matmul", 1, "incumbent/gate"), ("matmul", 2, "gate")])
        self.assertAlmostEqual(rows[0][3], 4.0)
        self.assertAlmostEqual(rows[1][3], 1.0)  # what a later gate must show with the cuts
        self.assertAlmostEqual(rows[1][4], 0.5)

    def test_pinned_cut(self):
        ph = {"round": 1000.0, "gate/checks": 40.0, "gate/checks/download": 20.0,
              "pairs/timing/audit/download": 10.0, "pairs/timing/samples/download": 5.0,
              # a read-back outside every defence is not counted
              "pairs/prepare/download": 100.0}
        self.assertAlmostEqual(defence_projection.pinned_cut(ph, 2.0), 17.5)
        self.assertEqual(defence_projection.pinned_cut(ph, 1.0), 0.0)
        self.assertTrue(phase_table.in_defence("gate/adversarial/download"))
        self.assertFalse(phase_table.in_defence("gate/timing/samples"))
        self.assertFalse(phase_table.in_defence("pairs/prepare/download"))

    def test_audit_readback_cut(self):
        touch = "/timing/audit/reference_run/readback/touch"
        copy = "/timing/audit/reference_run/readback/copy"
        first = {"round": 1000.0, "incumbent/gate" + touch: 40.0, "incumbent/gate" + copy: 20.0,
                 "gate" + touch: 40.0, "gate" + copy: 20.0}
        later = {"round": 800.0, "pairs" + touch: 40.0, "pairs" + copy: 20.0}
        other = {"round": 800.0, "pairs" + touch: 30.0, "pairs" + copy: 10.0}
        recs = [("a.jsonl", "softmax", first, 1), ("a.jsonl", "softmax", later, 2),
                ("a.jsonl", "reduce", other, 1),  # another problem: its own first audit
                ("b.jsonl", "softmax", dict(later), 1)]  # another ledger: another worker
        # first_pin 1, no copy speed-up: the first audit of each (ledger, problem) saves
        # nothing (the growth costs its touch), every later one its touch.
        self.assertEqual(defence_projection.audit_readback_cut(recs, 1.0, 1.0),
                         [40.0, 40.0, 0.0, 0.0])
        # The seed's gate's audit is the first of its round, whatever the key order.
        swapped = dict(reversed(list(first.items())))
        swapped["gate" + touch] = 10.0
        # incumbent first: 0.5 x 40 + 10 (the candidate's gate first would give 0.5 x 10 + 40)
        self.assertEqual(defence_projection.audit_readback_cut(
            [("a.jsonl", "softmax", swapped, 1)], 1.0, 0.5), [30.0])
        # copy x2: half of every copy too; a free first growth (first_pin 0) saves every touch.
        self.assertEqual(defence_projection.audit_readback_cut(recs, 2.0, 0.0),
                         [100.0, 50.0, 35.0, 50.0])
        # A round without an audit: nothing.
        self.assertEqual(defence_projection.audit_readback_cut(
            [("a.jsonl", "x", {"round": 5.0}, 1)], 2.5, 1.0), [0.0])


if __name__ == "__main__":
    unittest.main()
