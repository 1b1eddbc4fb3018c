import csv, json, glob, os, sys
ncu = {}
for t in sys.argv[2:]:
    for r in csv.DictReader(open(t), delimiter="\t"):
        if r["suite"] != "corpus" or r["ncu"] in ("-", ""): continue
        ncu.setdefault((r["problem"], r["reason"]), r["ncu"])
def top_line(lines, reason):
    best, where = 0, None
    for l in lines:
        n = l.get("stalls", {}).get(reason, 0)
        if n > best: best, where = n, "%s:%s" % (l.get("file", ""), l.get("line", 0))
    return where
kn = kok = pn = pok = unk = 0
rows = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.pc.json"))):
    p = os.path.basename(f)[:-8]
    o = json.load(open(f))
    if not o.get("ok") or not o.get("total_samples"):
        kn += 1; rows.append((p, "-", "-", "-", "differ (top): no samples")); continue
    total = o["total_samples"]
    reasons = [r for r, c in o.get("stall_totals", {}).items() if r != "selected" and c >= 20 and c / total >= 0.05]
    top = max(reasons, key=lambda r: o["stall_totals"][r]) if reasons else None
    for r in sorted(reasons, key=lambda r: -o["stall_totals"][r]):
        mine = top_line(o.get("lines", []), r)
        theirs = ncu.get((p, r))
        if theirs is None:
            if r == top: unk += 1
            rows.append((p, r, mine, "?", "ncu line unknown (not in the kept tables)" + (" (top)" if r == top else ""))); continue
        same = mine is not None and mine.split(":")[-1] == theirs.split(":")[-1] and (mine.split(":")[0] == theirs.split(":")[0] or "source" in (mine.split(":")[0], theirs.split(":")[0]))
        pn += 1; pok += same
        if r == top: kn += 1; kok += same
        rows.append((p, r, mine, theirs, ("agree" if same else "differ") + (" (top)" if r == top else "")))
for r in rows: print("\t".join(map(str, r)))
print("corpus: top reason's line agrees in %d of %d kernels with a known ncu line (%d kernels whose top reason ncu's kept tables lack); all reasons %d of %d" % (kok, kn, unk, pok, pn))
