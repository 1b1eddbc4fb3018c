#!/usr/bin/env bash
# Issue 20 on the live backend (H200), from the repo root with the static bundle under
# $SOLVER_BUNDLE (default .carry/dyn): sharding and the --gpus path where the GPUs are real.
#   1. `ablate --gpus 0 --backend live` (sigmoid,softmax, 3 rounds, per-problem tables): the
#      plain run with its worker on GPU 0; exit 0, first line "live on ... (h200)".
#   2. The same problems as --shard 1/2 and --shard 2/2 on GPU 0, then `solver merge`: exit 0,
#      the merged ledger holds sigmoid then softmax, and `solver report` reads it.
#   3. --gpus 0,1: with one GPU the worker of GPU 1 cannot start: refused before any shard
#      runs (exit 1, "GPU 1: no live backend", no shards/ folder); with two or more GPUs the
#      two shards run one per GPU and are merged (exit 0, merged.shards has 2 entries).
# Writes $OUT/multi_gpu/{steps.txt,*.log}; exit 0 iff every check held. About 2-3 minutes.
set -u
BUNDLE="${SOLVER_BUNDLE:-.carry/dyn}"
solver="$BUNDLE/bin/solver"
data="$BUNDLE/share/solver"
[[ -d "$data" ]] || data="$PWD"
out="${OUT:-/tmp/solver-out}/multi_gpu"
rm -rf "$out"
mkdir -p "$out"
status=0
say() { echo "$*" | tee -a "$out/steps.txt"; }
ok() { say "ok: $*"; }
bad() { say "FAIL: $*"; status=1; }
s=("$solver" --data-dir "$data")
common=(ablate --backend live --problems sigmoid,softmax --rounds 3 --on-tables per-problem --quiet)
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
say "GPUs: $gpus ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ';'))"

timeout 150 "${s[@]}" "${common[@]}" --gpus 0 --out "$out/one" >"$out/one.log" 2>&1
rc=$?
[[ $rc -eq 0 ]] && head -1 "$out/one.log" | grep -q '^live on .*(h200)' && [[ -s "$out/one/summary.json" ]] \
  && ok "--gpus 0: live run on GPU 0 ($(( $(wc -l <"$out/one/ledger.jsonl") - 1 )) rounds)" \
  || bad "--gpus 0: exit $rc: $(tail -3 "$out/one.log" | tr '\n' ' ')"

for k in 1 2; do
  timeout 120 "${s[@]}" "${common[@]}" --shard "$k/2" --out "$out/s$k" >"$out/s$k.log" 2>&1 \
    || bad "--shard $k/2: exit $?: $(tail -3 "$out/s$k.log" | tr '\n' ' ')"
done
timeout 60 "${s[@]}" merge "$out/s2" "$out/s1" --out "$out/merged" >"$out/merge.log" 2>&1
rc=$?
probs=$(head -1 "$out/merged/ledger.jsonl" 2>/dev/null | python3 -c 'import json,sys; print(",".join(json.load(sys.stdin)["problems"]))' 2>/dev/null)
[[ $rc -eq 0 && "$probs" == sigmoid,softmax ]] && "${s[@]}" report "$out/merged" >"$out/report.log" 2>&1 \
  && ok "2 live shards merged (problems $probs), report reads it" \
  || bad "merge of live shards: exit $rc, problems '$probs': $(tail -3 "$out/merge.log" | tr '\n' ' ')"

timeout 200 "${s[@]}" "${common[@]}" --gpus 0,1 --out "$out/two" >"$out/two.log" 2>&1
rc=$?
if [[ $gpus -ge 2 ]]; then
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["merged"]["shards"]))' "$out/two/manifest.json" 2>/dev/null)
  [[ $rc -eq 0 && "$n" == 2 ]] && ok "--gpus 0,1: 2 shards, one per GPU, merged" \
    || bad "--gpus 0,1: exit $rc, shards '$n': $(tail -3 "$out/two.log" | tr '\n' ' ')"
else
  [[ $rc -eq 1 ]] && grep -q "GPU 1: no live backend" "$out/two.log" && [[ ! -d "$out/two/shards" ]] \
    && ok "--gpus 0,1 on one GPU: refused before any shard ($(grep -o 'GPU 1: .*' "$out/two.log" | head -1 | cut -c1-120))" \
    || bad "--gpus 0,1 on one GPU: exit $rc: $(tail -3 "$out/two.log" | tr '\n' ' ')"
fi
say "status $status"
exit $status
