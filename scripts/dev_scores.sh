#!/usr/bin/env bash
# Score every dev set offline with one rule table, one JSON per (suite, measurement), so two
# tables (or two builds) can be diffed kernel for kernel. The corpus is read with --split dev
# only: its held-out third is never scored here.
#
# usage: scripts/dev_scores.sh SOLVER OUTDIR [--rules FILE]
#   prints "<name> <correct>/<measured>" per set; OUTDIR/<name>.json is `solver eval --json`.
#   scripts/dev_scores.sh --diff OUTDIR_A OUTDIR_B   # the kernels whose verdict moved
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--diff" ]]; then
  python3 - "$2" "$3" <<'EOF'
import glob, json, os, sys
a, b = sys.argv[1], sys.argv[2]
for fa in sorted(glob.glob(os.path.join(a, "*.json"))):
    name = os.path.basename(fa)[:-5]
    fb = os.path.join(b, name + ".json")
    if not os.path.exists(fb):
        print(f"{name}: only in {a}")
        continue
    ca = {c["kernel"]: c for c in json.load(open(fa))["cases"]}
    cb = {c["kernel"]: c for c in json.load(open(fb))["cases"]}
    for k in sorted(set(ca) | set(cb)):
        x, y = ca.get(k, {}), cb.get(k, {})
        vx = (x.get("got"), x.get("fired"), (x.get("tie") or {}).get("with"), x.get("correct"))
        vy = (y.get("got"), y.get("fired"), (y.get("tie") or {}).get("with"), y.get("correct"))
        if vx != vy:
            print(f"{name} {k} (label {x.get('label')}): {vx} -> {vy}")
EOF
  exit 0
fi

