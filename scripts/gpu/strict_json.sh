#!/usr/bin/env bash
# Issue 10 on the H200, from the repo root with the static bundle under $SOLVER_BUNDLE (default
# .carry/lead): the one strict decoder per value type (engine/backend/value_json) accepts
# everything the real worker sends and everything a real run writes.
#   1. Raw worker session (hello, ceilings, gate, time, time_pairs, profile on sigmoid): every
#      stdout line must be an answer with "ok":true (a line the strict decoder refused would
#      be dropped as garbage by the live backend: here it is checked as the worker wrote it).
#   2. `solver ablate --backend live` on sigmoid, 2 rounds: exit 0, and no round of the ledger
#      ends in timeout/fault (the symptom of an answer refused as garbage: the backend waits
#      for an answer that never decodes).
#   3. `solver record --problems sigmoid` and an ablation on that recording (`--backend
#      recorded`): real gate/profile/sample values through the recording decoder, exit 0.
#   4. `solver report` of the live run: its ledger and measurements.json read back, exit 0.
# Writes $OUT/strict_json/{steps.txt,*.log}; exit 0 iff every check held. Under 6 minutes.
set -u
BUNDLE="${SOLVER_BUNDLE:-.carry/lead}"
solver="$BUNDLE/bin/solver"
worker="$BUNDLE/bin/solver-gpu"
data="$BUNDLE/share/solver"
[[ -d "$data" ]] || data="$PWD"
out="${OUT:-/tmp/solver-out}/strict_json"
mkdir -p "$out"
rm -rf "$out/run" "$out/rec_run" "$out/rec.json"
status=0
say() { echo "$*" | tee -a "$out/steps.txt"; }
: >"$out/steps.txt"
s=("$solver" --data-dir "$data")
export SOLVER_CACHE_DIR=/tmp/solver-cache

printf '%s\n' '{"id":1,"op":"hello"}' '{"id":2,"op":"ceilings"}' \
  '{"id":3,"op":"gate","variant":{"problem":"sigmoid","variant":"vec4"},"input_sets":2,"seed":11}' \
  '{"id":4,"op":"time","variant":{"problem":"sigmoid","variant":"vec4"},"samples":10,"seed":11}' \
  '{"id":5,"op":"time_pairs","incumbent":{"problem":"sigmoid","variant":"naive"},"candidate":{"problem":"sigmoid","variant":"vec4"},"pairs":6,"seed":11}' \
  '{"id":6,"op":"profile","variant":{"problem":"sigmoid","variant":"vec4"},"samples":10}' |
  timeout 240 "$worker" --serve --problems-root "$data/problems" --chips "$data/rules/chips.yaml" \
    --cache-dir "$SOLVER_CACHE_DIR" >"$out/worker.jsonl" 2>"$out/worker.err"
answers=$(grep -c '"id":' "$out/worker.jsonl" || true)
ok=$(grep -v '"beat"' "$out/worker.jsonl" | grep -c '"ok":true' || true)
if [[ "$answers" -eq 6 && "$ok" -eq 6 ]]; then say "1 ok: 6 worker answers, all ok"
else say "1 FAIL: $answers answers, $ok ok (see worker.jsonl, worker.err)"; status=1; fi

timeout 150 "${s[@]}" ablate --backend live --problems sigmoid --rounds 2 --out "$out/run" --quiet \
  >"$out/ablate.log" 2>&1
rc=$?
bad=$(grep -cE '"(timeout|fault)"' "$out/run/ledger.jsonl" 2>/dev/null || true)
if [[ $rc -eq 0 && "$bad" -eq 0 ]]; then say "2 ok: live ablation exit 0, no timeout/fault round"
else say "2 FAIL: exit $rc, $bad timeout/fault mentions (see ablate.log)"; status=1; fi

timeout 120 "${s[@]}" record --problems sigmoid --out "$out/rec.json" >"$out/record.log" 2>&1
rc1=$?
timeout 60 "${s[@]}" ablate --backend recorded --recording "$out/rec.json" --problems sigmoid \
  --rounds 2 --out "$out/rec_run" --quiet >"$out/rec_ablate.log" 2>&1
rc2=$?
if [[ $rc1 -eq 0 && $rc2 -eq 0 ]]; then say "3 ok: record exit 0, ablation on it exit 0"
else say "3 FAIL: record exit $rc1, recorded ablation exit $rc2 (record.log, rec_ablate.log)"; status=1; fi

timeout 60 "${s[@]}" report "$out/run" >"$out/report.log" 2>&1
rc=$?
if [[ $rc -eq 0 ]]; then say "4 ok: report of the live run exit 0"
else say "4 FAIL: report exit $rc (report.log)"; status=1; fi
say "status $status"
exit $status
