#!/usr/bin/env bash
# issue 32: `--ncu-csv` given a real Nsight Compute report. Records a .ncu-rep with ncu on one
# tiny kernel (the worker timing sigmoid/vec4 once, the metric list `solver signals ncu-metrics`
# prints), then checks that
#   1. `solver classify --ncu-csv R.ncu-rep --json` runs ncu --import itself and gives one verdict
#      for sigmoid_vec4 on the h200 profile's chip (or whatever chip the device maps to);
#   2. it gives the same verdict and signals as the CSV that `ncu --import R --csv --page raw`
#      prints, classified as a CSV;
#   3. without ncu on PATH, the same call exits 2 and says to install Nsight Compute, naming the
#      export command.
# Usage: ncu_rep_gpu_test.sh SOLVER SOLVER_GPU DATA_DIR. Labels gpu;ncu: exits 77 (skipped) and
# says why where there is no ncu or no GPU. scripts/gpu/run.sh's `tests` step runs it.
set -u
SOLVER=$1 WORKER=$2 D=$3
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAILED: $*"; exit 1; }
command -v ncu >/dev/null 2>&1 || skip "no ncu on PATH (Nsight Compute is not installed here)"
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 || skip "no GPU (nvidia-smi -L)"
[ -x "$WORKER" ] || skip "no GPU worker at $WORKER"
T=$(mktemp -d "${TMPDIR:-/tmp}/solver-ncu-rep-XXXXXX")
trap 'rm -rf "$T"' EXIT
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-$T/cache}

LIST=$(timeout 30 "$SOLVER" --data-dir "$D" signals ncu-metrics |
  sed -n 's/^ncu --csv --page raw --metrics \([^ ]*\) .*/\1/p')
[ -n "$LIST" ] || fail "signals ncu-metrics printed no metric list"
REQ='{"id":1,"op":"time","variant":{"problem":"sigmoid","variant":"vec4"},"samples":1,"seed":3}'
printf '%s\n' "$REQ" | timeout 180 ncu --clock-control none --metrics "$LIST" \
  -k regex:sigmoid_vec4 -c 1 -o "$T/prof" "$WORKER" --serve --problems-root "$D/problems" \
  --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" >"$T/ncu.log" 2>&1
[ -s "$T/prof.ncu-rep" ] || { tail -n 20 "$T/ncu.log"; fail "ncu wrote no $T/prof.ncu-rep"; }
echo "recorded $(stat -c %s "$T/prof.ncu-rep") bytes of report"

# 1. The report, imported by solver.
timeout 120 "$SOLVER" --data-dir "$D" classify --ncu-csv "$T/prof.ncu-rep" --json \
  >"$T/rep.json" 2>"$T/rep.err" || { cat "$T/rep.err"; fail "classify --ncu-csv R.ncu-rep exited $?"; }
# 2. The same report exported by hand, classified as a CSV.
timeout 120 ncu --import "$T/prof.ncu-rep" --csv --page raw >"$T/prof.csv" 2>"$T/import.err" ||
  fail "ncu --import failed: $(head -n 3 "$T/import.err")"
timeout 60 "$SOLVER" --data-dir "$D" classify --ncu-csv "$T/prof.csv" --json >"$T/csv.json" ||
  fail "classify --ncu-csv of the CSV export exited $?"
python3 - "$T/rep.json" "$T/csv.json" <<'PY' || exit 1
import json, sys
rep, csv = (json.load(open(f))["verdicts"] for f in sys.argv[1:3])
assert len(rep) == 1, f"expected one verdict (sigmoid_vec4), got {len(rep)}"
v = rep[0]
assert "sigmoid_vec4" in v["kernel"], v["kernel"]
assert v["signals"].get("dram_frac") is not None, "dram_frac missing from the report's signals"
assert [(c["kernel"], c["fired"], c["signals"]) for c in csv] == \
       [(c["kernel"], c["fired"], c["signals"]) for c in rep], "report and CSV verdicts differ"
print("report classified:", v["kernel"], "chip", v.get("chip"), "fired",
      (v.get("fired") or {}).get("id"), "dram_frac", v["signals"]["dram_frac"])
PY
# 3. No ncu: exit 2 and the message, nothing on stdout.
env PATH=/nonexistent SOLVER_NCU= "$SOLVER" --data-dir "$D" classify --ncu-csv "$T/prof.ncu-rep" \
  >"$T/none.out" 2>"$T/none.err"
rc=$?
[ $rc -eq 2 ] || fail "without ncu: exit $rc, expected 2"
grep -q "no \`ncu\` is on PATH: install Nsight Compute" "$T/none.err" || fail "without ncu: $(cat "$T/none.err")"
grep -qF "ncu --import $T/prof.ncu-rep --csv --page raw > $T/prof.csv" "$T/none.err" ||
  fail "without ncu: no export command in: $(cat "$T/none.err")"
[ ! -s "$T/none.out" ] || fail "without ncu: stdout not empty"
echo "PASSED: .ncu-rep import (classify via ncu --import = the CSV export; clear error without ncu)"
