#!/usr/bin/env python3
"""Step 4 of scripts/gpu/pcsample_vs_ncu.sh, also runnable offline on a kept results folder:

    pcsample_compare.py OUT SUITE...   (OUT/src/<suite>_<problem>.classify.json: ncu's lines through
                                        our importer; ours: $OURS_<suite>, OUT/../<suite>/signals or
                                        OUT/ours/<suite>, <problem>.pc.json)

A kernel whose profile has no PC sample of its own is a miss (counted), one ncu gave no lines for
is not counted (said in its row). Writes OUT/pcsample_vs_ncu.tsv and prints the agreement.
"""
import json, os, sys, glob
out, suites = sys.argv[1], sys.argv[2:]
rows, kernels_ok, kernels_n, pairs_ok, pairs_n, no_samples = [], 0, 0, 0, 0, 0
def top_line(lines, reason):
    best, where = 0, None
    for l in lines:
        n = l.get("stalls", {}).get(reason, 0)
        if n > best: best, where = n, (l.get("file", ""), l.get("line", 0))
    return where, best
def same_line(a, b):  # ncu's export may name no file ("source"): the line number decides then
    return a is not None and b is not None and a[1] == b[1] and (a[0] == b[0] or "source" in (a[0], b[0]))
show = lambda w: "%s:%s" % w if w else "-"
for suite in suites:
    name = os.path.basename(suite.rstrip("/"))
    for cj in sorted(glob.glob(os.path.join(out, "src", name + "_*.classify.json"))):
        p = os.path.basename(cj)[len(name) + 1:-len(".classify.json")]
        ours_dirs = [os.environ.get("OURS_" + name, ""), os.path.join(out, "..", name, "signals"), os.path.join(out, "ours", name)]
        ours = next((os.path.join(d, p + ".pc.json") for d in ours_dirs if d and os.path.isfile(os.path.join(d, p + ".pc.json"))), None)
        err = open(cj[:-len(".json")] + ".err").read().strip().splitlines()
        try:
            v = [x for x in json.load(open(cj))["verdicts"] if "pc_sampling" in x]
        except Exception:
            v = []
        o = json.load(open(ours)) if ours else {}
        if not v:  # nothing of ncu's to compare with: not counted, said
            rows.append((name, p, "-", "-", "-", "ncu: " + (err[-1] if err else "no per-line samples in the export"))); continue
        if not o.get("ok") or not o.get("total_samples"):  # ours has no line: a miss, counted
            kernels_n += 1; no_samples += 1
            rows.append((name, p, "-", "-", "-", "differ (top reason): no PC samples of ours: " + o.get("detail", "no file"))); continue
        n = v[0]["pc_sampling"]
        total = max(o.get("total_samples", 0), 1)
        reasons = [r for r, c in o.get("stall_totals", {}).items() if r != "selected" and c >= 20 and c / total >= 0.05]
        top = max(reasons, key=lambda r: o["stall_totals"][r]) if reasons else None
        for r in sorted(reasons, key=lambda r: -o["stall_totals"][r]):
            mine, _ = top_line(o.get("lines", []), r)
            theirs, _ = top_line(n.get("lines", []), r)
            same = same_line(mine, theirs)
            pairs_n += 1; pairs_ok += same
            if r == top:
                kernels_n += 1; kernels_ok += same
            rows.append((name, p, r, show(mine), show(theirs), ("agree" if same else "differ") + (" (top reason)" if r == top else "")))
with open(os.path.join(out, "pcsample_vs_ncu.tsv"), "w") as f:
    f.write("suite\tproblem\treason\tours\tncu\tresult\n")
    for r in rows: f.write("\t".join(str(x) for x in r) + "\n")
for r in rows: print("  " + "  ".join(str(x) for x in r))
pct = lambda a, b: "%.0f%%" % (100.0 * a / b) if b else "n/a"
print("pcsample_vs_ncu: top reason's line agrees in %d of %d kernels (%s; %d of them with no sample of ours); all reasons: %d of %d (%s)"
      % (kernels_ok, kernels_n, pct(kernels_ok, kernels_n), no_samples, pairs_ok, pairs_n, pct(pairs_ok, pairs_n)))
