#!/usr/bin/env bash
# The offline sweep of the precision scans (issue 28): every variant and knob point of the
# problem folders under each DIR, compiled by NVRTC (cached) and scanned, one line a point:
# `dir<TAB>problem<TAB>variant<TAB>failed<TAB>detail's first 160 characters`. Run it with two
# solver binaries (main's and a branch's) and diff the outputs: a changed verdict is a scan
# change. The helpers of issue 28 ran this by hand (h28x, h28c, h28m: "solver problems check
# --problems-dir D --compile-only --json"); h28o wrote it down.
# Usage: scripts/scan_sweep.sh SOLVER OUT.tsv DIR... (default DIRs: tests/cheats tests/labelled
# tests/corpus tests/corpus_fresh..13; problems/ is `problems`). Needs python3.
set -eu
solver="$1"
out="$2"
shift 2
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  dirs=(tests/cheats tests/labelled tests/corpus tests/corpus_fresh tests/corpus_fresh2
        tests/corpus_fresh3 tests/corpus_fresh4 tests/corpus_fresh5 tests/corpus_fresh6
        tests/corpus_fresh7 tests/corpus_fresh8 tests/corpus_fresh9 tests/corpus_fresh10
        tests/corpus_fresh11 tests/corpus_fresh12 tests/corpus_fresh13)
fi
: >"$out"
for d in "${dirs[@]}"; do
  "$solver" problems check --problems-dir "$d" --compile-only --json --jobs 1 2>/dev/null |
    python3 -c '
import json, sys
d = sys.argv[1]
rows = json.load(sys.stdin)["rows"]
for r in rows:
    print("\t".join([d, r["problem"], r["variant"], str(r["failed"]).lower(),
                     r["detail"].replace("\t", " ").replace("\n", " ")[:160]]))
' "$d" >>"$out" || echo "scan_sweep: $d failed" >&2
done
echo "scan_sweep: $(wc -l <"$out") points, $(awk -F'\t' '$4=="true"' "$out" | wc -l) refused -> $out"
