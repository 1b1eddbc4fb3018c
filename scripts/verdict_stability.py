#!/usr/bin/env python3
"""Does a verdict survive the next measurement? (issue 29, helper h29v)

Scores every recorded measurement of every suite (the live signal folders and the ncu
exports, docs/eval.md) with `solver eval --save-signals`, so each kernel's classified signals
are kept per measurement, then compares, for every kernel measured two or more times, the
verdict and the ranked list across measurements. For each verdict that differs it finds the
crossing: the signals whose value from the other measurement, put in alone, changes the
verdict (one `solver classify --signals` per signal), with both values and the signal's spread.

Held-out kernels (a suite's heldout.txt) are counted, never detailed: their signals, verdicts
and crossings are not printed, so nothing is tuned on them.

    scripts/verdict_stability.py --solver build/engine/solver [--rules rules/rules.yaml]
        [--out /tmp/stability] [--json FILE] [--export DIR]

--export DIR writes one compact file per suite, DIR/<suite>.json: for each dev kernel, each
measurement's classified signals (tests/data/stability/, read by verdict_stability_test); a
kernel measured once has one.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# (suite name, suite folder, source kind, source): every recorded measurement in the tree.
SETS = [
    ("labelled", "tests/labelled", "sig", "tests/data/labelled_h200"),
    ("labelled", "tests/labelled", "sig", "tests/data/labelled_h200_call2"),
    ("labelled", "tests/labelled", "sig", "tests/data/labelled_h200_call3"),
    ("corpus", "tests/corpus", "sig", "tests/data/corpus_h200_call2"),
    ("corpus", "tests/corpus", "sig", "tests/data/corpus_h200_2026_12_04e"),
    ("corpus", "tests/corpus", "ncu", "docs/results/h200-2026-12-02e/call1/corpus/ncu_export.csv"),
    ("corpus", "tests/corpus", "ncu", "docs/results/h200-2026-12-04e/call2/corpus/ncu_export.csv"),
    ("fresh", "tests/corpus_fresh", "sig", "tests/data/corpus_fresh_h200"),
    ("fresh", "tests/corpus_fresh", "ncu",
     "docs/results/h200-2026-12-02e/call2/corpus_fresh/ncu_export.csv"),
    ("fresh2", "tests/corpus_fresh2", "sig", "tests/data/corpus_fresh2_h200"),
    ("fresh2", "tests/corpus_fresh2", "ncu",
     "docs/results/h200-2026-12-02e/call4/corpus_fresh2/ncu_export.csv"),
    ("fresh3", "tests/corpus_fresh3", "sig", "tests/data/corpus_fresh3_h200"),
    ("fresh4", "tests/corpus_fresh4", "sig", "tests/data/corpus_fresh4_h200"),
    ("fresh5", "tests/corpus_fresh5", "sig", "tests/data/corpus_fresh5_h200"),
    ("fresh5", "tests/corpus_fresh5", "ncu",
     "docs/results/h200-2026-12-03c/call1/corpus_fresh5/ncu_export.csv"),
    ("fresh6", "tests/corpus_fresh6", "sig", "tests/data/corpus_fresh6_h200"),
    ("fresh6", "tests/corpus_fresh6", "ncu",
     "docs/results/h200-2026-12-04d/call5/corpus_fresh6/ncu_export.csv"),
    ("fresh6", "tests/corpus_fresh6", "ncu",
     "docs/results/h200-2026-12-04d/call8/corpus_fresh6/ncu_export.csv"),
    ("fresh7", "tests/corpus_fresh7", "sig", "tests/data/corpus_fresh7_h200"),
    ("fresh7", "tests/corpus_fresh7", "ncu",
     "docs/results/h200-2026-12-04e/call3/corpus_fresh7/ncu_export.csv"),
]


def tag_of(kind, src):
    parts = src.split("/")
    return "live:" + parts[-1] if kind == "sig" else "ncu:" + parts[2] + "/" + parts[3]


def run_json(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (r.returncode, " ".join(cmd), r.stderr[-2000:]))
    return json.loads(r.stdout)


def classify(solver, rules, path):
    v = run_json([solver, "classify", "--signals", path, "--rules", rules, "--json"])["verdicts"][0]
    return v


def verdict_of(v):
    """The class a classify verdict names, as eval scores it."""
    fired = v.get("fired")
    if not fired or v.get("weak") or v.get("unexplained"):
        return "unexplained"
    return fired.get("bottleneck") or "(none)"


def ranked_of(v):
    return [(r["id"], r["bottleneck"], r["score"], r["evidence"]) for r in v.get("ranked", [])]


def rel_spread(a, b):
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return None
    if isinstance(a, bool) or isinstance(b, bool):
        return None
    top = max(abs(a), abs(b))
    return 0.0 if top == 0 else abs(a - b) / top


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", default="build/engine/solver")
    ap.add_argument("--rules", default="rules/rules.yaml")
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "verdict_stability"))
    ap.add_argument("--json", help="write the table as JSON here")
    ap.add_argument("--export", help="write each suite's dev measurements here (see above)")
    ap.add_argument("--no-crossing", action="store_true", help="skip the per-signal search")
    a = ap.parse_args()

    kernels = {}  # (suite, kernel) -> list of measurements
    held = {}
    for i, (suite, folder, kind, src) in enumerate(SETS):
        d = os.path.join(a.out, "sets", "%02d" % i)
        os.makedirs(d, exist_ok=True)
        cmd = [a.solver, "eval", "--suite", folder, "--rules", a.rules, "--json",
               "--save-signals", d, "--signals-dir" if kind == "sig" else "--ncu-csv", src]
        rep = run_json(cmd)
        for c in rep["cases"]:
            key = (suite, c["kernel"])
            held[key] = c["held_out"]
            if c["got"] == "(not measured)":
                continue
            kernels.setdefault(key, []).append({
                "tag": tag_of(kind, src), "got": c["got"], "fired": c["fired"],
                "tie": (c.get("tie") or {}).get("with"),
                "correct": c["correct"], "file": os.path.join(d, c["kernel"] + ".json")})

    multi = {k: m for k, m in kernels.items() if len(m) >= 2}
    exports = {}
    # Dev kernels measured once are exported too: the test moves them by the pooled spread.
    for key, ms in sorted(kernels.items()):
        if len(ms) == 1 and not held[key]:
            exports.setdefault(key[0], {})[key[1]] = {
                ms[0]["tag"]: json.load(open(ms[0]["file"]))["signals"]}
    rows, spreads = [], {}
    # kernels, verdict flips, top-two ranking changes, flips no tie covers (no class is named
    # by every measurement, as its verdict or its tie)
    totals = {"dev": [0, 0, 0, 0], "heldout": [0, 0, 0, 0]}
    score_spread = []  # per dev kernel whose fired rule is the same everywhere: its score's spread
    for key, ms in sorted(multi.items()):
        part = "heldout" if held[key] else "dev"
        for m in ms:
            m["verdict"] = classify(a.solver, a.rules, m["file"])
            m["signals"] = json.load(open(m["file"]))["signals"]
        gots = sorted(set(m["got"] for m in ms))
        tops = set(tuple(r[0] for r in ranked_of(m["verdict"])[:2]) for m in ms)
        totals[part][0] += 1
        totals[part][1] += len(gots) > 1
        totals[part][2] += len(tops) > 1
        named = [set([m["got"]] + ([m["tie"]] if m["tie"] else [])) for m in ms]
        totals[part][3] += len(set.intersection(*named)) == 0
        if part == "heldout":
            continue
        exports.setdefault(key[0], {})[key[1]] = {m["tag"]: m["signals"] for m in ms}
        fired = [next((r for r in m["verdict"].get("ranked", []) if r.get("fired")), None)
                 for m in ms]
        if all(fired) and len(set(f["id"] for f in fired)) == 1:
            s = [f["score"] for f in fired]
            if max(s) > 0:
                score_spread.append((max(s) - min(s)) / max(s))
        names = set().union(*(m["signals"].keys() for m in ms))
        for n in names:
            vals = [m["signals"].get(n) for m in ms]
            if any(v is None for v in vals):
                continue
            pairs = [rel_spread(x, y) for x in vals for y in vals]
            pairs = [p for p in pairs if p is not None]
            if pairs:
                spreads.setdefault(n, []).append(max(pairs))
        if len(gots) == 1:
            continue
        row = {"suite": key[0], "kernel": key[1],
               "measurements": [{"tag": m["tag"], "got": m["got"], "fired": m["fired"],
                                 "tie": m["tie"],
                                 "ranked": ranked_of(m["verdict"])[:3]} for m in ms],
               "crossings": []}
        if not a.no_crossing:
            # Every ordered pair whose verdicts differ: B's value of one signal put into A.
            for ma in ms:
                for mb in ms:
                    if ma["got"] == mb["got"] or ma is mb:
                        continue
                    base = json.load(open(ma["file"]))
                    for n, vb in sorted(mb["signals"].items()):
                        va = base["signals"].get(n)
                        if va == vb:
                            continue
                        trial = dict(base)
                        trial["signals"] = dict(base["signals"])
                        trial["signals"][n] = vb
                        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                            json.dump(trial, f)
                        try:
                            got = verdict_of(classify(a.solver, a.rules, f.name))
                        finally:
                            os.unlink(f.name)
                        if got == mb["got"]:
                            row["crossings"].append({"from": ma["tag"], "to": mb["tag"],
                                                     "signal": n, "a": va, "b": vb,
                                                     "rel_spread": rel_spread(va, vb)})
        rows.append(row)

    pooled = {n: sorted(v)[len(v) // 2] for n, v in spreads.items() if v}
    print("kernels measured twice or more: dev %d, held out %d" % (totals["dev"][0],
                                                                  totals["heldout"][0]))
    print("verdict flips: dev %d, held out %d (held-out kernels are counted, not shown)" %
          (totals["dev"][1], totals["heldout"][1]))
    print("top-two ranking changes: dev %d, held out %d" % (totals["dev"][2], totals["heldout"][2]))
    print("flips no tie covers: dev %d, held out %d" % (totals["dev"][3], totals["heldout"][3]))
    score_spread.sort()
    if score_spread:
        q = lambda f: score_spread[min(len(score_spread) - 1, int(f * len(score_spread)))]
        print("the fired rule's score between measurements (dev, %d kernels): relative spread "
              "median %.3f, p75 %.3f, p90 %.3f, max %.3f" % (len(score_spread), q(0.5), q(0.75),
                                                            q(0.9), score_spread[-1]))
    for r in rows:
        print("\n%s/%s" % (r["suite"], r["kernel"]))
        for m in r["measurements"]:
            got = m["got"] + (" (tie: %s)" % m["tie"] if m["tie"] else "")
            print("  %-34s %-36s %s" % (m["tag"], got, "  ".join(
                "%s %.3f(e%.2f)" % (x[0], x[2], x[3]) for x in m["ranked"])))
        for c in r["crossings"]:
            print("  crossing %s -> %s: %s %s -> %s (rel. spread %s)" % (
                c["from"], c["to"], c["signal"], c["a"], c["b"],
                "%.3f" % c["rel_spread"] if c["rel_spread"] is not None else "-"))
    if a.json:
        json.dump({"totals": totals, "flips": rows, "median_rel_spread": pooled,
                   "fired_score_spread": score_spread},
                  open(a.json, "w"), indent=1)
    if a.export:
        os.makedirs(a.export, exist_ok=True)
        for suite, ks in exports.items():
            with open(os.path.join(a.export, suite + ".json"), "w") as f:
                json.dump({"suite": suite, "chip": "h200", "kernels": ks}, f, sort_keys=True,
                          separators=(",", ":"))
                f.write("\n")


if __name__ == "__main__":
    main()