solver=$1
out=$2
shift 2
mkdir -p "$out"
# name | suite | source flag | source | split
sets=(
  "labelled|tests/labelled|--signals-dir|tests/data/labelled_h200|"
  "labelled_call2|tests/labelled|--signals-dir|tests/data/labelled_h200_call2|"
  "labelled_call3|tests/labelled|--signals-dir|tests/data/labelled_h200_call3|"
  "corpus_dev_call2|tests/corpus|--signals-dir|tests/data/corpus_h200_call2|dev"
  "corpus_dev_04e|tests/corpus|--signals-dir|tests/data/corpus_h200_2026_12_04e|dev"
  "corpus_dev_ncu02e|tests/corpus|--ncu-csv|docs/results/h200-2026-12-02e/call1/corpus/ncu_export.csv|dev"
  "corpus_dev_ncu04e|tests/corpus|--ncu-csv|docs/results/h200-2026-12-04e/call2/corpus/ncu_export.csv|dev"
  "corpus_dev_ncu05b|tests/corpus|--ncu-csv|docs/results/h200-2026-12-05b/call1/corpus/ncu_export.csv|dev"
  "fresh|tests/corpus_fresh|--signals-dir|tests/data/corpus_fresh_h200|"
  "fresh_ncu|tests/corpus_fresh|--ncu-csv|docs/results/h200-2026-12-02e/call2/corpus_fresh/ncu_export.csv|"
  "fresh2|tests/corpus_fresh2|--signals-dir|tests/data/corpus_fresh2_h200|"
  "fresh2_ncu|tests/corpus_fresh2|--ncu-csv|docs/results/h200-2026-12-02e/call4/corpus_fresh2/ncu_export.csv|"
  "fresh3|tests/corpus_fresh3|--signals-dir|tests/data/corpus_fresh3_h200|"
  "fresh4|tests/corpus_fresh4|--signals-dir|tests/data/corpus_fresh4_h200|"
  "fresh5|tests/corpus_fresh5|--signals-dir|tests/data/corpus_fresh5_h200|"
  "fresh5_ncu|tests/corpus_fresh5|--ncu-csv|docs/results/h200-2026-12-03c/call1/corpus_fresh5/ncu_export.csv|"
  "fresh6|tests/corpus_fresh6|--signals-dir|tests/data/corpus_fresh6_h200|"
  "fresh6_ncu5|tests/corpus_fresh6|--ncu-csv|docs/results/h200-2026-12-04d/call5/corpus_fresh6/ncu_export.csv|"
  "fresh6_ncu8|tests/corpus_fresh6|--ncu-csv|docs/results/h200-2026-12-04d/call8/corpus_fresh6/ncu_export.csv|"
  "fresh7|tests/corpus_fresh7|--signals-dir|tests/data/corpus_fresh7_h200|"
  "fresh7_ncu|tests/corpus_fresh7|--ncu-csv|docs/results/h200-2026-12-04e/call3/corpus_fresh7/ncu_export.csv|"
  "fresh8|tests/corpus_fresh8|--signals-dir|tests/data/corpus_fresh8_h200|"
  "fresh8_ncu|tests/corpus_fresh8|--ncu-csv|docs/results/h200-2026-12-05b/call1/corpus_fresh8/ncu_export.csv|"
  "fresh9_h100|tests/corpus_fresh9|--signals-dir|tests/data/corpus_fresh9_h100|"
  "fresh9_ncu05c|tests/corpus_fresh9|--ncu-csv|docs/results/h100-2026-12-05c/call1/corpus_fresh9/ncu_export.csv|"
  "fresh9_ncu05d|tests/corpus_fresh9|--ncu-csv|docs/results/h100-2026-12-05d/call1/corpus_fresh9/ncu_export.csv|"
  "fresh10_ncu|tests/corpus_fresh10|--ncu-csv|tests/data/corpus_fresh10_h100/ncu_export.csv|"
  "fresh10_h200|tests/corpus_fresh10|--signals-dir|tests/data/corpus_fresh10_h200|"
  "fresh11_ncu|tests/corpus_fresh11|--ncu-csv|tests/data/corpus_fresh11_h100/ncu_export.csv|"
  "fresh11_ncu06b|tests/corpus_fresh11|--ncu-csv|docs/results/h100-2026-12-06b/call2/corpus_fresh11/ncu_export.csv|"
  "fresh11_live06b|tests/corpus_fresh11|--signals-dir|tests/data/corpus_fresh11_h100_live|"
  "fresh12_ncu|tests/corpus_fresh12|--ncu-csv|tests/data/corpus_fresh12_h100/ncu_export.csv|"
  "fresh13_ncu|tests/corpus_fresh13|--ncu-csv|tests/data/corpus_fresh13_h100/ncu_export.csv|"
  "fresh13_live06b|tests/corpus_fresh13|--signals-dir|tests/data/corpus_fresh13_h100_live|"
  "fresh14_ncu|tests/corpus_fresh14|--ncu-csv|tests/data/corpus_fresh14_h100/ncu_export.csv|"
  "fresh14_live06c|tests/corpus_fresh14|--signals-dir|tests/data/corpus_fresh14_h100_live|"
  "fresh15_ncu|tests/corpus_fresh15|--ncu-csv|tests/data/corpus_fresh15_h100/ncu_export.csv|"
  "fresh15_live06c|tests/corpus_fresh15|--signals-dir|tests/data/corpus_fresh15_h100_live|"
  "fresh16_ncu|tests/corpus_fresh16|--ncu-csv|tests/data/corpus_fresh16_h100/ncu_export.csv|"
  "fresh16_live06d|tests/corpus_fresh16|--signals-dir|tests/data/corpus_fresh16_h100_live|"
  "fresh17_ncu|tests/corpus_fresh17|--ncu-csv|tests/data/corpus_fresh17_h100/ncu_export.csv|"
  "fresh17_live06d|tests/corpus_fresh17|--signals-dir|tests/data/corpus_fresh17_h100_live|"
  "fresh18_ncu|tests/corpus_fresh18|--ncu-csv|tests/data/corpus_fresh18_h100/ncu_export.csv|"
  "fresh18_live06d|tests/corpus_fresh18|--signals-dir|tests/data/corpus_fresh18_h100_live|"
  "fresh19_ncu06e|tests/corpus_fresh19|--ncu-csv|docs/results/h100-2026-12-06e/call3/probe_fresh19/ncu_export.csv|"
  "fresh19_live06e|tests/corpus_fresh19|--signals-dir|docs/results/h100-2026-12-06e/call3/probe_fresh19/signals|"
  "fresh20_ncu06f|tests/corpus_fresh20|--ncu-csv|docs/results/h100-2026-12-06f/call1/probe_fresh20/ncu_export.csv|"
  "fresh20_live06f|tests/corpus_fresh20|--signals-dir|docs/results/h100-2026-12-06f/call1/probe_fresh20/signals|"
  "fresh21_ncu06f|tests/corpus_fresh21|--ncu-csv|docs/results/h100-2026-12-06f/call1/probe_fresh21/ncu_export.csv|"
  "fresh21_live06f|tests/corpus_fresh21|--signals-dir|docs/results/h100-2026-12-06f/call1/probe_fresh21/signals|"
  "fresh22_ncu06f|tests/corpus_fresh22|--ncu-csv|docs/results/h100-2026-12-06f/call1/probe_fresh22/ncu_export.csv|"
  "fresh22_live06f|tests/corpus_fresh22|--signals-dir|docs/results/h100-2026-12-06f/call1/probe_fresh22/signals|"
  "fresh23_ncu07|tests/corpus_fresh23|--ncu-csv|docs/results/h100-2026-12-07/call4/probe_fresh23/ncu_export.csv|"
  "fresh23_live07|tests/corpus_fresh23|--signals-dir|docs/results/h100-2026-12-07/call4/probe_fresh23/signals|"
  "fresh24_ncu07b|tests/corpus_fresh24|--ncu-csv|docs/results/h100-2026-12-07b/call1/probe_fresh24/ncu_export.csv|"
  "fresh24_live07b|tests/corpus_fresh24|--signals-dir|docs/results/h100-2026-12-07b/call1/probe_fresh24/signals|"
  "fresh25_ncu07c|tests/corpus_fresh25|--ncu-csv|docs/results/h100-2026-12-07c/call1/probe_fresh25/ncu_export.csv|"
  "fresh25_live07c|tests/corpus_fresh25|--signals-dir|docs/results/h100-2026-12-07c/call1/probe_fresh25/signals|"
  "fresh26_ncu07d|tests/corpus_fresh26|--ncu-csv|docs/results/h100-2026-12-07d/call1/probe_fresh26/ncu_export.csv|"
  "fresh26_live07d|tests/corpus_fresh26|--signals-dir|docs/results/h100-2026-12-07d/call1/probe_fresh26/signals|"
)
# Held out, unscored: batches whose labels are committed but which have not been measured live
# yet. They are never scored here (no measurement exists, and their first score is spent once,
# by their probe); they are listed so a reader of this script sees them. After the first score
# their recorded measurements join `sets` above as dev data. name:suite:first-score probe
# (':' not '|', so scripts/rules_equivalence.sh does not read them as sets).
held_out=(
  "fresh27:tests/corpus_fresh27:scripts/gpu/probe_fresh27.sh"
)
for s in "${sets[@]}"; do
  IFS='|' read -r name suite flag src split <<<"$s"
  [[ -e "$src" ]] || { echo "$name: $src missing, skipped"; continue; }
  args=(eval --suite "$suite" "$flag" "$src" --json "$@")
  [[ -n "$split" ]] && args+=(--split "$split")
  "$solver" "${args[@]}" >"$out/$name.json" 2>/dev/null || true
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[2], "%d/%d" % (d["correct"], d["measured"]))' \
    "$out/$name.json" "$name"
done
for h in "${held_out[@]}"; do
  IFS=':' read -r name suite probe <<<"$h"
  echo "$name: held out, unscored ($suite; its first score is $probe)"
done
